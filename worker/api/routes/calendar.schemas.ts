import { z } from "@hono/zod-openapi";
import {
  EVENT_KINDS,
  EVENT_SOURCES,
  type CalendarEvent,
} from "../../../app/domain/calendar/events";
import type { CalendarInfo } from "../../services/calendar";
import { AssigneeSchema } from "../shared-schemas";

export const CalendarInfoSchema = z
  .object({
    id: z.string(),
    summary: z.string(),
    source: z.enum(EVENT_SOURCES),
    color: z.string().nullable(),
    primary: z.boolean(),
    selected: z.boolean(),
    readOnly: z.boolean(),
    timeZone: z.string().nullable(),
  })
  .openapi("Calendar") satisfies z.ZodType<CalendarInfo>;

const EventTimeResponse = z.object({
  dateTime: z.string().optional(),
  date: z.string().optional(),
  timeZone: z.string().optional(),
});

export const CalendarEventSchema = z
  .object({
    id: z.string(),
    calendarId: z.string(),
    source: z.enum(EVENT_SOURCES),
    summary: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    start: EventTimeResponse,
    end: EventTimeResponse,
    allDay: z.boolean(),
    kind: z.enum(EVENT_KINDS),
    projectId: z.string().nullable(),
    propertyId: z.string().nullable(),
    contactId: z.string().nullable(),
    auctionId: z.string().nullable(),
    assigneeId: z.string().nullable().openapi({
      description:
        "The member an event of AI42's calendar (a task) is assigned to; null for nobody, and for Google's events, project closings and auction dates",
    }),
    assignee: AssigneeSchema.nullable(),
    readOnly: z.boolean(),
    htmlLink: z.string().nullable(),
    reminders: z
      .object({
        useDefault: z.boolean(),
        overrides: z.array(z.object({ method: z.enum(["email", "popup"]), minutes: z.number() })),
      })
      .optional()
      .openapi({
        description:
          "Google Calendar's reminders. AI42's own calendar keeps one (the first override): AI42 notifies that many minutes before the start (event reminders).",
      }),
    updatedAt: z.string().nullable().openapi({
      description:
        "The version of an event of AI42's own calendar (its ETag, in quotes, is what If-Match takes); null for Google events (Google keeps their versions), project closings and auction dates",
    }),
  })
  .openapi("CalendarEvent") satisfies z.ZodType<CalendarEvent>;
