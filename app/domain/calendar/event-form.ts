/**
 * The Calendar screen's event form: an event as the form shows it and back as the API's draft,
 * what dragging an event does to it, and a new event's first values. The form speaks the
 * browser's local days and times, and shows an all-day event's last day, where Google's shape
 * (and the API) keeps the day after it. Pure: no I/O, no React.
 */
import type { z } from "zod";
import { isoDay } from "../dates";
import {
  addIsoDays,
  LOCAL_CALENDAR_ID,
  type CalendarEvent,
  type EventReminders,
  type EventTime,
} from "./event-terms";
import type { EventInputSchema } from "./events";

/** The form's fields, as text (what the inputs hold). */
export type EventFormValues = {
  summary: string;
  kind: string;
  calendarId: string;
  /** "true" or "false": a checkbox in a form of text fields. */
  allDay: string;
  /** The first day ("2027-03-31"); the error of the API's `start` shows under it. */
  start: string;
  startTime: string;
  /** The last day of an all-day event, the day a timed event ends; shows the `end` error. */
  end: string;
  endTime: string;
  location: string;
  description: string;
  /** Minutes before the start (REMINDER_CHOICES), or "" for no reminder. */
  reminder: string;
};

/** The form's Reminder choices: minutes before the start (null: none). */
export const REMINDER_CHOICES: readonly { minutes: number | null; label: string }[] = [
  { minutes: null, label: "None" },
  { minutes: 0, label: "At start" },
  { minutes: 5, label: "5 min before" },
  { minutes: 10, label: "10 min before" },
  { minutes: 15, label: "15 min before" },
  { minutes: 30, label: "30 min before" },
  { minutes: 60, label: "1 hour before" },
  { minutes: 120, label: "2 hours before" },
  { minutes: 1440, label: "1 day before" },
  { minutes: 2880, label: "2 days before" },
];

/** The minutes before the start of an event's reminder (the first override); null for none. */
export const reminderMinutesOf = (reminders: EventReminders | undefined) =>
  reminders?.useDefault ? null : (reminders?.overrides[0]?.minutes ?? null);

/** One reminder `minutes` before the start, or none, in Google's shape. */
export const remindersOf = (minutes: number | null): EventReminders => ({
  useDefault: false,
  overrides: minutes === null ? [] : [{ method: "popup", minutes }],
});

/** What a client sends for an event (the API client's `EventDraft`). */
type Draft = z.input<typeof EventInputSchema>;

type Links = Pick<CalendarEvent, "projectId" | "propertyId" | "contactId">;

const HOUR_MS = 3_600_000;
/** A timed event made from a click (no end chosen) lasts an hour, as in Google Calendar. */
export const DEFAULT_EVENT_MINUTES = 60;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const TIME_PATTERN = /^\d{2}:\d{2}$/;

/** "09:05" for the local time of `date`. */
export function localTime(date: Date) {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The instant of a local day and time ("2027-03-31", "10:00"), or null when either is not one. */
export function localInstant(day: string, time: string) {
  if (!DAY_PATTERN.test(day) || !TIME_PATTERN.test(time)) return null;
  // A date and time without an offset is read in the runtime's (the browser's) zone.
  const date = new Date(`${day}T${time}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day after `day`, or `day` as it is when it is not a date (the schema then says so). */
const dayAfter = (day: string) =>
  DAY_PATTERN.test(day) && !Number.isNaN(Date.parse(day)) ? addIsoDays(day, 1) : day;

const timedValues = (start: Date, end: Date) => ({
  allDay: "false",
  start: isoDay(start),
  startTime: localTime(start),
  end: isoDay(end),
  endTime: localTime(end),
});

/** An all-day event from `first` to `last` day (inclusive), with times ready if it is untoggled. */
const allDayValues = (first: string, last: string) => ({
  allDay: "true",
  start: first,
  startTime: "09:00",
  end: last,
  endTime: "10:00",
});

const emptyValues = {
  summary: "",
  kind: "other",
  calendarId: LOCAL_CALENDAR_ID,
  location: "",
  description: "",
  reminder: "",
};

/** The edit form of an event: local days and times; an all-day event's end as its last day. */
export function formValuesOf(event: CalendarEvent): EventFormValues {
  const text = {
    summary: event.summary,
    kind: event.kind,
    calendarId: event.calendarId,
    location: event.location ?? "",
    description: event.description ?? "",
    reminder: String(reminderMinutesOf(event.reminders) ?? ""),
  };
  if (event.start.date && event.end.date)
    return { ...text, ...allDayValues(event.start.date, addIsoDays(event.end.date, -1)) };
  return {
    ...text,
    ...timedValues(new Date(event.start.dateTime!), new Date(event.end.dateTime!)),
  };
}

/**
 * The create form for a clicked or selected range of the calendar: `end` is exclusive, as the
 * calendar gives it (a click in month view is one day; a click on a time slot has no end).
 */
export function formValuesForRange(range: {
  start: Date;
  end: Date | null;
  allDay: boolean;
}): EventFormValues {
  if (range.allDay) {
    const first = isoDay(range.start);
    const last = range.end ? isoDay(new Date(range.end.getTime() - 1)) : first;
    return { ...emptyValues, ...allDayValues(first, last < first ? first : last) };
  }
  const end =
    range.end && range.end > range.start
      ? range.end
      : new Date(range.start.getTime() + DEFAULT_EVENT_MINUTES * 60_000);
  return { ...emptyValues, ...timedValues(range.start, end) };
}

/** The create form opened without a choice (New event): the next full hour, for an hour. */
export function newEventValues(now: Date): EventFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setTime(start.getTime() + HOUR_MS);
  return formValuesForRange({ start, end: null, allDay: false });
}

/**
 * The form's values after one of the start fields changes: the end moves with the start, so the
 * event keeps its length (as in Google Calendar) and a later start never lands after the end.
 */
export function withStart(
  values: EventFormValues,
  change: Partial<Pick<EventFormValues, "start" | "startTime">>,
): EventFormValues {
  const next = { ...values, ...change };
  if (values.allDay === "true") {
    const from = Date.parse(values.start);
    const to = Date.parse(next.start);
    const last = Date.parse(values.end);
    if ([from, to, last].some(Number.isNaN) || !DAY_PATTERN.test(next.start)) return next;
    return { ...next, end: addIsoDays(next.start, Math.round((last - from) / 86_400_000)) };
  }
  const from = localInstant(values.start, values.startTime);
  const to = localInstant(next.start, next.startTime);
  const end = localInstant(values.end, values.endTime);
  if (!from || !to || !end) return next;
  const moved = new Date(to.getTime() + (end.getTime() - from.getTime()));
  return { ...next, end: isoDay(moved), endTime: localTime(moved) };
}

/**
 * The form as the API's draft (what the form's schema checks): an all-day event ends on the day
 * after its last day; a timed one is an instant with the browser's time zone.
 */
export function draftOf(values: EventFormValues, timeZone: string, links?: Links) {
  const time = (day: string, clock: string): EventTime => {
    const instant = localInstant(day, clock);
    // An unreadable time is sent as it is, so the schema's message shows under the field.
    return { dateTime: instant ? instant.toISOString() : `${day}T${clock}`, timeZone };
  };
  const allDay = values.allDay === "true";
  return {
    summary: values.summary,
    kind: values.kind,
    calendarId: values.calendarId,
    location: values.location,
    description: values.description,
    start: allDay ? { date: values.start } : time(values.start, values.startTime),
    end: allDay ? { date: dayAfter(values.end) } : time(values.end, values.endTime),
    projectId: links?.projectId ?? null,
    propertyId: links?.propertyId ?? null,
    contactId: links?.contactId ?? null,
    reminders: remindersOf(values.reminder === "" ? null : Number(values.reminder)),
  };
}

/** An event as a draft that writes it again (Undo of a delete re-creates it from this). */
export function draftOfEvent(event: CalendarEvent): Draft {
  return {
    summary: event.summary,
    description: event.description,
    location: event.location,
    start: event.start,
    end: event.end,
    kind: event.kind,
    calendarId: event.calendarId,
    projectId: event.projectId,
    propertyId: event.propertyId,
    contactId: event.contactId,
    reminders: event.reminders,
  };
}

/**
 * The event after a drag to another day or time (or a resize): the calendar's new `start` and
 * exclusive `end` (null when it gives none: one day, or an hour). Dropped into the all-day row a
 * timed event becomes all-day, and back. A timed event keeps its own time zone when it has one.
 */
export function movedDraft(
  event: CalendarEvent,
  move: { start: Date; end: Date | null; allDay: boolean },
  timeZone: string,
): Draft {
  const draft = draftOfEvent(event);
  if (move.allDay) {
    const first = isoDay(move.start);
    return {
      ...draft,
      start: { date: first },
      end: { date: move.end ? isoDay(move.end) : addIsoDays(first, 1) },
    };
  }
  const zone = event.start.timeZone ?? timeZone;
  const end = move.end ?? new Date(move.start.getTime() + DEFAULT_EVENT_MINUTES * 60_000);
  return {
    ...draft,
    start: { dateTime: move.start.toISOString(), timeZone: zone },
    end: { dateTime: end.toISOString(), timeZone: zone },
  };
}
