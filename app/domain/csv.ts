/**
 * Reading a spreadsheet export (CSV with a header row) into records keyed by field names: each
 * import (properties, auctions, leads) names its header spellings and how a cell is read. Pure.
 */
import Papa from "papaparse";

export interface ParsedFile {
  rows: Record<string, unknown>[];
  /** Columns that matched no field, so the user sees what is ignored. */
  ignoredColumns: string[];
  /** The file's own name for each field it has ("listPrice" → "Price"), for messages. */
  columnOf?: Record<string, string>;
  error?: string;
}

/** A header as the alias tables spell it: lower case, letters and digits only. */
export const headerKey = (header: string) =>
  header
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

export function readCsv<F extends string>(
  text: string,
  options: {
    fieldFor: (header: string) => F | undefined;
    /** A cell as the schema check expects it; undefined leaves the field out. */
    cell: (field: F, raw: string) => unknown;
    /** Fields the header row must name, and what to say when it does not. */
    required: readonly F[];
    missing: string;
  },
): ParsedFile {
  const parsed = Papa.parse<Record<string, string>>(text.trim(), {
    header: true,
    skipEmptyLines: "greedy",
  });
  const headers = parsed.meta.fields ?? [];
  const mapped = headers.map((header) => [header, options.fieldFor(header)] as const);
  if (!options.required.every((field) => mapped.some(([, f]) => f === field))) {
    return { rows: [], ignoredColumns: [], error: options.missing };
  }
  const rows = parsed.data.map((record) => {
    const row: Record<string, unknown> = {};
    for (const [header, field] of mapped) {
      if (!field) continue;
      const value = options.cell(field, record[header] ?? "");
      if (value !== undefined) row[field] = value;
    }
    return row;
  });
  return {
    rows,
    ignoredColumns: mapped.filter(([, field]) => !field).map(([header]) => header),
    columnOf: Object.fromEntries(
      mapped.flatMap(([header, field]) => (field ? [[field, header.trim()]] : [])),
    ),
  };
}
