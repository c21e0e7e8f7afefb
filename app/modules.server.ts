/**
 * The modules' server loaders (issue 28): what each module's first screen shows, read by the `$`
 * route for the signed-in user through the API's own services, so the HTML arrives with the data.
 * One per id of LOADED_MODULES (app/modules.ts); any other module loads its data in the browser.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { todayIn } from "./domain/today";
import { isPhoneRequest, type ModuleLoaderArgs } from "./lib/module-loader.server";
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
import type { NotificationCounts } from "./lib/api/notifications";
import type { Entry } from "./lib/api/workspace";
import { getSession } from "./lib/auth.server";

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
  /**
   * Every entry of the user, for the entries store the app fills at start (spec §4): on the
   * page's own request (the app starts with it), streamed after the page, and null when that read
   * failed (ignored, as the spec says). Null on a client navigation's read (the app is running,
   * its store filled), signed out, and when the module's data holds the entries already.
   */
  entries: Promise<Entry[] | null> | null;
  /**
   * The bell's counts, on the page's own request (the app starts with them, so the first paint
   * shows the badge and the bell asks nothing until its next poll); null on a client navigation's
   * read, signed out, and when the read failed (the bell then asks).
   */
  notifications: NotificationCounts | null;
}

/**
 * The workspace at `id` (null: a path no module opens) for the request's user: the module's
 * first screen (null when signed out or it has no loader) and, when the app starts with this
 * page, the entries.
 */
export async function loadWorkspace(
  id: ModuleId | null,
  request: Request,
  context: AppLoadContext,
): Promise<WorkspaceData> {
  const session = await getSession(request, context);
  if (!session) return { module: null, entries: null, notifications: null };
  const now = new Date();
  const url = new URL(request.url);
  const { timeZone } = session;
  const services = await context.services(session.userId, { origin: url.origin, timeZone });
  const [module, notifications] = await Promise.all([
    id && isLoadedModule(id)
      ? loadModule(id, {
          url,
          services,
          today: todayIn(timeZone, now),
          timeZone,
          now,
          phone: isPhoneRequest(request.headers),
        })
      : null,
    context.documentRequest
      ? services.notificationCounts().catch((error: unknown) => {
          console.error(error);
          return null;
        })
      : null,
  ]);
  // A first screen that holds every entry (Project Hub's documents) fills the store itself.
  const holdsEntries = Boolean(module?.data && "entries" in module.data);
  const entries =
    context.documentRequest && !holdsEntries
      ? services.listEntries().catch((error: unknown) => {
          console.error(error);
          return null;
        })
      : null;
  return { module, entries, notifications };
}

async function loadModule(id: LoadedModuleId, args: ModuleLoaderArgs): Promise<LoadedModule> {
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
