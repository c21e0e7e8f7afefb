/**
 * The route optimiser: the order of a day's stops that is shortest while meeting every time window
 * (or, when none can, least late), and the figures of any order. One pure module for the API, the
 * agent and the screen (docs/decisions/0012-route-planner.md). No I/O.
 */
import { compileProblem, planOf, pointsOf, scoreOrder, isBetter, type Instance } from "./schedule";
import type { LockedPositions, RoutePlan, RouteProblem, TravelMatrix } from "./problem";
import { constructions, exactOrder, improveOrder, nearestNeighbour } from "./search";

export { haversineKm } from "./geo";
export type {
  LatLng,
  TimeWindow,
  RouteStop,
  RouteProblem,
  TravelMatrix,
  RouteLeg,
  RoutePlan,
  LockedPositions,
} from "./problem";

/** Up to this many stops the answer is exactly optimal; beyond, a local search's best. */
export const EXACT_MAX_STOPS = 10;

/** How hard the local search tries: kicks out of local optima, and moves evaluated at most. */
const searchEffort = (stopCount: number) => ({
  kicks: Math.max(500, 8 * stopCount),
  work: 40_000 * stopCount,
});

/** A quick local search's route, which the exact programme then only has to beat. */
const BOUND_EFFORT = { kicks: 10, work: 50_000 };

function exactlyBestOrder(instance: Instance): number[] {
  return exactOrder(instance, improveOrder(instance, nearestNeighbour(instance), BOUND_EFFORT));
}

/** The local search from the best construction. */
function heuristicOrder(instance: Instance): number[] {
  const first = constructions(instance).reduce((best, order) =>
    isBetter(scoreOrder(instance, order), scoreOrder(instance, best)) ? order : best,
  );
  return improveOrder(instance, first, searchEffort(instance.stopCount));
}

/**
 * The best order for `problem` and its plan. `matrix` replaces the estimate with road figures;
 * `locked` keeps stops at their positions. Exact up to EXACT_MAX_STOPS stops; deterministic.
 */
export function optimizeRoute(
  problem: RouteProblem,
  options: { matrix?: TravelMatrix; locked?: LockedPositions } = {},
): RoutePlan {
  const instance = compileProblem(problem, options);
  const order =
    instance.stopCount <= EXACT_MAX_STOPS ? exactlyBestOrder(instance) : heuristicOrder(instance);
  return planOf(instance, order);
}

/** The plan of visiting the stops in `order` (stop ids, each once): what a drag shows at once. */
export function evaluateRoute(
  problem: RouteProblem,
  order: string[],
  options: { matrix?: TravelMatrix } = {},
): RoutePlan {
  const instance = compileProblem(problem, options);
  return planOf(instance, pointsOf(instance, order));
}

/** Each position takes its locked stop, or the nearest unvisited one: the baseline to beat. */
export function nearestNeighbourOrder(
  problem: RouteProblem,
  options: { matrix?: TravelMatrix; locked?: LockedPositions } = {},
): string[] {
  const instance = compileProblem(problem, options);
  return nearestNeighbour(instance).map((point) => instance.names[point]!);
}

/**
 * The local search `optimizeRoute` runs beyond EXACT_MAX_STOPS stops, from a given order (stop
 * ids) instead of its constructions, with the same effort. For comparisons, such as the bench's
 * best of many restarts from random orders.
 */
export function localSearch(
  problem: RouteProblem,
  initialOrder: string[],
  options: { matrix?: TravelMatrix; locked?: LockedPositions } = {},
): string[] {
  const instance = compileProblem(problem, options);
  const order = improveOrder(
    instance,
    pointsOf(instance, initialOrder),
    searchEffort(instance.stopCount),
  );
  return order.map((point) => instance.names[point]!);
}
