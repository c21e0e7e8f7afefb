/**
 * An auction's vocabularies and the times that matter about it (when the sale is now set for, the
 * deposit due, the countdown), without the input schemas (auction.ts, which re-exports these): a
 * page that shows auctions downloads no zod. Pure: no I/O.
 */
import { label } from "../workspace-terms";
import { depositDue } from "./max-bid";

export const SALE_TYPES = ["judicial", "upset", "sheriff", "tax", "trustee"] as const;
export type SaleType = (typeof SALE_TYPES)[number];

export const AUCTION_STATUSES = [
  "upcoming",
  "postponed",
  "cancelled",
  "sold",
  "won",
  "lost",
  "redeemed",
] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

/** "Sheriff sale", "Tax sale"… */
export const saleTypeLabel = (saleType: SaleType) => `${label(saleType)} sale`;

const HOUR_MS = 3_600_000;

/** When the sale is now set for: the date it was postponed to, else its sale date. */
export const currentSaleAt = (auction: { saleAt: string; postponedTo: string | null }) =>
  auction.postponedTo ?? auction.saleAt;

/** The deposit the planned bid calls for: the amount, or the percent of the planned bid. */
export const auctionDepositDue = (auction: {
  depositAmount: number | null;
  depositPct: number | null;
  plannedBid: number | null;
}) =>
  auction.depositPct !== null && auction.plannedBid === null
    ? null
    : depositDue(auction, auction.plannedBid ?? 0);

/** Whether a deadline is still ahead and at most 72 hours away (the list highlights it). */
export const dueWithin72Hours = (deadline: string | null, now = Date.now()) => {
  if (!deadline) return false;
  const left = Date.parse(deadline) - now;
  return left >= 0 && left <= 72 * HOUR_MS;
};

/** "in 3 d 4 h", "in 5 h 20 min", "in 12 min", or "past" for what has happened. */
export function countdown(target: string, now = Date.now()) {
  const minutes = Math.floor((Date.parse(target) - now) / 60_000);
  if (minutes < 0) return "past";
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return `in ${days} d ${hours} h`;
  if (hours) return `in ${hours} h ${minutes % 60} min`;
  return `in ${minutes} min`;
}

/** "today", "tomorrow", "in 3 days", or "past": a sale whose day is known but not its hour. */
export function dayCountdown(days: number) {
  if (days < 0) return "past";
  if (days === 0) return "today";
  return days === 1 ? "tomorrow" : `in ${days} days`;
}

/**
 * Whether the time the sale is now set for is known: a county list may give only its day (the
 * sale then shows as that day, not as a midnight sale); a postponement names its new time.
 */
export const saleTimeKnownNow = (auction: { saleTimeKnown: boolean; postponedTo: string | null }) =>
  auction.saleTimeKnown || auction.postponedTo !== null;

/** A sale adjourned with no new date yet: its old day is no longer when it happens. */
export const adjournedWithoutDate = (auction: { status: string; postponedTo: string | null }) =>
  auction.status === "postponed" && auction.postponedTo === null;

/** Statuses of a sale that still lies ahead for the investor. */
export const OPEN_STATUSES: readonly AuctionStatus[] = ["upcoming", "postponed"];
/** Statuses for which the deposit deadline still matters (before the sale, or once won). */
export const DEPOSIT_STATUSES: readonly AuctionStatus[] = ["upcoming", "postponed", "won"];
