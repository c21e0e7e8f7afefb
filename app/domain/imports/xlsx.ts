/**
 * An Excel workbook (.xlsx) read into rows of cell text, the grid a CSV of the same sheet gives,
 * so one importer reads both. fflate unpacks the archive (loaded on first use: its own chunk in the
 * browser); the few XML parts a sheet needs are then read with the tag scanner of ../ooxml, as
 * workerd has no DOMParser and a spreadsheet library would not fit the Worker's size budget. Pure:
 * runs in the browser, in Node and in the Worker. See docs/decisions/0014-spreadsheet-files.md and
 * 0039-hostile-files.md.
 */
import { onFirstUse } from "../format";
import {
  decodeXml as decode,
  elements,
  first,
  mainPart,
  nextTag,
  partText,
  relatedById,
  relationships,
  unpackXml,
  type XmlElement as Element,
} from "../ooxml";

const NOT_A_WORKBOOK = "This is not an Excel workbook (.xlsx)";
/** The workbook's XML unpacked, at most: past it the Worker would run out of memory. */
const MAX_UNPACKED_BYTES = 20_000_000;
const TOO_LARGE = "This workbook is too large to import (over 20 MB of sheet data)";
/** Excel's own limits: a damaged or hostile cell reference past them must not grow the grid. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

/** Excel's precision: 15 significant digits, so 0.1 + 0.2 is 0.3; no grouping, dot decimal. */
const fifteenDigits = onFirstUse(
  () => new Intl.NumberFormat("en-US", { useGrouping: false, maximumSignificantDigits: 15 }),
);
const plainNumber = (value: number) => {
  const text = String(value);
  // Most numbers already read so (189900, 2.5, 0.075): Intl, far slower, formats the others.
  return !text.includes("e") && text.replace(/^-?[0.]*|\./g, "").length <= 15
    ? text
    : fifteenDigits().format(value);
};

/** Formats that pad whole numbers with zeros (Excel's Zip Code, "00000", and Zip + 4): 02134. */
const ZERO_PADDED = /^00+(-0+)?$/;

/** The workbook's sheet names, in order. */
export async function xlsxSheetNames(bytes: Uint8Array): Promise<string[]> {
  return (await openWorkbook(bytes)).sheets.map((sheet) => sheet.name);
}

/**
 * One sheet (the first by default) as rows of cell text, as a user sees it in Excel: numbers as
 * plain digits with a dot decimal (189900, 2.5; "7.5%" when formatted as a percentage, 02134 under
 * a zip code format), dates as ISO `YYYY-MM-DD` (`YYYY-MM-DDTHH:mm` when the cell has a time),
 * booleans as TRUE/FALSE, errors as Excel writes them (#N/A), empty cells as "". Rows start at A1
 * (row i of the result is the sheet's row i + 1), trailing empty rows are dropped, and every row
 * is as wide as the widest (the header row, unless a cell stands further right). A formula shows
 * the value Excel saved with it: nothing is calculated.
 */
export async function readXlsxSheet(bytes: Uint8Array, sheet?: string): Promise<string[][]> {
  return (await readXlsxGrid(bytes, sheet)).rows;
}

/**
 * One sheet as readXlsxSheet reads it, with the cells that hold a formula saved without its value
 * (a workbook written by a program that does not calculate: they read as empty), 0-based.
 */
export async function readXlsxGrid(bytes: Uint8Array, sheet?: string) {
  const workbook = await openWorkbook(bytes);
  const { sheets } = workbook;
  const found = sheet === undefined ? sheets[0] : sheets.find((s) => s.name === sheet);
  if (!found) throw new Error(`The workbook has no sheet named ${sheet}`);
  return sheetGrid(workbook, found);
}

/**
 * Every sheet (the first `max`), each as readXlsxSheet reads it, the workbook opened once and its
 * shared strings and styles read once; `between` is awaited after each sheet (a deadline's check).
 */
export async function readXlsxSheets(
  bytes: Uint8Array,
  { max = Infinity, between }: { max?: number; between?: () => Promise<void> } = {},
) {
  const workbook = await openWorkbook(bytes);
  const read: { name: string; rows: string[][] }[] = [];
  for (const sheet of workbook.sheets.slice(0, max)) {
    read.push({ name: sheet.name, rows: sheetGrid(workbook, sheet).rows });
    await between?.();
  }
  return read;
}

type Workbook = Awaited<ReturnType<typeof openWorkbook>>;

function sheetGrid({ parts, look }: Workbook, found: Workbook["sheets"][number]) {
  const sheetXml = partText(parts, found.path);
  if (sheetXml === null) throw new Error(NOT_A_WORKBOOK);
  const rows: string[][] = [];
  const unsavedFormulas: { row: number; column: number }[] = [];
  let r = -1;
  for (const row of elements(sheetXml, "row")) {
    // Writers may leave out `r` on rows and cells: each then follows the one before.
    const at = Number(row.attrs.r);
    r = at >= 1 ? at - 1 : r + 1;
    if (r >= MAX_ROWS) break;
    const cells = (rows[r] ??= []);
    let c = -1;
    for (const cell of elements(row.body, "c")) {
      const letters = /^\$?([A-Z]{1,3})\$?\d/i.exec(cell.attrs.r ?? "")?.[1]?.toUpperCase();
      c = letters ? [...letters].reduce((n, l) => n * 26 + l.charCodeAt(0) - 64, 0) - 1 : c + 1;
      if (c >= MAX_COLUMNS) continue;
      cells[c] = cellText(cell, look());
      // No value, or an empty one outside a text result (openpyxl writes <f>…</f><v></v>).
      const value = first(cell.body, "v");
      if (
        !cells[c] &&
        first(cell.body, "f") &&
        (!value || (!value.body && cell.attrs.t !== "str"))
      ) {
        unsavedFormulas.push({ row: r, column: c });
      }
    }
  }
  const filled = (row: string[] = []) => row.findLastIndex((text) => !!text) + 1;
  while (rows.length && !filled(rows.at(-1))) rows.pop();
  let width = 0;
  for (let i = 0; i < rows.length; i += 1) width = Math.max(width, filled(rows[i]));
  return {
    rows: Array.from(rows, (row) => Array.from({ length: width }, (_, c) => row?.[c] ?? "")),
    unsavedFormulas,
  };
}

async function openWorkbook(bytes: Uint8Array) {
  const parts = await unpackXml(bytes, {
    maxBytes: MAX_UNPACKED_BYTES,
    notThis: NOT_A_WORKBOOK,
    tooLarge: TOO_LARGE,
  });
  // The package names its main part: xl/workbook.xml from Excel, not necessarily from others.
  const path = mainPart(parts, "xl/workbook.xml");
  const xml = partText(parts, path) ?? "";
  const related = relatedById(parts, path);
  // A sheet's part is found through its r:id, never by its name: sheet3.xml may be the first.
  const sheets = Array.from(elements(xml, "sheet"), ({ attrs }) => ({
    name: attrs.name ?? "",
    path: related.get(attrs.id) ?? "",
  })).filter((sheet) => sheet.name && sheet.path);
  // Another kind of zip (a .docx), a binary .xlsb, or a workbook too damaged to name a sheet.
  if (!sheets.length) throw new Error(NOT_A_WORKBOOK);
  // Read on the first cell that needs them, once for every sheet.
  const look = onFirstUse((): Look => {
    const part = (type: string) =>
      partText(
        parts,
        relationships(parts, path).find((rel) => rel.type.endsWith(`/${type}`))?.path,
      ) ?? "";
    return {
      strings: Array.from(elements(part("sharedStrings"), "si"), (si) => richText(si.body)),
      shown: numbersShown(part("styles")),
      // "1" from Excel, "true" from other writers: serial 0 is then 1 January 1904.
      date1904: /^(1|true)$/.test(first(xml, "workbookPr")?.attrs.date1904 ?? ""),
    };
  });
  return { parts, sheets, look };
}

/** What a cell's text depends on besides the cell. */
interface Look {
  strings: string[];
  /**
   * How each cell style shows a number, by the style's index (a cell's `s`): "date", "%", a zero
   * pattern such as "00000-0000", or "" for plain digits.
   */
  shown: string[];
  date1904: boolean;
}

function cellText(cell: Element, look: Look): string {
  const type = cell.attrs.t ?? "n";
  if (type === "inlineStr") return richText(cell.body);
  const raw = first(cell.body, "v")?.body;
  // No value: a styled blank, or a formula saved without its result.
  if (raw === undefined) return "";
  if (type === "s") return look.strings[Number(raw)] ?? "";
  if (type === "str") return unescapeText(decode(raw));
  if (type === "b") return /^\s*(1|true)\s*$/.test(raw) ? "TRUE" : "FALSE";
  if (type === "e") return decode(raw);
  if (type === "d") {
    // An ISO date instead of a serial number, as a few tools write: the same text as a serial's.
    const [, day, time] = /^(\d{4}-\d\d-\d\d)(?:T(\d\d:\d\d))?/.exec(raw) ?? [];
    return day ? (time && time !== "00:00" ? `${day}T${time}` : day) : decode(raw);
  }
  const value = Number(raw);
  if (!raw.trim() || !Number.isFinite(value)) return decode(raw);
  const shown = look.shown[Number(cell.attrs.s ?? 0)] ?? "";
  if (shown === "%") return `${plainNumber(value * 100)}%`;
  if (shown === "date") return dateText(value, look.date1904) ?? plainNumber(value);
  if (shown && Number.isInteger(value)) {
    // 00000-0000 shows 21341234 as 02134-1234: the digits padded, a dash before the last four.
    const [head = "", tail = ""] = shown.split("-");
    const digits = String(Math.abs(value)).padStart(head.length + tail.length, "0");
    const cut = digits.length - tail.length;
    return `${value < 0 ? "-" : ""}${digits.slice(0, cut)}${tail ? "-" : ""}${digits.slice(cut)}`;
  }
  return plainNumber(value);
}

/** How each cell style shows a number (see Look), from its format: custom or built in. */
function numbersShown(xml: string): string[] {
  const custom = new Map<number, string>();
  for (const { attrs } of elements(xml, "numFmt")) {
    custom.set(Number(attrs.numFmtId), attrs.formatCode ?? "General");
  }
  return Array.from(elements(first(xml, "cellXfs")?.body ?? "", "xf"), ({ attrs }) => {
    const id = Number(attrs.numFmtId ?? 0);
    const format = custom.get(id);
    if (format === undefined) {
      // Of the built-in formats only these change the text: 9 and 10 are percentages, 14–22
      // and 45–47 dates or times (dateText tells a time from a day by the value).
      if (id === 9 || id === 10) return "%";
      return (id >= 14 && id <= 22) || (id >= 45 && id <= 47) ? "date" : "";
    }
    if (isDateFormat(format)) return "date";
    const zeros = format.replace(/[\\"]/g, "");
    if (ZERO_PADDED.test(zeros)) return zeros;
    // A % outside quoted text and escapes: Excel shows the value times 100.
    return format.replace(/"[^"]*"|\\./g, "").includes("%") ? "%" : "";
  });
}

/**
 * Whether a format shows a date or a time: a date or time letter (y m d h s; e g b for eras),
 * AM/PM or an elapsed [h] outside quoted text, escaped and fill characters, and […] sections,
 * which hold locales ([$-409]), currencies ([$€-407]) and colours ([Red]). 0.00E+00 is a number.
 */
function isDateFormat(format: string): boolean {
  const bare = format.replace(/"[^"]*"|[\\_*]./g, "");
  if (/\[(h+|m+|s+)\]/i.test(bare)) return true;
  // A section holds no "[": each "[" then starts a scan that ends at the next, never at the end.
  return /[bdeghmsy]|a\/p/i.test(bare.replace(/\[[^[\]]*\]|General|e[+-]/gi, ""));
}

/**
 * A date serial as ISO text: the day, with the time when it has one; a bare time (under 1) as
 * HH:mm. Null outside Excel's dates (before 1900, after 9999), to be shown as a number instead.
 */
function dateText(serial: number, date1904: boolean): string | null {
  if (serial < 0 || serial + (date1904 ? 1462 : 0) > 2_958_465) return null;
  // At Excel's 15 digits, 14:30 saved as 46328.604166666664 is 14:30, not 14:29:59.99.
  const value = Number(serial.toPrecision(15));
  let day = Math.floor(value);
  let seconds = Math.floor(86_400 * (value - day));
  if (86_400 * (value - day) - seconds > 0.9999 && ++seconds === 86_400)
    [day, seconds] = [day + 1, 0];
  const pad = (n: number) => String(n).padStart(2, "0");
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}`;
  if (serial < 1) return time;
  if (date1904) day += 1462;
  // Excel counts 1900 as a leap year, as Lotus 1-2-3 did: serial 60 is 29 February 1900.
  const date = new Date(Date.UTC(1900, 0, day > 60 ? day - 1 : day));
  const iso = day === 60 ? "1900-02-29" : date.toISOString().slice(0, 10);
  return seconds ? `${iso}T${time}` : iso;
}

/** A shared or inline string: the text of its runs, without the phonetic guides (<rPh>). */
function richText(xml: string): string {
  // The guides come after the runs, as the schema orders a string's parts.
  const runs = xml.slice(0, nextTag(xml, 0, "rPh")?.start);
  return unescapeText(Array.from(elements(runs, "t"), (t) => decode(t.body)).join(""));
}

/**
 * Excel's escape for what XML cannot hold (_x000D_ is a carriage return, _x005F_ an underscore);
 * a Windows line end in a cell (_x000D_ then a line feed) is read as one line feed.
 */
const unescapeText = (text: string) =>
  text
    .replace(/_x([\da-f]{4})_/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\r\n/g, "\n");
