/**
 * The Route Planner's draft rules: which positions locked stops keep (stops still waiting for a
 * place are not counted), where unplaced stops go after an optimisation, moving a stop, the saving
 * against the entered order, lateness, and why a draft cannot be saved yet.
 */
import { describe, expect, it } from "vitest";
import {
  bodyOfDraft,
  formatClock,
  localInstant,
  lockedPositions,
  minutesLate,
  moveItem,
  savingOf,
  unsavableReason,
  windowText,
  withPlacedOrder,
  type DraftStop,
  type RouteDraft,
} from "~/features/route-planner/draft";
import type { RoutePlan } from "~/domain/routing/optimize";

const stop = (id: string, placed = true, extra: Partial<DraftStop> = {}): DraftStop => ({
  id,
  label: `${id} St`,
  address: null,
  lat: placed ? 33.4 : null,
  lng: placed ? -112 : null,
  serviceMinutes: 15,
  window: null,
  locked: false,
  source: "address",
  sourceId: null,
  ...extra,
});

const draft = (stops: DraftStop[], order = stops.map((s) => s.id)): RouteDraft => ({
  id: null,
  name: "Drive-bys",
  date: "2027-03-17",
  time: "09:00",
  timeZone: "America/Phoenix",
  start: { label: "Home", address: null, lat: 33.45, lng: -112.07 },
  endMode: "start",
  end: null,
  stops,
  order,
  speedKmh: 40,
  roadFactor: 1.3,
});

const plan = (km: number, minutes: number): RoutePlan => ({
  order: [],
  legs: [],
  totalDistanceKm: km,
  totalMinutes: minutes,
  feasible: true,
  late: [],
});

describe("the route draft", () => {
  it("pins a locked stop to its position among the placed stops only", () => {
    const stops = [stop("a"), stop("waiting", false), stop("b", true, { locked: true })];
    expect(lockedPositions(draft(stops))).toEqual({ b: 1 });
  });

  it("keeps stops waiting for a place after the optimised ones", () => {
    const stops = [stop("a"), stop("waiting", false), stop("b")];
    expect(withPlacedOrder(draft(stops), ["b", "a"])).toEqual(["b", "a", "waiting"]);
  });

  it("moves a stop, clamping the target to the list", () => {
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 1, 9)).toEqual(["a", "c", "b"]);
  });

  it("measures the saving against the entered order, negative when it costs", () => {
    expect(savingOf(plan(50, 120), plan(42.5, 130))).toEqual({ km: 7.5, minutes: -10 });
  });

  it("counts the minutes a stop is reached after its window's end", () => {
    const window = { start: "2027-03-17T11:00:00-07:00", end: "2027-03-17T11:00:00-07:00" };
    const leg = (arriveAt: string) => ({
      from: "start",
      to: "a",
      distanceKm: 1,
      minutes: 1,
      arriveAt,
      departAt: arriveAt,
      waitMinutes: 0,
    });
    expect(minutesLate({ window }, leg("2027-03-17T11:13:00-07:00"))).toBe(13);
    expect(minutesLate({ window }, leg("2027-03-17T11:00:20-07:00"))).toBe(1);
    expect(minutesLate({ window }, leg("2027-03-17T10:40:00-07:00"))).toBe(0);
    expect(minutesLate({ window: null }, leg("2027-03-17T23:00:00-07:00"))).toBe(0);
  });

  it("reads the day and time in the draft's zone, with that zone's offset on the day", () => {
    expect(localInstant("2027-03-17", "09:00", "America/Phoenix")).toBe(
      "2027-03-17T09:00:00-07:00",
    );
    // New York moved to summer time on March 14, 2027; not yet in January.
    expect(localInstant("2027-03-17", "09:00", "America/New_York")).toBe(
      "2027-03-17T09:00:00-04:00",
    );
    expect(localInstant("2027-01-05", "09:00", "America/New_York")).toBe(
      "2027-01-05T09:00:00-05:00",
    );
    expect(localInstant("2027-03-17", "23:30", "Asia/Kolkata")).toBe("2027-03-17T23:30:00+05:30");
    expect(bodyOfDraft(draft([stop("a")])).departAt).toBe("2027-03-17T09:00:00-07:00");
  });

  it("says times in the zone it is given, whatever the runtime's", () => {
    const instant = "2027-03-17T16:42:00Z";
    expect(formatClock(instant, "America/Phoenix")).toMatch(/^9:42\sAM$/);
    expect(formatClock(instant, "UTC")).toMatch(/^4:42\sPM$/);
    const window = { start: "2027-03-17T18:00:00Z", end: "2027-03-17T18:00:00Z" };
    expect(windowText(window, "America/Phoenix")).toMatch(/^Arrive by 11:00\sAM$/);
  });

  it("says why a draft cannot be saved yet", () => {
    expect(unsavableReason(draft([]))).toBe("Add at least one stop.");
    expect(unsavableReason({ ...draft([stop("a")]), start: null })).toBe(
      "Choose where the route starts.",
    );
    expect(unsavableReason(draft([stop("a"), stop("b", false)]))).toBe(
      "Pin b St on the map, or remove it.",
    );
    expect(unsavableReason(draft([stop("a")]))).toBeNull();
  });
});
