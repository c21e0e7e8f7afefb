/**
 * A PDF's text by page, read with unpdf (PDF.js built for serverless runtimes), within bounds: the
 * pages read one at a time and only up to the cap (PDF.js opens a page when asked for it), the
 * deadline checked between them, and the compressed streams' unpacked size counted first, as
 * PDF.js would unpack a stream whole, however large, to read a page.
 */
import { Unzlib } from "fflate";
import { getDocumentProxy } from "unpdf";
import type { PdfReader } from "../../app/domain/file-text";
import { ReadLimitError } from "../../app/domain/read-limits";

/** The most a PDF's compressed streams may unpack to, together. */
export const MAX_PDF_UNPACKED_BYTES = 256_000_000;
/** Fed to the inflater this much at a time, so the count stops a bomb a few MB past the bound. */
const INFLATE_STEP = 16 * 1024;

/** A PDF's text, page by page; an error a user can read for one that cannot be opened. */
export const readPdf: PdfReader = async (bytes, { maxPages, deadline }) => {
  checkUnpackedSize(bytes);
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes);
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    throw new Error(
      name === "PasswordException"
        ? "The PDF is protected by a password"
        : "The PDF is damaged or not a PDF",
    );
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, maxPages); n += 1) {
      const content = await (await pdf.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
          .join(""),
      );
      await deadline.breathe();
    }
    return pages;
  } finally {
    await pdf.cleanup();
  }
};

/**
 * Throws a ReadLimitError when the PDF's zlib streams (FlateDecode: page contents, fonts, object
 * streams) unpack to more than MAX_PDF_UNPACKED_BYTES together. Each `stream … endstream` is found
 * by searching forward only, and inflated in steps with a running count, nothing kept.
 */
function checkUnpackedSize(bytes: Uint8Array) {
  let left = MAX_PDF_UNPACKED_BYTES;
  for (let at = find(bytes, STREAM, 0); at >= 0; at = find(bytes, STREAM, at + 6)) {
    let start = at + 6;
    if (bytes[start] === CR) start += 1;
    if (bytes[start] !== LF) continue;
    start += 1;
    // A zlib header (0x78 then a byte that makes the pair a multiple of 31): other filters and
    // encrypted streams are left to PDF.js.
    if (bytes[start] !== 0x78 || ((0x78 << 8) | bytes[start + 1]!) % 31 !== 0) continue;
    const end = find(bytes, ENDSTREAM, start);
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    const inflate = new Unzlib((chunk) => {
      left -= chunk.length;
      if (left < 0) {
        throw new ReadLimitError(
          `This PDF unpacks to over ${MAX_PDF_UNPACKED_BYTES / 1_000_000} MB: too much to read`,
        );
      }
    });
    try {
      for (let i = 0; i < data.length; i += INFLATE_STEP) {
        inflate.push(data.subarray(i, i + INFLATE_STEP), i + INFLATE_STEP >= data.length);
      }
    } catch (error) {
      // A damaged stream is PDF.js's to judge; only the count stops the reading here.
      if (error instanceof ReadLimitError) throw error;
    }
    if (end < 0) break;
    at = end + 3;
  }
}

const STREAM = new TextEncoder().encode("stream");
const ENDSTREAM = new TextEncoder().encode("endstream");
const CR = 13;
const LF = 10;

/** Where `word` first is in `bytes` from `from`, or -1. */
function find(bytes: Uint8Array, word: Uint8Array, from: number) {
  for (let at = bytes.indexOf(word[0]!, from); at >= 0; at = bytes.indexOf(word[0]!, at + 1)) {
    let i = 1;
    while (i < word.length && bytes[at + i] === word[i]) i += 1;
    if (i === word.length) return at;
  }
  return -1;
}
