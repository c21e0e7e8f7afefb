/**
 * The modules' server loaders (issue 28): what each module's first screen shows, read by the `$`
 * route for the signed-in user through the API's own services, so the HTML arrives with the data.
 * One per id of LOADED_MODULES (app/modules.ts); any other module loads its data in the browser.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { todayIn } from "./domain/today";
import { isLoadedModule, type LoadedModuleId, type ModuleId } from "./domain/modules";
import { loadConnections } from "./features/connections/connections.server";
import { loadAuctions } from "./features/auctions/auctions.server";
import { loadCalendar } from "./features/calendar/calendar.server";
import { loadDashboard } from "./features/dashboard/dashboard.server";
import { loadMainAgent } from "./features/main-agent/main-agent.server";
import { loadMarketing } from "./features/marketing/marketing.server";
import { loadPossibleInvestments } from "./features/possible-investments/possible-investments.server";
import { loadPropertyResearch } from "./features/property-research/property-research.server";
import { loadRoutePlanner } from "./features/route-planner/route-planner.server";
import { loadProjectHub } from "./features/project-hub/project-hub.server";
import { loadResources } from "./features/resources/resources.server";
import { getSession } from "./lib/auth.server";
import type { ModuleLoaderArgs } from "./lib/module-loader.server";

const MODULE_LOADERS = {
  home: loadDashboard,
  "main-agent": loadMainAgent,
  "possible-investments": loadPossibleInvestments,
  "property-research": loadPropertyResearch,
  "route-planner": loadRoutePlanner,
  "project-hub": loadProjectHub,
  resources: loadResources,
  marketing: loadMarketing,
  connections: loadConnections,
  auction: loadAuctions,
  calendar: loadCalendar,
} satisfies Record<LoadedModuleId, (args: ModuleLoaderArgs) => Promise<unknown>>;

export type ModuleData<Id extends LoadedModuleId> = Awaited<
  ReturnType<(typeof MODULE_LOADERS)[Id]>
>;
/** A module's first screen; `data` is null when reading it failed (the view offers a retry). */
export type LoadedModule = {
  [Id in LoadedModuleId]: { id: Id; data: ModuleData<Id> | null };
}[LoadedModuleId];

/** The `$` route's loader data (app/lib/module-data.ts reads it). */
export interface WorkspaceData {
  module: LoadedModule | null;
}

/** Module `id`'s first screen for the request's user; null when signed out or it has no loader. */
export async function loadModule(
  id: ModuleId,
  request: Request,
  context: AppLoadContext,
): Promise<LoadedModule | null> {
  if (!isLoadedModule(id)) return null;
  const session = await getSession(request, context);
  if (!session) return null;
  const now = new Date();
  const url = new URL(request.url);
  const { timeZone } = session;
  const args = {
    url,
    services: await context.services(session.userId, { origin: url.origin, timeZone }),
    today: todayIn(timeZone, now),
    timeZone,
    now,
  };
  try {
    // The compiler cannot tie the loader picked by `id` to `id` itself (a union of ids).
    return { id, data: await MODULE_LOADERS[id](args) } as LoadedModule;
  } catch (error) {
    // A refused query string (a thrown `data()` or Response) is the page's answer; a failed read
    // leaves the rest of the page standing, with a retry where the module's data goes.
    if (!(error instanceof Error)) throw error;
    console.error(error);
    return { id, data: null };
  }
}
