/**
 * The planner's draft as one state: the route being planned (its name, settings, stops and their
 * order), the version of the saved route it was read from, and whether it was changed since. Every
 * change the screen makes is an action of `draftReducer`. Pure: no I/O, no React.
 */
import type { SavedRoute, StartPlaces } from "~/lib/api/routes";
import {
  defaultRouteName,
  draftOfRoute,
  moveItem,
  newDraft,
  withPlacedOrder,
  type DraftStop,
  type RouteDraft,
} from "./draft";

export interface DraftState {
  draft: RouteDraft;
  /** The saved route's version the draft was read at or saved as: a save is made against it. */
  version: string | null;
  /** Changed since it was read or saved. */
  dirty: boolean;
  /** Routes read so far: the settings' own choices start again from each. */
  reads: number;
}

/** The settings a field sets as it is; the date has its own action (a default name follows it). */
type DraftFields = Partial<
  Pick<RouteDraft, "name" | "time" | "start" | "endMode" | "end" | "speedKmh" | "roadFactor">
>;

/**
 * What the page's loader read: a saved route, or none for a new one (`today`, the session's day,
 * and `places` start it), its times read in `timeZone`, the session's.
 */
export interface DraftRead {
  type: "read";
  route: SavedRoute | null;
  places: StartPlaces | null;
  today: string;
  timeZone: string;
}

export type DraftAction =
  /**
   * A read of the page's loader after the first. A draft changed since is kept (a save will ask
   * if the route changed elsewhere), as is the route already held at its version.
   */
  | DraftRead
  /**
   * The day it is where the planner runs (the browser's clock, in the draft's zone): a new route
   * not changed yet is planned for it, as the server may have counted another day.
   */
  | { type: "today"; today: string }
  /** The user chose to read the route again: the next read replaces the changes. */
  | { type: "discard" }
  /** The route was saved as `id`, at `version`. */
  | { type: "saved"; id: string; version: string }
  | { type: "set"; fields: DraftFields }
  | { type: "date"; date: string }
  | { type: "add-stops"; stops: DraftStop[] }
  | { type: "place-stop"; id: string; lat: number; lng: number }
  | { type: "remove-stop"; id: string }
  | { type: "move-stop"; id: string; to: number }
  /** The optimiser's order of the placed stops. */
  | { type: "order"; placed: readonly string[] }
  | { type: "toggle-lock"; id: string }
  | { type: "service-minutes"; id: string; minutes: number };

const withStop = (draft: RouteDraft, id: string, change: (stop: DraftStop) => DraftStop) => ({
  ...draft,
  stops: draft.stops.map((stop) => (stop.id === id ? change(stop) : stop)),
});

/** The draft after a change the user made. */
function changed(draft: RouteDraft, action: DraftAction): RouteDraft {
  switch (action.type) {
    case "set":
      return { ...draft, ...action.fields };
    case "date":
      // A name left as the day's default follows the day.
      return {
        ...draft,
        date: action.date,
        name:
          draft.name === defaultRouteName(draft.date) ? defaultRouteName(action.date) : draft.name,
      };
    case "add-stops":
      return {
        ...draft,
        stops: [...draft.stops, ...action.stops],
        order: [...draft.order, ...action.stops.map((stop) => stop.id)],
      };
    case "place-stop":
      return withStop(draft, action.id, (stop) => ({ ...stop, lat: action.lat, lng: action.lng }));
    case "remove-stop":
      return {
        ...draft,
        stops: draft.stops.filter((stop) => stop.id !== action.id),
        order: draft.order.filter((id) => id !== action.id),
      };
    case "move-stop":
      return { ...draft, order: moveItem(draft.order, draft.order.indexOf(action.id), action.to) };
    case "order":
      return { ...draft, order: withPlacedOrder(draft, action.placed) };
    case "toggle-lock":
      return withStop(draft, action.id, (stop) => ({ ...stop, locked: !stop.locked }));
    case "service-minutes":
      return withStop(draft, action.id, (stop) => ({ ...stop, serviceMinutes: action.minutes }));
    default:
      return draft;
  }
}

/** The draft a read makes, the `reads`-th. */
function readDraft(read: DraftRead, reads: number): DraftState {
  const { route, timeZone } = read;
  return route === null
    ? { draft: newDraft(read.today, read.places, timeZone), version: null, dirty: false, reads }
    : { draft: draftOfRoute(route, timeZone), version: route.updatedAt, dirty: false, reads };
}

/**
 * The planner's state from the page's first read: made the same on the server and in the
 * browser (the session's day and zone, no clock), so the page's HTML is the planner.
 */
export const firstDraft = (read: DraftRead) => readDraft(read, 1);

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  const held = state.draft;
  switch (action.type) {
    case "read": {
      const { route } = action;
      if (
        route === null
          ? held.id === null
          : held.id === route.id && (state.dirty || state.version === route.updatedAt)
      )
        return state;
      return readDraft(action, state.reads + 1);
    }
    case "today":
      if (held.id !== null || state.dirty || held.date === action.today) return state;
      return { ...state, draft: changed(held, { type: "date", date: action.today }) };
    case "discard":
      return { ...state, dirty: false };
    case "saved":
      return { ...state, draft: { ...held, id: action.id }, version: action.version, dirty: false };
    default:
      return { ...state, draft: changed(held, action), dirty: true };
  }
}
