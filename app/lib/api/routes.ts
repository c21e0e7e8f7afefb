/**
 * The Route Planner's calls (issue 14): the map's settings, addresses looked up, road figures and
 * lines, the stops a day's route can be built from, the remembered start places, saved routes and
 * their visits written to a calendar. Each call throws a `ServiceError` carrying a "Failed to …"
 * message and what the server said.
 */
import type { z } from "zod";
import type { LatLng } from "~/domain/routing/optimize";
import type { Place, RouteBody, StartPlaces } from "~/domain/routing/route";
import type {
  GeocodedPlaceSchema,
  MapsConfigSchema,
  TravelMatrixSchema,
} from "../../../worker/api/routes/maps.schemas";
import type {
  RouteCalendarResultSchema,
  RouteSchema,
  RouteSummarySchema,
  StopCandidateSchema,
} from "../../../worker/api/routes/routes.schemas";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, pageOrThrow, queryString } from "./workspace";

export type MapsConfig = z.infer<typeof MapsConfigSchema>;
export type GeocodedPlace = z.infer<typeof GeocodedPlaceSchema>;
export type RoadMatrix = z.infer<typeof TravelMatrixSchema>;
export type StopCandidate = z.infer<typeof StopCandidateSchema>;
export type SavedRoute = z.infer<typeof RouteSchema>;
export type RouteSummary = z.infer<typeof RouteSummarySchema>;
export type RouteCalendarResult = z.infer<typeof RouteCalendarResultSchema>;
export type { Place, RouteBody, StartPlaces };

const routePath = (id: string) => `/routes/${encodeURIComponent(id)}`;

export const mapsApi = {
  config: () => orThrow(apiRequest<MapsConfig>("/maps"), MESSAGES.fetchMaps),
  /**
   * The places an address may be, best first (an empty list: not found). A failure with status
   * 503 means no geocoder is configured; 429, that it is busy (ask again a little later).
   */
  geocode: (address: string, signal?: AbortSignal) =>
    orThrow(
      apiRequest<GeocodedPlace[]>(`/maps/geocode${queryString({ q: address })}`, { signal }),
      MESSAGES.geocode,
    ),
  /** Road distances and times between every pair of points (only when `roads` is on). */
  matrix: (points: readonly LatLng[]) =>
    orThrow(
      apiRequest<RoadMatrix>("/maps/matrix", { method: "POST", body: { points } }),
      MESSAGES.roadFigures,
    ),
  /** The line along the roads through the points in order (only when `roads` is on). */
  line: (points: readonly LatLng[]) =>
    orThrow(
      apiRequest<{ line: [number, number][] }>("/maps/line", { method: "POST", body: { points } }),
      MESSAGES.roadLine,
    ).then((result) => result.line),
};

export const routesApi = {
  /** What a route on the day between `from` and `to` (ISO instants) can be built from. */
  candidates: (query: { from: string; to: string; q?: string }) =>
    orThrow(
      apiRequest<StopCandidate[]>(`/routes/candidates${queryString({ ...query })}`),
      MESSAGES.fetchStopCandidates,
    ),
  places: () => orThrow(apiRequest<StartPlaces>("/routes/places"), MESSAGES.fetchStartPlaces),
  savePlaces: (places: StartPlaces) =>
    orThrow(
      apiRequest<StartPlaces>("/routes/places", { method: "PUT", body: places }),
      MESSAGES.saveStartPlaces,
    ),
  list: (query: { page?: number; limit?: number } = {}) =>
    pageOrThrow(
      apiRequest<RouteSummary[]>(`/routes${queryString({ ...query })}`),
      MESSAGES.fetchRoutes,
    ),
  get: (id: string) => orThrow(apiRequest<SavedRoute>(routePath(id)), MESSAGES.fetchRoute),
  create: (body: RouteBody) =>
    orThrow(apiRequest<SavedRoute>("/routes", { method: "POST", body }), MESSAGES.createRoute),
  update: (id: string, body: RouteBody, ifMatch?: string) =>
    orThrow(
      apiRequest<SavedRoute>(routePath(id), { method: "PUT", body, ifMatch }),
      MESSAGES.updateRoute,
    ),
  remove: (id: string, ifMatch?: string) =>
    orThrow(
      apiRequest<SavedRoute>(routePath(id), { method: "DELETE", ifMatch }),
      MESSAGES.deleteRoute,
    ),
  /** One event per visit in AI42's calendar (`local`) or a Google calendar, replacing earlier ones. */
  addToCalendar: (id: string, calendarId: string) =>
    orThrow(
      apiRequest<RouteCalendarResult>(`${routePath(id)}/calendar`, {
        method: "POST",
        body: { calendarId },
      }),
      MESSAGES.addRouteToCalendar,
    ),
};

/** What re-creates a saved route (Undo after a delete): its fields, without its figures. */
export const bodyOfRoute = (route: SavedRoute): RouteBody => ({
  name: route.name,
  date: route.date,
  departAt: route.departAt,
  start: route.start,
  end: route.end,
  returnToStart: route.returnToStart,
  speedKmh: route.speedKmh,
  roadFactor: route.roadFactor,
  stops: route.stops,
  order: route.order,
});
