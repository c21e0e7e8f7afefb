/**
 * The route being planned, as the screen holds it, and what is worked out from it: the problem the
 * optimiser takes, the path on the map, the saving against the entered order, the body a save
 * sends. Pure: no I/O, no React.
 */
import { localTimeToIso, wallClockIn } from "~/domain/auctions/time-zones";
import { perZone } from "~/domain/format";
import type { LatLng, RouteLeg, RoutePlan, RouteProblem } from "~/domain/routing/optimize";
import { DEFAULT_ROAD_FACTOR, DEFAULT_SPEED_KMH } from "~/domain/routing/problem";
import type { Place, RouteBody, RouteStop, StartPlaces } from "~/domain/routing/route";
import { routeProblem, VISIT_MINUTES } from "~/domain/routing/route-terms";
import type { SavedRoute, StopCandidate } from "~/lib/api/routes";

/** A stop as planned: it may still wait for its place (being looked up, or to be pinned). */
export type DraftStop = Omit<RouteStop, "lat" | "lng"> & { lat: number | null; lng: number | null };
export type PlacedStop = DraftStop & LatLng;

/** Where the day ends: at the last stop, back at the start, or at another place. */
type EndMode = "last" | "start" | "place";

export interface RouteDraft {
  /** The saved route's id; null until it is saved. */
  id: string | null;
  name: string;
  /** The day (YYYY-MM-DD) and the departure time (HH:MM), read in `timeZone`. */
  date: string;
  time: string;
  /**
   * The session's zone (the browser's when the user signed in): the server knows it, so the
   * page's HTML and the browser's first render show the same times.
   */
  timeZone: string;
  start: Place | null;
  endMode: EndMode;
  end: Place | null;
  /** In the order they were added: what the saving is measured against. */
  stops: DraftStop[];
  /** The order the route runs in: every stop id once. */
  order: string[];
  speedKmh: number;
  roadFactor: number;
}

export const isPlaced = (stop: DraftStop): stop is PlacedStop =>
  stop.lat !== null && stop.lng !== null;

const DEFAULT_DEPARTURE = "09:00";

/** "Route for Mar 17" */
export const defaultRouteName = (date: string) =>
  `Route for ${new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`))}`;

/** A new route for `today` (YYYY-MM-DD), from home (else the office) when remembered. */
export function newDraft(today: string, places: StartPlaces | null, timeZone: string): RouteDraft {
  return {
    id: null,
    name: defaultRouteName(today),
    date: today,
    time: DEFAULT_DEPARTURE,
    timeZone,
    start: places?.home ?? places?.office ?? null,
    endMode: "start",
    end: null,
    stops: [],
    order: [],
    speedKmh: DEFAULT_SPEED_KMH,
    roadFactor: DEFAULT_ROAD_FACTOR,
  };
}

const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, "0");

/** "HH:MM" of an instant, in `zone`. */
const clockOf = (instant: string, zone: string) => {
  const wall = wallClockIn(Date.parse(instant), zone);
  return `${pad(wall.hour)}:${pad(wall.minute)}`;
};

export function draftOfRoute(route: SavedRoute, timeZone: string): RouteDraft {
  return {
    id: route.id,
    name: route.name,
    date: route.date,
    time: clockOf(route.departAt, timeZone),
    timeZone,
    start: route.start,
    endMode: route.returnToStart ? "start" : route.end ? "place" : "last",
    end: route.end,
    stops: route.stops,
    order: route.order,
    speedKmh: route.speedKmh,
    roadFactor: route.roadFactor,
  };
}

/** "2027-03-17T09:00:00-04:00": the time on that day in `zone`, with the zone's offset then. */
export function localInstant(date: string, time: string, zone: string) {
  const instant = Date.parse(localTimeToIso(`${date} ${time}`, zone) ?? `${date}T${time}:00Z`);
  const offset = (Date.parse(`${date}T${time}:00Z`) - instant) / 60_000;
  return `${date}T${time}:00${offset < 0 ? "-" : "+"}${pad(offset / 60)}:${pad(offset % 60)}`;
}

/** The stop a candidate becomes; its id says where it came from, so it is added once. */
export function stopOfCandidate(candidate: StopCandidate): DraftStop {
  return {
    id: `${candidate.source}-${candidate.sourceId}`.slice(0, 100),
    label: candidate.label,
    address: candidate.address,
    lat: candidate.lat,
    lng: candidate.lng,
    serviceMinutes: candidate.serviceMinutes,
    window: candidate.window,
    locked: false,
    source: candidate.source,
    sourceId: candidate.sourceId,
  };
}

/** A typed address, to be looked up (or pinned by hand). */
export const stopOfAddress = (address: string, id: string): DraftStop => ({
  id,
  label: address,
  address,
  lat: null,
  lng: null,
  serviceMinutes: VISIT_MINUTES,
  window: null,
  locked: false,
  source: "address",
  sourceId: null,
});

/** The stops in the order the route runs, those with a place only. */
export function orderedStops(draft: RouteDraft): PlacedStop[] {
  const byId = new Map(draft.stops.map((stop) => [stop.id, stop]));
  return draft.order.flatMap((id) => {
    const stop = byId.get(id);
    return stop && isPlaced(stop) ? [stop] : [];
  });
}

/** Where the day ends, as a point; none when it ends at the last stop. */
export function endPoint(draft: RouteDraft): Place | null {
  if (draft.endMode === "start") return draft.start;
  return draft.endMode === "place" ? draft.end : null;
}

/**
 * What the optimiser takes: the start, the placed stops in the order they were added (the road
 * matrix's order too), the end. Null until there is a start and a placed stop.
 */
export function problemOf(draft: RouteDraft): RouteProblem | null {
  const stops = draft.stops.filter(isPlaced);
  if (!draft.start || stops.length === 0) return null;
  if (draft.endMode === "place" && !draft.end) return null;
  return routeProblem({
    start: draft.start,
    end: draft.endMode === "place" ? draft.end : null,
    returnToStart: draft.endMode === "start",
    departAt: localInstant(draft.date, draft.time, draft.timeZone),
    speedKmh: draft.speedKmh,
    roadFactor: draft.roadFactor,
    stops,
  });
}

/** Locked stops, pinned to their places in the running order (placed stops counted). */
export function lockedPositions(draft: RouteDraft): Record<string, number> {
  const locked: Record<string, number> = {};
  orderedStops(draft).forEach((stop, position) => {
    if (stop.locked) locked[stop.id] = position;
  });
  return locked;
}

/**
 * The running order after the optimiser's answer for the placed stops: the stops still waiting
 * for a place keep their turn after them.
 */
export function withPlacedOrder(draft: RouteDraft, placedOrder: readonly string[]) {
  const placed = new Set(placedOrder);
  return [...placedOrder, ...draft.order.filter((id) => !placed.has(id))];
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
  return next;
}

/** The whole path, as driven: the start, the stops in order, the end (the start again, back). */
export function routePath(draft: RouteDraft): LatLng[] {
  if (!draft.start) return [];
  const end = endPoint(draft);
  return [draft.start, ...orderedStops(draft), ...(end ? [end] : [])].map(({ lat, lng }) => ({
    lat,
    lng,
  }));
}

export interface Saving {
  km: number;
  minutes: number;
}

/** What the running order saves against the order the stops were entered in (negative: costs). */
export const savingOf = (entered: RoutePlan, current: RoutePlan): Saving => ({
  km: entered.totalDistanceKm - current.totalDistanceKm,
  minutes: entered.totalMinutes - current.totalMinutes,
});

/** The leg that reaches a stop. */
export const legTo = (plan: RoutePlan | null, stopId: string): RouteLeg | undefined =>
  plan?.legs.find((leg) => leg.to === stopId);

/** Minutes after the window's end a stop is reached; 0 when on time. */
export function minutesLate(stop: Pick<DraftStop, "window">, leg: RouteLeg | undefined) {
  if (!stop.window || !leg) return 0;
  // Rounded up: a stop late by seconds is late, as the plan counts it.
  return Math.max(0, Math.ceil((Date.parse(leg.arriveAt) - Date.parse(stop.window.end)) / 60_000));
}

/** Why a draft cannot be saved yet, in words; null when it can. */
export function unsavableReason(draft: RouteDraft): string | null {
  if (!draft.name.trim()) return "Name the route.";
  if (!draft.start) return "Choose where the route starts.";
  if (draft.endMode === "place" && !draft.end) return "Choose where the day ends.";
  if (draft.stops.length === 0) return "Add at least one stop.";
  const unplaced = draft.stops.filter((stop) => !isPlaced(stop));
  if (unplaced.length)
    return `Pin ${unplaced.map((stop) => stop.label).join(", ")} on the map, or remove ${unplaced.length === 1 ? "it" : "them"}.`;
  return null;
}

/** The body a save sends (only for a draft `unsavableReason` accepts). */
export function bodyOfDraft(draft: RouteDraft): RouteBody {
  const problem = problemOf(draft);
  if (!problem || !draft.start) throw new Error(unsavableReason(draft) ?? "Not ready to save");
  return {
    name: draft.name.trim(),
    date: draft.date,
    departAt: problem.departAt,
    start: draft.start,
    end: draft.endMode === "place" ? draft.end : null,
    returnToStart: draft.endMode === "start",
    speedKmh: draft.speedKmh,
    roadFactor: draft.roadFactor,
    stops: draft.stops.filter(isPlaced),
    order: draft.order,
  };
}

/** "12.4 km" */
export const formatKm = (km: number) =>
  `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(Math.abs(km))} km`;

/** "1 h 05 min", "18 min" */
export function formatMinutes(minutes: number) {
  const whole = Math.round(Math.abs(minutes));
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, "0")} min`;
}

const clock = perZone({ timeStyle: "short" });

/** "9:42 AM" in `zone`. */
export const formatClock = (instant: string, zone: string) => clock(zone).format(new Date(instant));

/** "Arrive by 10:00 AM", or "Between 9:00 AM and 11:00 AM", in `zone`. */
export function windowText(window: { start: string; end: string }, zone: string) {
  return window.start === window.end
    ? `Arrive by ${formatClock(window.end, zone)}`
    : `Between ${formatClock(window.start, zone)} and ${formatClock(window.end, zone)}`;
}

/** What the figures rest on, said plainly. */
export const estimateText = (draft: Pick<RouteDraft, "speedKmh" | "roadFactor">) =>
  `Estimated: straight line × ${draft.roadFactor} at ${draft.speedKmh} km/h`;
