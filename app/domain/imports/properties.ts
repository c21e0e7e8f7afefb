/**
 * A file's rows as properties: each mapped cell read as the source meant it (a listing status is
 * the listing's, a source's property type becomes AI42's with its own words kept, lot sizes in
 * acres become square feet, full and half baths add up), the owner with their mailing address,
 * phones and e-mails as a contact, and every row checked with the API's own rules. A row that
 * fails is a problem said in words, with the file's column names. Pure: no I/O.
 */
import {
  CONTACT_FLAGS,
  ContactFieldsSchema,
  SQFT_PER_ACRE,
  PROPERTY_TYPES,
  PropertyInputSchema,
  normalizeAddress,
  propertyDedupeKey,
  type ContactInput,
  type PropertyInput,
} from "../workspace";
import type { ColumnMapping } from "./mapping";
import type { SourceFormat } from "./sources";
import { MONEY_TARGETS } from "./targets";
import type { RowProblem, Table } from "./table";
import {
  readContactFlags,
  readDay,
  readFlag,
  readListingStatus,
  readNumber,
  readPropertyType,
  isOrganisation,
  splitName,
  type Conventions,
  statusWord,
} from "./values";

/** A property as the file gives it: only the fields the row fills. */
export type PropertyValues = Partial<PropertyInput> & { address: string };
export type OwnerValues = Partial<ContactInput>;

/**
 * Who an owner is across lists: their name (or company) and mailing address with its ZIP,
 * normalised, so an LLC that owns twelve properties of a list is one contact. Without a mailing
 * address and ZIP there is no key: two "John Smith"s are not one person on their name alone.
 */
export function ownerKey(owner: {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  mailingAddress?: string | null;
  mailingCity?: string | null;
  mailingState?: string | null;
  mailingZip?: string | null;
}) {
  const zip = owner.mailingZip?.trim().slice(0, 5);
  const name = [owner.firstName, owner.lastName, owner.company]
    .filter(Boolean)
    .join(" ")
    .toLowerCase()
    .replace(/[.,]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (!zip || !owner.mailingAddress?.trim() || !name) return null;
  const address = normalizeAddress({
    address: owner.mailingAddress,
    city: owner.mailingCity,
    state: owner.mailingState,
    zip,
  });
  return `${name}|${address}`;
}

export interface PropertyRow {
  row: number;
  property: PropertyValues;
  /** The owner as a contact, when the file names one. */
  owner: OwnerValues | null;
  /** What the row is matched on: external id, else normalised address. */
  key: string;
}

const NUMBER_TARGETS = new Set([
  ...MONEY_TARGETS,
  "latitude",
  "longitude",
  "beds",
  "baths",
  "fullBaths",
  "halfBaths",
  "squareFeet",
  "lotSize",
  "lotSizeAcres",
  "yearBuilt",
  "daysOnMarket",
]);

/** The cells of each record by target (non-empty ones only), with the header each came from. */
export function cellsByTarget(table: Table, columns: readonly ColumnMapping[]) {
  const used = columns.filter((column) => column.target !== "ignore");
  return table.records.map((record) => {
    const cells: Record<string, string> = {};
    for (const column of used) {
      const value = record.cells[column.index]?.trim();
      // A cell our own CSV export neutralised against formula injection ("'+1 937…").
      if (value) cells[column.target] = /^'[=+\-@\t\r\n]/.test(value) ? value.slice(1) : value;
    }
    return { row: record.row, cells };
  });
}

/** A problem of one row, in the file's words: "Row 7, PRICE: “abc” is not a number; …". */
export const rowProblem = (row: number, column: string, message: string): RowProblem => ({
  row,
  message: `Row ${row}, ${column}: ${message}; the row was not imported`,
});

/**
 * "phone1" … "phone10" with their types (and a phone's Do Not Call flag), as the contact's list
 * (the first is its phone).
 */
export function numbered(cells: Record<string, string>, stem: "phone" | "email") {
  const list: { value: string; type: string | null; dnc?: true }[] = [];
  for (let n = 1; n <= 10; n += 1) {
    const value = cells[`${stem}${n}`];
    const dnc = cells[`${stem}${n}Dnc`];
    if (value) {
      list.push({
        value,
        type: cells[`${stem}${n}Type`] ?? null,
        ...(dnc && (readFlag(dnc) ?? readContactFlags(dnc).doNotContact) ? { dnc: true } : {}),
      });
    }
  }
  return list;
}

/**
 * A person's do-not-contact flags from a row: its yes/no columns and its cell of words ("DNC",
 * "Litigator"), only those the row says are set; or the target of a cell that is neither.
 */
export function contactFlagsOf(
  cells: Record<string, string>,
): { flags: Partial<Record<(typeof CONTACT_FLAGS)[number], true>> } | { unreadable: string } {
  const words = cells.contactFlags ? readContactFlags(cells.contactFlags) : null;
  const flags: Partial<Record<(typeof CONTACT_FLAGS)[number], true>> = {};
  for (const flag of CONTACT_FLAGS) {
    const cell = cells[flag];
    // "Y", "Yes", or the flag's own word ("DNC" under a DNC column).
    const said =
      cell === undefined ? null : (readFlag(cell) ?? (readContactFlags(cell)[flag] || null));
    if (cell !== undefined && said === null) return { unreadable: flag };
    if (said || words?.[flag]) flags[flag] = true;
  }
  return { flags };
}

const OwnerSchema = ContactFieldsSchema.pick({
  firstName: true,
  lastName: true,
  company: true,
  mailingAddress: true,
  mailingCity: true,
  mailingState: true,
  mailingZip: true,
  phones: true,
  emails: true,
});

/** The owner's contact from the row's owner columns, or null when the row names nobody. */
function ownerOf(cells: Record<string, string>): Record<string, unknown> | null {
  const last = cells.ownerLastName ?? "";
  // Lists put a company owner in the last name with no first name ("Hiawatha Holdings Llc").
  const person =
    cells.ownerFirstName || (last && !isOrganisation(last))
      ? { firstName: cells.ownerFirstName ?? "", lastName: last, company: null }
      : splitName(cells.ownerName ?? last);
  const second =
    cells.owner2Name ?? [cells.owner2FirstName, cells.owner2LastName].filter(Boolean).join(" ");
  const phones = numbered(cells, "phone");
  const emails = numbered(cells, "email");
  if (!person.firstName && !person.lastName && !person.company) return null;
  const mailing = [
    cells.mailingAddress,
    cells.mailingUnit && `#${cells.mailingUnit.replace(/^#/, "")}`,
  ]
    .filter(Boolean)
    .join(" ");
  return {
    ...person,
    mailingAddress: mailing || undefined,
    mailingCity: cells.mailingCity,
    mailingState: cells.mailingState,
    mailingZip: cells.mailingZip,
    phones,
    emails,
    ...(second ? { notes: `Co-owner: ${second}` } : {}),
  };
}

/**
 * Each record of the table as a property (and its owner), or the problem that keeps it out.
 * `columnName` names a target by the file's header, for messages.
 */
export function readPropertyRows(
  table: Table,
  columns: readonly ColumnMapping[],
  source: Pick<
    SourceFormat,
    "name" | "propertyTypes" | "listingStatuses" | "urlBase" | "saleDateMeansSold"
  > | null,
  conventions: Conventions,
) {
  const headerOf = new Map(columns.map((column) => [column.target, column.header]));
  const name = (target: string) => headerOf.get(target) ?? target;
  const rows: PropertyRow[] = [];
  const problems: RowProblem[] = [];
  for (const { row, cells } of cellsByTarget(table, columns)) {
    const numbers: Record<string, number> = {};
    let problem: RowProblem | undefined;
    for (const target of Object.keys(cells)) {
      if (!NUMBER_TARGETS.has(target)) continue;
      const value = readNumber(cells[target]!, conventions);
      if (value === null) {
        problem ??= rowProblem(row, name(target), `“${cells[target]}” is not a number`);
      } else numbers[target] = value;
    }
    const lastSaleDate = cells.lastSaleDate ? readDay(cells.lastSaleDate, conventions) : undefined;
    if (lastSaleDate === null) {
      problem ??= rowProblem(row, name("lastSaleDate"), `“${cells.lastSaleDate}” is not a date`);
    }
    const said = contactFlagsOf(cells);
    if ("unreadable" in said) {
      problem ??= rowProblem(
        row,
        name(said.unreadable),
        `“${cells[said.unreadable]}” is neither yes nor no`,
      );
    }
    if (problem || "unreadable" in said) {
      problems.push(problem!);
      continue;
    }
    // "Apt 1203" and "Lot 87" are written as they are; a bare "408" or "B" becomes "#408".
    const unit = cells.unit?.replace(/^#\s*/, "");
    const address =
      cells.address && unit && !cells.address.includes(unit)
        ? `${cells.address} ${/^[a-z]{2,}\.?\s/i.test(unit) ? unit : `#${unit}`}`
        : (cells.address ?? "");
    const acres =
      numbers.lotSizeAcres ??
      (cells.lotSizeUnit && /acre/i.test(cells.lotSizeUnit) ? numbers.lotSize : undefined);
    const listingStatus = cells.listingStatus
      ? readListingStatus(cells.listingStatus, source?.listingStatuses)
      : lastSaleDate && source?.saleDateMeansSold
        ? "sold"
        : undefined;
    // A sold row's price is what it sold for, never an asking price (comps from a sold search).
    const sold = listingStatus === "sold";
    const baths =
      numbers.baths ??
      (numbers.fullBaths !== undefined || numbers.halfBaths !== undefined
        ? (numbers.fullBaths ?? 0) + (numbers.halfBaths ?? 0) / 2
        : undefined);
    const candidate: Record<string, unknown> = {
      address,
      city: cells.city,
      state: cells.state,
      zip: cells.zip,
      county: cells.county,
      latitude: numbers.latitude,
      longitude: numbers.longitude,
      propertyType: cells.propertyType
        ? readPropertyType(cells.propertyType, source?.propertyTypes)
        : undefined,
      // The source's own words, when they are not already AI42's ("Condo/Co-op", not "condo").
      sourcePropertyType:
        cells.sourcePropertyType ??
        (cells.propertyType && !(PROPERTY_TYPES as readonly string[]).includes(cells.propertyType)
          ? cells.propertyType
          : undefined),
      beds: numbers.beds,
      baths,
      squareFeet: numbers.squareFeet,
      lotSize: acres !== undefined ? Math.round(acres * SQFT_PER_ACRE) : numbers.lotSize,
      yearBuilt: numbers.yearBuilt,
      listPrice: numbers.listPrice ?? (sold ? undefined : numbers.price),
      estimatedValue: numbers.estimatedValue,
      arv: numbers.arv,
      rentEstimate: numbers.rentEstimate,
      propertyTaxesAnnual: numbers.propertyTaxesAnnual,
      hoaMonthly: numbers.hoaMonthly,
      listingStatus,
      daysOnMarket: numbers.daysOnMarket,
      // AI42's pipeline status, only from a column the user (or AI42's own export) says holds it.
      status: cells.status && statusWord(cells.status),
      lastSalePrice: numbers.lastSalePrice ?? (sold ? numbers.price : undefined),
      lastSaleDate,
      estimatedEquity: numbers.estimatedEquity,
      loanBalance: numbers.loanBalance,
      apn: cells.apn,
      externalId: cells.externalId,
      listingUrl:
        cells.listingUrl?.startsWith("/") && source?.urlBase
          ? new URL(cells.listingUrl, source.urlBase).href
          : cells.listingUrl,
      ownerOccupied: cells.ownerOccupied ? (readFlag(cells.ownerOccupied) ?? undefined) : undefined,
      source: cells.source ?? source?.name.replace(/ (export|list|scrape).*$/i, ""),
      notes: cells.notes,
    };
    const given = Object.fromEntries(
      Object.entries(candidate).filter(([, value]) => value !== undefined && value !== ""),
    );
    const parsed = PropertyInputSchema.safeParse(given);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "address");
      problems.push(
        rowProblem(row, field === "address" ? name("address") : name(field), issue.message),
      );
      continue;
    }
    const property = Object.fromEntries(
      Object.keys(given).map((key) => [key, parsed.data[key as keyof PropertyInput]]),
    ) as PropertyValues;
    const ownerCandidate = ownerOf(cells);
    let owner: OwnerValues | null = null;
    if (ownerCandidate) {
      const checked = OwnerSchema.safeParse(ownerCandidate);
      if (!checked.success) {
        const issue = checked.error.issues[0]!;
        problems.push(rowProblem(row, ownerColumn(issue.path, name), issue.message));
        continue;
      }
      owner = {
        ...Object.fromEntries(
          Object.entries(checked.data).filter(
            ([, v]) => v !== null && !(Array.isArray(v) && !v.length),
          ),
        ),
        ...(typeof ownerCandidate.notes === "string" ? { notes: ownerCandidate.notes } : {}),
        // Only the flags the row sets: an unflagged row never clears a flag.
        ...said.flags,
        phone: checked.data.phones[0]?.value ?? undefined,
        email: checked.data.emails[0]?.value ?? undefined,
        type: "seller",
      };
    }
    rows.push({ row, property, owner, key: propertyDedupeKey(parsed.data) });
  }
  return { rows, problems };
}

/** The file's column behind an owner field's problem ("Email 2" for emails.1.value). */
function ownerColumn(path: readonly PropertyKey[], name: (target: string) => string) {
  const [field, index] = path;
  if ((field === "phones" || field === "emails") && typeof index === "number") {
    return name(`${field === "phones" ? "phone" : "email"}${index + 1}`);
  }
  return name(String(field));
}
