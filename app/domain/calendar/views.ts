/**
 * The Calendar screen's rules: its views and the query string that keeps them, the listing asked
 * for a visible range, the colour of each kind of event, and which calendars show. Pure: no I/O.
 */
import { MAX_YEAR, MIN_YEAR, withinYears } from "../date-bounds";
import { isIsoDay } from "../dates";
import { addIsoDays, LOCAL_CALENDAR_ID, type CalendarEvent, type EventKind } from "./event-terms";

export const CALENDAR_VIEWS = ["month", "week", "day", "agenda"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const VIEW_LABELS: Record<CalendarView, string> = {
  month: "Month",
  week: "Week",
  day: "Day",
  agenda: "Agenda",
};

/** `?date=today` (View Today): today, in the day view, or the agenda on a phone. */
export const TODAY = "today";

const isView = (value: string | null | undefined): value is CalendarView =>
  CALENDAR_VIEWS.includes(value as CalendarView);
const isDay = (value: string | null | undefined): value is string =>
  Boolean(value && isIsoDay(value) && withinYears(value));

/** The days the calendar goes to: the years events are dated in (`end` exclusive). */
export const SHOWN_RANGE = { start: `${MIN_YEAR}-01-01`, end: `${MAX_YEAR + 1}-01-01` } as const;

/** The view a screen opens without `?view=`: the agenda on a phone, else the month (day for today). */
export function defaultView(narrow: boolean, date?: string | null): CalendarView {
  if (narrow) return "agenda";
  return date === TODAY ? "day" : "month";
}

/** What the query string asks for: a view and a day in it (today unless it names a real day). */
export function viewState(params: { view?: string | null; date?: string | null }, today: string) {
  return {
    view: isView(params.view) ? params.view : null,
    day: isDay(params.date) ? params.date : today,
  };
}

/**
 * The query string for what the calendar shows, as short as it can be: no view when it is the
 * default one, no date when the range holds today. `end` is exclusive; days are ISO days.
 */
export function paramsOfState(state: {
  view: CalendarView;
  start: string;
  end: string;
  today: string;
  narrow: boolean;
}): { view: CalendarView | null; date: string | null } {
  const holdsToday = state.start <= state.today && state.today < state.end;
  return {
    view: state.view === defaultView(state.narrow) ? null : state.view,
    date: holdsToday ? null : state.start,
  };
}

/**
 * Each kind's colour: the swatch (legend, list dots, the event's edge) and the event's fill in
 * each theme, dark enough (dark) or light enough (light) for the theme's text on it (WCAG AA).
 */
export const KIND_COLORS: Record<EventKind, { swatch: string; dark: string; light: string }> = {
  auction: { swatch: "#f59e0b", dark: "#4a3410", light: "#fdecc8" },
  showing: { swatch: "#22d3ee", dark: "#0e3a44", light: "#cff4fb" },
  closing: { swatch: "#4ade80", dark: "#14402a", light: "#d3f7df" },
  meeting: { swatch: "#7c8cff", dark: "#2b3170", light: "#e0e4ff" },
  task: { swatch: "#e879f9", dark: "#4a1d52", light: "#f8dcfc" },
  other: { swatch: "#94a3b8", dark: "#2c3444", light: "#e4e8ef" },
};

/** An event's colours in the calendar: its kind's fill for the theme, edged with its swatch. */
export function eventColors(kind: EventKind, theme: "dark" | "light") {
  const colors = KIND_COLORS[kind] ?? KIND_COLORS.other;
  return { backgroundColor: colors[theme], borderColor: colors.swatch };
}

/** A calendar as the screen needs it (the API's `CalendarInfo`). */
interface CalendarSummary {
  id: string;
  summary: string;
  readOnly: boolean;
}

/** Whether an event can be edited and moved: not a project's closing, not in a read-only calendar. */
export function canEdit(
  event: Pick<CalendarEvent, "readOnly" | "calendarId">,
  calendars: readonly CalendarSummary[],
) {
  return !event.readOnly && !calendars.find((c) => c.id === event.calendarId)?.readOnly;
}

/**
 * The calendars a new event can go to, for the form's select: AI42's own and the writable Google
 * calendars; AI42's alone while the list is unknown (it needs no lookup).
 */
export function writableCalendars(calendars: readonly CalendarSummary[]) {
  const writable = calendars.filter((calendar) => !calendar.readOnly);
  return writable.length
    ? writable.map((calendar) => ({ value: calendar.id, label: calendar.summary }))
    : [{ value: LOCAL_CALENDAR_ID, label: calendarName(LOCAL_CALENDAR_ID, []) }];
}

/**
 * Where a new event goes unless the user picks another calendar, as the API does when none is
 * named: the primary Google calendar when Google Calendar is connected, else AI42's own.
 */
export function defaultCalendarId(
  calendars: readonly (CalendarSummary & { source: string; primary: boolean })[],
) {
  const primary = calendars.find(
    (calendar) => calendar.source === "google" && calendar.primary && !calendar.readOnly,
  );
  return primary?.id ?? LOCAL_CALENDAR_ID;
}

/** A calendar's name: from the list, else "AI42" for AI42's own, else its id. */
export function calendarName(calendarId: string, calendars: readonly CalendarSummary[]) {
  return (
    calendars.find((calendar) => calendar.id === calendarId)?.summary ??
    (calendarId === LOCAL_CALENDAR_ID ? "AI42" : calendarId)
  );
}

/** The hidden calendars as stored (a JSON list of ids); nothing hidden when unreadable. */
export function hiddenCalendarsOf(stored: string | null): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** The events of the calendars that are not hidden. */
export function shownEvents(events: readonly CalendarEvent[], hidden: readonly string[]) {
  return hidden.length ? events.filter((event) => !hidden.includes(event.calendarId)) : events;
}

/**
 * The names of the Google calendars a listing could not read, for the notice: each calendar's
 * name when it is known, "Google Calendar" when the list of calendars itself failed.
 */
export function unavailableNames(
  unavailable: readonly { calendarId: string }[],
  calendars: readonly { id: string; summary: string }[],
) {
  return unavailable.map(
    ({ calendarId }) =>
      calendars.find((calendar) => calendar.id === calendarId)?.summary ??
      (calendarId === "google" ? "Google Calendar" : calendarId),
  );
}

/**
 * When an event happens, in words: "Mar 31, 2027 · all day", or its start and end in
 * `timeZone` (the browser's when not given): "Wed, Mar 31, 2027, 10:00 – 11:30 AM".
 */
export function describeWhen(event: Pick<CalendarEvent, "start" | "end">, timeZone?: string) {
  if (event.start.date && event.end.date) {
    // Days are calendar days, the same in every zone: read and written in UTC.
    const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
    const first = day(event.start.date);
    const last = day(addIsoDays(event.end.date, -1));
    const format = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
    const days = last > first ? format.formatRange(first, last) : format.format(first);
    return `${days} · all day`;
  }
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).formatRange(new Date(event.start.dateTime!), new Date(event.end.dateTime!));
}
