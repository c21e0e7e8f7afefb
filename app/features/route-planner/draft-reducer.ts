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
  /** Null until the route (or a new one) is read. */
  draft: RouteDraft | null;
  /** The saved route's version the draft was read at or saved as: a save is made against it. */
  version: string | null;
  /** Changed since it was read or saved. */
  dirty: boolean;
  /** Routes read so far: the settings' own choices start again from each. */
  reads: number;
}

export const NO_DRAFT: DraftState = { draft: null, version: null, dirty: false, reads: 0 };

/** The settings a field sets as it is; the date has its own action (a default name follows it). */
type DraftFields = Partial<
  Pick<RouteDraft, "name" | "time" | "start" | "endMode" | "end" | "speedKmh" | "roadFactor">
>;

export type DraftAction =
  /**
   * What the page's loader read: a saved route, or none for a new one (`today`, `places` start
   * it). A draft changed since is kept (a save will ask if the route changed elsewhere), as is
   * the route already held at its version.
   */
  | { type: "read"; route: SavedRoute | null; places: StartPlaces | null; today: Date }
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

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case "read": {
      const { route } = action;
      const held = state.draft;
      if (route === null) {
        if (held && held.id === null) return state;
        return {
          draft: newDraft(action.today, action.places),
          version: null,
          dirty: false,
          reads: state.reads + 1,
        };
      }
      if (held?.id === route.id && (state.dirty || state.version === route.updatedAt)) return state;
      return {
        draft: draftOfRoute(route),
        version: route.updatedAt,
        dirty: false,
        reads: state.reads + 1,
      };
    }
    case "discard":
      return { ...state, dirty: false };
    case "saved":
      return state.draft
        ? {
            ...state,
            draft: { ...state.draft, id: action.id },
            version: action.version,
            dirty: false,
          }
        : state;
    default:
      return state.draft ? { ...state, draft: changed(state.draft, action), dirty: true } : state;
  }
}
