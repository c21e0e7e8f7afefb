/**
 * How the optimiser finds an order: exactly for small routes (a dynamic programme over subsets of
 * stops), by construction and deterministic local search beyond. Orders here are arrays of points
 * (see `Instance`). Pure: no I/O.
 */
import {
  OPEN_ROUTE,
  departure,
  LATE_TOLERANCE_MINUTES,
  isBetter,
  kmBetween,
  lateness,
  minutesBetween,
  scoreOrder,
  type Instance,
  type Score,
} from "./schedule";

const START = 0;
const NOT_LOCKED = -1;
const KM_TOLERANCE = 1e-9;

/** Whether `point` may take `position`: a locked stop only its own, a free one any free one. */
function isPlaceable(instance: Instance, point: number, position: number): boolean {
  const locked = instance.lockedPosition[point]!;
  return locked === NOT_LOCKED ? instance.lockedAt[position] === 0 : locked === position;
}

// ── Exact: a dynamic programme over (visited stops, last stop) ─────────────────────────────────

/**
 * A partial route: its distance, when it leaves its last stop, its lateness so far, and the
 * label it extends (to read the order back).
 */
interface Label {
  km: number;
  time: number;
  late: number;
  point: number;
  previous: Label | null;
}

/** Whether `a` is at least as good as `b` for every completion (`time` only if it still matters). */
const dominates = (a: Label, b: Label, timeMatters: boolean) =>
  a.late <= b.late && a.km <= b.km && (!timeMatters || a.time <= b.time);

/** Adds `label` to a state's labels unless one dominates it, dropping those it dominates. */
function addLabel(labels: Label[], label: Label, timeMatters: boolean) {
  for (const other of labels) if (dominates(other, label, timeMatters)) return;
  let kept = 0;
  for (const other of labels) if (!dominates(label, other, timeMatters)) labels[kept++] = other;
  labels.length = kept;
  labels.push(label);
}

function bitCount(set: number): number {
  let count = 0;
  for (let rest = set; rest; rest &= rest - 1) count += 1;
  return count;
}

/**
 * Lower bounds on what the stops not yet visited will add, valid for any matrix: each is reached
 * once, from another stop, by a leg no shorter or quicker than its shortest and quickest.
 */
interface Outlook {
  /** By set of visited stops: the least km still to drive (the finish included). */
  kmAfter: Float64Array;
  /** By point: the quickest leg into it from another stop. */
  minutesIn: Float64Array;
  /** The stops (as bits) whose window closes. */
  closing: number;
}

function outlookOf(instance: Instance): Outlook {
  const count = instance.stopCount;
  const cheapestIn = (point: number, cost: (from: number, to: number) => number) => {
    let least = Infinity;
    for (let from = 1; from <= count; from += 1)
      if (from !== point) least = Math.min(least, cost(from, point));
    return least;
  };
  const kmIn = Float64Array.from({ length: count + 1 }, (_, point) =>
    point ? cheapestIn(point, (from, to) => kmBetween(instance, from, to)) : 0,
  );
  const minutesIn = Float64Array.from({ length: count + 1 }, (_, point) =>
    point ? cheapestIn(point, (from, to) => minutesBetween(instance, from, to)) : 0,
  );
  const { finish } = instance;
  const kmToFinish =
    finish === OPEN_ROUTE ? 0 : cheapestIn(finish, (from, to) => kmBetween(instance, from, to));
  const kmAfter = new Float64Array(1 << count);
  let closing = 0;
  for (let stop = 0; stop < count; stop += 1)
    if (instance.closes[stop + 1]! < Infinity) closing |= 1 << stop;
  for (let set = 0; set < kmAfter.length; set += 1) {
    let km = kmToFinish;
    for (let stop = 0; stop < count; stop += 1) if (!(set & (1 << stop))) km += kmIn[stop + 1]!;
    kmAfter[set] = km;
  }
  return { kmAfter, minutesIn, closing };
}

/** The least lateness still to come for the stops outside `set`, leaving the last at `time`. */
function lateAhead(instance: Instance, outlook: Outlook, set: number, time: number): number {
  let late = 0;
  for (let rest = outlook.closing & ~set; rest; rest &= rest - 1) {
    const point = 32 - Math.clz32(rest & -rest);
    late += lateness(instance, point, time + outlook.minutesIn[point]!);
  }
  return late;
}

/**
 * The best complete route by the DP that beats `bound` (a route already known), or null. Without
 * `allowLate`, routes that miss a window are dropped and the least distance wins; with it, the
 * least lateness, then the least distance. Stop `s` (point s + 1) is bit s of a set. A state
 * keeps every label no other label beats on distance, lateness and (while a window is still to
 * close) time: with windows, arriving earlier can matter more than driving less. A partial
 * route whose lower bounds are already worse than `bound` is dropped.
 */
function bestByProgramme(
  instance: Instance,
  outlook: Outlook,
  allowLate: boolean,
  bound: Score,
): Label | null {
  const count = instance.stopCount;
  const all = (1 << count) - 1;
  const states: (Label[] | undefined)[] = new Array((all + 1) * count);
  const extend = (label: Label, set: number) => {
    const position = bitCount(set);
    for (let stop = 0; stop < count; stop += 1) {
      const point = stop + 1;
      if (set & (1 << stop) || !isPlaceable(instance, point, position)) continue;
      const next = set | (1 << stop);
      const arrival = label.time + minutesBetween(instance, label.point, point);
      const time = departure(instance, point, arrival);
      const late = label.late + lateness(instance, point, arrival);
      const km = label.km + kmBetween(instance, label.point, point);
      const leastLate = late + lateAhead(instance, outlook, next, time);
      if (!allowLate && leastLate > 0) continue;
      if (isBetter(bound, { late: leastLate, km: km + outlook.kmAfter[next]! })) continue;
      const labels = (states[next * count + stop] ??= []);
      addLabel(labels, { km, time, late, point, previous: label }, (outlook.closing & ~next) !== 0);
    }
  };
  extend({ km: 0, time: 0, late: 0, point: START, previous: null }, 0);
  for (let set = 1; set < all; set += 1)
    for (let stop = 0; stop < count; stop += 1)
      for (const label of states[set * count + stop] ?? []) extend(label, set);
  let best: Label | null = null;
  let bestScore = bound;
  for (let stop = 0; stop < count; stop += 1)
    for (const label of states[all * count + stop] ?? []) {
      const km = label.km + kmBetween(instance, label.point, instance.finish);
      const score = { late: label.late, km };
      if (isBetter(score, bestScore)) [best, bestScore] = [label, score];
    }
  return best;
}

/** The points of a complete route, read back from its last label. */
function orderOf(label: Label): number[] {
  const order: number[] = [];
  for (let at: Label | null = label; at?.previous; at = at.previous) order.push(at.point);
  return order.reverse();
}

/**
 * The optimal order: the shortest that meets every window, or, when none does, the least late
 * (then shortest). Exponential in the stops (2ⁿ·n states): meant for up to about 10. A `known`
 * order (say, a local search's) bounds the programme, which then only looks for better ones.
 */
export function exactOrder(instance: Instance, known?: number[]): number[] {
  const bound = known ? scoreOrder(instance, known) : { late: Infinity, km: Infinity };
  const outlook = outlookOf(instance);
  const best =
    bestByProgramme(instance, outlook, false, bound) ??
    (bound.late > 0 ? bestByProgramme(instance, outlook, true, bound) : null);
  if (best) return orderOf(best);
  if (known) return known;
  throw new Error("No order places every locked stop at its position");
}

// ── Constructions ───────────────────────────────────────────────────────────────────────────────

/** Free stops in `sequence` laid into the positions no stop is locked at, in turn. */
function withLocks(instance: Instance, sequence: readonly number[]): number[] {
  const free = sequence[Symbol.iterator]();
  return Array.from(instance.lockedAt, (point) => point || (free.next().value as number));
}

const freePoints = (instance: Instance) =>
  Array.from({ length: instance.stopCount }, (_, i) => i + 1).filter(
    (point) => instance.lockedPosition[point] === NOT_LOCKED,
  );

/** Each position takes its locked stop, or the nearest (by distance) stop not yet visited. */
export function nearestNeighbour(instance: Instance): number[] {
  const left = new Set(freePoints(instance));
  const order: number[] = [];
  let at = START;
  for (let position = 0; position < instance.stopCount; position += 1) {
    let next = instance.lockedAt[position]!;
    if (!next) {
      let nearest = Infinity;
      for (const point of left)
        if (kmBetween(instance, at, point) < nearest)
          [next, nearest] = [point, kmBetween(instance, at, point)];
      left.delete(next);
    }
    order.push(next);
    at = next;
  }
  return order;
}

/**
 * A time-window construction: the free stops with a closing time by that time, then each other
 * free stop inserted where it costs least (lateness, then distance), locks laid in last.
 */
function deadlineInsertion(instance: Instance): number[] {
  const free = freePoints(instance);
  const closes = (point: number) => instance.closes[point]!;
  const sequence = free.filter((point) => closes(point) < Infinity);
  sequence.sort((a, b) => closes(a) - closes(b) || a - b);
  for (const point of free.filter((p) => closes(p) === Infinity)) {
    let bestAt = 0;
    let best: Score = { late: Infinity, km: Infinity };
    for (let at = 0; at <= sequence.length; at += 1) {
      const score = scoreOrder(instance, sequence.toSpliced(at, 0, point));
      if (isBetter(score, best)) [bestAt, best] = [at, score];
    }
    sequence.splice(bestAt, 0, point);
  }
  return withLocks(instance, sequence);
}

// ── Local search ────────────────────────────────────────────────────────────────────────────────

/**
 * The search's allowance, counted in moves and stops evaluated rather than in time, so that it
 * ends the same way on every machine.
 */
interface Budget {
  left: number;
}

/**
 * An order with running figures by position, so that a move's change in distance costs O(1)
 * and its lateness only the stops from the first it changes.
 */
class Tour {
  readonly order: Int32Array;
  /** By point: its position. */
  readonly position: Int32Array;
  /** km along the order from position 0 to each position, driven forwards and backwards. */
  readonly forward: Float64Array;
  readonly backward: Float64Array;
  /** By position: when the visit ends, and the minutes late up to it. */
  readonly leaves: Float64Array;
  readonly lateSoFar: Float64Array;
  /** By point: the points before and after it, to tell which stops a change reached. */
  private readonly previous: Int32Array;
  private readonly next: Int32Array;
  /** Stops whose neighbours changed since this list was last emptied. */
  readonly touched: number[] = [];
  /** By position: how many locked positions come before it. */
  private readonly lockedBefore: Int32Array;
  private readonly kmTable: Float64Array;
  private readonly size: number;
  km = 0;
  late = 0;

  constructor(
    readonly instance: Instance,
    order: ArrayLike<number>,
  ) {
    const count = order.length;
    this.order = Int32Array.from(order);
    this.position = new Int32Array(count + 2);
    this.forward = new Float64Array(count);
    this.backward = new Float64Array(count);
    this.leaves = new Float64Array(count);
    this.lateSoFar = new Float64Array(count);
    this.previous = new Int32Array(count + 2).fill(-2);
    this.next = new Int32Array(count + 2).fill(-2);
    this.lockedBefore = new Int32Array(count + 1);
    this.kmTable = instance.table.km;
    this.size = instance.table.size;
    for (let p = 0; p < count; p += 1)
      this.lockedBefore[p + 1] = this.lockedBefore[p]! + (instance.lockedAt[p] ? 1 : 0);
    this.refresh(0);
  }

  get score(): Score {
    return { late: this.late, km: this.km };
  }

  get length() {
    return this.order.length;
  }

  at(position: number) {
    return this.order[position]!;
  }

  /** The point before `position`: the start before the first. */
  before(position: number) {
    return position === 0 ? START : this.order[position - 1]!;
  }

  /** The point after `position`: the finish (or OPEN_ROUTE) after the last. */
  after(position: number) {
    return position === this.order.length - 1 ? this.instance.finish : this.order[position + 1]!;
  }

  /** Km from one point to the next (the table read directly: the search's innermost step). */
  edge(from: number, to: number) {
    return to === OPEN_ROUTE ? 0 : this.kmTable[from * this.size + to]!;
  }

  isLocked(position: number) {
    return this.instance.lockedAt[position] !== 0;
  }

  /** Whether a stop is locked anywhere in positions `from`..`to`. */
  hasLockIn(from: number, to: number) {
    return this.lockedBefore[to + 1]! > this.lockedBefore[from]!;
  }

  /** Positions `rewrite.from` on rewritten with its content, and the figures worked out again. */
  write(rewrite: Rewrite) {
    this.order.set(rewrite.content.subarray(0, rewrite.size), rewrite.from);
    this.refresh(rewrite.from);
  }

  /** The figures again from `from` on, after the order changed there. */
  private refresh(from: number) {
    const { instance, order, forward, backward, leaves, lateSoFar } = this;
    const last = order.length - 1;
    for (let p = Math.max(from, 1); p <= last; p += 1) {
      forward[p] = forward[p - 1]! + kmBetween(instance, order[p - 1]!, order[p]!);
      backward[p] = backward[p - 1]! + kmBetween(instance, order[p]!, order[p - 1]!);
    }
    let time = from === 0 ? 0 : leaves[from - 1]!;
    let late = from === 0 ? 0 : lateSoFar[from - 1]!;
    for (let p = from; p <= last; p += 1) {
      const arrival = time + minutesBetween(instance, this.before(p), order[p]!);
      late += lateness(instance, order[p]!, arrival);
      time = departure(instance, order[p]!, arrival);
      leaves[p] = time;
      lateSoFar[p] = late;
    }
    for (let p = Math.max(from - 1, 0); p <= last; p += 1) this.place(p);
    this.late = late;
    this.km =
      kmBetween(instance, START, order[0]!) +
      forward[last]! +
      kmBetween(instance, order[last]!, instance.finish);
  }

  /** Notes the point at `position` there, and as touched if its pair of neighbours changed. */
  private place(position: number) {
    const point = this.order[position]!;
    const [before, after] = [this.before(position), this.after(position)];
    const [was, wasAfter] = [this.previous[point]!, this.next[point]!];
    this.position[point] = position;
    if ((before === was && after === wasAfter) || (before === wasAfter && after === was)) return;
    this.previous[point] = before;
    this.next[point] = after;
    this.touched.push(point);
  }

  /**
   * The lateness with positions from `rewrite.from` replaced by its content, or Infinity once it
   * must exceed `limit`. Past the change, the rest of the tour can only be as late as before when
   * leaving at the same time, no later when leaving earlier, no less when leaving later: the walk
   * stops as soon as that settles whether the move is better.
   */
  lateWith(rewrite: Rewrite, limit: number, budget: Budget) {
    const { instance, order, leaves, lateSoFar } = this;
    const { from, content } = rewrite;
    const changedTo = from + rewrite.size - 1;
    let time = from === 0 ? 0 : leaves[from - 1]!;
    let late = from === 0 ? 0 : lateSoFar[from - 1]!;
    let at = this.before(from);
    for (let p = from; p < order.length; p += 1) {
      budget.left -= 1;
      const point = p <= changedTo ? content[p - from]! : order[p]!;
      const arrival = time + minutesBetween(instance, at, point);
      late += lateness(instance, point, arrival);
      if (late > limit) return Infinity;
      time = departure(instance, point, arrival);
      at = point;
      if (p <= changedTo) continue;
      const asBefore = late + this.late - lateSoFar[p]!;
      if (time === leaves[p]) return asBefore;
      if (time > leaves[p]! && asBefore > limit) return Infinity;
      if (time < leaves[p]! && asBefore < this.late - LATE_TOLERANCE_MINUTES) return asBefore;
    }
    return late;
  }

  /** The same tour, with nothing touched yet. */
  copy() {
    const copy = new Tour(this.instance, this.order);
    copy.touched.length = 0;
    return copy;
  }
}

/** Positions from `from` on rewritten: the one kind of change every move makes. */
class Rewrite {
  readonly content: Int32Array;
  from = 0;
  size = 0;

  constructor(length: number) {
    this.content = new Int32Array(length);
  }

  /** Starts a rewrite at `from`. */
  begin(from: number) {
    this.from = from;
    this.size = 0;
    return this;
  }

  push(point: number) {
    this.content[this.size++] = point;
    return this;
  }

  /** Positions `first`..`last` of `tour`, backwards when `reversed`. */
  pushRun(tour: Tour, first: number, last: number, reversed = false) {
    if (reversed) for (let p = last; p >= first; p -= 1) this.push(tour.at(p));
    else for (let p = first; p <= last; p += 1) this.push(tour.at(p));
    return this;
  }
}

/** The working state of one search: its tour-sized scratch, its allowance. */
interface Search {
  rewrite: Rewrite;
  budget: Budget;
}

/**
 * Whether a move giving a route of `km` could beat the tour: without windows, or with every
 * window met, only a shorter route can. Counts the move against the budget.
 */
function isWorthTrying(tour: Tour, km: number, search: Search): boolean {
  search.budget.left -= 1;
  return (tour.instance.hasWindows && tour.late > 0) || km < tour.km - KM_TOLERANCE;
}

/** Applies the search's rewrite, a move giving a route of `km`, when it beats the tour. */
function tryRewrite(tour: Tour, km: number, { rewrite, budget }: Search): boolean {
  if (tour.instance.hasWindows) {
    const late = tour.lateWith(rewrite, tour.late + LATE_TOLERANCE_MINUTES, budget);
    if (!isBetter({ late, km }, tour.score)) return false;
  }
  tour.write(rewrite);
  return true;
}

/** 2-opt: reverses positions lo..hi when that is better. */
function tryReversal(tour: Tour, lo: number, hi: number, search: Search): boolean {
  if (lo < 0 || hi >= tour.length || lo >= hi || tour.hasLockIn(lo, hi)) return false;
  const [before, after, first, last] = [tour.before(lo), tour.after(hi), tour.at(lo), tour.at(hi)];
  const km =
    tour.km +
    tour.edge(before, last) +
    (tour.backward[hi]! - tour.backward[lo]!) +
    tour.edge(first, after) -
    tour.edge(before, first) -
    (tour.forward[hi]! - tour.forward[lo]!) -
    tour.edge(last, after);
  if (!isWorthTrying(tour, km, search)) return false;
  search.rewrite.begin(lo).pushRun(tour, lo, hi, true);
  return tryRewrite(tour, km, search);
}

/** The tour's km with run s..e taken out (its neighbours joined). */
function kmWithout(tour: Tour, s: number, e: number) {
  const [before, after] = [tour.before(s), tour.after(e)];
  return (
    tour.km -
    tour.edge(before, tour.at(s)) -
    tour.edge(tour.at(e), after) +
    tour.edge(before, after)
  );
}

/** The km added by putting run s..e (turned round when `turned`) between `left` and `right`. */
function kmInserted(
  tour: Tour,
  s: number,
  e: number,
  left: number,
  right: number,
  turned: boolean,
) {
  const [head, tail] = turned ? [tour.at(e), tour.at(s)] : [tour.at(s), tour.at(e)];
  const within = turned
    ? tour.backward[e]! - tour.backward[s]! - (tour.forward[e]! - tour.forward[s]!)
    : 0;
  return tour.edge(left, head) + tour.edge(tail, right) - tour.edge(left, right) + within;
}

/**
 * Or-opt: moves run s..e, either way round, to just before position `gap` (`gap` = length: to
 * the end) when that is better.
 */
function tryRunMove(
  tour: Tour,
  s: number,
  e: number,
  gap: number,
  search: Search,
  base = kmWithout(tour, s, e),
): boolean {
  if (gap >= s && gap <= e + 1) return false;
  if (gap > e ? tour.hasLockIn(s, gap - 1) : tour.hasLockIn(gap, e)) return false;
  const left = gap === 0 ? START : tour.at(gap - 1);
  const right = gap === tour.length ? tour.instance.finish : tour.at(gap);
  for (let turn = 0; turn < (e > s ? 2 : 1); turn += 1) {
    const turned = turn === 1;
    const km = base + kmInserted(tour, s, e, left, right, turned);
    if (!isWorthTrying(tour, km, search)) continue;
    if (gap > e)
      search.rewrite
        .begin(s)
        .pushRun(tour, e + 1, gap - 1)
        .pushRun(tour, s, e, turned);
    else
      search.rewrite
        .begin(gap)
        .pushRun(tour, s, e, turned)
        .pushRun(tour, gap, s - 1);
    if (tryRewrite(tour, km, search)) return true;
  }
  return false;
}

/** Swaps the stops at positions i and j when that is better (neighbours: a 2-opt). */
function trySwap(tour: Tour, i: number, j: number, search: Search): boolean {
  const [lo, hi] = i < j ? [i, j] : [j, i];
  if (hi - lo === 1) return tryReversal(tour, lo, hi, search);
  if (lo < 0 || hi >= tour.length || lo === hi || tour.isLocked(lo) || tour.isLocked(hi))
    return false;
  const [pi, pj] = [tour.at(lo), tour.at(hi)];
  const [bi, ai, bj, aj] = [tour.before(lo), tour.after(lo), tour.before(hi), tour.after(hi)];
  const km =
    tour.km +
    tour.edge(bi, pj) +
    tour.edge(pj, ai) +
    tour.edge(bj, pi) +
    tour.edge(pi, aj) -
    (tour.edge(bi, pi) + tour.edge(pi, ai) + tour.edge(bj, pj) + tour.edge(pj, aj));
  if (!isWorthTrying(tour, km, search)) return false;
  search.rewrite
    .begin(lo)
    .push(pj)
    .pushRun(tour, lo + 1, hi - 1)
    .push(pi);
  return tryRewrite(tour, km, search);
}

/** One sweep of every 2-opt, Or-opt (runs of 1–3) and swap; whether any improved the tour. */
function sweep(tour: Tour, search: Search): boolean {
  let improved = false;
  const count = tour.length;
  for (let size = 1; size <= 3; size += 1)
    for (let s = 0; s + size <= count && search.budget.left > 0; s += 1)
      for (let gap = 0; gap <= count; gap += 1)
        if (tryRunMove(tour, s, s + size - 1, gap, search, kmWithout(tour, s, s + size - 1))) {
          improved = true;
          break;
        }
  for (let i = 0; i < count && search.budget.left > 0; i += 1)
    for (let j = i + 1; j < count; j += 1) {
      if (tryReversal(tour, i, j, search)) improved = true;
      if (j > i + 1 && trySwap(tour, i, j, search)) improved = true;
    }
  return improved;
}

/** Improves `tour` by sweeps until no move helps (a local optimum) or the budget is spent. */
function descend(tour: Tour, search: Search) {
  while (search.budget.left > 0 && sweep(tour, search));
  tour.touched.length = 0;
}

/**
 * The moves that bring stop `point` next to one of its `near` stops: 2-opt, swaps with the near
 * stop's neighbours, Or-opt of the runs it ends. Applies the first that improves the tour.
 */
function improveAround(tour: Tour, point: number, near: Int32Array, search: Search): boolean {
  const i = tour.position[point]!;
  for (const other of near) {
    const j = tour.position[other]!;
    if (
      tryReversal(tour, i + 1, j, search) ||
      tryReversal(tour, j + 1, i, search) ||
      tryReversal(tour, i, j - 1, search) ||
      tryReversal(tour, j, i - 1, search) ||
      trySwap(tour, i, j - 1, search) ||
      trySwap(tour, i, j + 1, search)
    )
      return true;
  }
  for (let size = 1; size <= 3; size += 1)
    for (let s = i - size + 1; s <= i; s += size === 1 ? 1 : size - 1) {
      const e = s + size - 1;
      if (s < 0 || e >= tour.length) continue;
      const base = kmWithout(tour, s, e);
      for (const other of near) {
        const j = tour.position[other]!;
        if (tryRunMove(tour, s, e, j, search, base) || tryRunMove(tour, s, e, j + 1, search, base))
          return true;
      }
    }
  return false;
}

/**
 * Descent around the stops a change touched (don't-look bits): each is looked at again only
 * when a later move changes its neighbours. Much cheaper than a sweep after a small kick.
 */
function descendAround(tour: Tour, near: Int32Array[], search: Search) {
  const queue = [...tour.touched];
  const queued = new Uint8Array(tour.length + 2);
  for (const point of queue) queued[point] = 1;
  tour.touched.length = 0;
  for (let head = 0; head < queue.length && search.budget.left > 0; head += 1) {
    const point = queue[head]!;
    queued[point] = 0;
    if (!improveAround(tour, point, near[point]!, search)) continue;
    for (const touched of [point, ...tour.touched])
      if (!queued[touched]) {
        queued[touched] = 1;
        queue.push(touched);
      }
    tour.touched.length = 0;
  }
}

/** By stop: its `count` nearest stops (by the km there and back), nearest first. */
function nearestStops(instance: Instance, count: number): Int32Array[] {
  const points = Array.from({ length: instance.stopCount }, (_, i) => i + 1);
  const near = [new Int32Array(0)];
  for (const point of points) {
    const apart = (other: number) =>
      kmBetween(instance, point, other) + kmBetween(instance, other, point);
    const others = points.filter((other) => other !== point);
    others.sort((a, b) => apart(a) - apart(b) || a - b);
    near.push(Int32Array.from(others.slice(0, count)));
  }
  return near;
}

// ── Perturbation ────────────────────────────────────────────────────────────────────────────────

/**
 * mulberry32: a small seeded generator, so that the same input gives the same route (and the tests
 * and the bench draw the same days on every run).
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from the route itself (FNV-1a over its names, its first km row and its order). */
function seedOf(instance: Instance, order: ArrayLike<number>) {
  let hash = 0x811c9dc5;
  const mix = (value: number) => (hash = Math.imul(hash ^ value, 0x01000193));
  for (const name of instance.names)
    for (let c = 0; c < name.length; c += 1) mix(name.charCodeAt(c));
  const { km, size } = instance.table;
  for (let point = 0; point < size; point += 1) mix(Math.round(km[point]! * 1e6));
  for (let p = 0; p < order.length; p += 1) mix(order[p]!);
  return hash >>> 0;
}

/**
 * A kick out of a local optimum: two neighbouring runs of free stops swap places (a local
 * double bridge, which 2-opt and Or-opt cannot undo in one move). Returns false when locks leave
 * no room for one.
 */
function kick(tour: Tour, random: () => number, rewrite: Rewrite): boolean {
  const longest = Math.max(1, Math.min(KICK_RUN_MAX, Math.floor(tour.length / 3)));
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const first = 1 + Math.floor(random() * longest);
    const second = 1 + Math.floor(random() * longest);
    const from = Math.floor(random() * (tour.length - first - second + 1));
    const to = from + first + second - 1;
    if (to >= tour.length || tour.hasLockIn(from, to)) continue;
    tour.write(
      rewrite
        .begin(from)
        .pushRun(tour, from + first, to)
        .pushRun(tour, from, to - second),
    );
    return true;
  }
  return false;
}

/** How many near stops each stop's moves consider after a kick, and the longest kicked run. */
const NEAR_STOPS = 10;
const KICK_RUN_MAX = 30;

/**
 * Iterated local search from `initial`: a full descent, then `kicks` times: kick the best tour,
 * descend around what changed, keep the result when it is no worse; a last full descent.
 * Deterministic: seeded from the input, limited by `work` (moves and stops evaluated).
 */
export function improveOrder(
  instance: Instance,
  initial: readonly number[],
  { kicks, work }: { kicks: number; work: number },
): number[] {
  const search: Search = { rewrite: new Rewrite(initial.length), budget: { left: work } };
  let best = new Tour(instance, initial);
  const near = nearestStops(instance, NEAR_STOPS);
  descendAround(best, near, search);
  descend(best, search);
  const random = seededRandom(seedOf(instance, initial));
  for (let round = 0; round < kicks && search.budget.left > 0; round += 1) {
    const trial = best.copy();
    if (!kick(trial, random, search.rewrite)) break;
    descendAround(trial, near, search);
    if (!isBetter(best.score, trial.score)) best = trial;
  }
  if (kicks > 0) descend(best, search);
  return Array.from(best.order);
}

/** The starting orders worth improving: nearest neighbour, and with windows a deadline order. */
export function constructions(instance: Instance): number[][] {
  return instance.hasWindows
    ? [nearestNeighbour(instance), deadlineInsertion(instance)]
    : [nearestNeighbour(instance)];
}
