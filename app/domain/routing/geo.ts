/**
 * Travel figures between a route's points: the straight-line estimate (great-circle distance ×
 * road factor at a speed) or a road matrix given by the caller. Pure: no I/O.
 */
import {
  DEFAULT_ROAD_FACTOR,
  DEFAULT_SPEED_KMH,
  type LatLng,
  type RouteProblem,
  type TravelMatrix,
} from "./problem";

/** The mean Earth radius (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in km. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Distances and minutes between every two points, flattened (`from * size + to`). Points are
 * numbered as in a `TravelMatrix`: 0 the start, 1..n the stops in input order, n + 1 the end.
 */
export interface TravelTable {
  size: number;
  km: Float64Array;
  minutes: Float64Array;
}

/** The problem's points in the matrix's order: the start, the stops, the end when given. */
export const travelPoints = (problem: RouteProblem): LatLng[] => [
  problem.start,
  ...problem.stops,
  ...(problem.end ? [problem.end] : []),
];

/** The travel figures of a problem: the caller's road matrix when given, else the estimate. */
export function travelTable(problem: RouteProblem, matrix?: TravelMatrix): TravelTable {
  const points = travelPoints(problem);
  const size = points.length;
  const km = new Float64Array(size * size);
  const minutes = new Float64Array(size * size);
  const roadFactor = problem.roadFactor ?? DEFAULT_ROAD_FACTOR;
  const minutesPerKm = 60 / (problem.speedKmh ?? DEFAULT_SPEED_KMH);
  points.forEach((from, i) =>
    points.forEach((to, j) => {
      if (matrix) {
        km[i * size + j] = matrix.distanceKm[i]?.[j] ?? 0;
        minutes[i * size + j] = matrix.minutes[i]?.[j] ?? 0;
      } else {
        km[i * size + j] = haversineKm(from, to) * roadFactor;
        minutes[i * size + j] = km[i * size + j]! * minutesPerKm;
      }
    }),
  );
  return { size, km, minutes };
}
