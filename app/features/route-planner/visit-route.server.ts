/**
 * A route in the planner on the server: a saved route (or none yet, at `new`) with what the
 * planner is drawn with, and the changes made from its page or the list (saving it, deleting it,
 * remembering a start place, writing its visits to a calendar), each checked with the API's own schema (in the services) and, for
 * a saved route, made against the version the page showed.
 */
import { redirect } from "@remix-run/cloudflare";
import { modulePath, visitRoutePath } from "~/domain/modules";
import type { RouteBody, StartPlaces } from "~/domain/routing/route";
import type { RouteCalendarResult, SavedRoute } from "~/lib/api/routes";
import { notFound, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { loadHistory } from "~/lib/record-history.server";
import { ADD_TO_CALENDAR } from "./calendar-intent";
import {
  listToGoBackTo,
  postedBody,
  refusedAnswer,
  refusedForm,
  versionIn,
} from "~/lib/record-action.server";

/** Whether a post to a route's action adds its visits to a calendar (and nothing else). */
export const addsToCalendar = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  "intent" in body &&
  body.intent === "add-to-calendar";

/** The path segment of the route being planned, not yet saved. */
export const NEW_ROUTE = "new";

/** What a route's action answers a page with JavaScript. */
export type VisitRouteActionAnswer =
  | { saved: { id: string; updatedAt: string } }
  | { remembered: StartPlaces }
  /**
   * The visits written to a calendar (`calendarId`), how many the route had there before, and the
   * route's version now (the write moves it on; the page is not read again for it).
   */
  | { addedToCalendar: RouteCalendarResult; version: string | null }
  /** What adds the deleted route again (the list's Undo). */
  | { deleted: RouteBody };

/** What adds a deleted route again: its fields, without its figures. */
const bodyOfRoute = (route: SavedRoute): RouteBody => ({
  name: route.name,
  date: route.date,
  departAt: route.departAt,
  start: route.start,
  end: route.end,
  returnToStart: route.returnToStart,
  speedKmh: route.speedKmh,
  roadFactor: route.roadFactor,
  stops: route.stops,
  order: route.order,
});

/**
 * The route `id` (none for `new`) and its History, with the map's settings and the start places, and the session's
 * day and zone, which the planner's draft is made in (on the server too, so the HTML is the
 * planner with its stops and times), and whether a phone asks (its layout, until the width is
 * known). The map itself, its tiles and the road figures stay in the browser.
 */
export async function loadVisitRoute(args: ModuleLoaderArgs, id: string) {
  const { services, today, timeZone, phone } = args;
  const [config, places, route, history] = await Promise.all([
    services.mapsConfig(),
    services.startPlaces(),
    id === NEW_ROUTE ? null : services.getRoute(id),
    id === NEW_ROUTE ? null : loadHistory(args, "route", id),
  ]);
  // Another user's route, or none by that id, is not found: never their data.
  if (id !== NEW_ROUTE && !route) throw notFound();
  return { config, places, route, history, today, timeZone, phone };
}

/**
 * A change from the planner, as JSON with JavaScript: `intent` "save" (`input`, the route as the
 * API reads it: made at `new`, else replacing route `id` against `version`), "remember"
 * (`places`, home and office) or "add-to-calendar" (`calendarId`: the saved route's visits written
 * there, replacing those it wrote before). As a form (with or without JavaScript), "delete" against
 * `version`, then to the list (`back`, with its page), or, from the list with JavaScript (no
 * `back`), what adds it again.
 */
export async function actOnVisitRoute(
  { services }: ModuleLoaderArgs,
  id: string,
  request: Request,
  sent: { document: boolean },
) {
  const { json, form } = await postedBody(request);
  const intent = form.intent;
  if (intent === "remember") {
    const { done, refused } = await services.saveStartPlaces(form.places);
    if (refused) return refusedAnswer(refused);
    return { remembered: done } satisfies VisitRouteActionAnswer;
  }
  if (intent === ADD_TO_CALENDAR) {
    if (id === NEW_ROUTE) return refusedForm("Save the route before adding it to a calendar");
    const { done, refused } = await services.addRouteToCalendar(id, {
      calendarId: form.calendarId,
    });
    if (refused) return refusedAnswer(refused);
    if (sent.document) throw redirect(visitRoutePath(id), 303);
    const route = await services.getRoute(id);
    return {
      addedToCalendar: done,
      version: route?.updatedAt ?? null,
    } satisfies VisitRouteActionAnswer;
  }
  if (intent === "save") {
    if (!json)
      return refusedForm(
        "Saving a route needs JavaScript: its stops are placed and timed in the browser",
      );
    if (id === NEW_ROUTE) {
      const { done, refused } = await services.createRoute(form.input);
      if (refused) return refusedAnswer(refused);
      return { saved: { id: done.id, updatedAt: done.updatedAt } } satisfies VisitRouteActionAnswer;
    }
    const { version, refused: unversioned } = versionIn(form, "route");
    if (unversioned) return unversioned;
    const { done, refused } = await services.updateRoute(id, form.input, version);
    if (refused) return refusedAnswer(refused);
    return { saved: { id: done.id, updatedAt: done.updatedAt } } satisfies VisitRouteActionAnswer;
  }
  if (intent !== "delete") return refusedForm(`There is no change “${String(intent)}” of a route`);
  const { version, refused: unversioned } = versionIn(form, "route");
  if (unversioned) return unversioned;
  const { done, refused } = await services.deleteRoute(id, version);
  if (refused) return refusedAnswer(refused);
  if (sent.document || form.back)
    throw redirect(listToGoBackTo(modulePath("route-planner"), form.back), 303);
  return { deleted: bodyOfRoute(done) } satisfies VisitRouteActionAnswer;
}
