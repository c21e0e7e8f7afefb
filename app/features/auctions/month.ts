/**
 * The Auctions calendar's month and the list's date filters, in the viewer's own days (local
 * midnights). Pure: no I/O, no React.
 */
import { addDays, isoDay } from "~/domain/dates";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month a `?month=` names ("2027-04"), else the month of `today`. */
export function monthOf(param: string | null | undefined, today: Date) {
  return param && MONTH.test(param) ? param : isoDay(today).slice(0, 7);
}

const firstDay = (month: string) => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(year, number - 1, 1);
};

/** The month `delta` months from `month` ("2027-12", 1 → "2028-01"). */
export function shiftMonth(month: string, delta: number) {
  const first = firstDay(month);
  return isoDay(new Date(first.getFullYear(), first.getMonth() + delta, 1)).slice(0, 7);
}

/**
 * A month as a calendar shows it: its title ("April 2027"), whole weeks from Sunday to Saturday
 * (ISO days, with the days of the months either side), and the range they cover (`end` exclusive).
 */
export function monthGrid(month: string) {
  const first = firstDay(month);
  const start = addDays(first, -first.getDay());
  const next = new Date(first.getFullYear(), first.getMonth() + 1, 1);
  // Rounded to whole days: a DST change makes one day 23 or 25 hours long.
  const shown = Math.round((next.getTime() - start.getTime()) / 86_400_000);
  const weeks = Math.ceil(shown / 7);
  const days = Array.from({ length: weeks * 7 }, (_, i) => isoDay(addDays(start, i)));
  return {
    title: new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" }).format(first),
    days,
    start,
    end: addDays(start, days.length),
  };
}

/**
 * The instants a list filter of local days covers: from the first day's midnight to the midnight
 * that ends the last (`to` exclusive, as the API takes it).
 */
export function dayRange(from: string, to: string) {
  const midnight = (day: string) => new Date(`${day}T00:00`);
  return {
    from: from ? midnight(from).toISOString() : undefined,
    to: to ? addDays(midnight(to), 1).toISOString() : undefined,
  };
}
