/**
 * The pages' door onto the data (DESIGN: one data access, two doors): the services the API's
 * routes call, bound to D1 and to the signed-in user, for the modules' loaders
 * (app/modules.server.ts). The Worker hands it over in the load context, so the Remix server
 * build imports only its type and bundles no second copy of the services.
 */
import {
  ConversationListQuerySchema,
  PropertyListQuerySchema,
  ResearchListQuerySchema,
  RouteListQuerySchema,
} from "./api/list-queries";
import { database } from "./db/client";
import type { Env } from "./env";
import { AppError, validationError } from "./errors";
import { dashboard, type DashboardQuery } from "./services/dashboard";
import { pipelineStats } from "./services/pipeline";
import { listConversations } from "./services/conversations";
import { mapsConfig } from "./services/maps";
import { listProperties } from "./services/properties";
import { getResearch, listResearch } from "./services/research";
import { getRoute, getStartPlaces, listRoutes } from "./services/routes";

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
    /** A page of the saved routes, for a query read as `GET /api/routes` reads it. */
    listRoutes: async (query: Record<string, string>) => {
      const parsed = RouteListQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, page: null };
      const { page, limit, ...filters } = parsed.data;
      return { problem: null, page: await listRoutes(db, userId, filters, { page, limit }) };
    },
    /** The user's saved route `id`; null when they have none by that id (`GET /api/routes/{id}`: 404). */
    getRoute: (id: string) => getRoute(db, userId, id).catch(orNullIfMissing),
    startPlaces: () => getStartPlaces(db, userId),
    /** A page of the saved conversations, for a query read as `GET /api/conversations` reads it. */
    listConversations: async (query: Record<string, string>) => {
      const parsed = ConversationListQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, page: null };
      const { page, limit, q } = parsed.data;
      return { problem: null, page: await listConversations(db, userId, q, { page, limit }) };
    },
    mapsConfig: () => mapsConfig(env),
    /** A page of the research history, for a query read as `GET /api/ai/research` reads it. */
    listResearch: async (query: Record<string, string>) => {
      const parsed = ResearchListQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, page: null };
      const { page, limit, q } = parsed.data;
      return { problem: null, page: await listResearch(db, userId, q, { page, limit }) };
    },
    /** The user's research report `id`; null when they have none by that id. */
    getResearch: (id: string) => getResearch(db, userId, id).catch(orNullIfMissing),
  };
}

/** A record the user has not got (theirs never existed, or it is another user's): null. */
function orNullIfMissing(error: unknown): null {
  if (error instanceof AppError && error.status === 404) return null;
  throw error;
}

export type PageServices = ReturnType<typeof pageServices>;
