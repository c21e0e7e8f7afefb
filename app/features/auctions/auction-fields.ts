/**
 * An auction as the screens' forms hold it, and back: the sale's times as the clock reads where the
 * sale happens (a day and a time in its zone), the deposit as an amount or a percent, and the
 * max-bid calculator's figures with where they came from. Pure: no I/O, no React.
 */
import type { MaxBidDefaults, MaxBidInputs } from "~/domain/auctions/max-bid";
import { zoneOfState } from "~/domain/auctions/state-zones";
import { localTimeToIso, wallClockIn } from "~/domain/auctions/time-zones";
import { isTimeZone } from "~/domain/today";
import type { Auction } from "~/lib/api/auctions";

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as the clock reads in `zone`: the day ("2027-04-02") and the time ("10:00"). */
export function wallClock(iso: string, zone: string) {
  const wall = wallClockIn(new Date(iso), zone);
  return {
    day: `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

/**
 * A day and a time read in `zone`, as a UTC instant; "" when no day is given. What cannot be read
 * (no time, no zone) is returned as typed, for the schema to refuse in its own words.
 */
export function instantOf(day: string, time: string, zone: string) {
  if (!day.trim()) return "";
  const typed = `${day.trim()}T${time.trim()}`;
  return (isTimeZone(zone) && localTimeToIso(typed, zone)) || typed;
}

/** The form's fields, as text (what the inputs hold). */
export interface AuctionFormValues extends Record<string, string> {
  saleType: string;
  /** The sale's day in its zone; the error of the API's `saleAt` shows under it. */
  saleAt: string;
  /** "" while the sale's hour is not posted (a county list gives the day only). */
  saleTime: string;
  timeZone: string;
  address: string;
  city: string;
  county: string;
  state: string;
  zip: string;
  caseNumber: string;
  apn: string;
  propertyId: string;
  projectId: string;
  dealId: string;
  attorneyContactId: string;
  auctioneerContactId: string;
  venue: string;
  onlineUrl: string;
  openingBid: string;
  /** "amount" or "percent": which of the two deposit fields is sent. */
  depositMode: string;
  depositAmount: string;
  depositPct: string;
  depositDueAt: string;
  depositDueTime: string;
  balanceDueDays: string;
  buyerPremiumPct: string;
  plannedBid: string;
  status: string;
  postponedTo: string;
  postponedTime: string;
  winningBid: string;
  /** The member it is assigned to; "" for nobody. */
  assigneeId: string;
  notes: string;
}

const textOf = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** A time field's first value: a sale's usual morning hour. */
export const DEFAULT_SALE_TIME = "10:00";

/** The fields of a new auction, from a property when one is given, in the state's zone. */
export function newAuctionValues(
  property: {
    id: string;
    address: string;
    city: string | null;
    state: string | null;
    zip: string | null;
  } | null,
  /** The viewer's zone: the sale's until a state says otherwise. */
  viewerZone: string,
  /** The saved analysis behind the bid, when the property has one. */
  dealId?: string | null,
): AuctionFormValues {
  return {
    saleType: "",
    saleAt: "",
    saleTime: DEFAULT_SALE_TIME,
    timeZone: zoneOfState(property?.state) ?? viewerZone,
    address: textOf(property?.address),
    city: textOf(property?.city),
    county: "",
    state: textOf(property?.state),
    zip: textOf(property?.zip),
    caseNumber: "",
    apn: "",
    propertyId: textOf(property?.id),
    projectId: "",
    dealId: textOf(dealId),
    attorneyContactId: "",
    auctioneerContactId: "",
    venue: "",
    onlineUrl: "",
    openingBid: "",
    depositMode: "amount",
    depositAmount: "",
    depositPct: "",
    depositDueAt: "",
    depositDueTime: DEFAULT_SALE_TIME,
    balanceDueDays: "",
    buyerPremiumPct: "",
    plannedBid: "",
    status: "upcoming",
    postponedTo: "",
    postponedTime: DEFAULT_SALE_TIME,
    winningBid: "",
    assigneeId: "",
    notes: "",
  };
}

/** The fields of a saved auction; its times as the clock reads where the sale is. */
export function auctionFormValues(auction: Auction): AuctionFormValues {
  const at = (iso: string | null) =>
    iso ? wallClock(iso, auction.timeZone) : { day: "", time: DEFAULT_SALE_TIME };
  const sale = at(auction.saleAt);
  const deposit = at(auction.depositDueAt);
  const postponed = at(auction.postponedTo);
  return {
    saleType: auction.saleType,
    saleAt: sale.day,
    saleTime: auction.saleTimeKnown ? sale.time : "",
    timeZone: auction.timeZone,
    address: auction.address,
    city: textOf(auction.city),
    county: textOf(auction.county),
    state: textOf(auction.state),
    zip: textOf(auction.zip),
    caseNumber: textOf(auction.caseNumber),
    apn: textOf(auction.apn),
    propertyId: textOf(auction.propertyId),
    projectId: textOf(auction.projectId),
    dealId: textOf(auction.dealId),
    attorneyContactId: textOf(auction.attorneyContactId),
    auctioneerContactId: textOf(auction.auctioneerContactId),
    venue: textOf(auction.venue),
    onlineUrl: textOf(auction.onlineUrl),
    openingBid: textOf(auction.openingBid),
    depositMode: auction.depositPct !== null ? "percent" : "amount",
    depositAmount: textOf(auction.depositAmount),
    depositPct: textOf(auction.depositPct),
    depositDueAt: deposit.day,
    depositDueTime: deposit.time,
    balanceDueDays: textOf(auction.balanceDueDays),
    buyerPremiumPct: textOf(auction.buyerPremiumPct),
    plannedBid: textOf(auction.plannedBid),
    status: auction.status,
    postponedTo: postponed.day,
    postponedTime: postponed.time,
    winningBid: textOf(auction.winningBid),
    assigneeId: textOf(auction.assigneeId),
    notes: textOf(auction.notes),
  };
}

/** Statuses that come with the winning bid. */
export const WINNING_STATUSES: readonly string[] = ["won", "sold"];

/**
 * The form's text as the API's input: times read in the sale's zone, the one deposit chosen, the
 * winning bid only for a sale that was won or sold, and the calculator's saved inputs kept.
 */
export function auctionBodyOf(
  values: AuctionFormValues,
  bidInputs: MaxBidInputs | null,
): Record<string, unknown> {
  const {
    saleTime,
    depositMode,
    depositDueTime,
    postponedTime,
    depositAmount,
    depositPct,
    winningBid,
    ...fields
  } = values;
  const zone = values.timeZone;
  return {
    ...fields,
    // A day without an hour is the sale's day, its time not known yet: the day's start.
    saleAt: instantOf(values.saleAt, saleTime.trim() || "00:00", zone),
    saleTimeKnown: Boolean(saleTime.trim()),
    depositDueAt: instantOf(values.depositDueAt, depositDueTime, zone),
    postponedTo: instantOf(values.postponedTo, postponedTime, zone),
    depositAmount: depositMode === "amount" ? depositAmount : "",
    depositPct: depositMode === "percent" ? depositPct : "",
    winningBid: WINNING_STATUSES.includes(values.status) ? winningBid : "",
    bidInputs,
  };
}

/** The calculator's inputs, in the order it asks for them. */
export const BID_FIELDS: readonly { key: keyof MaxBidInputs; label: string }[] = [
  { key: "estimatedValue", label: "After-repair value, ARV ($)" },
  { key: "rehabCost", label: "Rehab cost ($)" },
  { key: "survivingLiens", label: "Liens that survive the sale ($)" },
  { key: "closingCosts", label: "Closing costs ($)" },
  { key: "holdingCosts", label: "Holding costs, whole hold ($)" },
  { key: "sellingCostsPct", label: "Selling costs (% of the ARV)" },
  { key: "targetProfitPct", label: "Target profit (% of the ARV)" },
  { key: "buyerPremiumPct", label: "Buyer's premium (% of the bid)" },
];

export type BidFormValues = Record<keyof MaxBidInputs, string>;

/** What the calculator can start from besides its saved inputs. */
export interface BidSources {
  saved: MaxBidInputs | null;
  property: { arv: number | null; estimatedValue: number | null } | null;
  /** The saved analysis behind the bid. */
  deal: { name: string; strategy: string; inputs: object } | null;
  /** The auction's own premium. */
  buyerPremiumPct: number | null;
  /** The user's own selling costs and profit, when set. */
  defaults?: MaxBidDefaults | null;
}

const numberIn = (inputs: object, key: string) => {
  const value = (inputs as Record<string, unknown>)[key];
  return typeof value === "number" ? value : undefined;
};

/**
 * The calculator's first figures, and where they came from: the inputs saved with the auction;
 * else the analysis's rehab, closing, holding and selling costs and its ARV, the property's ARV
 * (or estimated value) when the analysis has none, the auction's premium, and the user's own
 * selling costs and profit for what is still empty.
 */
export function bidStart(sources: BidSources): { values: BidFormValues; from: string[] } {
  const values = Object.fromEntries(BID_FIELDS.map(({ key }) => [key, ""])) as BidFormValues;
  if (sources.saved) {
    for (const { key } of BID_FIELDS) values[key] = textOf(sources.saved[key]);
    return { values, from: ["the inputs saved with this auction"] };
  }
  const from: string[] = [];
  const { deal, property } = sources;
  if (deal) {
    const inputs = deal.inputs;
    const months = numberIn(inputs, "holdingMonths");
    const monthly = numberIn(inputs, "holdingCostsMonthly");
    const found = {
      estimatedValue: numberIn(inputs, "afterRepairValue"),
      rehabCost: numberIn(inputs, "rehabCost"),
      closingCosts: numberIn(inputs, "closingCosts"),
      holdingCosts: months !== undefined && monthly !== undefined ? months * monthly : undefined,
      // A flip's selling costs are a share of the ARV, as here; a rental's are of a later sale.
      sellingCostsPct: deal.strategy === "flip" ? numberIn(inputs, "sellingCostsPct") : undefined,
    };
    let used = false;
    for (const [key, value] of Object.entries(found)) {
      if (value === undefined) continue;
      values[key as keyof MaxBidInputs] = String(value);
      used = true;
    }
    if (used) from.push(`the analysis “${deal.name}”`);
  }
  const propertyValue = property?.arv ?? property?.estimatedValue ?? null;
  if (!values.estimatedValue && propertyValue !== null) {
    values.estimatedValue = String(propertyValue);
    from.push(property?.arv !== null ? "the property's ARV" : "the property's estimated value");
  }
  if (sources.buyerPremiumPct !== null) {
    values.buyerPremiumPct = String(sources.buyerPremiumPct);
    from.push("the auction's buyer's premium");
  }
  const { defaults } = sources;
  if (defaults) {
    const unset = (["sellingCostsPct", "targetProfitPct"] as const).filter((key) => !values[key]);
    for (const key of unset) values[key] = String(defaults[key]);
    if (unset.length) from.push("your defaults");
  }
  return { values, from };
}
