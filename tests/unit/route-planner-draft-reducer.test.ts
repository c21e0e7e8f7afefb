/**
 * The planner's draft as one state: the first read of the page's loader (a new route on the
 * session's day, a saved one with its times in the session's zone), what a later read does to the
 * draft held (the one just saved or changed kept), the device's day for a new route, each change
 * the screen makes, and when the draft counts as changed.
 */
import { describe, expect, it } from "vitest";
import {
  draftReducer,
  firstDraft,
  type DraftAction,
  type DraftRead,
  type DraftState,
} from "~/features/route-planner/draft-reducer";
import type { DraftStop } from "~/features/route-planner/draft";
import type { SavedRoute } from "~/lib/api/routes";

const TODAY = "2027-03-17";
const PHOENIX = "America/Phoenix";
const HOME = { label: "Home", address: "1 Home St", lat: 33.45, lng: -112.07 };

const stop = (id: string, placed = true): DraftStop => ({
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
});

/** A saved route as the loader reads it: what the draft takes from it. */
const saved = (id: string, updatedAt: string, name = "Drive-bys") =>
  ({
    id,
    name,
    date: "2027-03-17",
    departAt: "2027-03-17T09:00:00-07:00",
    start: HOME,
    end: null,
    returnToStart: true,
    speedKmh: 40,
    roadFactor: 1.3,
    stops: [stop("a"), stop("b")],
    order: ["b", "a"],
    updatedAt,
  }) as unknown as SavedRoute;

const read = (route: SavedRoute | null, timeZone = PHOENIX): DraftRead => ({
  type: "read",
  route,
  places: { home: HOME, office: null },
  today: TODAY,
  timeZone,
});

const run = (state: DraftState, ...actions: DraftAction[]) => actions.reduce(draftReducer, state);
/** The planner as its page's first read makes it, then changed by `actions`. */
const opened = (route: SavedRoute | null, ...actions: DraftAction[]) =>
  run(firstDraft(read(route)), ...actions);

describe("a read of the page's loader", () => {
  it("starts a new route for today from home, unchanged", () => {
    const state = opened(null);
    expect(state.draft).toMatchObject({ id: null, name: "Route for Mar 17", start: HOME });
    expect(state).toMatchObject({ version: null, dirty: false, reads: 1 });
  });

  it("keeps the route being planned when the new route's page is read again", () => {
    const planning = opened(null, { type: "add-stops", stops: [stop("a")] });
    expect(run(planning, read(null))).toBe(planning);
  });

  it("reads a saved route at its version", () => {
    const state = opened(saved("r1", "v1"));
    expect(state.draft).toMatchObject({ id: "r1", order: ["b", "a"] });
    expect(state).toMatchObject({ version: "v1", dirty: false, reads: 1 });
  });

  it("keeps the route just saved, and a changed draft (a save will ask about the change elsewhere)", () => {
    const justSaved = opened(
      null,
      { type: "add-stops", stops: [stop("a")] },
      {
        type: "saved",
        id: "r1",
        version: "v2",
      },
    );
    expect(justSaved).toMatchObject({ dirty: false, version: "v2" });
    expect(justSaved.draft.id).toBe("r1");
    expect(run(justSaved, read(saved("r1", "v2")))).toBe(justSaved);

    const changed = opened(saved("r1", "v1"), { type: "remove-stop", id: "a" });
    expect(run(changed, read(saved("r1", "v3")))).toBe(changed);
  });

  it("takes the route as it is now once its changes are discarded, or when unchanged", () => {
    const changed = opened(saved("r1", "v1"), { type: "remove-stop", id: "a" });
    const reread = run(changed, { type: "discard" }, read(saved("r1", "v3", "Theirs")));
    expect(reread.draft).toMatchObject({ name: "Theirs", order: ["b", "a"] });
    expect(reread).toMatchObject({ version: "v3", dirty: false, reads: 2 });

    const unchanged = opened(saved("r1", "v1"), read(saved("r1", "v3", "Theirs")));
    expect(unchanged.draft.name).toBe("Theirs");
  });

  it("reads another route, or a new one, in place of the one held", () => {
    const held = opened(saved("r1", "v1"), { type: "remove-stop", id: "a" });
    expect(run(held, read(saved("r2", "v1"))).draft.id).toBe("r2");
    expect(run(held, read(null)).draft).toMatchObject({ id: null, stops: [] });
  });
});

describe("the first read, the same on the server and in the browser", () => {
  it("reads a saved route's departure in the session's zone", () => {
    expect(opened(saved("r1", "v1")).draft).toMatchObject({
      date: "2027-03-17",
      time: "09:00",
      timeZone: PHOENIX,
    });
    const inNewYork = firstDraft(read(saved("r1", "v1"), "America/New_York"));
    expect(inNewYork.draft).toMatchObject({ time: "12:00", timeZone: "America/New_York" });
  });

  it("plans a new route on the session's day, which the device's day then replaces", () => {
    const planning = opened(null);
    expect(planning.draft).toMatchObject({ date: TODAY, name: "Route for Mar 17" });
    const tomorrow = run(planning, { type: "today", today: "2027-03-18" });
    expect(tomorrow.draft).toMatchObject({ date: "2027-03-18", name: "Route for Mar 18" });
    expect(tomorrow.dirty).toBe(false);
    expect(run(planning, { type: "today", today: TODAY })).toBe(planning);
  });

  it("leaves a saved route's day, and a new route already changed, as they are", () => {
    const route = opened(saved("r1", "v1"));
    expect(run(route, { type: "today", today: "2027-03-18" })).toBe(route);
    const changed = opened(null, { type: "date", date: "2027-03-20" });
    expect(run(changed, { type: "today", today: "2027-03-18" })).toBe(changed);
  });
});

describe("the screen's changes", () => {
  const start = opened(null);

  it("add stops in the order they run, and count as a change", () => {
    const state = run(start, { type: "add-stops", stops: [stop("a"), stop("b", false)] });
    expect(state.draft.order).toEqual(["a", "b"]);
    expect(state.dirty).toBe(true);
  });

  it("place, move, lock, time and remove a stop", () => {
    const state = run(
      start,
      { type: "add-stops", stops: [stop("a"), stop("b", false), stop("c")] },
      { type: "place-stop", id: "b", lat: 33.5, lng: -112.1 },
      { type: "move-stop", id: "c", to: 0 },
      { type: "toggle-lock", id: "c" },
      { type: "service-minutes", id: "a", minutes: 45 },
      { type: "remove-stop", id: "b" },
    );
    expect(state.draft.order).toEqual(["c", "a"]);
    expect(state.draft.stops.map((s) => [s.id, s.locked, s.serviceMinutes])).toEqual([
      ["a", false, 45],
      ["c", true, 15],
    ]);
  });

  it("take the optimiser's order, the stops still waiting for a place after it", () => {
    const state = run(
      start,
      { type: "add-stops", stops: [stop("a"), stop("b", false), stop("c")] },
      { type: "order", placed: ["c", "a"] },
    );
    expect(state.draft.order).toEqual(["c", "a", "b"]);
  });

  it("rename the route; a name left as the day's default follows the day", () => {
    const moved = run(start, { type: "date", date: "2027-03-19" });
    expect(moved.draft).toMatchObject({ date: "2027-03-19", name: "Route for Mar 19" });
    const named = run(
      start,
      { type: "set", fields: { name: "Phoenix drive-bys" } },
      { type: "date", date: "2027-03-19" },
    );
    expect(named.draft.name).toBe("Phoenix drive-bys");
  });
});
