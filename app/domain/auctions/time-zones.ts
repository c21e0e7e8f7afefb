/**
 * The sale's own time zone and the viewer's: a sale time shown in both zones when their clocks
 * differ, wall-clock times read in a zone. A state's main zone is state-zones.ts. Pure: no I/O.
 */
import { perZone } from "../format";

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

const dayOnly = perZone({ weekday: "short", month: "short", day: "numeric", year: "numeric" });
/** "Wed, Nov 5, 2025": the day of an instant as the calendar reads in `zone` (a sale's day). */
export const dayIn = (iso: string, zone: string) => dayOnly(zone).format(new Date(iso));

/**
 * How many calendar days from `now` to the instant's day, both read in `zone`: 0 on the day
 * itself, negative once it has passed.
 */
export function daysUntilIn(iso: string, zone: string, now: number) {
  const dayNumber = (instant: number) => {
    const wall = wallClockIn(instant, zone);
    return Date.UTC(wall.year, wall.month - 1, wall.day) / 86_400_000;
  };
  return dayNumber(Date.parse(iso)) - dayNumber(now);
}

/** "Mon, Apr 5, 2027, 5:00 PM CDT": an instant as the clock reads in `zone`, with its zone. */
export const clockIn = (iso: string, zone: string) => saleTimeInZones(iso, zone, zone).viewer;

const hourMinute = perZone({ hour: "numeric", minute: "2-digit" });
/** "10:30 AM GMT+2": the time of day of an instant in `zone`, with its zone. */
export function timeOfDayIn(iso: string, zone: string) {
  const instant = new Date(iso);
  return `${hourMinute(zone).format(instant)} ${zoneName(instant, zone)}`;
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
