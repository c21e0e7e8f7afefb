/**
 * The user's today: the calendar day in their IANA time zone, which the browser names (the API
 * client sends it in X-Time-Zone). One definition for the screens, the API and the agent, so
 * nothing says "today" in UTC while it is still yesterday where the user is. Pure: no I/O.
 */
import { perZone } from "./format";

/** Whether `zone` is an IANA time zone this runtime knows ("America/New_York", "UTC"). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_HEADER = "X-Time-Zone";
export const DEFAULT_TIME_ZONE = "UTC";

/** This runtime's own zone: the browser's ("America/Phoenix"); UTC in the Worker. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `zone` when it names a real time zone, else null: a header is the client's to fill. */
export const validTimeZone = (zone: string | null | undefined) =>
  zone && zone.length <= 64 && isTimeZone(zone) ? zone : null;

const calendarDay = perZone({ year: "numeric", month: "2-digit", day: "2-digit" });

/** "2026-11-24": the calendar day `now` falls on in `zone`. */
export function todayIn(zone = DEFAULT_TIME_ZONE, now: Date | number = Date.now()) {
  const parts = calendarDay(zone).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}
