/**
 * A route as Google Maps directions links. Google takes at most 9 waypoints between a link's origin
 * and destination, so a longer route is split into parts, each starting where the previous one
 * ends. Pure: no I/O.
 */
import type { LatLng } from "./optimize";

/** Google Maps' limit on the waypoints of one directions link. */
export const MAX_LINK_WAYPOINTS = 9;

export interface DirectionsLink {
  /** 1-based; "Part 2 of 3" when there are several. */
  part: number;
  of: number;
  url: string;
}

/** "33.448400,-112.074000": six decimals is about 10 cm, more than a door needs. */
const coordinates = (point: LatLng) => `${point.lat.toFixed(6)},${point.lng.toFixed(6)}`;

function directionsUrl(points: readonly LatLng[]) {
  const origin = points[0]!;
  const destination = points[points.length - 1]!;
  const waypoints = points.slice(1, -1);
  const query = [
    "api=1",
    `origin=${coordinates(origin)}`,
    `destination=${coordinates(destination)}`,
    // Google separates waypoints with a pipe; percent-encoded, as a URL's query requires.
    ...(waypoints.length ? [`waypoints=${waypoints.map(coordinates).join("%7C")}`] : []),
    "travelmode=driving",
  ];
  return `https://www.google.com/maps/dir/?${query.join("&")}`;
}

/**
 * Driving directions through `path` (the start, the stops in order, and where the day ends), as
 * one link or, beyond 9 waypoints, several: each part's origin is the previous part's destination.
 * None for a path of fewer than two points.
 */
export function googleMapsLinks(path: readonly LatLng[]): DirectionsLink[] {
  if (path.length < 2) return [];
  const step = MAX_LINK_WAYPOINTS + 1;
  const parts: LatLng[][] = [];
  for (let first = 0; first < path.length - 1; first += step) {
    parts.push(path.slice(first, Math.min(first + step, path.length - 1) + 1));
  }
  return parts.map((points, index) => ({
    part: index + 1,
    of: parts.length,
    url: directionsUrl(points),
  }));
}
