/**
 * An auction the investor is watching: its vocabularies, the input rules shared by the
 * API, the import preview and the form, and the times that matter about it (when the sale is now
 * set for, the deposit due, the countdown). Pure: no I/O.
 */
import { z } from "zod";
import { assigneeIdField } from "../assignee-input";
import { instantWithin } from "../date-schemas";
import { isTimeZone } from "../today";
import { id, money, optional, optionalText, requiredText } from "../workspace";
import { AUCTION_STATUSES, SALE_TYPES } from "./auction-terms";
import { zoneOfState } from "./state-zones";

export * from "./auction-terms";

const instant = instantWithin("Use a date and time like 2027-03-31T10:00:00-04:00");
const percent = optional(z.number().finite().min(0).max(100));

/** The max-bid calculator's inputs: all but the value default to 0. */
export const MaxBidInputSchema = z.object({
  estimatedValue: z
    .number({ error: "Give the after-repair value (ARV)" })
    .finite()
    .min(0)
    .max(1e12),
  rehabCost: z.number().finite().min(0).max(1e12).default(0),
  survivingLiens: z.number().finite().min(0).max(1e12).default(0),
  closingCosts: z.number().finite().min(0).max(1e12).default(0),
  holdingCosts: z.number().finite().min(0).max(1e12).default(0),
  sellingCostsPct: z.number().finite().min(0).max(100).default(0),
  targetProfitPct: z.number().finite().min(0).max(100).default(0),
  buyerPremiumPct: z.number().finite().min(0).max(100).default(0),
});

/** A user's starting selling costs and profit for the calculator (`PUT /auctions/max-bid/defaults`). */
export const MaxBidDefaultsSchema = z.object({
  sellingCostsPct: z.number().finite().min(0).max(100),
  targetProfitPct: z.number().finite().min(0).max(100),
});

/** The most a list or import takes at once. */
export const MAX_AUCTION_IMPORT_ROWS = 1000;

/**
 * An auction as a client writes it (PUT replaces every field). `timeZone` may be left out when
 * `state` names a US state: the state's main zone is taken (an import from a county list rarely
 * says). `postponedTo` is the date a postponed sale moved to, kept after; a sale adjourned with no
 * new date yet is postponed without one ("Adjourned - Plaintiff" on a county list).
 */
export const AuctionFieldsSchema = z.object({
  saleType: z.enum(SALE_TYPES, {
    error: "Choose the sale type: judicial, upset, sheriff, tax or trustee",
  }),
  saleAt: instantWithin((issue) =>
    issue.input === undefined || issue.input === null
      ? "Give the sale's date and time"
      : "Use a date and time like 2027-03-31T10:00:00-04:00",
  ),
  /** False when only the sale's day is known (a county list without times): `saleAt` is its start. */
  saleTimeKnown: z.boolean().default(true),
  timeZone: optional(
    z.string().max(64).refine(isTimeZone, { error: "Use a time zone like America/New_York" }),
  ),
  address: requiredText(300, "Give the property's address"),
  city: optionalText(100),
  county: optionalText(100),
  state: optionalText(50),
  zip: optionalText(20),
  caseNumber: optionalText(100),
  apn: optionalText(100),
  propertyId: optional(id),
  projectId: optional(id),
  dealId: optional(id),
  /** The attorney or trustee conducting the sale. */
  attorneyContactId: optional(id),
  auctioneerContactId: optional(id),
  /** Courthouse steps, room… */
  venue: optionalText(300),
  onlineUrl: optional(
    z.url({ protocol: /^https?$/, error: "Use the sale's web address (https://…)" }).max(2000),
  ),
  openingBid: money,
  depositAmount: money,
  depositPct: percent,
  depositDueAt: optional(instant),
  balanceDueDays: optional(z.number().int().min(0).max(365)),
  buyerPremiumPct: percent,
  /** The bid the investor plans to make (a percent deposit is worked out on it). */
  plannedBid: money,
  /** The max-bid calculator's inputs, kept with the auction. */
  bidInputs: optional(MaxBidInputSchema),
  status: z.enum(AUCTION_STATUSES).default("upcoming"),
  assigneeId: assigneeIdField,
  postponedTo: optional(instant),
  winningBid: money,
  notes: optionalText(5000),
});

export const AuctionInputSchema = AuctionFieldsSchema.transform((auction, context) => {
  const timeZone = auction.timeZone ?? zoneOfState(auction.state);
  if (!timeZone) {
    context.addIssue({
      code: "custom",
      path: ["timeZone"],
      message: "Give the sale's time zone, like America/New_York (or a US state)",
    });
    return z.NEVER;
  }
  return { ...auction, timeZone };
}).superRefine((auction, context) => {
  if (auction.depositAmount !== null && auction.depositPct !== null)
    context.addIssue({
      code: "custom",
      path: ["depositPct"],
      message: "Give the deposit as an amount or a percent of the bid, not both",
    });
  if (auction.postponedTo && Date.parse(auction.postponedTo) <= Date.parse(auction.saleAt))
    context.addIssue({
      code: "custom",
      path: ["postponedTo"],
      message: "A postponed sale moves to a later time than its sale date",
    });
});
export type AuctionInput = z.output<typeof AuctionInputSchema>;
