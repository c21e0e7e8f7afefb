/**
 * The times an auction is about, as every Auctions screen shows them: the sale in the viewer's zone
 * and, when its clock reads differently, where the sale is, with the time left; the deposit
 * deadline, said in words when it is within 72 hours.
 */
import { AlertTriangle } from "lucide-react";
import { useEffect, useState } from "react";
import {
  countdown,
  dayCountdown,
  DEPOSIT_STATUSES,
  dueWithin72Hours,
  type AuctionStatus,
} from "~/domain/auctions/auction-terms";
import { dayIn, daysUntilIn, saleTimeInZones } from "~/domain/auctions/time-zones";

/** The time now, again every minute (countdowns move on while the screen is open). */
export function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** Each status's badge colour. */
export const STATUS_TONE: Record<AuctionStatus, "neutral" | "accent" | "success" | "danger"> = {
  upcoming: "accent",
  postponed: "accent",
  won: "success",
  sold: "neutral",
  lost: "neutral",
  cancelled: "danger",
  redeemed: "neutral",
};

/**
 * "Thu, Apr 2, 2027, 10:00 AM EDT", then "9:00 AM CDT where the sale is" and "in 3 d 4 h"; a sale
 * whose hour is not known yet is its day ("Wed, Nov 5, 2025", time not posted, "Sale in 3 days").
 */
export function SaleTime(props: {
  at: string;
  timeZone: string;
  now: number;
  compact?: boolean;
  timeKnown?: boolean;
  /** Adjourned with no new date yet: the day it was set for is said as past plans. */
  adjourned?: boolean;
}) {
  if (props.adjourned) {
    return (
      <span className="block">
        <span className={`block ${props.compact ? "" : "font-medium"}`}>
          Adjourned: new date not set
        </span>
        <span className="block text-xs text-muted">
          Was set for {dayIn(props.at, props.timeZone)}
        </span>
      </span>
    );
  }
  if (props.timeKnown === false) {
    const left = dayCountdown(daysUntilIn(props.at, props.timeZone, props.now));
    return (
      <span className="block">
        <span className={`block ${props.compact ? "" : "font-medium"}`}>
          {dayIn(props.at, props.timeZone)}
        </span>
        <span className="block text-xs text-muted">Time not posted yet</span>
        <span className="block text-xs text-muted">
          {left === "past" ? "Sale day has passed" : `Sale ${left}`}
        </span>
      </span>
    );
  }
  const { viewer, local } = saleTimeInZones(props.at, props.timeZone);
  const left = countdown(props.at, props.now);
  return (
    <span className="block">
      <span className={`block ${props.compact ? "" : "font-medium"}`}>{viewer}</span>
      {local && <span className="block text-xs text-muted">{local} where the sale is</span>}
      <span className="block text-xs text-muted">
        {left === "past" ? "Sale time has passed" : `Sale ${left}`}
      </span>
    </span>
  );
}

/**
 * The deposit deadline, in the viewer's zone and the sale's when the clocks differ, and how near
 * it is: in words (and red) within 72 hours.
 */
export function DepositDeadline(props: {
  at: string | null;
  timeZone: string;
  status: AuctionStatus;
  now: number;
}) {
  if (!props.at) return <span className="text-muted">—</span>;
  const matters = DEPOSIT_STATUSES.includes(props.status);
  const soon = matters && dueWithin72Hours(props.at, props.now);
  const left = countdown(props.at, props.now);
  const { viewer, local } = saleTimeInZones(props.at, props.timeZone);
  return (
    <span className="block">
      <span className="block">{viewer}</span>
      {local && <span className="block text-xs text-muted">{local} where the sale is</span>}
      {soon ? (
        <span className="mt-0.5 inline-flex items-center gap-1 rounded-md bg-danger/15 px-2 py-0.5 text-xs font-medium text-danger">
          <AlertTriangle aria-hidden className="size-3.5" /> Due within 72 hours: {left}
        </span>
      ) : (
        matters && (
          <span className="block text-xs text-muted">
            {left === "past" ? "Deadline passed" : `Due ${left}`}
          </span>
        )
      )}
    </span>
  );
}
