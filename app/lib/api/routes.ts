/**
 * The Route Planner's calls to the API: the map's own reads (addresses looked up, road
 * figures and lines), the stops a day's route can be built from, and a route's visits written to a
 * calendar. Saved routes are read and written by the planner's routes. Each call throws a
 * `ServiceError` carrying a "Failed to …" message and what the server said.
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
import { orThrow, queryString } from "./workspace";

export type MapsConfig = z.infer<typeof MapsConfigSchema>;
export type GeocodedPlace = z.infer<typeof GeocodedPlaceSchema>;
export type RoadMatrix = z.infer<typeof TravelMatrixSchema>;
export type StopCandidate = z.infer<typeof StopCandidateSchema>;
export type SavedRoute = z.infer<typeof RouteSchema>;
export type RouteSummary = z.infer<typeof RouteSummarySchema>;
export type RouteCalendarResult = z.infer<typeof RouteCalendarResultSchema>;
export type { Place, RouteBody, StartPlaces };

export const mapsApi = {
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
};
