/**
 * What the Auctions screens say about work that takes a while or fails: counts, a save and
 * whether its dates reached Google Calendar, the writing of auction dates there, a failed call.
 */
import { toast } from "~/lib/toast";
import type { AuctionCalendarSync, SavedAuction } from "~/lib/api/auctions";

/** "1 auction", "12 auctions". */
export const auctionCount = (count: number) => `${count} auction${count === 1 ? "" : "s"}`;

export const syncProgress = (left: number) =>
  `Writing auction dates to Google Calendar… ${auctionCount(left)} left`;

export const ALL_WRITTEN = "Auction dates are on Google Calendar, and follow each change.";

/** What a sync did: all written, or what is left and Google's reason. */
export function syncOutcome(result: AuctionCalendarSync) {
  if (result.pending === 0) return ALL_WRITTEN;
  const reason = result.message ? `: ${result.message}` : "";
  return `${auctionCount(result.pending)} not written to Google Calendar yet${reason}.`;
}

/** Says a save went through, and whether the dates reached the Google calendar for auctions. */
export function announceSaved(calendar: SavedAuction["calendar"], what: string) {
  if (calendar.status === "failed") {
    toast.warning(`${what}, but its dates are not on Google Calendar yet`, {
      description: calendar.message,
    });
  } else {
    toast.success(what);
  }
}
