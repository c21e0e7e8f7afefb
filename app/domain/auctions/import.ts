/**
 * Auctions from a county list or spreadsheet (CSV) or JSON: header spellings mapped to fields,
 * each row checked with the API's own rules. The browser's preview and the API's import both use
 * `checkAuctionRows`. Pure: no I/O.
 */
import { headerKey, readCsv, type ParsedFile } from "../csv";
import { fieldProblems, readNumbers, type RowFailure } from "../validation";
import { AuctionFieldsSchema, AuctionInputSchema, type AuctionInput } from "./auction";
import { localTimeToIso, zoneOfState } from "./time-zones";

/** Header spellings, normalised (lower case, letters and digits only). */
const HEADER_ALIASES: Record<string, keyof AuctionInput> = {
  saletype: "saleType",
  type: "saleType",
  sale: "saleType",
  saleat: "saleAt",
  saledate: "saleAt",
  saledatetime: "saleAt",
  auctiondate: "saleAt",
  date: "saleAt",
  timezone: "timeZone",
  zone: "timeZone",
  address: "address",
  propertyaddress: "address",
  streetaddress: "address",
  street: "address",
  city: "city",
  county: "county",
  state: "state",
  zip: "zip",
  zipcode: "zip",
  postalcode: "zip",
  casenumber: "caseNumber",
  case: "caseNumber",
  caseno: "caseNumber",
  docket: "caseNumber",
  apn: "apn",
  parcel: "apn",
  parcelnumber: "apn",
  parcelid: "apn",
  venue: "venue",
  location: "venue",
  onlineurl: "onlineUrl",
  url: "onlineUrl",
  link: "onlineUrl",
  openingbid: "openingBid",
  minimumbid: "openingBid",
  upsetprice: "openingBid",
  startingbid: "openingBid",
  judgmentamount: "openingBid",
  depositamount: "depositAmount",
  deposit: "depositAmount",
  depositpct: "depositPct",
  depositpercent: "depositPct",
  depositdueat: "depositDueAt",
  depositdue: "depositDueAt",
  depositdeadline: "depositDueAt",
  balanceduedays: "balanceDueDays",
  buyerpremiumpct: "buyerPremiumPct",
  buyerspremium: "buyerPremiumPct",
  buyerpremium: "buyerPremiumPct",
  premium: "buyerPremiumPct",
  plannedbid: "plannedBid",
  status: "status",
  postponedto: "postponedTo",
  winningbid: "winningBid",
  notes: "notes",
};

/** "Deposit %" is the percent, "Deposit" the amount. */
export function auctionFieldForHeader(header: string) {
  const key = headerKey(header);
  return (header.includes("%") && HEADER_ALIASES[`${key}pct`]) || HEADER_ALIASES[key];
}

/** Numbers are read by the schema check (parseTyped); enums are matched in lower case. */
function cell(field: keyof AuctionInput, raw: string): unknown {
  const text = raw.trim();
  if (!text) return undefined;
  if (field === "saleType" || field === "status") {
    // "Sheriff Sale", "Trustee's sale" → "sheriff", "trustee".
    return text
      .toLowerCase()
      .replace(/['’]s\b/g, "")
      .replace(/\s*sale$/, "")
      .trim();
  }
  return text;
}

export function parseAuctionsCsv(text: string): ParsedFile {
  const parsed = readCsv(text, {
    fieldFor: auctionFieldForHeader,
    cell,
    required: ["address", "saleAt"],
    missing: "The file needs a header row naming at least Address and Sale date.",
  });
  return { ...parsed, rows: parsed.rows.map(withInstants) };
}

const TIME_FIELDS = ["saleAt", "depositDueAt", "postponedTo"] as const;

/**
 * A county list gives times as the clock reads where the sale is ("03/04/2027 10:00 AM"): read
 * them in the row's time zone (or its state's) as instants. What cannot be read is left for the
 * check to refuse in plain words.
 */
function withInstants(row: Record<string, unknown>) {
  const zone =
    (typeof row.timeZone === "string" && row.timeZone) ||
    zoneOfState(typeof row.state === "string" ? row.state : null);
  if (!zone) return row;
  for (const field of TIME_FIELDS) {
    const value = row[field];
    if (typeof value === "string") row[field] = localTimeToIso(value, zone) ?? value;
  }
  return row;
}

/** Each row checked with the API's rules; the failures by 0-based index. */
export function checkAuctionRows(rows: unknown[]) {
  const valid: { index: number; input: AuctionInput }[] = [];
  const failed: RowFailure[] = [];
  rows.forEach((row, index) => {
    const record = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const parsed = AuctionInputSchema.safeParse(readNumbers(AuctionFieldsSchema.shape, record));
    if (parsed.success) valid.push({ index, input: parsed.data });
    else failed.push({ index, errors: fieldProblems(parsed.error, "row") });
  });
  return { valid, failed };
}
