/**
 * The auctions: the tracked sales, their import, and the Google calendar their dates are written
 * to. Each call throws a `ServiceError` carrying a "Failed to …" message and what the server said.
 * A save also says whether the auction's dates reached that Google calendar.
 */
import type { z } from "zod";
import type { AuctionFieldsSchema } from "~/domain/auctions/auction";
import type { MaxBidDefaults } from "~/domain/auctions/max-bid";
import type {
  AuctionCalendarSchema,
  AuctionCalendarSyncSchema,
  AuctionDetailSchema,
  AuctionImportResultSchema,
  AuctionSchema,
  CalendarSyncSchema,
} from "../../../worker/api/routes/auctions.schemas";
import { apiRequest, type ApiResult } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, pageOrThrow, queryString, ServiceError } from "./workspace";

export type Auction = z.infer<typeof AuctionSchema>;
export type AuctionDetail = z.infer<typeof AuctionDetailSchema>;
export type AuctionHistoryEntry = AuctionDetail["history"][number];
export type CalendarSync = z.infer<typeof CalendarSyncSchema>;
export type AuctionImportResult = z.infer<typeof AuctionImportResultSchema>;
export type AuctionCalendar = z.infer<typeof AuctionCalendarSchema>;
export type AuctionCalendarSync = z.infer<typeof AuctionCalendarSyncSchema>;
/** What a save sends: every field (PUT replaces), as the API's schema takes it. */
export type AuctionBody = z.input<typeof AuctionFieldsSchema>;

export type AuctionSort =
  | "currentSaleAt"
  | "depositDueAt"
  | "openingBid"
  | "address"
  | "status"
  | "saleType"
  | "county"
  | "updatedAt";

export interface AuctionQuery {
  saleType?: string;
  status?: string;
  state?: string;
  county?: string;
  /** ISO instants bounding the time the sale is now set for. */
  from?: string;
  to?: string;
  /** ISO instants bounding the deadlines of deposits still owed. */
  depositFrom?: string;
  depositTo?: string;
  q?: string;
  sort?: AuctionSort;
  dir?: "asc" | "desc";
  page?: number;
  limit?: number;
}

/** A saved auction, and whether its dates were written to the Google calendar for auctions. */
export interface SavedAuction {
  auction: Auction;
  calendar: CalendarSync;
}

async function savedOrThrow(
  call: Promise<ApiResult<Auction>>,
  message: string,
): Promise<SavedAuction> {
  const result = await call;
  if (result.error) throw new ServiceError(message, result.error);
  const meta = result.meta as { calendar?: CalendarSync } | undefined;
  return { auction: result.data, calendar: meta?.calendar ?? { status: "off" } };
}

const path = (id: string) => `/auctions/${encodeURIComponent(id)}`;

export const auctionsApi = {
  list: (query: AuctionQuery = {}) =>
    pageOrThrow(
      apiRequest<Auction[]>(`/auctions${queryString({ ...query })}`),
      MESSAGES.fetchAuctions,
    ),
  get: (id: string) => orThrow(apiRequest<AuctionDetail>(path(id)), MESSAGES.fetchAuction),
  create: (input: AuctionBody) =>
    savedOrThrow(
      apiRequest<Auction>("/auctions", { method: "POST", body: input }),
      MESSAGES.createAuction,
    ),
  update: (id: string, input: AuctionBody, ifMatch?: string) =>
    savedOrThrow(
      apiRequest<Auction>(path(id), { method: "PUT", body: input, ifMatch }),
      MESSAGES.updateAuction,
    ),
  remove: (id: string, ifMatch?: string) =>
    savedOrThrow(
      apiRequest<Auction>(path(id), { method: "DELETE", ifMatch }),
      MESSAGES.deleteAuction,
    ),
  /** Rows as read from a file (up to 1,000); each is checked, the valid ones created. */
  import: (rows: unknown[]) =>
    orThrow(
      apiRequest<AuctionImportResult>("/auctions/import", { method: "POST", body: rows }),
      MESSAGES.importAuctions,
    ),
  calendar: () =>
    orThrow(apiRequest<AuctionCalendar>("/auctions/calendar"), MESSAGES.fetchAuctionCalendar),
  /** The Google calendar auction dates are written to; null for AI42's own only. */
  chooseCalendar: (googleCalendarId: string | null) =>
    orThrow(
      apiRequest<AuctionCalendar>("/auctions/calendar", {
        method: "PUT",
        body: { googleCalendarId },
      }),
      MESSAGES.chooseAuctionCalendar,
    ),
  /** The selling costs and profit the user's calculator starts from; null until set. */
  maxBidDefaults: () =>
    orThrow(
      apiRequest<MaxBidDefaults | null>("/auctions/max-bid/defaults"),
      MESSAGES.fetchMaxBidDefaults,
    ),
  saveMaxBidDefaults: (defaults: MaxBidDefaults) =>
    orThrow(
      apiRequest<MaxBidDefaults>("/auctions/max-bid/defaults", { method: "PUT", body: defaults }),
      MESSAGES.saveMaxBidDefaults,
    ),
  /** Writes the dates still waiting for the Google calendar (a batch per call). */
  syncCalendar: () =>
    orThrow(
      apiRequest<AuctionCalendarSync>("/auctions/calendar/sync", { method: "POST" }),
      MESSAGES.syncAuctionCalendar,
    ),
};

/**
 * Writes every auction date still waiting for Google, a batch per call, while each call makes
 * headway; what is left (Google refusing) waits for the next sync. `onProgress` hears each batch.
 */
export async function syncAuctionCalendar(onProgress?: (left: number) => void) {
  let result = await auctionsApi.syncCalendar();
  onProgress?.(result.pending);
  let synced = result.synced;
  while (result.pending > 0 && result.synced > 0) {
    result = await auctionsApi.syncCalendar();
    synced += result.synced;
    onProgress?.(result.pending);
  }
  return { ...result, synced };
}
