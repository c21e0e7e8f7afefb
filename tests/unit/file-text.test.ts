import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import {
  extractFileText,
  MAX_PAGE_CHARS,
  MAX_TEXT_CHARS,
  MAX_TEXT_PAGES,
} from "~/domain/file-text";
import { textFormatOf, type TextFormat } from "~/domain/files";
import { readPdf } from "../../workers/extract/read-pdf";

/** tests/fixtures/files, written by LibreOffice (README.md beside them). */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/files/${name}`, import.meta.url)));

const read = (bytes: Uint8Array, format: TextFormat) => extractFileText(bytes, format, readPdf);

const noPdf = () => Promise.reject(new Error("no PDF expected"));

/** A .docx holding only what a reader follows: the package relationship and the document. */
function wordDocument(body: string) {
  const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
  return zipSync({
    "_rels/.rels": strToU8(
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    "word/document.xml": strToU8(
      `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    ),
  });
}
const paragraph = (runs: string, properties = "") =>
  `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ""}<w:r>${runs}</w:r></w:p>`;

describe("a stored file's text, page by page", () => {
  it("reads a PDF's pages in order, the roof on page 2 of the inspection report", async () => {
    const text = await read(fixture("inspection-report.pdf"), "pdf");
    expect(text.unit).toBe("page");
    expect(text.pages).toHaveLength(3);
    expect(text.pages[0]).toMatch(/^Home Inspection Report\nProperty: 1418 Maple Street/);
    expect(text.pages[1]).toContain("Roof: asphalt shingles at end of life");
    expect(text.pages[2]).toContain("Federal Pacific Stab-Lok");
  });

  it("says a PDF with a password, or a damaged one, cannot be read", async () => {
    // The same report, saved by LibreOffice with an open password.
    await expect(read(fixture("inspection-report-password.pdf"), "pdf")).rejects.toThrow(
      "The PDF is protected by a password",
    );
    await expect(read(strToU8("%PDF-1.7\nnot a PDF after all\n%%EOF\n"), "pdf")).rejects.toThrow(
      "The PDF is damaged or not a PDF",
    );
  });

  it("reads a Word document's pages at its page breaks, as the PDF of it has them", async () => {
    const text = await read(fixture("inspection-report.docx"), "docx");
    expect(text.unit).toBe("page");
    expect(text.pages).toEqual([
      "Home Inspection Report\nProperty: 1418 Maple Street, Columbus, OH 43215\nInspector: Dana Whitfield, licence OH-44812. Inspection date: 12 November 2026.",
      "Exterior & Roof\nRoof: asphalt shingles at end of life; curling and granule loss on the south slope. Budget for a full replacement within 12 months (estimate $14,500).\nGutters: loose on the north side.",
      "Plumbing & Electrical\nWater heater: 2009, 40 gallon, nearing the end of its service life.\nElectrical panel: 100 amp, Federal Pacific Stab-Lok; recommend replacement.",
    ]);
  });

  it("breaks a Word document's pages where Word last laid them out, once per page", async () => {
    // Word writes <w:lastRenderedPageBreak/> where a page began when it last saved, and also
    // after a typed break: the two together are one new page. A style's break comes in <w:pPr>.
    const document = wordDocument(
      paragraph("<w:t>Purchase contract</w:t>") +
        paragraph('<w:t xml:space="preserve">Seller: </w:t><w:tab/><w:t>R&amp;J Holdings</w:t>') +
        paragraph('<w:br w:type="page"/>') +
        paragraph("<w:lastRenderedPageBreak/><w:t>Closing in 30 days</w:t>") +
        paragraph("<w:lastRenderedPageBreak/><w:t>Signatures</w:t>") +
        paragraph("<w:t>Addendum A</w:t>", "<w:pageBreakBefore/>") +
        paragraph("<w:t>Not a new page</w:t>", '<w:pageBreakBefore w:val="0"/>'),
    );
    expect((await extractFileText(document, "docx", noPdf)).pages).toEqual([
      "Purchase contract\nSeller: R&J Holdings",
      "Closing in 30 days",
      "Signatures",
      "Addendum A\nNot a new page",
    ]);
  });

  it("reads a workbook sheet by sheet, a row's cells on one line", async () => {
    const text = await read(fixture("rent-roll.xlsx"), "xlsx");
    expect(text).toEqual({
      unit: "sheet",
      pages: ["Unit Tenant Rent\n1A Rivera 1250\n2B Okafor 1175", "Insurance 2100"],
    });
  });

  it("reads a presentation slide by slide", async () => {
    expect(await read(fixture("pitch.pptx"), "pptx")).toEqual({
      unit: "slide",
      pages: ["Maple Street duplex\nPurchase $182,000", "Exit: refinance after rehab"],
    });
  });

  it("reads a text or CSV file as one page, in the encoding it was written in", async () => {
    const windows1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x20, 0x31, 0x32]);
    expect(await extractFileText(windows1252, "text", noPdf)).toEqual({
      unit: "page",
      pages: ["Café – 12"],
    });
  });

  it("keeps at most the limit of one page, and says why a damaged file can't be read", async () => {
    const long = strToU8("word ".repeat(MAX_PAGE_CHARS));
    const [page] = (await extractFileText(long, "text", noPdf)).pages;
    expect(page).toHaveLength(MAX_PAGE_CHARS);
    await expect(extractFileText(strToU8("PK not really"), "docx", noPdf)).rejects.toThrow(
      "This is not a readable Word document",
    );
  });

  it("keeps at most 2,000 pages and 2,000,000 characters of a file", async () => {
    const pagesOf = (count: number, text: string) => () =>
      Promise.resolve(Array.from({ length: count }, () => text));
    const many = await extractFileText(new Uint8Array(), "pdf", pagesOf(2_100, "Lease"));
    expect(many.pages).toHaveLength(MAX_TEXT_PAGES);
    const full = await extractFileText(
      new Uint8Array(),
      "pdf",
      pagesOf(30, "x".repeat(MAX_PAGE_CHARS)),
    );
    expect(full.pages).toHaveLength(MAX_TEXT_CHARS / MAX_PAGE_CHARS);
    expect(full.pages.join("")).toHaveLength(MAX_TEXT_CHARS);
  });

  it("reads text only of the kinds that have it", () => {
    expect(textFormatOf("application/pdf")).toBe("pdf");
    expect(textFormatOf("text/csv; charset=utf-8")).toBe("text");
    expect(
      textFormatOf("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    ).toBe("docx");
    expect(textFormatOf("image/jpeg")).toBeNull();
    expect(textFormatOf("application/msword")).toBeNull();
  });
});
