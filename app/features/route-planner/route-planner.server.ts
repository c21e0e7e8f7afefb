/**
 * Route Planner's first screen, read on the server: the page of saved routes the URL asks for, or
 * the route it names with what the planner is drawn with (the map's settings, the start places).
 * The map itself, its tiles and the road figures stay in the browser.
 */
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Routes per page of the saved routes. */
export const ROUTES_PAGE_SIZE = 20;

export async function loadRoutePlanner({ url, services }: ModuleLoaderArgs) {
  const routeId = url.searchParams.get("route");
  if (routeId) {
    const [config, places, route] = await Promise.all([
      services.mapsConfig(),
      services.startPlaces(),
      routeId === "new" ? null : services.getRoute(routeId),
    ]);
    // Another user's route, or none by that id, is not found: never their data.
    const missing = routeId !== "new" && route === null;
    return { routes: null, planner: { routeId, config, places, route, missing } };
  }
  const result = await services.listRoutes({
    page: url.searchParams.get("page") ?? "1",
    limit: String(ROUTES_PAGE_SIZE),
  });
  if (result.problem !== null) throw badQuery(result.problem);
  return { routes: result.page, planner: null };
}
