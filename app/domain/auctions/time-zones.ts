/**
 * The sale's own time zone and the viewer's: a US state's main zone (for imports that name only
 * the state), and a sale time shown in both zones when their clocks differ. Pure: no I/O.
 */

/**
 * Each state's main IANA zone (where most of its people live). States split between zones
 * (Texas's far west, Florida's panhandle, Indiana, Kentucky, Tennessee, Michigan, the Dakotas,
 * Nebraska, Kansas, Oregon, Idaho) get their larger part: a sale elsewhere should name its zone.
 */
const STATE_ZONES: Record<string, string> = {
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
  PR: "America/Puerto_Rico",
};

const STATE_CODES: Record<string, string> = {
  alabama: "AL",
  alaska: "AK",
  arizona: "AZ",
  arkansas: "AR",
  california: "CA",
  colorado: "CO",
  connecticut: "CT",
  delaware: "DE",
  districtofcolumbia: "DC",
  florida: "FL",
  georgia: "GA",
  hawaii: "HI",
  idaho: "ID",
  illinois: "IL",
  indiana: "IN",
  iowa: "IA",
  kansas: "KS",
  kentucky: "KY",
  louisiana: "LA",
  maine: "ME",
  maryland: "MD",
  massachusetts: "MA",
  michigan: "MI",
  minnesota: "MN",
  mississippi: "MS",
  missouri: "MO",
  montana: "MT",
  nebraska: "NE",
  nevada: "NV",
  newhampshire: "NH",
  newjersey: "NJ",
  newmexico: "NM",
  newyork: "NY",
  northcarolina: "NC",
  northdakota: "ND",
  ohio: "OH",
  oklahoma: "OK",
  oregon: "OR",
  pennsylvania: "PA",
  rhodeisland: "RI",
  southcarolina: "SC",
  southdakota: "SD",
  tennessee: "TN",
  texas: "TX",
  utah: "UT",
  vermont: "VT",
  virginia: "VA",
  washington: "WA",
  westvirginia: "WV",
  wisconsin: "WI",
  wyoming: "WY",
  puertorico: "PR",
};

/** The main zone of a US state given as "PA" or "Pennsylvania"; null for anything else. */
export function zoneOfState(state: string | null | undefined) {
  if (!state) return null;
  const word = state.toLowerCase().replace(/[^a-z]/g, "");
  const code = word.length === 2 ? word.toUpperCase() : STATE_CODES[word];
  return (code && STATE_ZONES[code]) || null;
}

/**
 * Formatters by zone (undefined: the viewer's), made once each: a list renders several times a
 * row and an import reads thousands of times, and making a formatter costs more than using it.
 */
function perZone(options: Intl.DateTimeFormatOptions) {
  const made = new Map<string | undefined, Intl.DateTimeFormat>();
  return (zone: string | undefined) => {
    let format = made.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat("en-US", { ...options, timeZone: zone });
      made.set(zone, format);
    }
    return format;
  };
}

const clock = perZone({
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const zoneNames = perZone({ timeZoneName: "short" });
const zoneName = (instant: Date, zone: string | undefined) =>
  zoneNames(zone)
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")!.value;
const wallParts = perZone({
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

/** An instant as the clock reads in `zone`: year, month (1–12), day, hour (0–23), minute, second. */
export function wallClockIn(instant: number | Date, zone: string) {
  const parts = wallParts(zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/**
 * A sale time as the viewer reads it, "Thu, Mar 4, 2027, 10:00 AM EST", and as it is where the
 * sale happens when that clock reads differently ("9:00 AM CST"); `local` is null when the two
 * clocks agree (same zone, or two zones on the same offset that day: Phoenix and Denver in winter).
 */
export function saleTimeInZones(iso: string, saleZone: string, viewerZone?: string) {
  const instant = new Date(iso);
  const viewer = clock(viewerZone).format(instant);
  const there = clock(saleZone).format(instant);
  return {
    viewer: `${viewer} ${zoneName(instant, viewerZone)}`,
    local: there === viewer ? null : `${there} ${zoneName(instant, saleZone)}`,
  };
}

/** The zone's offset from UTC at an instant, in ms (New York in winter: −5 h). */
function offsetAt(instant: number, zone: string) {
  const wall = wallClockIn(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?$/;
const US_LOCAL = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),?\s+(\d{1,2}):(\d{2})\s*([AaPp][Mm])?$/;

/**
 * A wall-clock time as written in a spreadsheet ("2027-03-04 10:00", "3/4/2027 10:00 AM") read in
 * `zone`, as a UTC ISO instant; an ISO time that already carries its offset is kept as it is.
 * Null for anything else (a date without a time, a time that does not exist).
 */
export function localTimeToIso(text: string, zone: string) {
  const value = text.trim();
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) return value;
  let fields: number[];
  const iso = ISO_LOCAL.exec(value);
  const us = US_LOCAL.exec(value);
  if (iso) {
    fields = [1, 2, 3, 4, 5, 6].map((i) => Number(iso[i] ?? 0));
  } else if (us) {
    let hour = Number(us[4]);
    const meridiem = us[6]?.toLowerCase();
    if (meridiem && (hour < 1 || hour > 12)) return null;
    if (meridiem === "pm" && hour < 12) hour += 12;
    if (meridiem === "am" && hour === 12) hour = 0;
    fields = [Number(us[3]), Number(us[1]), Number(us[2]), hour, Number(us[5]), 0];
  } else return null;
  const [year, month, day, hour, minute, second] = fields as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  // The offset at the guess, then at the answer (which differs across a DST change).
  let instant = wall - offsetAt(wall, zone);
  instant = wall - offsetAt(instant, zone);
  return new Date(instant).toISOString();
}

/** The midnight that starts `day` (YYYY-MM-DD) in `zone`, as a UTC ISO instant. */
export const midnightIn = (day: string, zone: string) =>
  localTimeToIso(`${day} 00:00`, zone) ?? `${day}T00:00:00Z`;
