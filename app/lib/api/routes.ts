/**
 * The Route Planner's call to the API, an address looked up, and the types of what the planner
 * reads. Saved routes are read and written by the planner's routes, the stops a day's route can be
 * built from and the road figures read from its resource routes (planner-reads.ts). The call throws
 * a `ServiceError` carrying a "Failed to …" message and what the server said.
 */
import type { z } from "zod";
import type { Place, RouteBody, StartPlaces } from "~/domain/routing/route";
import type {
  GeocodedPlaceSchema,
  MapsConfigSchema,
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
};
