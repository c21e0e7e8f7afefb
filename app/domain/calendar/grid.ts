/**
 * The Calendar screen's grid, laid out without the DOM: the days a view shows and its title, where
 * each event falls in those days (a month's cells, the all-day row) and in the hours (overlapping
 * events side by side), and what a click, a drag or a resize on the grid names. Days are ISO days
 * as the user's zone reads them; a time of day is minutes after that day's midnight on its wall
 * clock. Everything is written out here rather than by `Intl`, so the server and the browser
 * render the same text. Pure: no I/O, no React.
 */
import { localTimeToIso, wallClockIn } from "../auctions/time-zones";
import { addIsoDays, type CalendarEvent } from "./event-terms";
import { SHOWN_RANGE, type CalendarView } from "./views";

export const SLOT_MINUTES = 30;
export const DAY_MINUTES = 1440;
export const SLOTS_PER_DAY = DAY_MINUTES / SLOT_MINUTES;
/** A month's cell lists this many events, then "+N more". */
export const MONTH_CELL_EVENTS = 3;
/** An event shorter than this is drawn (and kept apart from its neighbours) as this long. */
const MIN_DRAWN_MINUTES = 20;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];

const pad = (n: number) => String(n).padStart(2, "0");
const fields = (day: string) => day.split("-").map(Number) as [number, number, number];
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
/** Whole days from `a` to `b`. */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

const monthStart = (day: string) => `${day.slice(0, 8)}01`;
function addMonths(first: string, months: number) {
  const [year, month] = fields(first);
  const index = year * 12 + month - 1 + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${pad((index % 12) + 1)}-01`;
}

/** The Sunday that starts the week of `day`. */
export const weekStart = (day: string) => addIsoDays(day, -weekday(day));

/** `count` days from `start`. */
export const daysFrom = (start: string, count: number) =>
  Array.from({ length: count }, (_, i) => addIsoDays(start, i));

/** What a view of `day` shows: its days (`start`–`end`) and its period (a month's own days). */
export interface Period {
  view: CalendarView;
  /** The first day on screen, and the day after the last. */
  start: string;
  end: string;
  /** The period itself: the month of a month view (`end` exclusive). */
  periodStart: string;
  periodEnd: string;
}

/**
 * The days a view of `day` lays out: a month in six whole weeks from the Sunday before its 1st, a
 * week (and its agenda) from Sunday, a day. Without a view, the month.
 */
export function periodOf(view: CalendarView | null, day: string): Period {
  if (view === "day") {
    const end = addIsoDays(day, 1);
    return { view, start: day, end, periodStart: day, periodEnd: end };
  }
  if (view === "week" || view === "agenda") {
    const start = weekStart(day);
    const end = addIsoDays(start, 7);
    return { view, start, end, periodStart: start, periodEnd: end };
  }
  const periodStart = monthStart(day);
  const start = weekStart(periodStart);
  return {
    view: "month",
    start,
    end: addIsoDays(start, 42),
    periodStart,
    periodEnd: addMonths(periodStart, 1),
  };
}

/** Whether a day is one the calendar goes to (SHOWN_RANGE); days around it show but do nothing. */
export const inShownRange = (day: string) => day >= SHOWN_RANGE.start && day < SHOWN_RANGE.end;

/** A day of the next (`step` 1) or previous (-1) period, or null past the years shown. */
export function stepPeriod(view: CalendarView, day: string, step: 1 | -1): string | null {
  const next =
    view === "month"
      ? addMonths(monthStart(day), step)
      : addIsoDays(day, view === "day" ? step : 7 * step);
  const period = periodOf(view, next);
  return period.periodEnd > SHOWN_RANGE.start && period.periodStart < SHOWN_RANGE.end ? next : null;
}

/** "March 17, 2027". */
export function dayTitle(day: string) {
  const [year, month, date] = fields(day);
  return `${MONTHS[month - 1]} ${date}, ${year}`;
}

/** "Wednesday, March 17, 2027". */
export const dayName = (day: string) => `${WEEKDAYS[weekday(day)]}, ${dayTitle(day)}`;

/** "Wed". */
export const weekdayShort = (day: string) => WEEKDAYS[weekday(day)]!.slice(0, 3);

/** The toolbar's title: "March 2027", "Mar 14 – 20, 2027" (a week), "March 17, 2027" (a day). */
export function titleOf(view: CalendarView, day: string) {
  const period = periodOf(view, day);
  if (view === "day") return dayTitle(day);
  const [year, month] = fields(period.periodStart);
  if (view === "month") return `${MONTHS[month - 1]} ${year}`;
  const [lastYear, lastMonth, lastDate] = fields(addIsoDays(period.end, -1));
  const short = (m: number) => MONTHS[m - 1]!.slice(0, 3);
  const first = `${short(month)} ${fields(period.start)[2]}`;
  if (year !== lastYear) return `${first}, ${year} – ${short(lastMonth)} ${lastDate}, ${lastYear}`;
  if (month !== lastMonth) return `${first} – ${short(lastMonth)} ${lastDate}, ${year}`;
  return `${first} – ${lastDate}, ${year}`;
}

/** "2:30 PM", or "2:30" without the meridiem; "12:00 AM" for midnight. */
export function clockText(minute: number, meridiem = true) {
  const hour = Math.floor(minute / 60) % 24;
  const text = `${hour % 12 || 12}:${pad(minute % 60)}`;
  return meridiem ? `${text} ${hour < 12 ? "AM" : "PM"}` : text;
}

/** "2pm", "2:30pm": a start in a month's narrow cell. */
export function shortClockText(minute: number) {
  const hour = Math.floor(minute / 60) % 24;
  const minutes = minute % 60 ? `:${pad(minute % 60)}` : "";
  return `${hour % 12 || 12}${minutes}${hour < 12 ? "am" : "pm"}`;
}

/** "2:00 - 3:00 PM", "11:00 AM - 12:00 PM": one meridiem when both halves share it. */
export function timeRangeText(start: number, end: number) {
  const same = end < DAY_MINUTES && start < 720 === end < 720;
  return `${clockText(start, !same)} - ${clockText(end)}`;
}

/** "02:30": a slot's time, as the grid names it. */
export const slotTime = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;

/** An event as the grid places it, in the user's zone. */
export interface Span {
  event: CalendarEvent;
  allDay: boolean;
  /** Its first and last day (an all-day event's last day is the one before Google's `end`). */
  startDay: string;
  endDay: string;
  /** Wall-clock minutes of its start on `startDay` and its end on `endDay` (0 and 1440 all day). */
  startMinute: number;
  endMinute: number;
}

/** The day and the wall-clock minute of an instant in `zone`. */
export function wallTime(instant: string | number, zone: string) {
  const wall = wallClockIn(typeof instant === "string" ? Date.parse(instant) : instant, zone);
  return {
    day: `${String(wall.year).padStart(4, "0")}-${pad(wall.month)}-${pad(wall.day)}`,
    minute: wall.hour * 60 + wall.minute,
  };
}

/** Where an event falls in `zone`. A timed event ending at midnight ends on the day before. */
export function spanOf(event: CalendarEvent, zone: string): Span {
  if (event.start.date) {
    const end = event.end.date ? addIsoDays(event.end.date, -1) : event.start.date;
    return {
      event,
      allDay: true,
      startDay: event.start.date,
      endDay: end < event.start.date ? event.start.date : end,
      startMinute: 0,
      endMinute: DAY_MINUTES,
    };
  }
  const start = wallTime(event.start.dateTime!, zone);
  let end = wallTime(event.end.dateTime ?? event.start.dateTime!, zone);
  if (end.day < start.day || (end.day === start.day && end.minute < start.minute)) end = start;
  else if (end.minute === 0 && end.day > start.day)
    end = { day: addIsoDays(end.day, -1), minute: DAY_MINUTES };
  return {
    event,
    allDay: false,
    startDay: start.day,
    endDay: end.day,
    startMinute: start.minute,
    endMinute: end.minute,
  };
}

/** Whether any of the events falls on a day `period` lays out, in `zone` (the empty range's notice). */
export const anyOnScreen = (events: readonly CalendarEvent[], period: Period, zone: string) =>
  events.some((event) => {
    const span = spanOf(event, zone);
    return span.endDay >= period.start && span.startDay < period.end;
  });

/** An event on one of the days it covers, and whether it goes on before or after that day. */
export interface DayItem {
  span: Span;
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/** Events over more than one day and all-day ones first, then by start. */
const dayOrder = (a: Span, b: Span) => {
  const block = (span: Span) => span.allDay || span.startDay !== span.endDay;
  return (
    Number(block(b)) - Number(block(a)) ||
    (a.startDay < b.startDay ? -1 : a.startDay > b.startDay ? 1 : 0) ||
    daysBetween(b.startDay, b.endDay) - daysBetween(a.startDay, a.endDay) ||
    a.startMinute - b.startMinute ||
    a.event.summary.localeCompare(b.event.summary)
  );
};

/** Each of `days`' events in the order a day lists them (a month's cell, the all-day row). */
export function eventsByDay(spans: readonly Span[], days: readonly string[]) {
  const byDay = new Map(days.map((day) => [day, [] as DayItem[]]));
  const first = days[0]!;
  const last = days.at(-1)!;
  for (const span of [...spans].sort(dayOrder)) {
    if (span.endDay < first || span.startDay > last) continue;
    const from = span.startDay < first ? first : span.startDay;
    const to = span.endDay > last ? last : span.endDay;
    for (let day = from; day <= to; day = addIsoDays(day, 1))
      byDay.get(day)!.push({
        span,
        continuesBefore: day > span.startDay,
        continuesAfter: day < span.endDay,
      });
  }
  return byDay;
}

/** A timed event's part on one day of the hours, and its column among those it overlaps. */
export interface Placed extends DayItem {
  /** Minutes of the day it is drawn from and to. */
  top: number;
  bottom: number;
  column: number;
  columns: number;
}

/**
 * The timed events of `day` in the hours: each from its start (midnight when it began earlier) to
 * its end, and events that overlap, directly or through others, share the width in columns.
 */
export function hoursLayout(spans: readonly Span[], day: string): Placed[] {
  const parts = spans
    .filter((span) => !span.allDay && span.startDay <= day && span.endDay >= day)
    .map((span) => {
      const top = span.startDay === day ? span.startMinute : 0;
      const end = span.endDay === day ? span.endMinute : DAY_MINUTES;
      return {
        span,
        continuesBefore: span.startDay < day,
        continuesAfter: span.endDay > day,
        top,
        bottom: Math.min(DAY_MINUTES, Math.max(end, top + MIN_DRAWN_MINUTES)),
        column: 0,
        columns: 1,
      };
    })
    .sort((a, b) => a.top - b.top || b.bottom - a.bottom);
  let group: Placed[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -1;
  const close = () => group.forEach((placed) => (placed.columns = columnEnds.length));
  for (const placed of parts) {
    if (placed.top >= groupEnd) {
      close();
      group = [];
      columnEnds = [];
    }
    const free = columnEnds.findIndex((end) => end <= placed.top);
    placed.column = free === -1 ? columnEnds.length : free;
    columnEnds[placed.column] = placed.bottom;
    group.push(placed);
    groupEnd = Math.max(groupEnd, placed.bottom);
  }
  close();
  return parts;
}

/** The instant a wall-clock time of `day` names in `zone` (1440 minutes: the next midnight). */
export function instantAt(day: string, minute: number, zone: string) {
  const date = addIsoDays(day, Math.floor(minute / DAY_MINUTES));
  const time = slotTime(((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES);
  return new Date(localTimeToIso(`${date} ${time}`, zone)!);
}

/**
 * A day as the event form reads an all-day pick or move: the browser's local midnight of it
 * (event-form.ts reads days with `isoDay`).
 */
export const localMidnight = (day: string) => new Date(`${day}T00:00`);

/** A place on the grid: a day (a month's cell, the all-day row) or a slot of the hours. */
export interface GridPoint {
  day: string;
  /** The slot's start in minutes; null for a whole day. */
  minute: number | null;
}

/** A range picked on the calendar, or where an event went (`end` exclusive, null: unchosen). */
export interface PickedRange {
  start: Date;
  end: Date | null;
  allDay: boolean;
}

/** Grid points in time order (a day before its slots). */
export const pointOrder = (a: GridPoint, b: GridPoint) =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : (a.minute ?? 0) - (b.minute ?? 0);

/**
 * What a click (`to` null) or a drag from `from` to `to` picks: a day or a slot with no end, or the
 * days or the slots between them, both included.
 */
export function pickedRange(from: GridPoint, to: GridPoint | null, zone: string): PickedRange {
  const allDay = from.minute === null;
  const at = (point: GridPoint, after = 0) =>
    point.minute === null
      ? localMidnight(addIsoDays(point.day, after))
      : instantAt(point.day, point.minute + after * SLOT_MINUTES, zone);
  if (!to) return { start: at(from), end: null, allDay };
  const [first, last] = [from, to].sort(pointOrder) as [GridPoint, GridPoint];
  return { start: at(first), end: at(last, 1), allDay };
}

/**
 * Where an event dragged from `from` to `to` goes. Between days it keeps its time and length;
 * between slots it moves by as much as the pointer did, in 30-minute steps. Dropped on a day of
 * the week's all-day row a timed event becomes that day (all day), and an all-day event dropped
 * in the hours starts at that slot; neither then has an end (event-form's movedDraft gives one).
 */
export function movedRange(span: Span, from: GridPoint, to: GridPoint, zone: string): PickedRange {
  const days = daysBetween(from.day, to.day);
  const length = span.allDay
    ? 0
    : Date.parse(span.event.end.dateTime!) - Date.parse(span.event.start.dateTime!);
  const timed = (start: Date): PickedRange => ({
    start,
    end: new Date(start.getTime() + length),
    allDay: false,
  });
  if (to.minute === null) {
    if (span.allDay)
      return {
        start: localMidnight(addIsoDays(span.startDay, days)),
        end: localMidnight(addIsoDays(span.endDay, days + 1)),
        allDay: true,
      };
    if (from.minute !== null) return { start: localMidnight(to.day), end: null, allDay: true };
    return timed(instantAt(addIsoDays(span.startDay, days), span.startMinute, zone));
  }
  if (span.allDay || from.minute === null)
    return { start: instantAt(to.day, to.minute, zone), end: null, allDay: false };
  const shift = days * DAY_MINUTES + to.minute - from.minute;
  return timed(instantAt(span.startDay, span.startMinute + shift, zone));
}

/** A timed event whose end is dragged to the slot `to`: it ends after that slot, a slot at least. */
export function resizedRange(span: Span, to: GridPoint, zone: string): PickedRange {
  const start = new Date(span.event.start.dateTime!);
  const end = instantAt(to.day, (to.minute ?? 0) + SLOT_MINUTES, zone);
  return {
    start,
    end: end > start ? end : new Date(start.getTime() + SLOT_MINUTES * 60_000),
    allDay: false,
  };
}
