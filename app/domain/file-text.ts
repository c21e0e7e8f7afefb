/**
 * The text of a stored file, page by page, so a search can say where it found a word ("the
 * inspection report, page 4"): a PDF's pages, a Word document's pages as Word last laid them out
 * (its page breaks), a presentation's slides, a workbook's sheets (a row's cells on one line), and
 * a text or CSV file as one page. Images have none (no OCR). Pure; a PDF is read by the `pdf`
 * reader the caller passes, as PDF.js is too large for the app's own Worker
 * (workers/extract runs it).
 */
import type { TextFormat } from "./files";
import { decodeText } from "./imports/text";
import { readXlsxSheets } from "./imports/xlsx";
import {
  attributes,
  decodeXml,
  elements,
  mainPart,
  nextTag,
  partText,
  relatedById,
  tags,
  unpackXml,
} from "./ooxml";
import { Deadline } from "./read-limits";

/** What a file's text is cut into: pages, slides or sheets. */
export const TEXT_UNITS = ["page", "slide", "sheet"] as const;
export type TextUnit = (typeof TEXT_UNITS)[number];

export interface FileText {
  unit: TextUnit;
  /** The text of each page (slide, sheet), in order; page n is `pages[n - 1]`. */
  pages: string[];
}

/**
 * What reading a file's text came to: its text; `error`, why a damaged file cannot be read; or
 * `skipped`, which bound a file that would take too much (time, unpacked bytes) went past.
 */
export type TextReading = FileText | { error: string } | { skipped: string };

/**
 * The text extractor Worker (workers/extract) as the app Worker calls it through its EXTRACT
 * service binding (RPC).
 */
export interface TextExtractor {
  extract(input: { objectKey: string; format: TextFormat }): Promise<TextReading>;
}

/** At most this much text is kept of a file, and of one page of it. */
export const MAX_TEXT_CHARS = 2_000_000;
export const MAX_PAGE_CHARS = 100_000;
export const MAX_TEXT_PAGES = 2_000;
/** An Office file's XML, unpacked, at most (counted as it inflates). */
const MAX_UNPACKED_BYTES = 50_000_000;
/** How long reading one file may take: within the 25 s the app gives the extractor. */
export const MAX_READ_MS = 20_000;

/** Reads a PDF's pages' text: the first `maxPages`, stopping at the deadline. */
export type PdfReader = (
  bytes: Uint8Array,
  bounds: { maxPages: number; deadline: Deadline },
) => Promise<string[]>;

/**
 * The file's text; throws an Error whose message a user can read when the file is damaged, and a
 * ReadLimitError when it would take more than the bounds allow (time, unpacked bytes, tags).
 */
export async function extractFileText(
  bytes: Uint8Array,
  format: TextFormat,
  readPdf: PdfReader,
  deadline = new Deadline(MAX_READ_MS, "the file"),
): Promise<FileText> {
  switch (format) {
    case "pdf":
      return bounded("page", await readPdf(bytes, { maxPages: MAX_TEXT_PAGES, deadline }));
    case "docx":
      return bounded("page", await documentPages(bytes, deadline));
    case "pptx":
      return bounded("slide", await slideTexts(bytes, deadline));
    case "xlsx":
      return bounded(
        "sheet",
        (
          await readXlsxSheets(bytes, { max: MAX_TEXT_PAGES, between: () => deadline.breathe() })
        ).map(({ rows }) =>
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
async function documentPages(bytes: Uint8Array, deadline: Deadline): Promise<string[]> {
  const parts = await openPackage(bytes, "Word document");
  const xml = partText(parts, mainPart(parts, "word/document.xml")) ?? "";
  const pages: string[] = [];
  let page = "";
  let count = 0;
  for (const tag of tags(xml)) {
    if ((count += 1) % CHECK_EVERY === 0) deadline.check();
    const { qname, closing, selfClosing } = tag;
    if (qname === "w:t" && !closing && !selfClosing) {
      const end = nextTag(xml, tag.end)?.start ?? xml.length;
      page += decodeXml(xml.slice(tag.end, end));
    } else if (qname === "w:p" && closing) page += "\n";
    else if (!selfClosing) continue;
    else if (qname === "w:tab") page += "\t";
    else if (qname === "w:cr") page += "\n";
    else if (qname === "w:br" && attributes(xml, tag).type !== "page") page += "\n";
    // A paragraph that starts a page (a style's "page break before"), unless switched off.
    else if (
      qname === "w:pageBreakBefore" &&
      /^(0|false|off)$/.test(attributes(xml, tag).val ?? "")
    ) {
      continue;
    } else if (
      (qname === "w:br" || qname === "w:pageBreakBefore" || qname === "w:lastRenderedPageBreak") &&
      page.trim()
    ) {
      pages.push(page);
      page = "";
    }
  }
  pages.push(page);
  return pages;
}

/** The deadline is looked at every this many tags of a part (a look costs a clock read). */
const CHECK_EVERY = 4096;

/** A presentation's text, slide by slide in the order the presentation shows them. */
async function slideTexts(bytes: Uint8Array, deadline: Deadline): Promise<string[]> {
  const parts = await openPackage(bytes, "PowerPoint presentation");
  const main = mainPart(parts, "ppt/presentation.xml");
  const related = relatedById(parts, main);
  const order = Array.from(
    elements(partText(parts, main) ?? "", "sldId"),
    ({ attrs }) => related.get(attrs.id) ?? "",
  ).filter(Boolean);
  const slides: string[] = [];
  for (const path of order.slice(0, MAX_TEXT_PAGES)) {
    slides.push(
      Array.from(elements(partText(parts, path) ?? "", "p"), (p) =>
        Array.from(elements(p.body, "t"), (t) => decodeXml(t.body)).join(""),
      ).join("\n"),
    );
    await deadline.breathe();
  }
  return slides;
}
