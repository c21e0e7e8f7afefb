/**
 * An Excel workbook (.xlsx) read into rows of cell text, the grid a CSV of the same sheet gives,
 * so one importer reads both. fflate and SheetJS are loaded on first use (their own chunk in the
 * browser, downloaded only when a workbook is chosen); apart from that the module is pure, and
 * runs in the browser, in Node and in the Worker. See docs/decisions/0014-spreadsheet-files.md.
 */
import type { CellObject, ParsingOptions } from "@e965/xlsx";
import { onFirstUse } from "../format";
import { isZip } from "./text";

const NOT_A_WORKBOOK = "This is not an Excel workbook (.xlsx)";
/** The workbook's XML unpacked, at most: past it the Worker would run out of memory. */
const MAX_UNPACKED_BYTES = 20_000_000;
const TOO_LARGE = "This workbook is too large to import (over 20 MB of sheet data)";

/** Excel's precision: 15 significant digits, so 0.1 + 0.2 is 0.3; no grouping, dot decimal. */
const plainNumber = onFirstUse(
  () => new Intl.NumberFormat("en-US", { useGrouping: false, maximumSignificantDigits: 15 }),
);

/** Formats that pad whole numbers with zeros (Excel's Zip Code, "00000", and Zip + 4): 02134. */
const ZERO_PADDED = /^00+(-0+)?$/;

/** What reading a cell needs from SheetJS. */
type SheetJs = Pick<typeof import("@e965/xlsx"), "SSF" | "utils">;

async function readWorkbook(bytes: Uint8Array, options: ParsingOptions) {
  if (!isZip(bytes)) throw new Error(NOT_A_WORKBOOK);
  // Each import names what it takes, so the bundlers keep only that; SheetJS is downloaded only
  // once fflate has found a whole archive.
  const { unzipSync, zipSync } = await import("fflate");
  // fflate unpacks first: SheetJS's own unzip loops forever on some damaged archives (a cut-off
  // upload), which would hang the tab or the Worker. It gets the parts back stored, not deflated.
  let unpacked = 0;
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter: (part) => {
        if (!/\.(xml|rels)$/i.test(part.name)) return false;
        unpacked += part.originalSize;
        if (unpacked > MAX_UNPACKED_BYTES) throw new Error(TOO_LARGE);
        return true;
      },
    });
  } catch {
    throw new Error(unpacked > MAX_UNPACKED_BYTES ? TOO_LARGE : NOT_A_WORKBOOK);
  }
  const { read, SSF, utils } = await import("@e965/xlsx");
  try {
    const workbook = read(zipSync(parts, { level: 0 }), { ...options, type: "array" });
    return { workbook, sheetJs: { SSF, utils } };
  } catch {
    // A zip that is not a workbook (a .docx): SheetJS's own words would not help the user.
    throw new Error(NOT_A_WORKBOOK);
  }
}

/** The workbook's sheet names, in order. */
export async function xlsxSheetNames(bytes: Uint8Array): Promise<string[]> {
  const { workbook } = await readWorkbook(bytes, { bookSheets: true });
  return workbook.SheetNames;
}

/**
 * One sheet (the first by default) as rows of cell text, as a user sees it in Excel: numbers as
 * plain digits with a dot decimal (189900, 2.5; "7.5%" when formatted as a percentage, 02134 under
 * a zip code format), dates as ISO `YYYY-MM-DD` (`YYYY-MM-DDTHH:mm` when the cell has a time),
 * booleans as TRUE/FALSE, errors as Excel writes them (#N/A), empty cells as "". Rows start at A1
 * (row i of the result is the sheet's row i + 1), trailing empty rows are dropped, and every row
 * is as wide as the widest (the header row, unless a cell stands further right).
 */
export async function readXlsxSheet(bytes: Uint8Array, sheet?: string): Promise<string[][]> {
  const { sheetJs, workbook } = await readWorkbook(bytes, {
    sheets: sheet ?? 0,
    dense: true,
    cellNF: true,
    cellText: false,
    cellHTML: false,
  });
  const name = sheet ?? workbook.SheetNames[0];
  if (name === undefined || !workbook.SheetNames.includes(name)) {
    throw new Error(
      sheet === undefined ? NOT_A_WORKBOOK : `The workbook has no sheet named ${sheet}`,
    );
  }
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const data: (CellObject | null | undefined)[][] = workbook.Sheets[name]?.["!data"] ?? [];
  const rows: string[][] = [];
  for (let r = 0; r < data.length; r += 1) {
    const cells = data[r] ?? [];
    rows.push(Array.from(cells, (cell) => (cell ? cellText(sheetJs, cell, date1904) : "")));
  }
  while (rows.length && rows.at(-1)!.every((text) => text === "")) rows.pop();
  const width = rows.reduce(
    (widest, row) => Math.max(widest, row.findLastIndex((text) => text !== "") + 1),
    0,
  );
  return rows.map((row) => Array.from({ length: width }, (_, c) => row[c] ?? ""));
}

function cellText(sheetJs: SheetJs, cell: CellObject, date1904: boolean): string {
  if (cell.t === "b") return cell.v ? "TRUE" : "FALSE";
  if (cell.t === "e") return sheetJs.utils.format_cell(cell);
  if (cell.t !== "n" || typeof cell.v !== "number") return cell.v == null ? "" : String(cell.v);
  const value = cell.v;
  const format = typeof cell.z === "string" ? cell.z : "General";
  if (sheetJs.SSF.is_date(format)) {
    const when = date(sheetJs, value, date1904);
    if (when) return when;
  }
  if (Number.isInteger(value) && ZERO_PADDED.test(format.replace(/[\\"]/g, ""))) {
    return sheetJs.SSF.format(format, value);
  }
  if (isPercent(format)) return `${plainNumber().format(value * 100)}%`;
  return plainNumber().format(value);
}

/** A date serial as ISO text: the day, with the time when it has one; a bare time as HH:mm. */
function date(sheetJs: SheetJs, serial: number, date1904: boolean): string | null {
  const parts: { y: number; m: number; d: number; H: number; M: number; S: number } | null =
    sheetJs.SSF.parse_date_code(serial, { date1904 });
  if (!parts) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = `${pad(parts.H)}:${pad(parts.M)}`;
  if (serial < 1) return time;
  const day = `${parts.y}-${pad(parts.m)}-${pad(parts.d)}`;
  return parts.H || parts.M || parts.S ? `${day}T${time}` : day;
}

/** A % outside quoted text and escapes: Excel shows the value times 100. */
const isPercent = (format: string) => format.replace(/"[^"]*"|\\./g, "").includes("%");
