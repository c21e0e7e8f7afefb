/**
 * Route Planner's list, read on the server: the page of saved routes the URL asks for. A saved
 * route, and the one being planned, are pages of their own (visit-route.server.ts).
 */
import { redirect } from "@remix-run/cloudflare";
import { visitRoutePath } from "~/domain/modules";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Routes per page of the saved routes. */
export const ROUTES_PAGE_SIZE = 20;

/**
 * Where a link to a route the query string once opened (`?route=<id>`, `?route=new`, with the
 * phone's `tab`) now lives: answered with a permanent redirect.
 */
export function movedScreen(url: URL) {
  const route = url.searchParams.get("route");
  if (!route) return null;
  const tab = url.searchParams.get("tab") === "map" ? "map" : undefined;
  return redirect(visitRoutePath(route, { tab }), 301);
}

/** The saved routes' page, as the route's loader reads it. */
export type SavedRoutesPageData = Awaited<ReturnType<typeof loadSavedRoutes>>;

export async function loadSavedRoutes({ url, services }: ModuleLoaderArgs) {
  const result = await services.listRoutes({
    page: url.searchParams.get("page") ?? "1",
    limit: String(ROUTES_PAGE_SIZE),
  });
  if (result.problem !== null) throw badQuery(result.problem);
  return { routes: result.page };
}
