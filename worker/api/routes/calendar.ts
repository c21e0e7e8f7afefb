/**
 * The calendar: AI42's own events, project closings and the user's Google calendars as one.
 * Event bodies take Google Calendar's shape (`summary`, `start.dateTime`/`start.date`, `end`…).
 */
import { z } from "@hono/zod-openapi";
import {
  EventInputSchema,
  EventsQuerySchema,
  LOCAL_CALENDAR_ID,
} from "../../../app/domain/calendar/events";
import {
  createEvent,
  deleteEvent,
  listCalendars,
  listEvents,
  updateEvent,
} from "../../services/calendar";
import { googleStatus } from "../../services/google";
import {
  apiRoute,
  googleScope,
  dataResponse,
  errorResponses,
  jsonBody,
  router,
  signedIn,
} from "../openapi";
import { CalendarEventSchema, CalendarInfoSchema, GoogleStatusSchema } from "../schemas";

const app = router();

const EventBody = EventInputSchema.openapi("EventInput");
const CalendarIdQuery = z.object({
  calendarId: z.string().trim().min(1).max(255).default(LOCAL_CALENDAR_ID).openapi({
    description: "The calendar holding the event: `local` (AI42's own) or a Google calendar id",
  }),
});
/** AI42's ids are UUIDs; Google's may be longer (imported events carry their iCalendar UID). */
const EventIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(1024)
    .openapi({ param: { name: "id", in: "path" } }),
});
const FAILURES = errorResponses(400, 401, 404, 409, 502, 503);

app.openapi(
  apiRoute({
    method: "get",
    path: "/status",
    operationId: "getCalendarStatus",
    summary: "Whether Google Calendar is connected (AI42's own calendar always works)",
    ...signedIn,
    responses: {
      200: dataResponse("The status; `connected: false` when not connected", GoogleStatusSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await googleStatus(googleScope(c), "calendar") }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/calendars",
    operationId: "listCalendars",
    summary: "AI42's calendar, project closings, and the user's Google calendars when connected",
    ...signedIn,
    responses: {
      200: dataResponse("Calendars", z.array(CalendarInfoSchema)),
      ...errorResponses(401, 409, 502, 503),
    },
  }),
  async (c) => c.json({ data: await listCalendars(googleScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/events",
    operationId: "listEvents",
    summary: "Events in a range: one calendar, or every shown calendar merged by start time",
    description:
      "Without `calendarId`, AI42's events, project closings and the user's selected Google calendars, each event saying its `source` and `calendarId`; a Google calendar that fails is named in `meta.unavailable` and the rest still lists. The range is at most 366 days; without bounds, 31 days from today (UTC).",
    ...signedIn,
    request: { query: EventsQuerySchema },
    responses: {
      200: {
        description: "Events by start time",
        content: {
          "application/json": {
            schema: z.object({
              data: z.array(CalendarEventSchema),
              meta: z.object({
                timeMin: z.string(),
                timeMax: z.string(),
                unavailable: z.array(z.object({ calendarId: z.string(), message: z.string() })),
              }),
            }),
          },
        },
      },
      ...FAILURES,
    },
  }),
  async (c) => {
    const { events, unavailable, range } = await listEvents(googleScope(c), c.req.valid("query"));
    return c.json({ data: events, meta: { ...range, unavailable } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/events",
    operationId: "createEvent",
    summary: "Create an event in AI42's calendar (default) or one of the user's Google calendars",
    ...signedIn,
    request: jsonBody(EventBody),
    responses: { 201: dataResponse("The new event", CalendarEventSchema), ...FAILURES },
  }),
  async (c) => c.json({ data: await createEvent(googleScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/events/{id}",
    operationId: "updateEvent",
    summary: "Replace an event (its calendar is the body's `calendarId`, `local` by default)",
    ...signedIn,
    request: { params: EventIdParam, ...jsonBody(EventBody) },
    responses: { 200: dataResponse("The updated event", CalendarEventSchema), ...FAILURES },
  }),
  async (c) =>
    c.json(
      {
        data: await updateEvent(googleScope(c), c.req.valid("param").id, c.req.valid("json")),
      },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/events/{id}",
    operationId: "deleteEvent",
    summary: "Delete an event from AI42's calendar or a Google calendar (`?calendarId=`)",
    ...signedIn,
    request: { params: EventIdParam, query: CalendarIdQuery },
    responses: {
      200: dataResponse("What was deleted", z.object({ id: z.string(), calendarId: z.string() })),
      ...FAILURES,
    },
  }),
  async (c) =>
    c.json(
      {
        data: await deleteEvent(
          googleScope(c),
          c.req.valid("param").id,
          c.req.valid("query").calendarId,
        ),
      },
      200,
    ),
);

export default app;
