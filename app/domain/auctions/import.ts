/**
 * Auctions from a county list or spreadsheet (CSV) or JSON: header spellings mapped to fields,
 * each row checked with the API's own rules. The browser's preview and the API's import both use
 * `checkAuctionRows`. Pure: no I/O.
 */
import Papa from "papaparse";
import type { ParsedFile } from "../property-import";
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
  const key = header.toLowerCase().replace(/[^a-z0-9]/g, "");
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
  const parsed = Papa.parse<Record<string, string>>(text.trim(), {
    header: true,
    skipEmptyLines: "greedy",
  });
  const headers = parsed.meta.fields ?? [];
  const mapped = headers.map((header) => [header, auctionFieldForHeader(header)] as const);
  const has = (field: keyof AuctionInput) => mapped.some(([, f]) => f === field);
  if (!has("address") || !has("saleAt")) {
    return {
      rows: [],
      ignoredColumns: [],
      error: "The file needs a header row naming at least Address and Sale date.",
    };
  }
  const rows = parsed.data.map((record) => {
    const row: Record<string, unknown> = {};
    for (const [header, field] of mapped) {
      if (!field) continue;
      const value = cell(field, record[header] ?? "");
      if (value !== undefined) row[field] = value;
    }
    return withInstants(row);
  });
  return {
    rows,
    ignoredColumns: mapped.filter(([, field]) => !field).map(([header]) => header),
    columnOf: Object.fromEntries(
      mapped.flatMap(([header, field]) => (field ? [[field, header.trim()]] : [])),
    ),
  };
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
