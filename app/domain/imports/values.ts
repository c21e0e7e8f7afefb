/**
 * Cells as people and programs write them: numbers with $ and thousands separators (or, from a
 * European Excel, decimal commas), dates in the usual US, ISO and European forms, yes/no flags,
 * and the words each source uses for property types and listing statuses. Pure: no I/O.
 */
import type { AuctionStatus, SaleType } from "../auctions/auction-terms";
import { parseNumberLike } from "../format";
import {
  LISTING_STATUSES,
  PROPERTY_TYPES,
  type ListingStatus,
  type PropertyType,
} from "../workspace";

/** How the file writes numbers and dates: as in the US, or as a European Excel does. */
export interface Conventions {
  /** "1.234,50" and 31/12/2026 (a semicolon-separated file from a European Excel). */
  european: boolean;
}

/** A number as written: "$189,900", "7.5%", "(1,200)"; "1.234,50" in European files. */
export function readNumber(text: string, conventions: Conventions): number | null {
  if (!conventions.european) return parseNumberLike(text);
  const compact = text.replace(/\s+/g, "").replace(/[€$]/g, "");
  if (
    /^[-+(]?\d{1,3}(\.\d{3})+(,\d+)?\)?%?$/.test(compact) ||
    /^[-+(]?\d+(,\d+)?\)?%?$/.test(compact)
  ) {
    return parseNumberLike(compact.replace(/\./g, "").replace(",", "."));
  }
  return parseNumberLike(compact);
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number) => String(n).padStart(2, "0");

function isoDay(year: number, month: number, day: number) {
  if (year < 100) year += year < 70 ? 2000 : 1900;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A calendar day as written: 2026-12-03, 12/3/2026 (US; 3/12/2026 in European files),
 * 03.12.2026, "Dec 3, 2026", "3 December 2026", or an ISO date-time; null when unreadable.
 */
export function readDay(text: string, conventions: Conventions): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (match) return isoDay(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{2}|\d{4})(?:\s.*)?$/.exec(value);
  if (match) {
    const [a, b, year] = [Number(match[1]), Number(match[3]), Number(match[4])];
    const dayFirst = conventions.european || match[2] === "." || a > 12;
    return dayFirst ? isoDay(year, b, a) : isoDay(year, a, b);
  }
  // "Dec 3, 2026", and Redfin's "September-26-2025".
  match = /^([a-z]{3})[a-z]*\.?[\s-]+(\d{1,2}),?[\s-]+(\d{4})(?:\s.*)?$/i.exec(value);
  if (match && MONTHS.includes(match[1]!.toLowerCase())) {
    return isoDay(Number(match[3]), MONTHS.indexOf(match[1]!.toLowerCase()) + 1, Number(match[2]));
  }
  match = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/i.exec(value);
  if (match && MONTHS.includes(match[2]!.toLowerCase())) {
    return isoDay(Number(match[3]), MONTHS.indexOf(match[2]!.toLowerCase()) + 1, Number(match[1]));
  }
  return null;
}

const YES = new Set(["yes", "y", "true", "1", "x", "opted in", "optin", "owner occupied"]);
const NO = new Set(["no", "n", "false", "0", "opted out", "optout", "absentee"]);
/** Yes/No, Y/N, TRUE/FALSE, 1/0; null when it says neither. */
export function readFlag(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  return YES.has(word) ? true : NO.has(word) ? false : null;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, " ")
    .trim();

/** Property type words most exports share, checked in order. */
const TYPE_WORDS: [RegExp, PropertyType][] = [
  [/\b(mobile|manufactured)\b/, "mobile_home"],
  [
    /\b(multi|duplex|triplex|fourplex|quadruplex|quadplex|2 4 unit|5 unit|apartments?)\b/,
    "multi_family",
  ],
  [/\b(condo|condos|condominium|co op|coop|cooperative)\b/, "condo"],
  [/\b(town|townhouse|townhome|townhomes|rowhouse)\b/, "townhouse"],
  [/\b(land|lot|lots|vacant|acreage|farm|ranch land)\b/, "land"],
  [/\b(commercial|office|retail|industrial|warehouse|mixed use)\b/, "commercial"],
  [/\b(single|sfr|sfh|detached|residential|house)\b/, "single_family"],
];

/** A source's property type as AI42's: the source's own table, else common words, else other. */
export function readPropertyType(text: string, table: Record<string, PropertyType> = {}) {
  const lower = text.trim().toLowerCase();
  const own = table[lower];
  if (own) return own;
  const snake = lower.replace(/[\s-]+/g, "_");
  if ((PROPERTY_TYPES as readonly string[]).includes(snake)) return snake as PropertyType;
  const spoken = words(text);
  return TYPE_WORDS.find(([pattern]) => pattern.test(spoken))?.[1] ?? "other";
}

const STATUS_WORDS: [RegExp, ListingStatus][] = [
  [/\bcoming soon\b/, "coming_soon"],
  [/\b(contingent|active under contract|backup|back up)\b/, "contingent"],
  [/\b(pending|under contract|under agreement)\b/, "pending"],
  [/\b(sold|closed|recently sold|past sale)\b/, "sold"],
  [/\b(off market|withdrawn|expired|cancelled|canceled|delisted|off)\b/, "off_market"],
  [/\b(active|for sale|new|price change|back on market|for rent)\b/, "active"],
];

/** A listing status as AI42's: the source's own table, else common words, else other. */
export function readListingStatus(text: string, table: Record<string, ListingStatus> = {}) {
  const lower = text.trim().toLowerCase();
  const own = table[lower];
  if (own) return own;
  const snake = lower.replace(/[\s-]+/g, "_");
  if ((LISTING_STATUSES as readonly string[]).includes(snake)) return snake as ListingStatus;
  const spoken = words(text);
  return STATUS_WORDS.find(([pattern]) => pattern.test(spoken))?.[1] ?? "other";
}

/** Whether a name is an organisation's (an LLC, a trust, a bank), not a person's. */
export const isOrganisation = (name: string) =>
  /\b(llc|l\.l\.c|inc|corp|corporation|company|co|trust|trustee|bank|estate|lp|llp|ltd|holdings|properties|investments|association|church|city|county|state|federal|national|mortgage|partners)\b\.?/i.test(
    name,
  );

/** "Jane Q Smith" → first "Jane", last "Q Smith"; an organisation's name stays whole. */
export function splitName(name: string): {
  firstName: string;
  lastName: string;
  company: string | null;
} {
  const clean = name.trim().replace(/\s+/g, " ");
  if (!clean) return { firstName: "", lastName: "", company: null };
  if (isOrganisation(clean)) return { firstName: "", lastName: "", company: clean };
  // "Núñez, Ana": last name first, as county rolls and many spreadsheets write it.
  const comma = /^([^,]+),\s*(.+)$/.exec(clean);
  if (comma) return { firstName: comma[2]!, lastName: comma[1]!, company: null };
  const [first = "", ...rest] = clean.split(" ");
  return { firstName: first, lastName: rest.join(" "), company: null };
}

const SALE_WORDS: [RegExp, SaleType][] = [
  [/sheriff/, "sheriff"],
  [/trustee|non ?judicial|power of sale/, "trustee"],
  [/tax/, "tax"],
  [/upset/, "upset"],
  [/judicial|foreclosure|mortgage|court/, "judicial"],
];

/** A sale type as counties and auction sites word it ("Sheriff's Sale", "Tax Deed"), or null. */
export const readSaleType = (text: string) =>
  SALE_WORDS.find(([pattern]) => pattern.test(words(text)))?.[1] ?? null;

// "Adjourned - Bankruptcy" is a sale put off, not called off: adjournment is read first.
const AUCTION_STATUS_WORDS: [RegExp, AuctionStatus][] = [
  [/redeem/, "redeemed"],
  [/adjourn|postpone|continued|reschedul/, "postponed"],
  [/cancel|withdrawn|vacated|dismissed|stayed|bankrupt|satisfied|removed/, "cancelled"],
  [/sold|purchased|struck off|reverted|third party|3rd party/, "sold"],
  [/\bwon\b/, "won"],
  [/\blost\b/, "lost"],
  [/scheduled|active|upcoming|open|pending|on sale|for sale/, "upcoming"],
];

/** A sale's status as a county list words it ("Adjourned - Plaintiff", "Purchased - 3rd Party"), or null. */
export const readAuctionStatus = (text: string) =>
  AUCTION_STATUS_WORDS.find(([pattern]) => pattern.test(words(text)))?.[1] ?? null;

/** A status as written, as AI42's words are spelled: "Under Contract" → "under_contract". */
export const statusWord = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** The flags a skip-tracing service writes in one cell ("DNC", "DNC/Litigator", "Deceased"). */
export function readContactFlags(text: string) {
  const said = words(text);
  return {
    doNotContact: /\b(dnc|do not (call|contact))\b/.test(said),
    litigator: /\blitigat/.test(said),
    deceased: /\b(deceased|dead|death)\b/.test(said),
    doNotMail: /\b(do not mail|dnm|no mail)\b/.test(said),
  };
}
