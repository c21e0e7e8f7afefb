/** Calendar days as the user sees them (local time), for week views. Pure: no I/O. */

/** "2027-03-31" for the local calendar day of `date`. */
export function isoDay(date: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether `value` names a real calendar day as an ISO day ("2027-03-31"; not "2027-02-31"). */
export function isIsoDay(value: string) {
  const time = Date.parse(`${value}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(time) &&
    new Date(time).toISOString().startsWith(value)
  );
}

/** The local day `days` after `date` (negative for before), at local midnight. */
export function addDays(date: Date, days: number) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Items grouped under each of `days` by their ISO day; items on other days are left out. */
export function byDay<T>(days: string[], items: T[], dayOf: (item: T) => string | null) {
  const groups = new Map(days.map((day) => [day, [] as T[]]));
  for (const item of items) {
    const day = dayOf(item);
    if (day) groups.get(day.slice(0, 10))?.push(item);
  }
  return days.map((day) => ({ day, items: groups.get(day)! }));
}
