/**
 * The calendar's events: their vocabularies, the input rules (an event body in Google Calendar's
 * own shape, so Google-style clients work unchanged, plus AI42's kind and links), the listing's
 * range rules, and the merged event every source is turned into. Shared by the API, the agent's
 * tools and the Calendar screen. Pure: no I/O.
 */
import { z } from "zod";
// Plain-language messages for every schema below (see validation.ts).
import "../validation";
import {
  DaySchema,
  instantWithin,
  MAX_YEAR,
  MIN_YEAR,
  SHOWN_YEARS,
  withinYears,
} from "../date-bounds";
import { midnightIn } from "../auctions/time-zones";
import { DEFAULT_TIME_ZONE, isTimeZone, todayIn } from "../today";

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

const day = DaySchema;
const instant = instantWithin("Use a date and time like 2027-03-31T09:00:00-04:00");
/** A listing's bound: any time of the weeks a calendar can show. */
const bound = z.iso
  .datetime({ offset: true, error: "Use a date and time like 2027-03-31T09:00:00-04:00" })
  .refine((value) => withinYears(value, SHOWN_YEARS.min, SHOWN_YEARS.max), {
    error: `Use a time between ${SHOWN_YEARS.min} and ${SHOWN_YEARS.max}: events are dated ${MIN_YEAR} to ${MAX_YEAR}`,
  });

/** Google's `start` / `end`: a `dateTime` (timed) or a `date` (all day), and a time zone. */
export const EventTimeSchema = z
  .object({
    dateTime: instant.optional(),
    date: day.optional(),
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, { error: "Use a time zone like America/New_York" })
      .optional(),
  })
  .refine((time) => Boolean(time.dateTime) !== Boolean(time.date), {
    error: "Give either a dateTime (a timed event) or a date (an all-day event)",
  });
export type EventTime = z.infer<typeof EventTimeSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const optionalId = z
  .string()
  .min(1)
  .max(64)
  .nullish()
  .transform((value) => value ?? null);

/** When an event starts or ends, as an instant; a date counts from midnight UTC of that day. */
export const timeValue = (time: EventTime) => Date.parse(time.dateTime ?? `${time.date}T00:00:00Z`);

/**
 * An event as a client writes it: Google Calendar's fields (`summary`, `start`, `end`, `location`,
 * `description`) and AI42's (`kind`, links to a project, property or contact). `calendarId` says
 * where it is written: AI42's own calendar (`local`) or one of the user's Google calendars. Left
 * out, a new event goes where Google's own API puts it, the user's primary Google calendar, when
 * Google Calendar is connected, else AI42's; a change or a deletion is of AI42's.
 */
export const EventInputSchema = z
  .object({
    summary: z
      .string({ error: "Give the event a title" })
      .trim()
      .min(1, { error: "Give the event a title" })
      .max(300),
    description: optionalText(8000),
    location: optionalText(500),
    start: EventTimeSchema,
    end: EventTimeSchema,
    kind: z.enum(EVENT_KINDS).default("other"),
    calendarId: z.string().trim().min(1).max(255).optional(),
    projectId: optionalId,
    propertyId: optionalId,
    contactId: optionalId,
  })
  .superRefine((event, context) => {
    // A start or end that is itself wrong (both or neither) has already been said.
    const ambiguous = (time: EventTime) => Boolean(time.dateTime) === Boolean(time.date);
    if (ambiguous(event.start) || ambiguous(event.end)) return;
    if (Boolean(event.start.date) !== Boolean(event.end.date)) {
      context.addIssue({
        code: "custom",
        path: ["end"],
        message: event.start.date
          ? "An all-day event ends on a date, not a time"
          : "A timed event ends at a time (dateTime), not on a date",
      });
    } else if (timeValue(event.end) <= timeValue(event.start)) {
      context.addIssue({
        code: "custom",
        path: ["end"],
        message: event.start.date
          ? "End after the start: an all-day event's end date is the day after its last day"
          : "End after the start",
      });
    }
  });
export type EventInput = z.infer<typeof EventInputSchema>;

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

function cursorOf(token: string): PageCursor | null {
  try {
    const [after, skip] = atob(token).split("|");
    const count = Number(skip);
    if (!after || Number.isNaN(Date.parse(after)) || !Number.isSafeInteger(count) || count < 0)
      return null;
    return { after: new Date(Date.parse(after)).toISOString(), skip: count };
  } catch {
    return null;
  }
}

/**
 * The listing's query: which calendar (all shown ones when absent), which range (any, within the
 * years a calendar shows), how many events a page holds, and which page (`pageToken`, from the
 * previous page's `nextPageToken`).
 */
export const EventsQuerySchema = z
  .object({
    calendarId: z.string().trim().min(1).max(255).optional(),
    timeMin: bound.optional(),
    timeMax: bound.optional(),
    maxResults: z.coerce.number().int().min(1).max(MAX_RESULTS).default(DEFAULT_RESULTS),
    pageToken: z
      .string()
      .max(200)
      .transform((token, context) => {
        const cursor = cursorOf(token);
        if (!cursor)
          context.addIssue({
            code: "custom",
            message: "Not a page token of this listing: list again without it",
          });
        return cursor ?? undefined;
      })
      .optional(),
  })
  .superRefine((query, context) => {
    if (query.timeMin && query.timeMax && Date.parse(query.timeMax) <= Date.parse(query.timeMin))
      context.addIssue({ code: "custom", path: ["timeMax"], message: "timeMax after timeMin" });
  });
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

/**
 * The range a listing covers, as UTC ISO instants: the query's bounds, or from the start of the
 * user's today (midnight in their zone) for DEFAULT_RANGE_DAYS when one is missing.
 */
export function eventRange(
  query: Pick<EventsQuery, "timeMin" | "timeMax">,
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
  /** Project closings and auction dates are edited on the project or auction, not here. */
  readOnly: boolean;
  /** The event in Google Calendar, for Google events. */
  htmlLink: string | null;
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
    readOnly: true,
    htmlLink: null,
    updatedAt: null,
  };
}
