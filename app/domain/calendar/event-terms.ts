/**
 * The calendar's vocabularies and the merged event every source is turned into, with the
 * listing's order, range and paging, without the input schemas (events.ts, which re-exports
 * these): a page that shows events downloads no zod. Pure: no I/O.
 */
import type { Assignee } from "../assignees";
import { midnightIn } from "../auctions/time-zones";
import { DEFAULT_TIME_ZONE, todayIn } from "../today";

export const EVENT_KINDS = ["auction", "showing", "closing", "meeting", "task", "other"] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * Where an event comes from: AI42's own calendar, the user's Google calendars, a project's target
 * close date, or an auction's sale time and deposit deadline.
 */
export const EVENT_SOURCES = ["local", "google", "project", "auction"] as const;
export type EventSource = (typeof EVENT_SOURCES)[number];

/** AI42's own calendar, which every account has. */
export const LOCAL_CALENDAR_ID = "local";
/** The read-only calendar of project target-close dates. */
export const PROJECTS_CALENDAR_ID = "projects";
/** The read-only calendar of auction sale times and deposit deadlines. */
export const AUCTIONS_CALENDAR_ID = "auctions";

/** A page of a listing holds at most this many events (Google's own ceiling); any range is paged. */
export const MAX_RESULTS = 2500;
export const DEFAULT_RESULTS = 250;
/** Without timeMin/timeMax a listing covers the next 31 days from the start of today (UTC). */
export const DEFAULT_RANGE_DAYS = 31;

const DAY_MS = 86_400_000;

/** Google's `start` / `end`: a `dateTime` (timed) or a `date` (all day), and a time zone. */
export interface EventTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

/** When an event starts or ends, as an instant; a date counts from midnight UTC of that day. */
export const timeValue = (time: EventTime) => Date.parse(time.dateTime ?? `${time.date}T00:00:00Z`);

/**
 * Where a page of a listing goes on from: the events starting at `after` or later, less the first
 * `skip` of those starting exactly at `after` (the previous page ended among them).
 */
export interface PageCursor {
  after: string;
  skip: number;
}

/** The token a page hands out for the next one (opaque to clients, as Google's is). */
export const pageTokenOf = (cursor: PageCursor) =>
  btoa(`${cursor.after}|${cursor.skip}`).replaceAll("=", "");

/**
 * The range a listing covers, as UTC ISO instants: the query's bounds, or from the start of the
 * user's today (midnight in their zone) for DEFAULT_RANGE_DAYS when one is missing.
 */
export function eventRange(
  query: { timeMin?: string; timeMax?: string },
  now = new Date(),
  zone = DEFAULT_TIME_ZONE,
) {
  const today = todayIn(zone, now);
  const startOfToday = Date.parse(midnightIn(today, zone));
  const max = query.timeMax ? Date.parse(query.timeMax) : null;
  const min = query.timeMin
    ? Date.parse(query.timeMin)
    : max !== null
      ? max - DEFAULT_RANGE_DAYS * DAY_MS
      : startOfToday;
  const end = max ?? min + DEFAULT_RANGE_DAYS * DAY_MS;
  return { timeMin: new Date(min).toISOString(), timeMax: new Date(end).toISOString() };
}

/**
 * What each source lists for one page: the events overlapping the range that start at `after` or
 * later (all of them on the first page), in the listing's order, at most `take`.
 */
export interface EventWindow {
  timeMin: string;
  timeMax: string;
  after: string | null;
  take: number;
}

/** An event from any source, as the API lists it: Google's shape plus where it comes from. */
export interface EventReminders {
  useDefault: boolean;
  overrides: { method: "email" | "popup"; minutes: number }[];
}

/** The most minutes before an event a reminder may come: four weeks, as Google allows. */
export const MAX_REMINDER_MINUTES = 40_320;

/** When an event of AI42's calendar starts, in ms: an all-day one at its midnight in its zone (or UTC). */
export const eventStartsAt = (start: string, allDay: boolean, zone: string | null) =>
  allDay ? Date.parse(midnightIn(start, zone ?? "UTC")) : Date.parse(start);

/**
 * The instant an event of AI42's calendar is to remind at (UTC ISO): its start less the reminder's
 * minutes; null without a reminder. Its notice is named by it.
 */
export function reminderMark(
  start: string,
  allDay: boolean,
  zone: string | null,
  minutes: number | null,
) {
  if (minutes === null) return null;
  return new Date(eventStartsAt(start, allDay, zone) - minutes * 60_000).toISOString();
}

export interface CalendarEvent {
  id: string;
  calendarId: string;
  source: EventSource;
  summary: string;
  description: string | null;
  location: string | null;
  start: EventTime;
  end: EventTime;
  allDay: boolean;
  kind: EventKind;
  projectId: string | null;
  propertyId: string | null;
  contactId: string | null;
  /** The auction whose sale or deposit deadline this is. */
  auctionId: string | null;
  /**
   * The member an event of AI42's calendar (a task) is assigned to; null for nobody, and for the
   * events of other calendars, which have no assignee.
   */
  assigneeId: string | null;
  assignee: Assignee | null;
  /** Project closings and auction dates are edited on the project or auction, not here. */
  readOnly: boolean;
  /** The event in Google Calendar, for Google events. */
  htmlLink: string | null;
  /**
   * Google Calendar's reminders. AI42's own calendar keeps one, the first override: its minutes
   * before the start are when the notification comes.
   */
  reminders?: EventReminders;
  /**
   * The version of an event of AI42's own calendar (its ETag is this in quotes, sent as If-Match
   * with a change); null for events kept elsewhere.
   */
  updatedAt: string | null;
}

/**
 * The listing's order: by start, then end, then id (as text, as D1 sorts it), so that every event
 * has one place and pages neither repeat nor skip one.
 */
export const eventOrder = (a: CalendarEvent, b: CalendarEvent) =>
  timeValue(a.start) - timeValue(b.start) ||
  timeValue(a.end) - timeValue(b.end) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * One page of the events of every source (each listed for the same window, with `take` one more
 * than the page and the skip), in the listing's order, and the cursor of the next page when there
 * are more.
 */
export function mergeEvents(
  lists: CalendarEvent[][],
  max: number,
  cursor?: PageCursor,
): { events: CalendarEvent[]; next: PageCursor | null } {
  const after = cursor ? Date.parse(cursor.after) : -Infinity;
  const sorted = lists
    .flat()
    .filter((event) => timeValue(event.start) >= after)
    .sort(eventOrder)
    .slice(cursor?.skip ?? 0);
  const events = sorted.slice(0, max);
  if (sorted.length <= max) return { events, next: null };
  const last = timeValue(events.at(-1)!.start);
  const atLast = events.filter((event) => timeValue(event.start) === last).length;
  return {
    events,
    next: {
      after: new Date(last).toISOString(),
      skip: atLast + (cursor && last === after ? cursor.skip : 0),
    },
  };
}

/** "2027-03-31" plus `days` days. */
export function addIsoDays(isoDate: string, days: number) {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A project's target-close date as a read-only all-day event of kind `closing`. */
export function projectClosingEvent(project: {
  id: string;
  name: string;
  targetCloseDate: string;
  propertyId: string | null;
}): CalendarEvent {
  return {
    id: `project-${project.id}`,
    calendarId: PROJECTS_CALENDAR_ID,
    source: "project",
    summary: `Closing: ${project.name}`,
    description: null,
    location: null,
    start: { date: project.targetCloseDate },
    end: { date: addIsoDays(project.targetCloseDate, 1) },
    allDay: true,
    kind: "closing",
    projectId: project.id,
    propertyId: project.propertyId,
    contactId: null,
    auctionId: null,
    assigneeId: null,
    assignee: null,
    readOnly: true,
    htmlLink: null,
    updatedAt: null,
  };
}
