/**
 * What the planner reads in place, after its page came, each from a resource route a fetcher reads
 * (app/routes/route-planner.*.ts): the stops a day's route can be built from, the Google calendars
 * its visits can be written to, and the road figures and line through its points. Their paths are
 * static segments under /route-planner, which Remix ranks before a route's page
 * (/route-planner/:routeId). Pure: no I/O.
 */
import { midnightIn } from "~/domain/auctions/time-zones";
import { addIsoDays } from "~/domain/calendar/event-terms";
import type { LatLng } from "~/domain/routing/optimize";

export const STOP_CANDIDATES_ROUTE = "/route-planner/candidates";
export const GOOGLE_CALENDARS_ROUTE = "/route-planner/calendars";
export const ROADS_ROUTE = "/route-planner/roads";

/** What can be added on `date` (from its midnight to the next, in `zone`), with the records matching `q`. */
export function stopCandidatesPath(date: string, q: string, zone: string) {
  const query = new URLSearchParams({
    from: midnightIn(date, zone),
    to: midnightIn(addIsoDays(date, 1), zone),
  });
  if (q) query.set("q", q);
  return `${STOP_CANDIDATES_ROUTE}?${query}`;
}

/** What the road service is asked through the points: distances and times, or the line. */
export type RoadRead = "matrix" | "line";

/**
 * The points in a query string, "lat,lng;lat,lng…". A read is a GET, which carries them in its
 * URL: six decimals (about 10 cm, finer than a road service places a point) keep the API's 202
 * points near 5 KB, well within a URL's limits.
 */
const pointsText = (points: readonly LatLng[]) =>
  points.map(({ lat, lng }) => `${sixDecimals(lat)},${sixDecimals(lng)}`).join(";");

const sixDecimals = (value: number) => Math.round(value * 1e6) / 1e6;

export const roadsPath = (read: RoadRead, points: readonly LatLng[]) =>
  `${ROADS_ROUTE}?${new URLSearchParams({ read, points: pointsText(points) })}`;

/**
 * The points a query string carries, for the API's schema to check: a pair that is not two
 * numbers is read as no number (NaN), which the schema refuses.
 */
export function pointsOfText(text: string | null) {
  if (!text) return [];
  return text.split(";").map((pair) => {
    const parts = pair.split(",");
    const number = (part: string | undefined) =>
      parts.length === 2 && part?.trim() ? Number(part) : Number.NaN;
    return { lat: number(parts[0]), lng: number(parts[1]) };
  });
}
