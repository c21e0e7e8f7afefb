/**
 * A list written as CSV that opens cleanly in Excel and reads back through AI42's own importers
 * (RFC 4180). Pure: no I/O.
 *
 * - A UTF-8 byte order mark first (without it Excel reads UTF-8 in the local code page), CRLF
 *   after every record, the header row included.
 * - A field is wrapped in double quotes when it holds a comma, a double quote, CR or LF; a double
 *   quote inside is doubled.
 * - Formula injection, as OWASP's "CSV Injection" page says: a text cell that begins with `=`,
 *   `+`, `-`, `@`, tab (0x09), carriage return (0x0D) or line feed (0x0A) is prefixed with a
 *   single quote, wrapped in double quotes and its double quotes doubled, so a spreadsheet reads
 *   it as text: `=1+2";=1+2` → `"'=1+2"";=1+2"`. Separators and quotes inside any cell are
 *   escaped by that quoting, so none can start a new cell whose first character is dangerous.
 * - Numbers are written as plain numbers and never prefixed: a JavaScript number prints as
 *   digits, a sign, a point and an exponent only, which a spreadsheet reads as a constant, so a
 *   cash flow of -125.5 stays a number Excel sums. What decides is the value's type, not its
 *   look: the text "-125.5" (a note) is neutralised like any text.
 * - Null and undefined are empty fields. Money is a plain number (no `$`, no separators), dates
 *   ISO text (`2027-03-31`, or a full ISO time with its offset).
 */
import { wallClockIn } from "./auctions/time-zones";

export type CsvValue = string | number | null | undefined;

/** A column: its header (spelt as the importers recognise it) and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

export const CSV_BOM = "\uFEFF";
const CRLF = "\r\n";
/** The characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r\n]/;
const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** One field as written in the file. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (FORMULA_START.test(value)) return quoted(`'${value}`);
  return NEEDS_QUOTES.test(value) ? quoted(value) : value;
}

/** The header record, with its line end (the file's start: the BOM comes first). */
export const csvHeader = <T>(columns: readonly CsvColumn<T>[]) =>
  CSV_BOM + columns.map((column) => csvField(column.header)).join(",") + CRLF;

/** Records for these rows, each with its line end: a file is its header and then these. */
export const csvRecords = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]) =>
  rows.map((row) => columns.map((column) => csvField(column.value(row))).join(",") + CRLF).join("");

/** A whole file: the BOM, the header row, a record per row. */
export const toCsv = <T>(columns: readonly CsvColumn<T>[], rows: readonly T[]) =>
  csvHeader(columns) + csvRecords(columns, rows);

/** A flag as a person (and the lead import) reads it. */
export const yesNo = (flag: boolean) => (flag ? "yes" : "no");

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/**
 * An instant as the clock reads where it happens, with that zone's offset then:
 * `2027-03-04T10:00:00-05:00` (the same instant as `2027-03-04T15:00:00Z`). Null stays null.
 */
export function isoInZone(iso: string | null, zone: string) {
  if (iso === null) return null;
  const instant = Math.floor(Date.parse(iso) / 1000) * 1000;
  const wall = wallClockIn(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const offset = Math.round((asUtc - instant) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}` +
    `T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}
