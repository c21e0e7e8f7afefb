/**
 * The auctions from the browser: their types as the API answers them, and the Google calendar
 * their dates are written to (chosen, and synced a batch at a time). The auctions themselves are
 * read by their routes' loaders and changed through their actions. Each call throws a
 * `ServiceError` carrying a "Failed to …" message and what the server said.
 */
import type { z } from "zod";
import type { AuctionFieldsSchema } from "~/domain/auctions/auction";
import type {
  AuctionCalendarSchema,
  AuctionCalendarSyncSchema,
  AuctionDetailSchema,
  AuctionSchema,
  CalendarSyncSchema,
  ListedAuctionSchema,
} from "../../../worker/api/routes/auctions.schemas";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow } from "./workspace";

/** An auction as answered; as a list or its page reads it, with its assignee (initials, name). */
export type Auction = z.infer<typeof AuctionSchema> &
  Partial<Pick<z.infer<typeof ListedAuctionSchema>, "assignee">>;
export type AuctionDetail = z.infer<typeof AuctionDetailSchema>;
export type AuctionHistoryEntry = AuctionDetail["history"][number];
export type CalendarSync = z.infer<typeof CalendarSyncSchema>;
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

/** A saved auction, and whether its dates were written to the Google calendar for auctions. */
export interface SavedAuction {
  auction: Auction;
  calendar: CalendarSync;
}

export const auctionsApi = {
  /** The Google calendar auction dates are written to; null for AI42's own only. */
  chooseCalendar: (googleCalendarId: string | null) =>
    orThrow(
      apiRequest<AuctionCalendar>("/auctions/calendar", {
        method: "PUT",
        body: { googleCalendarId },
      }),
      MESSAGES.chooseAuctionCalendar,
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
