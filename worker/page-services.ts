/**
 * The pages' door onto the data (DESIGN: one data access, two doors): the services the API's
 * routes call, bound to D1 and to the signed-in user, for the modules' loaders
 * (app/modules.server.ts). The Worker hands it over in the load context, so the Remix server
 * build imports only its type and bundles no second copy of the services.
 */
import { AUCTIONS_CALENDAR_ID, MAX_RESULTS } from "../app/domain/calendar/events";
import { AuctionListQuerySchema, PropertyListQuerySchema } from "./api/list-queries";
import { database } from "./db/client";
import type { Env } from "./env";
import { AppError, validationError } from "./errors";
import { auctionDetail, listAuctions } from "./services/auctions";
import { listEvents, type EventListing } from "./services/calendar";
import { dashboard, type DashboardQuery } from "./services/dashboard";
import { dealDetail } from "./services/deals";
import { pipelineStats } from "./services/pipeline";
import { listProperties } from "./services/properties";
import { maxBidDefaults } from "./services/users";

/** Where the page was asked from: what a call that may reach Google needs besides the user. */
export interface PageOrigin {
  /** This AI42's origin (the OAuth redirect's). */
  origin: string;
  /** The session's zone. */
  timeZone: string;
}

/** Null for a record the user does not have (another user's, or none), as the API's 404. */
const unlessMissing = <T>(read: Promise<T>) =>
  read.catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });

export function pageServices(env: Env, userId: string, from: PageOrigin) {
  const db = database(env.DB);
  const scope = { db, env, userId, origin: env.APP_URL ?? from.origin, timeZone: from.timeZone };
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
    /** A page of the auctions list, as `GET /api/auctions` reads `query`. */
    listAuctions: async (query: Record<string, string>) => {
      const parsed = AuctionListQuerySchema.safeParse(query);
      if (!parsed.success) return { problem: validationError(parsed.error).message, page: null };
      const { page, limit, sort, dir, ...filters } = parsed.data;
      const list = await listAuctions(db, userId, filters, { sort, dir }, { page, limit });
      return { problem: null, page: list };
    },
    /** An auction's page (`GET /api/auctions/{id}`); null when the user has no such auction. */
    auctionDetail: (id: string) => unlessMissing(auctionDetail(db, userId, id)),
    maxBidDefaults: () => maxBidDefaults(db, userId),
    /** A saved analysis (`GET /api/deals/{id}`); null when the user has none by that id. */
    dealDetail: (id: string) => unlessMissing(dealDetail(db, userId, id)),
    /**
     * The calendar's events in a range, as `GET /api/calendar/events` merges them: AI42's own
     * calendars (its events, project closings, auction dates) read now, and the user's shown
     * Google calendars as a promise, since Google is external and may be slow.
     */
    calendarEvents: async (timeMin: string, timeMax: string) => {
      const query = { timeMin, timeMax, maxResults: MAX_RESULTS };
      const google = listEvents(scope, query, "google").catch((error: unknown): EventListing => ({
        events: [],
        range: { timeMin, timeMax },
        unavailable: [{ calendarId: "google", message: (error as Error).message }],
        next: null,
      }));
      return { own: await listEvents(scope, query, "own"), google };
    },
    /** The auctions' sale times and deposit deadlines in a range, as the calendar lists them. */
    auctionEvents: async (timeMin: string, timeMax: string) =>
      (
        await listEvents(scope, {
          calendarId: AUCTIONS_CALENDAR_ID,
          timeMin,
          timeMax,
          maxResults: MAX_RESULTS,
        })
      ).events,
  };
}

export type PageServices = ReturnType<typeof pageServices>;
