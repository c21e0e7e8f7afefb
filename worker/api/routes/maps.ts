/**
 * Maps: what the map is drawn with, addresses looked up through the geocoder (cached), and road
 * figures and lines from the routing service when one is set.
 */
import { z } from "@hono/zod-openapi";
import { geocode, mapsConfig, roadLine, roadMatrix } from "../../services/maps";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  jsonBody,
  router,
  signedIn,
  signedInAnyRole,
} from "../openapi";
import {
  GeocodedPlaceSchema,
  MapsConfigSchema,
  RoadPointsSchema,
  TravelMatrixSchema,
} from "./maps.schemas";
import { database } from "../../db/client";

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "getMapsConfig",
    summary: "The map's tiles and attribution, and whether a geocoder and a road service are set",
    ...signedIn,
    responses: { 200: dataResponse("The map settings", MapsConfigSchema), ...errorResponses(401) },
  }),
  (c) => c.json({ data: mapsConfig(c.env) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/geocode",
    operationId: "geocode",
    summary: "Where an address is: up to 5 places, best first (an empty list: not found)",
    description:
      "Answers are kept per normalised address (trimmed, lower case), so asking again costs no call to the geocoder; the answer does not say whether it was kept (that would tell one user what another looked up). The geocoder is called at most once a second across every user; a request that would wait more than 5 s answers 429 with Retry-After. 503 without GEOCODER_URL.",
    ...signedIn,
    request: {
      query: z.object({
        q: z
          .string({ error: "Give the address to look up (q)" })
          .trim()
          .min(3, { error: "Give at least 3 characters" })
          .max(300),
      }),
    },
    responses: {
      200: dataResponse("The places found", z.array(GeocodedPlaceSchema)),
      ...errorResponses(400, 401, 429, 502, 503),
    },
  }),
  async (c) => {
    const places = await geocode(database(c.env.DB), c.env, c.req.valid("query").q);
    return c.json({ data: places }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/matrix",
    operationId: "roadMatrix",
    summary: "Road distances (km) and driving times (minutes) between every pair of points",
    description:
      "From the routing service (ROUTING_URL, OSRM `/table`); 503 without it, 422 when it cannot join two of the points.",
    ...signedInAnyRole,
    request: jsonBody(RoadPointsSchema),
    responses: {
      200: dataResponse("Row i, column j: from point i to point j", TravelMatrixSchema),
      ...errorResponses(400, 401, 422, 502, 503),
    },
  }),
  async (c) => c.json({ data: await roadMatrix(c.env, c.req.valid("json").points) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/line",
    operationId: "roadLine",
    summary: "The line along the roads through the points in order, as [lat, lng] pairs",
    description: "From the routing service (ROUTING_URL, OSRM `/route`); 503 without it.",
    ...signedInAnyRole,
    request: jsonBody(RoadPointsSchema),
    responses: {
      200: dataResponse("The line", z.object({ line: z.array(z.tuple([z.number(), z.number()])) })),
      ...errorResponses(400, 401, 502, 503),
    },
  }),
  async (c) => c.json({ data: { line: await roadLine(c.env, c.req.valid("json").points) } }, 200),
);

export default app;
