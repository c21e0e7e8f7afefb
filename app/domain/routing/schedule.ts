/**
 * A route problem compiled for the optimiser (stops as point numbers, times as minutes after the
 * departure), and the figures of an order: its distance, its lateness, its legs with their times.
 * Pure: no I/O.
 */
import { travelTable, type TravelTable } from "./geo";
import type { RouteLeg, RoutePlan, RouteProblem, TravelMatrix } from "./problem";

/** Arrivals later than this past a window's end are late; less is floating-point noise. */
export const LATE_TOLERANCE_MINUTES = 1e-9;
/** `Instance.finish` of an open route, which ends at its last stop. */
export const OPEN_ROUTE = -1;
const START = 0;
const MS_PER_MINUTE = 60_000;

/** A UTC offset as written in the departure time, kept for every time the plan writes. */
interface Offset {
  minutes: number;
  text: string;
}

/**
 * A problem as the optimiser reads it. Points are numbered as in a `TravelMatrix` (0 the start,
 * 1..n the stops, n + 1 the end); per-point arrays are indexed by that number; positions are
 * 0-based places in the order.
 */
export interface Instance {
  stopCount: number;
  /** The names legs use: "start", the stop ids, "end". */
  names: string[];
  table: TravelTable;
  /** The point the route ends at, or OPEN_ROUTE. */
  finish: number;
  serviceMinutes: Float64Array;
  /** Window starts and ends in minutes after the departure; ±Infinity without a window. */
  opens: Float64Array;
  closes: Float64Array;
  hasWindows: boolean;
  departMs: number;
  offset: Offset;
  /** By position: the point locked there, or 0 when the position is free. */
  lockedAt: Int32Array;
  /** By point: its locked position, or -1 when it may go anywhere. */
  lockedPosition: Int32Array;
}

/** What the optimiser minimises, in this order: minutes late summed over stops, then km. */
export interface Score {
  late: number;
  km: number;
}

/** Whether `a` is strictly better than `b`, ignoring floating-point noise. */
export function isBetter(a: Score, b: Score): boolean {
  if (a.late < b.late - LATE_TOLERANCE_MINUTES) return true;
  if (a.late > b.late + LATE_TOLERANCE_MINUTES) return false;
  return a.km < b.km - 1e-9;
}

function offsetOf(iso: string): Offset {
  const match = /(?:Z|([+-])(\d{2}):?(\d{2})?)$/i.exec(iso);
  if (!match?.[1]) return { minutes: 0, text: "Z" };
  const hours = match[2] ?? "00";
  const minutes = match[3] ?? "00";
  const sign = match[1] === "-" ? -1 : 1;
  return {
    minutes: sign * (Number(hours) * 60 + Number(minutes)),
    text: `${match[1]}${hours}:${minutes}`,
  };
}

/** `minutes` after the departure as ISO-8601 in the departure's offset, to the nearest second. */
function formatTime(instance: Instance, minutes: number): string {
  const ms = Math.round((instance.departMs + minutes * MS_PER_MINUTE) / 1000) * 1000;
  const wallClock = new Date(ms + instance.offset.minutes * MS_PER_MINUTE);
  return `${wallClock.toISOString().slice(0, 19)}${instance.offset.text}`;
}

/**
 * Each stop's locked position from `locked` (stop id → position), and each position's stop.
 * Throws when two stops claim one position: no order could keep both.
 */
function lockTables(problem: RouteProblem, locked: Record<string, number>) {
  const count = problem.stops.length;
  const lockedAt = new Int32Array(count);
  const lockedPosition = new Int32Array(count + 2).fill(-1);
  problem.stops.forEach((stop, index) => {
    // Own keys only: a stop named "constructor" is not locked by Object.prototype.
    if (!Object.hasOwn(locked, stop.id)) return;
    const position = locked[stop.id]!;
    const other = lockedAt[position]!;
    if (other) {
      const ids = `“${problem.stops[other - 1]!.id}” and “${stop.id}”`;
      throw new Error(`Stops ${ids} are both locked at position ${position}`);
    }
    lockedAt[position] = index + 1;
    lockedPosition[index + 1] = position;
  });
  return { lockedAt, lockedPosition };
}

/** Compiles a problem: its travel figures, its windows in minutes, its locks. */
export function compileProblem(
  problem: RouteProblem,
  options: { matrix?: TravelMatrix; locked?: Record<string, number> } = {},
): Instance {
  const count = problem.stops.length;
  const departMs = Date.parse(problem.departAt);
  const minutesAfterDeparture = (iso: string) => (Date.parse(iso) - departMs) / MS_PER_MINUTE;
  const serviceMinutes = new Float64Array(count + 2);
  const opens = new Float64Array(count + 2).fill(-Infinity);
  const closes = new Float64Array(count + 2).fill(Infinity);
  problem.stops.forEach((stop, index) => {
    serviceMinutes[index + 1] = stop.serviceMinutes ?? 0;
    if (!stop.window) return;
    opens[index + 1] = minutesAfterDeparture(stop.window.start);
    closes[index + 1] = minutesAfterDeparture(stop.window.end);
  });
  const finish = problem.end ? count + 1 : problem.returnToStart ? START : OPEN_ROUTE;
  return {
    stopCount: count,
    names: ["start", ...problem.stops.map((stop) => stop.id), "end"],
    table: travelTable(problem, options.matrix),
    finish,
    serviceMinutes,
    opens,
    closes,
    hasWindows: problem.stops.some((stop) => stop.window),
    departMs,
    offset: offsetOf(problem.departAt),
    ...lockTables(problem, options.locked ?? {}),
  };
}

/** Km from one point to another; 0 to OPEN_ROUTE (an open route has no last leg). */
export function kmBetween(instance: Instance, from: number, to: number): number {
  return to === OPEN_ROUTE ? 0 : instance.table.km[from * instance.table.size + to]!;
}

export function minutesBetween(instance: Instance, from: number, to: number): number {
  return to === OPEN_ROUTE ? 0 : instance.table.minutes[from * instance.table.size + to]!;
}

/** Minutes late arriving at `point` at `arrival` (0 when on time or without a window). */
export function lateness(instance: Instance, point: number, arrival: number): number {
  const over = arrival - instance.closes[point]!;
  return over > LATE_TOLERANCE_MINUTES ? over : 0;
}

/** When the visit at `point` ends: after any wait for its window to open and its service. */
export function departure(instance: Instance, point: number, arrival: number): number {
  return Math.max(arrival, instance.opens[point]!) + instance.serviceMinutes[point]!;
}

/** The score of visiting the stops in `order` (points). */
export function scoreOrder(instance: Instance, order: ArrayLike<number>): Score {
  let at = START;
  let time = 0;
  let late = 0;
  let km = 0;
  for (let position = 0; position < order.length; position += 1) {
    const point = order[position]!;
    const arrival = time + minutesBetween(instance, at, point);
    late += lateness(instance, point, arrival);
    time = departure(instance, point, arrival);
    km += kmBetween(instance, at, point);
    at = point;
  }
  return { late, km: km + kmBetween(instance, at, instance.finish) };
}

/** The full plan of visiting the stops in `order` (points): legs, times, totals, late stops. */
export function planOf(instance: Instance, order: readonly number[]): RoutePlan {
  const legs: RouteLeg[] = [];
  const late: string[] = [];
  let at = START;
  let leftAt = 0;
  let arrival = 0;
  for (const point of order) {
    arrival = leftAt + minutesBetween(instance, at, point);
    const serviceStart = Math.max(arrival, instance.opens[point]!);
    if (lateness(instance, point, arrival) > 0) late.push(instance.names[point]!);
    legs.push(legOf(instance, at, point, leftAt, arrival, serviceStart - arrival));
    at = point;
    leftAt = departure(instance, point, arrival);
  }
  if (instance.finish !== OPEN_ROUTE) {
    arrival = leftAt + minutesBetween(instance, at, instance.finish);
    legs.push(legOf(instance, at, instance.finish, leftAt, arrival, 0));
  }
  return {
    order: order.map((point) => instance.names[point]!),
    legs,
    totalDistanceKm: legs.reduce((sum, leg) => sum + leg.distanceKm, 0),
    totalMinutes: arrival,
    feasible: late.length === 0,
    late,
  };
}

function legOf(
  instance: Instance,
  from: number,
  to: number,
  leftAt: number,
  arrival: number,
  waitMinutes: number,
): RouteLeg {
  return {
    from: instance.names[from]!,
    to: instance.names[to]!,
    distanceKm: kmBetween(instance, from, to),
    minutes: minutesBetween(instance, from, to),
    arriveAt: formatTime(instance, arrival),
    departAt: formatTime(instance, leftAt),
    waitMinutes,
  };
}

/** The points of stop ids in a given order; throws on an id the problem does not have. */
export function pointsOf(instance: Instance, ids: readonly string[]): number[] {
  const pointOf = new Map(
    instance.names.slice(1, instance.stopCount + 1).map((id, i) => [id, i + 1]),
  );
  return ids.map((id) => {
    const point = pointOf.get(id);
    if (point === undefined) throw new Error(`No stop “${id}” in the route`);
    return point;
  });
}
