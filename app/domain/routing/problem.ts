/**
 * The problem the route optimiser solves and the plan it answers: the shapes every routing module
 * shares (the optimiser, the travel figures, the schedule, the route's rules), and the defaults of
 * travel. Kept apart so that none of those modules needs another to name them. Pure: no I/O.
 */

/** Average speed between stops, in km/h, when the route gives none. */
export const DEFAULT_SPEED_KMH = 40;
/** Straight-line to road distance, when the route gives none. */
export const DEFAULT_ROAD_FACTOR = 1.3;

export interface LatLng {
  lat: number;
  lng: number;
}
/** ISO-8601 instants with an offset. */
export interface TimeWindow {
  start: string;
  end: string;
}
export interface RouteStop {
  id: string;
  lat: number;
  lng: number;
  serviceMinutes?: number;
  window?: TimeWindow;
}
/** A day's route as the optimiser takes it, already validated. */
export interface RouteProblem {
  start: LatLng;
  /** Never given together with `returnToStart: true`. Without either the route is open. */
  end?: LatLng;
  returnToStart?: boolean;
  departAt: string;
  /** Default 40. */
  speedKmh?: number;
  /** Straight line to road distance; default 1.3. */
  roadFactor?: number;
  /** 1..200, unique ids. */
  stops: RouteStop[];
}
/**
 * Optional road figures (e.g. from OSRM /table) replacing the estimate. Index 0 = start,
 * 1..n = stops in the input order, n+1 = end (only when `end` is given).
 */
export interface TravelMatrix {
  distanceKm: number[][];
  minutes: number[][];
}
/** A leg to a stop (or to the end); times are ISO-8601 in the offset of `departAt`. */
export interface RouteLeg {
  from: string;
  to: string;
  distanceKm: number;
  minutes: number;
  arriveAt: string;
  departAt: string;
  /** Minutes waited at `to` for its window to open. */
  waitMinutes: number;
}
export interface RoutePlan {
  order: string[];
  legs: RouteLeg[];
  totalDistanceKm: number;
  totalMinutes: number;
  feasible: boolean;
  /** The stops reached after their window closed, in route order. */
  late: string[];
}

/** Stop id → its fixed 0-based position in the order. */
export type LockedPositions = Record<string, number>;
