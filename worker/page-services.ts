/**
 * The pages' door onto the data (DESIGN: one data access, two doors): the services the API's
 * routes call, bound to D1 and to the signed-in user, for the modules' loaders
 * (app/modules.server.ts). The Worker hands it over in the load context, so the Remix server
 * build imports only its type and bundles no second copy of the services.
 */
import {
  LeadListQuerySchema,
  LeadSummaryQuerySchema,
  PropertyListQuerySchema,
} from "./api/list-queries";
import { database } from "./db/client";
import type { Env } from "./env";
import { AppError, validationError } from "./errors";
import { aiStatus } from "./services/ai-providers";
import { listCampaigns } from "./services/campaigns";
import { dashboard, type DashboardQuery } from "./services/dashboard";
import { googleStatus } from "./services/google";
import { listBots } from "./services/lead-bots";
import { leadSummary, listLeads } from "./services/leads";
import { pipelineStats } from "./services/pipeline";
import { usageOf } from "./services/usage";
import { listProperties } from "./services/properties";

export function pageServices(env: Env, userId: string) {
  const db = database(env.DB);
  return {
    dashboard: (query: DashboardQuery) => dashboard(db, userId, query),
    pipelineStats: () => pipelineStats(db, userId),
    /**
     * A page of the properties list for a query read as `GET /api/data/properties` reads it, so
     * the two doors agree; what it cannot read comes back as the problem the API would answer.
     */
    listProperties: async (query: Record<string, string>) => {
      const parsed = PropertyListQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, page: null };
      const { page, limit, sort, dir, ...filters } = parsed.data;
      const list = await listProperties(db, userId, filters, { sort, dir }, { page, limit });
      return { problem: null, page: list };
    },
    /** A page of the leads for a query read as `GET /api/marketing/leads` reads it. */
    listLeads: async (query: Record<string, string>) => {
      const parsed = LeadListQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, page: null };
      const { page, limit, ...filters } = parsed.data;
      return { problem: null, page: await listLeads(db, userId, filters, { page, limit }) };
    },
    /**
     * The funnel and speed to lead, as `GET /api/marketing/summary` reads its query: a campaign
     * that is not the user's comes back as the API's problem.
     */
    leadSummary: async (query: Record<string, string>) => {
      const parsed = LeadSummaryQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, summary: null };
      try {
        return { problem: null, summary: await leadSummary(db, userId, parsed.data.campaignId) };
      } catch (error) {
        if (error instanceof AppError && error.status === 400)
          return { problem: error.message, summary: null };
        throw error;
      }
    },
    listCampaigns: () => listCampaigns(db, userId),
    listLeadBots: () => listBots(db, userId),
    /** The Google account as AI42 last knew it (D1), without asking Google. */
    googleStatus: () => googleStatus({ db, env, userId }),
    aiStatus: () => aiStatus(env),
    usage: (now: Date) => usageOf(db, env, userId, now.getTime()),
  };
}

export type PageServices = ReturnType<typeof pageServices>;
