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
import type { ImportKind } from "./targets";
import type { Conventions } from "./values";

export interface FileTable {
  table: Table;
  /** How the file was read: "csv" (with its encoding), "json" or "xlsx" (with its sheets). */
  format: "csv" | "json" | "xlsx";
  encoding?: TextEncodingName;
  sheets?: string[];
  sheet?: string;
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
    const { readXlsxSheet, xlsxSheetNames } = await import("./xlsx");
    const sheets = await xlsxSheetNames(bytes);
    const grid = await readXlsxSheet(bytes, sheet);
    return { table: gridTable(grid), format: "xlsx", sheets, sheet: sheet ?? sheets[0] };
  }
  const { text, encoding } = decodeText(bytes);
  const start = text.trimStart()[0];
  if (start === "[" || start === "{") {
    try {
      return { table: jsonTable(text), format: "json", encoding };
    } catch {
      // Not JSON after all: a CSV whose first cell starts with a bracket.
    }
  }
  return { table: readCsvTable(text), format: "csv", encoding };
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
  const recognised = recogniseColumns(table.headers, kind, remembered, (index) =>
    columnValues(table, index),
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

/** The table read as auctions under a mapping. */
export function readAuctions(table: Table, mapping: ReturnType<typeof mapColumns>) {
  return readAuctionRows(
    table,
    mapping.columns,
    sourceById(mapping.source?.id),
    conventionsOf(table),
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
