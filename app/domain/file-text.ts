/**
 * The text of a stored file (issue 30), page by page, so a search can say where it found a word
 * ("the inspection report, page 4"): a PDF's pages, a Word document's pages as Word last laid them
 * out (its page breaks), a presentation's slides, a workbook's sheets (a row's cells
 * on one line), and a text or CSV file as one page. Images have none (no OCR). Pure; a PDF is read by the
 * `pdf` reader the caller passes, as PDF.js is too large for the app's own Worker
 * (workers/extract runs it).
 */
import type { TextFormat } from "./files";
import { decodeText } from "./imports/text";
import { readXlsxSheets } from "./imports/xlsx";
import { decodeXml, elements, mainPart, partText, relationships, unpackXml } from "./ooxml";

/** What a file's text is cut into: pages, slides or sheets. */
export const TEXT_UNITS = ["page", "slide", "sheet"] as const;
export type TextUnit = (typeof TEXT_UNITS)[number];

export interface FileText {
  unit: TextUnit;
  /** The text of each page (slide, sheet), in order; page n is `pages[n - 1]`. */
  pages: string[];
}

/**
 * The text extractor Worker (workers/extract) as the app Worker calls it through its EXTRACT
 * service binding (RPC): the file's text, or why it cannot be read.
 */
export interface TextExtractor {
  extract(input: { objectKey: string; format: TextFormat }): Promise<FileText | { error: string }>;
}

/** At most this much text is kept of a file, and of one page of it. */
export const MAX_TEXT_CHARS = 2_000_000;
export const MAX_PAGE_CHARS = 100_000;
export const MAX_TEXT_PAGES = 2_000;
/** An Office file's XML, unpacked, at most (a zip bomb is refused before it is inflated). */
const MAX_UNPACKED_BYTES = 50_000_000;

/** Reads a PDF's pages' text. */
export type PdfReader = (bytes: Uint8Array) => Promise<string[]>;

/** The file's text; throws an Error whose message a user can read when the file is damaged. */
export async function extractFileText(
  bytes: Uint8Array,
  format: TextFormat,
  readPdf: PdfReader,
): Promise<FileText> {
  switch (format) {
    case "pdf":
      return bounded("page", await readPdf(bytes));
    case "docx":
      return bounded("page", await documentPages(bytes));
    case "pptx":
      return bounded("slide", await slideTexts(bytes));
    case "xlsx":
      return bounded(
        "sheet",
        (await readXlsxSheets(bytes, MAX_TEXT_PAGES)).map(({ rows }) =>
          rows
            .map((row) => row.filter(Boolean).join(" "))
            .filter(Boolean)
            .join("\n"),
        ),
      );
    case "text":
      return bounded("page", [decodeText(bytes).text]);
  }
}

/** Whitespace tidied, and the limits applied: the pages kept in order, each cut at its limit. */
function bounded(unit: TextUnit, pages: string[]): FileText {
  let left = MAX_TEXT_CHARS;
  const kept: string[] = [];
  for (const page of pages.slice(0, MAX_TEXT_PAGES)) {
    const text = tidy(page).slice(0, Math.min(MAX_PAGE_CHARS, left));
    kept.push(text);
    left -= text.length;
    if (left <= 0) break;
  }
  while (kept.length > 1 && !kept.at(-1)) kept.pop();
  return { unit, pages: kept };
}

const tidy = (text: string) =>
  text
    .replace(/\r\n?/g, "\n")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

const openPackage = (bytes: Uint8Array, what: string) =>
  unpackXml(bytes, {
    maxBytes: MAX_UNPACKED_BYTES,
    notThis: `This is not a readable ${what}`,
    tooLarge: `This ${what} has too much text to read (over 50 MB of XML)`,
  });

/**
 * A Word document's text by page. Word records where it last broke the pages
 * (`<w:lastRenderedPageBreak/>`) as well as the breaks the author typed (`<w:br w:type="page"/>`,
 * or a paragraph's `<w:pageBreakBefore/>`); each starts a new page, and breaks with nothing
 * between them (a typed break where Word also broke the page) start only one.
 */
async function documentPages(bytes: Uint8Array): Promise<string[]> {
  const parts = await openPackage(bytes, "Word document");
  const xml = partText(parts, mainPart(parts, "word/document.xml")) ?? "";
  const pages: string[] = [];
  let page = "";
  const token =
    /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(tab|cr)\s*\/>|<w:br\b([^>]*)\/>|<w:pageBreakBefore\b([^>]*)\/>|<w:lastRenderedPageBreak\s*\/>|<\/w:p>/g;
  for (let m = token.exec(xml); m; m = token.exec(xml)) {
    const [whole, text, blank, br, before] = m;
    if (text !== undefined) page += decodeXml(text);
    else if (blank) page += blank === "tab" ? "\t" : "\n";
    else if (whole.startsWith("</")) page += "\n";
    else if (br !== undefined && !/type\s*=\s*["']page["']/.test(br)) page += "\n";
    // A paragraph that starts a page (a style's "page break before"), unless switched off.
    else if (before !== undefined && /val\s*=\s*["'](0|false|off)["']/.test(before)) continue;
    else if (page.trim()) {
      pages.push(page);
      page = "";
    }
  }
  pages.push(page);
  return pages;
}

/** A presentation's text, slide by slide in the order the presentation shows them. */
async function slideTexts(bytes: Uint8Array): Promise<string[]> {
  const parts = await openPackage(bytes, "PowerPoint presentation");
  const main = mainPart(parts, "ppt/presentation.xml");
  const related = relationships(parts, main);
  const order = Array.from(
    elements(partText(parts, main) ?? "", "sldId"),
    ({ attrs }) => related.find((rel) => rel.id === attrs.id)?.path ?? "",
  ).filter(Boolean);
  return order.map((path) =>
    Array.from(elements(partText(parts, path) ?? "", "p"), (p) =>
      Array.from(elements(p.body, "t"), (t) => decodeXml(t.body)).join(""),
    ).join("\n"),
  );
}
