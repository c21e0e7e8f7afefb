/**
 * Routes: the best order to visit the day's stops (`POST /routes/optimize`, the exact contract),
 * saved routes, the places they start from, the stops a route can be built from, and the visits
 * written to a calendar.
 */
import { z } from "@hono/zod-openapi";
import {
  OptimizeInputSchema,
  RouteInputSchema,
  StartPlacesSchema,
} from "../../../app/domain/routing/route";
import {
  addRouteToCalendar,
  createRoute,
  deleteRoute,
  getRoute,
  getStartPlaces,
  listRoutes,
  optimize,
  saveStartPlaces,
  stopCandidates,
  updateRoute,
} from "../../services/routes";
import {
  IdParamSchema,
  apiRoute,
  dataResponse,
  errorResponses,
  googleScope,
  jsonBody,
  pageResponse,
  router,
  scope,
  signedIn,
  signedInAnyRole,
} from "../openapi";
import {
  PlanMetaSchema,
  RouteCalendarInputSchema,
  RouteCalendarResultSchema,
  RoutePlanSchema,
  RouteSchema,
  RouteSummarySchema,
  StopCandidateSchema,
  StopCandidatesQuerySchema,
} from "./routes.schemas";
import { RouteListQuerySchema } from "../list-queries";
import { etag, ifMatch, versioned } from "../versions";

const OptimizeBody = OptimizeInputSchema.openapi("RouteOptimizeInput", {
  description:
    "Times are ISO 8601 with an offset. Defaults: speedKmh 40, roadFactor 1.3, returnToStart false, serviceMinutes 0. `end` and `returnToStart: true` exclude each other. `locked` (optional) pins stops by id to 0-based positions in the order.",
});
const RouteBody = RouteInputSchema.openapi("RouteInput", {
  description:
    "`stops` in the order the user entered them; `order` the order the route runs in (every stop id once; the entered order when left out). PUT replaces every field.",
});

const app = router();

app.openapi(
  apiRoute({
    method: "post",
    path: "/optimize",
    operationId: "optimizeRoute",
    summary: "The best order to visit 1 to 200 stops, with each leg's times",
    description: [
      "Distance between two points: the great circle (haversine, R = 6371.0088 km) × roadFactor; travel minutes = distance / speedKmh · 60. With ROUTING_URL set, the road service's distances and durations replace both (`meta.source: roads`); when it fails or cannot join two of the points, the estimate is used (`meta.source: estimate`).",
      "The route starts at `start`, visits every stop once and ends at the last stop, at `end` if given, or back at `start` if `returnToStart`. A stop with a window is not started before `window.start` (the route waits: `waitMinutes`) and must be reached by `window.end` (arrival ≤ end).",
      "The order minimises the total distance among orders that reach every window; when none can, it minimises the total lateness, Σ (arrival − window.end) in minutes, with `feasible: false` and the late stops in `late`. Up to 10 stops the answer is optimal (exact search over subsets); beyond, a deterministic construction and local search (2-opt, Or-opt, relocate).",
      "`legs`: one per stop, plus one to `end` or back to `start` (`to` is `end` / `start`); a leg's `departAt` is the departure from `from` after its wait and service. `totalMinutes`: from `departAt` to the last arrival, waits and service included. Times keep departAt's offset.",
    ].join("\n\n"),
    ...signedInAnyRole,
    request: jsonBody(OptimizeBody),
    responses: {
      200: {
        description: "The order and its legs",
        content: {
          "application/json": { schema: z.object({ data: RoutePlanSchema, meta: PlanMetaSchema }) },
        },
      },
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { plan, source } = await optimize(c.env, c.req.valid("json"));
    return c.json({ data: plan, meta: { source } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/candidates",
    operationId: "routeStopCandidates",
    summary:
      "What a day's route can be built from: the day's auctions and events, properties, contacts",
    description:
      "Auctions set for the day (upcoming or postponed; the stop is the venue when given, else the property; the sale time is the window), timed events of the day with a location (the start is the window), properties (with their coordinates when known) and contacts with an address, at most 50 of each. A stop without `lat`/`lng` is geocoded before it is routed.",
    ...signedIn,
    request: { query: StopCandidatesQuerySchema },
    responses: {
      200: dataResponse("The candidates", z.array(StopCandidateSchema)),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json({ data: await stopCandidates(googleScope(c), c.req.valid("query")) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/places",
    operationId: "getStartPlaces",
    summary: "The places routes start from: home and office, as last saved",
    ...signedIn,
    responses: { 200: dataResponse("The places", StartPlacesSchema), ...errorResponses(401) },
  }),
  async (c) => c.json({ data: await getStartPlaces(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/places",
    operationId: "saveStartPlaces",
    summary: "Remember home and office (null forgets one)",
    ...signedIn,
    request: jsonBody(StartPlacesSchema),
    responses: { 200: dataResponse("The places", StartPlacesSchema), ...errorResponses(400, 401) },
  }),
  async (c) => c.json({ data: await saveStartPlaces(...scope(c), c.req.valid("json")) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listRoutes",
    summary: "Saved routes, the latest day first (filters: from, to, q; paged)",
    ...signedIn,
    request: { query: RouteListQuerySchema },
    responses: {
      200: pageResponse("A page of routes", RouteSummarySchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, ...filters } = c.req.valid("query");
    const { items, meta } = await listRoutes(...scope(c), filters, { page, limit });
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createRoute",
    summary: "Save a route; its figures (`plan`) are worked out for its `order`",
    ...signedIn,
    request: jsonBody(RouteBody),
    responses: { 201: dataResponse("The saved route", RouteSchema), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const [db, userId] = scope(c);
    return c.json({ data: await createRoute(db, c.env, userId, c.req.valid("json")) }, 201);
  },
);

app.openapi(
  apiRoute(
    versioned(RouteSchema, {
      method: "get",
      path: "/{id}",
      operationId: "getRoute",
      summary: "A saved route with its stops and figures",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: { 200: dataResponse("The route", RouteSchema), ...errorResponses(401, 404) },
    }),
  ),
  async (c) => {
    const data = await getRoute(...scope(c), c.req.valid("param").id);
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(RouteSchema, {
      method: "put",
      path: "/{id}",
      operationId: "updateRoute",
      summary: "Replace a saved route (its figures are worked out again)",
      ...signedIn,
      request: { params: IdParamSchema, ...jsonBody(RouteBody) },
      responses: {
        200: dataResponse("The updated route", RouteSchema),
        ...errorResponses(400, 401, 404),
      },
    }),
  ),
  async (c) => {
    const [db, userId] = scope(c);
    const { id } = c.req.valid("param");
    const data = await updateRoute(db, c.env, userId, id, c.req.valid("json"), ifMatch(c));
    return c.json({ data }, 200, etag(data));
  },
);

app.openapi(
  apiRoute(
    versioned(RouteSchema, {
      method: "delete",
      path: "/{id}",
      operationId: "deleteRoute",
      summary: "Delete a saved route (the visits it added to a calendar stay)",
      ...signedIn,
      request: { params: IdParamSchema },
      responses: {
        200: dataResponse("The deleted route", RouteSchema),
        ...errorResponses(401, 404),
      },
    }),
  ),
  async (c) =>
    c.json({ data: await deleteRoute(...scope(c), c.req.valid("param").id, ifMatch(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/{id}/calendar",
    operationId: "addRouteToCalendar",
    summary: "Write one event per visit to AI42's calendar (`local`) or a Google calendar",
    description:
      "Each visit runs from when it starts (the arrival, or the window's opening after a wait) for its service minutes (at least 5). The events this route wrote before are replaced (in AI42's calendar, in one all-or-nothing write), so adding again, or again after a failure, never duplicates them.",
    ...signedIn,
    request: {
      params: IdParamSchema,
      ...jsonBody(RouteCalendarInputSchema),
    },
    responses: {
      200: dataResponse("The events written", RouteCalendarResultSchema),
      ...errorResponses(400, 401, 404, 409, 502, 503),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await addRouteToCalendar(
          googleScope(c),
          c.req.valid("param").id,
          c.req.valid("json").calendarId,
        ),
      },
      200,
    ),
);

export default app;
