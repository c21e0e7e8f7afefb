/**
 * A county list's rows as auctions: the sale's date (and time, from its own column or the same
 * cell) read on the sale's clock (its time zone, else its state's, else the state at the end of
 * a one-cell address), the sale type and status as counties word them, money as written, and the
 * case's parties and amounts kept in the notes. Each row is checked with the API's rules and
 * matched on its case number (else address and sale day). Pure: no I/O.
 */
import { AuctionInputSchema, type AuctionInput } from "../auctions/auction";
import { zoneOfState } from "../auctions/state-zones";
import { localTimeToIso } from "../auctions/time-zones";
import { normalizeAddress } from "../workspace";
import type { ColumnMapping } from "./mapping";
import { cellsByTarget, rowProblem } from "./properties";
import type { SourceFormat } from "./sources";
import type { RowProblem, Table } from "./table";
import { readAuctionStatus, readDay, readNumber, readSaleType, type Conventions } from "./values";

export type AuctionValues = Partial<AuctionInput>;

export interface AuctionRow {
  row: number;
  auction: AuctionValues;
  key: string;
  label: string;
}

/** The key an auction is matched on: its case (in its county and state), else address and day. */
export function auctionKey(auction: {
  caseNumber?: string | null;
  county?: string | null;
  state?: string | null;
  address: string;
  city?: string | null;
  zip?: string | null;
  saleAt: string;
}) {
  const place = [auction.state, auction.county].map((part) => (part ?? "").trim().toLowerCase());
  return auction.caseNumber
    ? `case:${place.join("|")}|${auction.caseNumber.trim().toLowerCase()}`
    : `addr:${normalizeAddress(auction)}|${auction.saleAt.slice(0, 10)}`;
}

const MONEY = [
  "openingBid",
  "depositAmount",
  "depositPct",
  "buyerPremiumPct",
  "plannedBid",
  "winningBid",
  "balanceDueDays",
  "appraisedValue",
  "judgmentAmount",
] as const;

/** Each record of the table as an auction, or the problem that keeps it out. */
export function readAuctionRows(
  table: Table,
  columns: readonly ColumnMapping[],
  source: Pick<SourceFormat, "name" | "defaults"> | null,
  conventions: Conventions,
  fileValues: { saleType?: string } = {},
) {
  const headerOf = new Map(columns.map((column) => [column.target, column.header]));
  const name = (target: string) => headerOf.get(target) ?? target;
  const defaults = source?.defaults?.auctions ?? {};
  const chosen = Object.fromEntries(
    Object.entries(fileValues).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const rows: AuctionRow[] = [];
  const problems: RowProblem[] = [];
  for (const { row, cells: own } of cellsByTarget(table, columns)) {
    const cells: Record<string, string> = { ...defaults, ...chosen, ...own };
    const fail = (target: string, message: string) =>
      problems.push(rowProblem(row, name(target), message));
    const numbers: Partial<Record<(typeof MONEY)[number], number>> = {};
    const bad = MONEY.find(
      (target) => cells[target] !== undefined && readNumber(cells[target]!, conventions) === null,
    );
    if (bad) {
      fail(bad, `“${cells[bad]}” is not a number`);
      continue;
    }
    for (const target of MONEY)
      if (cells[target] !== undefined) numbers[target] = readNumber(cells[target]!, conventions)!;
    // A one-cell address ("14 Birchwood Ter Parsippany NJ 07054") still says its state and ZIP.
    const tail = cells.address ? /\s([A-Z]{2})\s+(\d{5})(?:-\d{4})?$/.exec(cells.address) : null;
    const state = cells.state ?? tail?.[1];
    const zone = cells.timeZone ?? zoneOfState(state);
    if (!zone) {
      fail(
        headerOf.has("state") ? "state" : "saleAt",
        "Give the sale's time zone or a US state, to read its time on the sale's clock",
      );
      continue;
    }
    const notes: string[] = [];
    let saleTimeKnown = true;
    const instant = (target: "saleAt" | "depositDueAt" | "postponedTo", time?: string) => {
      const text = cells[target];
      if (!text) return text;
      const written = time ? `${text} ${time}` : text;
      // As stored (UTC), so that a sale re-imported at the same moment written another way
      // ("…T00:00:00-05:00" in an export) is the same sale time, not a change.
      const exact = localTimeToIso(written, zone);
      if (exact) return new Date(exact).toISOString();
      // A list that gives the day only: the start of that day on the sale's clock, the sale's
      // time marked as not known (screens show the day, not a midnight sale).
      const day = readDay(text, conventions);
      if (!day) return written;
      if (target === "saleAt") saleTimeKnown = false;
      const [year, month, date] = day.split("-");
      return localTimeToIso(`${month}/${date}/${year} 00:00`, zone) ?? written;
    };
    const saleAt = instant("saleAt", cells.saleTime);
    const saleType = cells.saleType ? (readSaleType(cells.saleType) ?? cells.saleType) : undefined;
    const postponedTo = instant("postponedTo");
    const status = cells.status ? (readAuctionStatus(cells.status) ?? cells.status) : undefined;
    if (cells.status && status !== cells.status.trim().toLowerCase())
      notes.push(`Status in the list: ${cells.status}`);
    if (cells.sheriffNumber) notes.push(`Sheriff #: ${cells.sheriffNumber}`);
    if (cells.plaintiff) notes.push(`Plaintiff: ${cells.plaintiff}`);
    if (cells.defendant) notes.push(`Defendant: ${cells.defendant}`);
    if (cells.attorney || cells.attorneyPhone)
      notes.push(`Attorney: ${[cells.attorney, cells.attorneyPhone].filter(Boolean).join(", ")}`);
    if (numbers.judgmentAmount !== undefined)
      notes.push(`Judgment: $${numbers.judgmentAmount.toLocaleString("en-US")}`);
    if (numbers.appraisedValue !== undefined)
      notes.push(`Appraised: $${numbers.appraisedValue.toLocaleString("en-US")}`);
    if (cells.notes) notes.unshift(cells.notes);
    const candidate: Record<string, unknown> = {
      saleType,
      saleAt,
      saleTimeKnown,
      timeZone: cells.timeZone,
      address: cells.address,
      city: cells.city,
      county: cells.county,
      state,
      zip: cells.zip ?? tail?.[2],
      caseNumber: cells.caseNumber,
      apn: cells.apn,
      venue: cells.venue,
      onlineUrl: cells.onlineUrl,
      // A list's $0.00 opening bid is one not posted yet, not a free house.
      openingBid: numbers.openingBid || undefined,
      depositAmount: numbers.depositAmount,
      depositPct: numbers.depositPct,
      depositDueAt: instant("depositDueAt"),
      balanceDueDays: numbers.balanceDueDays,
      buyerPremiumPct: numbers.buyerPremiumPct,
      plannedBid: numbers.plannedBid,
      status,
      postponedTo,
      winningBid: numbers.winningBid,
      notes: notes.join("\n") || undefined,
    };
    const given = Object.fromEntries(
      Object.entries(candidate).filter(([, value]) => value !== undefined && value !== ""),
    );
    const parsed = AuctionInputSchema.safeParse(given);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "saleAt");
      fail(field === "timeZone" && !headerOf.has("timeZone") ? "state" : field, issue.message);
      continue;
    }
    const auction = Object.fromEntries(
      Object.keys(given).map((key) => [key, parsed.data[key as keyof AuctionInput]]),
    ) as AuctionValues;
    // The zone the times were read in is the auction's, whether the file named it or its state did.
    auction.timeZone = parsed.data.timeZone;
    rows.push({ row, auction, key: auctionKey(parsed.data), label: parsed.data.address });
  }
  return { rows, problems };
}
