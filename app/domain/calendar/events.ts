/**
 * The calendar's events: their vocabularies, the input rules (an event body in Google Calendar's
 * own shape, so Google-style clients work unchanged, plus AI42's kind and links), the listing's
 * range rules, and the merged event every source is turned into. Shared by the API, the agent's
 * tools and the Calendar screen. Pure: no I/O.
 */
import { z } from "zod";
// Plain-language messages for every schema below (see validation.ts).
import "../validation";

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

/** A listing covers at most a year (366 days, for leap years) … */
export const MAX_RANGE_DAYS = 366;
/** … and returns at most this many events (Google's own ceiling). */
export const MAX_RESULTS = 2500;
export const DEFAULT_RESULTS = 250;
/** Without timeMin/timeMax a listing covers the next 31 days from the start of today (UTC). */
export const DEFAULT_RANGE_DAYS = 31;

const DAY_MS = 86_400_000;

/** Whether `zone` is an IANA time zone this runtime knows ("America/New_York", "UTC"). */
export function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2027-03-31", abort: true })
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: "Not a real date" });
const instant = z.iso.datetime({
  offset: true,
  error: "Use a date and time like 2027-03-31T09:00:00-04:00",
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
 * where it is written: AI42's own calendar by default, or one of the user's Google calendars.
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
    calendarId: z.string().trim().min(1).max(255).default(LOCAL_CALENDAR_ID),
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

/** The listing's query: which calendar (all shown ones when absent), which range, how many. */
export const EventsQuerySchema = z
  .object({
    calendarId: z.string().trim().min(1).max(255).optional(),
    timeMin: instant.optional(),
    timeMax: instant.optional(),
    maxResults: z.coerce.number().int().min(1).max(MAX_RESULTS).default(DEFAULT_RESULTS),
  })
  .superRefine((query, context) => {
    if (!query.timeMin || !query.timeMax) return;
    const span = Date.parse(query.timeMax) - Date.parse(query.timeMin);
    if (span <= 0)
      context.addIssue({ code: "custom", path: ["timeMax"], message: "timeMax after timeMin" });
    else if (span > MAX_RANGE_DAYS * DAY_MS)
      context.addIssue({
        code: "custom",
        path: ["timeMax"],
        message: `At most ${MAX_RANGE_DAYS} days between timeMin and timeMax`,
      });
  });
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

/**
 * The range a listing covers, as UTC ISO instants: the query's bounds, or from the start of
 * today (UTC) for DEFAULT_RANGE_DAYS when one is missing. A range longer than a year is cut to one.
 */
export function eventRange(query: Pick<EventsQuery, "timeMin" | "timeMax">, now = new Date()) {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const max = query.timeMax ? Date.parse(query.timeMax) : null;
  const min = query.timeMin
    ? Date.parse(query.timeMin)
    : max !== null
      ? max - DEFAULT_RANGE_DAYS * DAY_MS
      : startOfToday;
  const end = Math.min(max ?? min + DEFAULT_RANGE_DAYS * DAY_MS, min + MAX_RANGE_DAYS * DAY_MS);
  return { timeMin: new Date(min).toISOString(), timeMax: new Date(end).toISOString() };
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
}

/** Events from every source in one list, by start (then end, then title), at most `max`. */
export function mergeEvents(lists: CalendarEvent[][], max: number) {
  return lists
    .flat()
    .sort(
      (a, b) =>
        timeValue(a.start) - timeValue(b.start) ||
        timeValue(a.end) - timeValue(b.end) ||
        a.summary.localeCompare(b.summary),
    )
    .slice(0, max);
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
  };
}
