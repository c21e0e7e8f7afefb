/**
 * The calendar's events: their vocabularies, the input rules (an event body in Google Calendar's
 * own shape, so Google-style clients work unchanged, plus AI42's kind and links), the listing's
 * range rules, and the merged event every source is turned into. Shared by the API, the agent's
 * tools and the Calendar screen. Pure: no I/O.
 */
import { z } from "zod";
import { assigneeIdField } from "../assignee-input";
import { MAX_YEAR, MIN_YEAR, SHOWN_YEARS, withinYears } from "../date-bounds";
import { DaySchema, instantWithin } from "../date-schemas";
import { isTimeZone } from "../today";
import {
  DEFAULT_RESULTS,
  EVENT_KINDS,
  MAX_REMINDER_MINUTES,
  MAX_RESULTS,
  timeValue,
  type EventTime,
  type PageCursor,
} from "./event-terms";

export * from "./event-terms";

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
  }) satisfies z.ZodType<EventTime>;

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

/**
 * An event as a client writes it: Google Calendar's fields (`summary`, `start`, `end`, `location`,
 * `description`) and AI42's (`kind`, links to a project, property or contact). `calendarId` says
 * where it is written: AI42's own calendar (`local`) or one of the user's Google calendars. Left
 * out, a new event goes where Google's own API puts it, the user's primary Google calendar, when
 * Google Calendar is connected, else AI42's; a change or a deletion looks for the event there too
 * (an event of AI42's own calendar is found by its id either way).
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
    /** The member an event of AI42's calendar (a task) is assigned to; Google's events have none. */
    assigneeId: assigneeIdField,
    /** Google Calendar's own shape; AI42's calendar keeps the first override. */
    reminders: z
      .object({
        useDefault: z.boolean().default(false),
        overrides: z
          .array(
            z.object({
              method: z.enum(["email", "popup"]).default("popup"),
              minutes: z
                .number({ error: "Give the reminder's minutes before the start" })
                .int()
                .min(0, { error: "A reminder comes at or before the start" })
                .max(MAX_REMINDER_MINUTES, {
                  error: "A reminder comes at most four weeks (40,320 minutes) before",
                }),
            }),
          )
          .max(5, { error: "At most five reminders" })
          .default([]),
      })
      .optional(),
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
    /**
     * `me`: only AI42's events assigned to the person asking; `none`: to nobody; a member's id:
     * to them. Google's events, project closings and auction dates have no assignee: left out.
     */
    assignee: z.string().trim().min(1).max(64).optional(),
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
