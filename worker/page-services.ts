/**
 * The pages' door onto the data (DESIGN: one data access, two doors): the services the API's
 * routes call, bound to D1 and to the signed-in user, for the modules' loaders
 * (app/modules.server.ts). The Worker hands it over in the load context, so the Remix server
 * build imports only its type and bundles no second copy of the services.
 */
import { database } from "./db/client";
import type { Env } from "./env";
import { dashboard, type DashboardQuery } from "./services/dashboard";
import { pipelineStats } from "./services/pipeline";

export function pageServices(env: Env, userId: string) {
  const db = database(env.DB);
  return {
    dashboard: (query: DashboardQuery) => dashboard(db, userId, query),
    pipelineStats: () => pipelineStats(db, userId),
  };
}

export type PageServices = ReturnType<typeof pageServices>;
