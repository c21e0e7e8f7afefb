/**
 * The server loaders of the modules still served by the catch-all route (app/routes/_app.$.tsx):
 * what each one's first screen shows, read for the signed-in user through the API's own
 * services, so the HTML arrives with the data. One per id of LOADED_MODULES; a module with routes
 * of its own reads in its routes' loaders.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { pageArgs, type ModuleLoaderArgs } from "./lib/module-loader.server";
import { isLoadedModule, type LoadedModuleId, type ModuleId } from "./domain/modules";
import { loadConnections } from "./features/connections/connections.server";
import { loadCalendar } from "./features/calendar/calendar.server";
import { loadDashboard } from "./features/dashboard/dashboard.server";
import { loadRoutePlanner } from "./features/route-planner/route-planner.server";
import { loadResources } from "./features/resources/resources.server";
import type { NotificationCounts } from "./lib/api/notifications";
import type { Entry } from "./lib/api/workspace";

const MODULE_LOADERS = {
  home: loadDashboard,
  "route-planner": loadRoutePlanner,
  resources: loadResources,
  connections: loadConnections,
  calendar: loadCalendar,
} satisfies Record<LoadedModuleId, (args: ModuleLoaderArgs) => Promise<unknown>>;

export type ModuleData<Id extends LoadedModuleId> = Awaited<
  ReturnType<(typeof MODULE_LOADERS)[Id]>
>;
/** A module's first screen; `data` is null when reading it failed (the view offers a retry). */
export type LoadedModule = {
  [Id in LoadedModuleId]: { id: Id; data: ModuleData<Id> | null };
}[LoadedModuleId];

/**
 * What the workspace layout (app/routes/_app.tsx) reads when the app starts with this page: the
 * entries and the bell's counts. Nothing on a client navigation's read (the app is running), or
 * signed out.
 */
export interface WorkspaceStart {
  /**
   * Every entry of the user, for the entries store the app fills at start (spec §4): streamed
   * after the page, and null when that read failed (ignored, as the spec says).
   */
  entries: Promise<Entry[] | null> | null;
  /**
   * The bell's counts (the first paint shows the badge and the bell asks nothing until its next
   * poll); null when the read failed (the bell then asks).
   */
  notifications: NotificationCounts | null;
}

export async function loadWorkspaceStart(
  request: Request,
  context: AppLoadContext,
): Promise<WorkspaceStart> {
  const args = context.documentRequest ? await pageArgs(request, context) : null;
  if (!args) return { entries: null, notifications: null };
  const failed = (error: unknown) => {
    console.error(error);
    return null;
  };
  return {
    entries: args.services.listEntries().catch(failed),
    notifications: await args.services.notificationCounts().catch(failed),
  };
}

/**
 * The first screen of the module at `id` for the request's user: null when signed out or when
 * the module reads its data in the browser.
 */
export async function loadModuleScreen(
  id: ModuleId,
  request: Request,
  context: AppLoadContext,
): Promise<LoadedModule | null> {
  if (!isLoadedModule(id)) return null;
  const args = await pageArgs(request, context);
  return args ? loadModule(id, args) : null;
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
