/**
 * A spreadsheet's rows as a table: the header row found, every other line accounted for. Each
 * line of the file is a record, a note (a title above the header, Redfin's disclaimer under it),
 * blank, or a problem said in words ("Row 7: the quote opened in column Address is never
 * closed; the row was not imported"), so the counts always add up to the file. CSV text is read
 * with Papa Parse, one record at a time so that a broken quote costs one row, not the rest of
 * the file. Pure: no I/O.
 */
import Papa from "papaparse";

export interface TableRecord {
  /** The file's row where the record starts, counted as a spreadsheet counts (the first is 1). */
  row: number;
  /** One cell per header, as written (trimmed). */
  cells: string[];
}

export interface RowProblem {
  row: number;
  message: string;
}

export interface Table {
  headers: string[];
  headerRow: number;
  records: TableRecord[];
  /** Rows not imported, each with why. */
  problems: RowProblem[];
  /** Lines that are not records: a title above the header, a disclaimer under it. */
  notes: { row: number; text: string }[];
  blankRows: number;
  /** The separator the file uses ("," or ";" from a European Excel, tab, "|"). */
  delimiter: string;
}

/** A row as read, before the header is known: its cells, and why it is broken when it is. */
interface RawRow {
  row: number;
  cells: string[];
  broken?: string;
}

const DELIMITERS = [",", ";", "\t", "|"];

/** The separator used most on the first line that has one, outside quotes; else ",". */
export function detectDelimiter(text: string) {
  for (const line of text.split(/\r?\n|\r/, 20)) {
    const counts = DELIMITERS.map((d) => ({
      d,
      n: line.replace(/"[^"]*"/g, "").split(d).length - 1,
    }));
    const best = counts.sort((a, b) => b.n - a.n)[0]!;
    if (best.n > 0) return best.d;
  }
  return ",";
}

/** "Address" for a 0-based cell of the header, else "column 4". */
const columnName = (headers: string[] | undefined, index: number) =>
  headers?.[index] ? `column ${headers[index]}` : `column ${index + 1}`;

/**
 * The rows of CSV text, each with the row it starts on. A record whose quote is never closed,
 * or closes lines later into a record of the wrong width, is reported broken and reading goes on
 * from the next line.
 */
function csvRows(text: string, delimiter: string): RawRow[] {
  // Records end as the header line ends: CRLF, LF, or an old Mac's CR.
  const firstBreak = /\r\n|\n|\r/.exec(text)?.[0] ?? "\n";
  const recordBreak = firstBreak as "\r\n" | "\n" | "\r";
  const lineStarts = [0];
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === "\n" || (text[i] === "\r" && text[i + 1] !== "\n")) lineStarts.push(i + 1);
  }
  const rowAt = (offset: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (lineStarts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const rows: RawRow[] = [];
  let width: number | undefined;
  let offset = 0;
  while (offset < text.length) {
    let resumeAt: number | undefined;
    let start = offset;
    Papa.parse<string[]>(text.slice(offset), {
      header: false,
      delimiter,
      newline: recordBreak,
      skipEmptyLines: false,
      step: (result, parser) => {
        const end = offset + result.meta.cursor;
        const row = rowAt(start);
        const cells = result.data;
        const spansLines =
          rowAt(Math.max(start, end - 1)) > row && cells.some((c) => c.includes("\n"));
        width ??= cells.some((c) => c.trim()) ? cells.length : undefined;
        const quoteError = result.errors.some((e) => e.type === "Quotes");
        if (quoteError || (spansLines && width !== undefined && cells.length !== width)) {
          const open = cells.findIndex((c) => c.includes("\n"));
          const column = open >= 0 ? open : cells.length - 1;
          rows.push({ row, cells, broken: `quote:${column}` });
          // Read on from the line after the one the broken record starts on.
          resumeAt = lineStarts[row] ?? text.length;
          parser.abort();
          return;
        }
        rows.push({ row, cells });
        start = end;
      },
    });
    offset = resumeAt ?? text.length;
  }
  return rows;
}

const isBlank = (cells: string[]) => cells.every((cell) => !cell.trim());
/** Prose in the first cell only (no digits, five words or more): a note, not a property. */
const isNote = (cells: string[]) =>
  cells.slice(1).every((cell) => !cell.trim()) &&
  !/\d/.test(cells[0]!) &&
  cells[0]!.trim().split(/\s+/).length >= 5;

/** Rows (from CSV or a workbook's sheet) shaped into a table under the first header row. */
export function shapeTable(raw: RawRow[], delimiter: string): Table {
  const table: Table = {
    headers: [],
    headerRow: 0,
    records: [],
    problems: [],
    notes: [],
    blankRows: 0,
    delimiter,
  };
  let headerFound = false;
  // A title above the header has one cell; the header has as many as the widest early row.
  const headerCells = Math.min(
    2,
    Math.max(0, ...raw.slice(0, 20).map(({ cells }) => cells.filter((c) => c.trim()).length)),
  );
  for (const { row, cells: rawCells, broken } of raw) {
    const cells = rawCells.map((cell) => cell.trim());
    if (broken) {
      const column = Number(broken.split(":")[1]);
      table.problems.push({
        row,
        message: `Row ${row}: the quote opened in ${columnName(headerFound ? table.headers : undefined, column)} is never closed; the row was not imported`,
      });
      continue;
    }
    if (isBlank(cells)) {
      table.blankRows += 1;
      continue;
    }
    if (!headerFound) {
      if (cells.filter(Boolean).length < headerCells) {
        table.notes.push({ row, text: cells.filter(Boolean).join(" ") });
        continue;
      }
      let width = cells.length;
      while (width > 0 && !cells[width - 1]) width -= 1;
      const seen = new Map<string, number>();
      table.headers = cells.slice(0, width).map((header, i) => {
        const name = header || `Column ${i + 1}`;
        const times = (seen.get(name.toLowerCase()) ?? 0) + 1;
        seen.set(name.toLowerCase(), times);
        return times > 1 ? `${name} (${times})` : name;
      });
      table.headerRow = row;
      headerFound = true;
      continue;
    }
    const width = table.headers.length;
    if (isNote(cells) && width >= 3) {
      table.notes.push({ row, text: cells[0]! });
      continue;
    }
    // Empty cells past the header's last column are Excel's trailing columns, not data.
    let used = cells.length;
    while (used > width && !cells[used - 1]) used -= 1;
    if (used !== width) {
      table.problems.push({
        row,
        message: `Row ${row}: ${used} ${used === 1 ? "field" : "fields"} where the header has ${width}${used > width ? " (an unquoted separator?)" : " (cells missing)"}; the row was not imported`,
      });
      continue;
    }
    table.records.push({ row, cells: cells.slice(0, width) });
  }
  return table;
}

/** CSV (or semicolon- or tab-separated) text as a table; line endings of any kind. */
export function readCsvTable(text: string): Table {
  // The line break that ends the last line does not start another. Line breaks are kept as
  // written (Excel ends records with CRLF and breaks lines inside a cell with LF).
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r?\n$|\r$/, "");
  const delimiter = detectDelimiter(normalised);
  return shapeTable(csvRows(normalised, delimiter), delimiter);
}

/** A workbook's sheet (rows of cell text) as a table. */
export const gridTable = (grid: string[][]): Table =>
  shapeTable(
    grid.map((cells, i) => ({ row: i + 1, cells })),
    "xlsx",
  );

/** How the file's rows were accounted for: they add up to every row read. */
export const accountedRows = (table: Table) =>
  (table.headerRow ? 1 : 0) +
  table.records.length +
  table.problems.length +
  table.notes.length +
  table.blankRows;
