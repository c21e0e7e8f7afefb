/**
 * An auction's dates as calendar events: the sale, at the time it is now set for, and the deposit
 * deadline. The merged calendar lists them read-only (edited on the auction), and the same events
 * are written to the Google calendar the user chose for auctions. Pure: no I/O.
 */
import { addIsoDays, AUCTIONS_CALENDAR_ID, type CalendarEvent } from "../calendar/event-terms";
import { todayIn } from "../today";
import { formatAddress } from "../format";
import {
  DEPOSIT_STATUSES,
  saleTimeKnownNow,
  saleTypeLabel,
  type AuctionStatus,
  type SaleType,
} from "./auction";

/** What the events are made from: an auction as stored. */
export interface AuctionDates {
  id: string;
  saleType: SaleType;
  status: AuctionStatus;
  currentSaleAt: string;
  saleTimeKnown: boolean;
  postponedTo: string | null;
  timeZone: string;
  depositDueAt: string | null;
  address: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  venue: string | null;
  onlineUrl: string | null;
  caseNumber: string | null;
  propertyId: string | null;
  projectId: string | null;
}

export type AuctionEventRole = "sale" | "deposit";

/** A sale is shown for an hour; a deposit deadline as the half hour that ends at it. */
export const SALE_MINUTES = 60;
export const DEPOSIT_MINUTES = 30;

const plus = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

export const auctionEventId = (role: AuctionEventRole, auctionId: string) =>
  `auction-${role}-${auctionId}`;

/**
 * The events the auction stands for now: its sale unless cancelled, and its deposit deadline while
 * a deposit can still be owed (before the sale, or once won). Sale time first.
 */
export function auctionEvents(
  auction: AuctionDates,
): Record<AuctionEventRole, CalendarEvent | null> {
  const place = formatAddress(auction);
  const common = {
    calendarId: AUCTIONS_CALENDAR_ID,
    source: "auction" as const,
    allDay: false,
    kind: "auction" as const,
    projectId: auction.projectId,
    propertyId: auction.propertyId,
    contactId: null,
    auctionId: auction.id,
    assigneeId: null,
    assignee: null,
    readOnly: true,
    htmlLink: null,
    updatedAt: null,
  };
  const at = (iso: string, minutes: number) => ({
    start: { dateTime: iso, timeZone: auction.timeZone },
    end: { dateTime: plus(iso, minutes), timeZone: auction.timeZone },
  });
  // A sale whose hour is not posted yet is its day: an all-day event, not a midnight one.
  const saleDay = todayIn(auction.timeZone, Date.parse(auction.currentSaleAt));
  const saleWhen = saleTimeKnownNow(auction)
    ? at(auction.currentSaleAt, SALE_MINUTES)
    : { allDay: true, start: { date: saleDay }, end: { date: addIsoDays(saleDay, 1) } };
  const caseLine = auction.caseNumber ? `Case ${auction.caseNumber}. ` : "";
  const sale =
    auction.status === "cancelled"
      ? null
      : {
          ...common,
          id: auctionEventId("sale", auction.id),
          summary: `${saleTypeLabel(auction.saleType)}: ${auction.address}`,
          description:
            `${caseLine}${auction.status === "postponed" ? "Postponed. " : ""}${auction.onlineUrl ?? ""}`.trim() ||
            null,
          location: auction.venue ? `${auction.venue}, ${place}` : place,
          ...saleWhen,
        };
  const deposit =
    auction.depositDueAt && DEPOSIT_STATUSES.includes(auction.status)
      ? {
          ...common,
          id: auctionEventId("deposit", auction.id),
          summary: `Deposit due: ${auction.address}`,
          description: `${caseLine}${saleTypeLabel(auction.saleType)}.`,
          location: auction.venue ?? null,
          ...at(plus(auction.depositDueAt, -DEPOSIT_MINUTES), DEPOSIT_MINUTES),
        }
      : null;
  return { sale, deposit };
}
