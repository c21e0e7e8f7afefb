/**
 * The calendar: AI42's own events, project closings and the user's Google calendars as one.
 * Event bodies take Google Calendar's shape (`summary`, `start.dateTime`/`start.date`, `end`…).
 */
import { z } from "@hono/zod-openapi";
import {
  EventInputSchema,
  EventsQuerySchema,
  MAX_RESULTS,
  pageTokenOf,
} from "../../../app/domain/calendar/events";
import {
  createEvent,
  deleteEvent,
  getEvent,
  listCalendars,
  listEvents,
  updateEvent,
} from "../../services/calendar";
import { googleStatus } from "../../services/google";
import {
  apiRoute,
  assigneeFilter,
  googleScope,
  dataResponse,
  errorResponses,
  jsonBody,
  router,
  signedIn,
} from "../openapi";
import { CalendarEventSchema, CalendarInfoSchema } from "./calendar.schemas";
import { GoogleStatusSchema } from "./google.schemas";
import { etag, ifMatch, versioned } from "../versions";

const app = router();

const EventBody = EventInputSchema.openapi("EventInput");
const WHERE_WITHOUT_CALENDAR =
  "Without `calendarId`, the event is looked for where a new event with none named goes: the primary Google calendar when Google Calendar is connected, else AI42's own (`local`); an event of AI42's own calendar (made before Google was connected) is found there by its id, which no Google event has.";
const CalendarIdQuery = z.object({
  calendarId: z.string().trim().min(1).max(255).optional().openapi({
    description:
      "The calendar holding the event: `local` (AI42's own) or a Google calendar id (left out: see the operation)",
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
/** An event of AI42's calendar answers its version (ETag); others have none here. */
const versionOf = (event: { updatedAt: string | null }) =>
  event.updatedAt ? etag({ updatedAt: event.updatedAt }) : undefined;
const EVENT_ASSIGNING =
  "`assigneeId` assigns an event of AI42's own calendar (a task) to a member of the workspace, null to nobody; anyone else, or an event of a Google calendar, is a 400 (field `assigneeId`) and nothing is written. Left out, a new event has nobody and a PUT keeps the event's assignee. A member newly assigned an event is notified, unless they assigned it themselves.";
const VERSIONS_NOTE =
  " An event of AI42's own calendar has a version: its ETag, which If-Match takes (412 when it changed since). Google keeps its own events' versions.";

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
    description: `Without \`calendarId\`, AI42's events, project closings and the user's selected Google calendars, each event saying its \`source\` and \`calendarId\`; a Google calendar that fails is named in \`meta.unavailable\` and the rest still lists. With \`assignee\` (\`me\`, \`none\` or a member's id; anyone else is a 400), only AI42's own events assigned so: Google's events, project closings and auction dates have no assignee and are left out. Any range within the years a calendar shows; without bounds, 31 days from the start of the user's today (in the zone \`X-Time-Zone\` names; UTC without one). A page holds at most \`maxResults\` events (at most ${MAX_RESULTS}); when there are more, \`meta.nextPageToken\` asks for the next page (as Google Calendar's own listing does).`,
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
                nextPageToken: z.string().optional().openapi({
                  description: "Send as `pageToken` (with the same query) for the next page",
                }),
              }),
            }),
          },
        },
      },
      ...FAILURES,
    },
  }),
  async (c) => {
    const { assignee, ...query } = c.req.valid("query");
    const { events, unavailable, range, next } = await listEvents(googleScope(c), {
      ...query,
      assignee: await assigneeFilter(c, assignee),
    });
    const nextPage = next ? { nextPageToken: pageTokenOf(next) } : {};
    return c.json({ data: events, meta: { ...range, unavailable, ...nextPage } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/events",
    operationId: "createEvent",
    summary: "Create an event in AI42's calendar or one of the user's Google calendars",
    description: `\`calendarId\` names the calendar; left out, the event goes to the user's primary Google calendar when Google Calendar is connected (as Google's own API does), else to AI42's own (\`local\`). The answer's \`calendarId\` says which. ${EVENT_ASSIGNING}`,
    ...signedIn,
    request: jsonBody(EventBody),
    responses: { 201: dataResponse("The new event", CalendarEventSchema), ...FAILURES },
  }),
  async (c) => c.json({ data: await createEvent(googleScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute(
    versioned(CalendarEventSchema, {
      method: "get",
      path: "/events/{id}",
      operationId: "getEvent",
      summary: "One event, of the calendar `?calendarId=` names",
      description: `${WHERE_WITHOUT_CALENDAR} A project's closing is in \`projects\`; an auction's dates are read on the auction.${VERSIONS_NOTE}`,
      ...signedIn,
      request: { params: EventIdParam, query: CalendarIdQuery },
      responses: { 200: dataResponse("The event", CalendarEventSchema), ...FAILURES },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await getEvent(googleScope(c), id, c.req.valid("query").calendarId);
    return c.json({ data }, 200, versionOf(data));
  },
);

app.openapi(
  apiRoute(
    versioned(CalendarEventSchema, {
      method: "put",
      path: "/events/{id}",
      operationId: "updateEvent",
      summary: "Replace an event of the calendar the body's `calendarId` names",
      description: `${WHERE_WITHOUT_CALENDAR}${VERSIONS_NOTE} ${EVENT_ASSIGNING}`,
      ...signedIn,
      request: { params: EventIdParam, ...jsonBody(EventBody) },
      responses: { 200: dataResponse("The updated event", CalendarEventSchema), ...FAILURES },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const data = await updateEvent(googleScope(c), id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, versionOf(data));
  },
);

app.openapi(
  apiRoute(
    versioned(CalendarEventSchema, {
      method: "delete",
      path: "/events/{id}",
      operationId: "deleteEvent",
      summary: "Delete an event from AI42's calendar or a Google calendar (`?calendarId=`)",
      description: `${WHERE_WITHOUT_CALENDAR}${VERSIONS_NOTE}`,
      ...signedIn,
      request: { params: EventIdParam, query: CalendarIdQuery },
      responses: {
        200: dataResponse("What was deleted", z.object({ id: z.string(), calendarId: z.string() })),
        ...FAILURES,
      },
    }),
  ),
  async (c) => {
    const { id } = c.req.valid("param");
    const { calendarId } = c.req.valid("query");
    return c.json({ data: await deleteEvent(googleScope(c), id, calendarId, ifMatch(c)) }, 200);
  },
);

export default app;
