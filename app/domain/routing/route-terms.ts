/**
 * A route's limits and vocabularies, and the optimiser's problem made from a route, without the
 * input schemas (route.ts, which re-exports these): the Route Planner downloads no zod (issue
 * 28, item 7). Pure: no I/O.
 */
import type { LatLng, RouteProblem, TimeWindow } from "./problem";

/** The most stops one route takes. */
export const MAX_ROUTE_STOPS = 200;
/** Minutes at a stop: a drive-by or a showing, unless the user says otherwise … */
export const VISIT_MINUTES = 15;
/** … and at a sale: registration, the call of the cases, the bidding. */
export const AUCTION_MINUTES = 60;

/** Where a stop came from: what the planner links back to. */
export const STOP_SOURCES = ["property", "auction", "contact", "event", "address", "pin"] as const;
export type StopSource = (typeof STOP_SOURCES)[number];

/** The longest name and address a saved stop keeps. */
export const MAX_STOP_LABEL = 200;
export const MAX_STOP_ADDRESS = 300;

/** What the optimiser needs of a route (saved, sent to the API, or a draft on the screen). */
export interface RouteFields {
  start: LatLng;
  end?: LatLng | null;
  returnToStart?: boolean;
  departAt: string;
  speedKmh?: number;
  roadFactor?: number;
  stops: readonly (LatLng & {
    id: string;
    serviceMinutes?: number;
    window?: TimeWindow | null;
  })[];
}

/** The optimiser's problem for a route: its points, times and speeds, nothing else. */
export function routeProblem(route: RouteFields): RouteProblem {
  return {
    start: { lat: route.start.lat, lng: route.start.lng },
    ...(route.end ? { end: { lat: route.end.lat, lng: route.end.lng } } : {}),
    returnToStart: route.returnToStart,
    departAt: route.departAt,
    speedKmh: route.speedKmh,
    roadFactor: route.roadFactor,
    stops: route.stops.map(({ id, lat, lng, serviceMinutes, window }) => ({
      id,
      lat,
      lng,
      serviceMinutes: serviceMinutes ?? 0,
      ...(window ? { window } : {}),
    })),
  };
}

/** How a typed address is looked up and cached: trimmed, lower case, one space between words. */
export const normaliseAddress = (address: string) =>
  address
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\s*,\s*/g, ", ");
