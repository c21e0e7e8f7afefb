/**
 * A chosen file, whatever it is, as a table, and that table read as one kind of record: the one
 * path from bytes to rows that the import screens and the API's import endpoints share. CSV and
 * other separated text (any encoding Excel writes), JSON (a scraper's array of objects, nested
 * keys flattened as "address.city"), or an .xlsx workbook (its reader loaded only then). Pure
 * apart from that lazy load: no I/O.
 */
import { recogniseColumns, applyChoices, type ColumnMapping, type Recognised } from "./mapping";
import { readAuctionRows } from "./auctions";
import { readLeadRows } from "./leads";
import { readPropertyRows } from "./properties";
import { SOURCES } from "./sources";
import { isZip, decodeText, type TextEncodingName } from "./text";
import { gridTable, readCsvTable, type Table } from "./table";
import type { SaleType } from "../auctions/auction-terms";
import { CONTACT_FLAGS, type ContactFlag } from "../contact-methods";
import type { ImportKind } from "./targets";
import type { Conventions } from "./values";

export interface FileTable {
  table: Table;
  /** How the file was read: "csv" (with its encoding), "json" or "xlsx" (with its sheets). */
  format: "csv" | "json" | "xlsx";
  encoding?: TextEncodingName;
  sheets?: string[];
  sheet?: string;
  /** What the file hides that the user should know: formulas saved without their values. */
  warnings: string[];
}

/** Nested objects as flat columns: { address: { city } } → "address.city". */
function flatten(value: unknown, prefix: string, into: Record<string, string>) {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    }
  } else if (Array.isArray(value)) {
    // Lists of plain values read as text ("a; b"); lists of objects are not a column.
    if (value.every((item) => item === null || typeof item !== "object")) {
      into[prefix] = value.filter((item) => item !== null).join("; ");
    }
  } else if (value !== null && value !== undefined) {
    into[prefix] = String(value);
  }
}

/** A JSON array of objects (or an object holding one, as scrapers wrap their results). */
export function jsonTable(text: string): Table {
  const parsed: unknown = JSON.parse(text);
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === "object"
      ? (Object.values(parsed).find(Array.isArray) ?? [parsed])
      : [];
  const flat = (list as unknown[]).map((item) => {
    const into: Record<string, string> = {};
    flatten(item, "", into);
    return into;
  });
  const headers = [...new Set(flat.flatMap((row) => Object.keys(row)))];
  const table = gridTable([headers, ...flat.map((row) => headers.map((h) => row[h] ?? ""))]);
  // A JSON file has no header line: its records are counted from 1.
  return {
    ...table,
    headerRow: 0,
    records: table.records.map((record) => ({ ...record, row: record.row - 1 })),
    problems: table.problems.map((problem) => ({ ...problem, row: problem.row - 1 })),
    delimiter: "json",
  };
}

/** The file as a table: a workbook's chosen sheet (the first by default), JSON, or CSV. */
export async function readFileTable(bytes: Uint8Array, sheet?: string): Promise<FileTable> {
  if (isZip(bytes)) {
    const { readXlsxGrid, xlsxSheetNames } = await import("./xlsx");
    const sheets = await xlsxSheetNames(bytes);
    const grid = await readXlsxGrid(bytes, sheet);
    const table = gridTable(grid.rows);
    return {
      table,
      format: "xlsx",
      sheets,
      sheet: sheet ?? sheets[0],
      warnings: unsavedFormulaWarnings(table, grid.unsavedFormulas),
    };
  }
  const { text, encoding } = decodeText(bytes);
  const start = text.trimStart()[0];
  if (start === "[" || start === "{") {
    try {
      return { table: jsonTable(text), format: "json", encoding, warnings: [] };
    } catch {
      // Not JSON after all: a CSV whose first cell starts with a bracket.
    }
  }
  return { table: readCsvTable(text), format: "csv", encoding, warnings: [] };
}

/**
 * Formulas under the header saved without their values, column by column: "Column “ARV”, rows
 * 3–9: 7 formulas saved without their values (read as empty)…".
 */
function unsavedFormulaWarnings(table: Table, cells: { row: number; column: number }[]) {
  const byColumn = new Map<number, number[]>();
  for (const { row, column } of cells) {
    // Sheet rows are counted from 1, as records' rows are; the header's own cells don't matter.
    if (row + 1 <= table.headerRow) continue;
    byColumn.set(column, [...(byColumn.get(column) ?? []), row + 1]);
  }
  return [...byColumn].map(([column, rows]) => {
    const name = table.headers[column] ? `“${table.headers[column]}”` : `${column + 1}`;
    const where = rows.length === 1 ? `row ${rows[0]}` : `rows ${rows[0]}–${rows.at(-1)}`;
    const count = rows.length === 1 ? "a formula" : `${rows.length} formulas`;
    return `Column ${name}, ${where}: ${count} saved without ${rows.length === 1 ? "its value" : "their values"}, read as empty. The workbook was saved by a program that doesn't calculate: open it in Excel or Google Sheets and save it again to import the values.`;
  });
}

/** How the file writes numbers and dates: a semicolon-separated file comes from a European Excel. */
export const conventionsOf = (table: Table): Conventions => ({ european: table.delimiter === ";" });

/** The values of one column, for recognising what it holds. */
const columnValues = (table: Table, index: number) =>
  table.records.slice(0, 200).map((record) => record.cells[index] ?? "");

/**
 * The file's columns recognised for a kind of record, with the user's remembered and current
 * choices applied, and its first values to show beside each.
 */
export function mapColumns(
  table: Table,
  kind: ImportKind,
  remembered: Record<string, string> = {},
  choices: Record<string, string> = {},
): Recognised & { columns: (ColumnMapping & { samples: string[] })[] } {
  const recognised = recogniseColumns(
    table.headers,
    kind,
    remembered,
    (index) => columnValues(table, index),
    conventionsOf(table),
  );
  const columns = applyChoices(recognised.columns, choices).map((column) => ({
    ...column,
    samples: columnValues(table, column.index).filter(Boolean).slice(0, 3),
  }));
  return { source: recognised.source, columns };
}

/** The source's own vocabularies (property types, listing statuses), when one was recognised. */
export const sourceById = (id: string | undefined) =>
  SOURCES.find((source) => source.id === id) ?? null;

/**
 * What a file says once for all its rows, where a list doesn't say it per row: a county list's
 * sale type. A row's own cell wins.
 */
export interface FileValues {
  saleType?: SaleType;
}

/** What the file must give a field for (a column, the source, or a choice for the whole file). */
const REQUIRED: Record<
  ImportKind,
  { targets: string[]; message: string; fileValue?: keyof FileValues }[]
> = {
  properties: [{ targets: ["address"], message: "Map a column to Address" }],
  leads: [
    {
      targets: ["fullName", "firstName", "lastName", "company"],
      message: "Map a column to the lead's name (Name, or First and Last name)",
    },
  ],
  auctions: [
    { targets: ["address"], message: "Map a column to Address" },
    { targets: ["saleAt"], message: "Map a column to the sale date" },
    {
      targets: ["saleType"],
      fileValue: "saleType",
      message: "Choose the sale type of the whole list, or map a column to Sale type",
    },
  ],
};

/** The fields the mapping leaves without a value for every row, each said as what to do. */
export function missingFields(
  kind: ImportKind,
  mapping: ReturnType<typeof mapColumns>,
  fileValues: FileValues = {},
) {
  const mapped = new Set(mapping.columns.map((column) => column.target));
  const defaults = sourceById(mapping.source?.id)?.defaults?.[kind] ?? {};
  return REQUIRED[kind]
    .filter(
      (need) =>
        !need.targets.some((target) => mapped.has(target) || target in defaults) &&
        !(need.fileValue && fileValues[need.fileValue]),
    )
    .map((need) => ({ field: need.fileValue ?? need.targets[0]!, message: need.message }));
}

/** The table read as auctions under a mapping, with what the file says once for all its rows. */
export function readAuctions(
  table: Table,
  mapping: ReturnType<typeof mapColumns>,
  fileValues: FileValues = {},
) {
  return readAuctionRows(
    table,
    mapping.columns,
    sourceById(mapping.source?.id),
    conventionsOf(table),
    fileValues,
  );
}

/** The table read as leads under a mapping. */
export function readLeads(table: Table, mapping: ReturnType<typeof mapColumns>) {
  return readLeadRows(table, mapping.columns, mapping.source, conventionsOf(table));
}

/** The table read as properties under a mapping. */
export function readProperties(table: Table, mapping: ReturnType<typeof mapColumns>) {
  return readPropertyRows(
    table,
    mapping.columns,
    sourceById(mapping.source?.id) ?? null,
    conventionsOf(table),
  );
}

/** How many records a list flags do-not-contact, litigator, deceased or do-not-mail. */
export const flaggedRows = (people: readonly (Partial<Record<ContactFlag, boolean>> | null)[]) =>
  people.filter((person) => person && CONTACT_FLAGS.some((flag) => person[flag])).length;
