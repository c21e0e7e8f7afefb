/**
 * Files written to hurt the reader: each input below took seconds on the regular-expression
 * reader (its cost grew with the square of the input) and must now be read, or refused, at once.
 */
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { extractFileText } from "~/domain/file-text";
import type { TextFormat } from "~/domain/files";
import { readXlsxSheet } from "~/domain/imports/xlsx";
import { Deadline } from "~/domain/read-limits";

const RELS = "http://schemas.openxmlformats.org/package/2006/relationships";
const OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NOT_A_WORKBOOK = "This is not an Excel workbook (.xlsx)";

const zip = (parts: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])));

const packageRels = (main: string, extra = "") =>
  `<Relationships xmlns="${RELS}">${extra}<Relationship Id="rId1" Type="${OFFICE}/officeDocument" Target="${main}"/></Relationships>`;

/** A workbook of one sheet; `sheet` is the sheet's rows, `extra` more parts. */
function workbook(sheet: string, extra: Record<string, string> = {}, styles = "") {
  return zip({
    "_rels/.rels": packageRels("xl/workbook.xml"),
    "xl/workbook.xml": `<workbook><sheets><sheet name="Sheet1" r:id="rId1"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${OFFICE}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${OFFICE}/styles" Target="styles.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": `<worksheet><sheetData>${sheet}</sheetData></worksheet>`,
    "xl/styles.xml": `<styleSheet>${styles}</styleSheet>`,
    ...extra,
  });
}

const noPdf = () => Promise.reject(new Error("no PDF expected"));
const read = (bytes: Uint8Array, format: TextFormat) => extractFileText(bytes, format, noPdf);

/**
 * How long `work` takes to settle (resolved or rejected), in ms: the fastest of three runs, as
 * the machine's other work only ever adds time (a quadratic read takes seconds every time).
 */
async function timed(work: () => Promise<unknown>) {
  let fastest = Infinity;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await work().catch(() => {});
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** Room for the tests that build tens of megabytes of input on a busy machine. */
const HEAVY = { timeout: 30_000 };

describe("hostile XML in an Office file is read in one pass", () => {
  it("a relationship tag that never closes (spaces and no >)", async () => {
    const bytes = zip({
      "_rels/.rels": `<Relationships><Relationship${" ".repeat(60_000)}`,
      "xl/workbook.xml": "<workbook/>",
    });
    // 1 KB of zip: the spaces compress to almost nothing.
    expect(bytes.length).toBeLessThan(2_000);
    expect(await timed(() => readXlsxSheet(bytes))).toBeLessThan(100);
    await expect(readXlsxSheet(bytes)).rejects.toThrow(NOT_A_WORKBOOK);
  });

  it("an attribute name that never gets its = (letters and no =)", async () => {
    const bytes = zip({
      "_rels/.rels": packageRels("xl/workbook.xml", `<Relationship ${"a".repeat(40_000)}/>`),
      "xl/workbook.xml": "<workbook/>",
    });
    expect(await timed(() => readXlsxSheet(bytes))).toBeLessThan(100);
    await expect(readXlsxSheet(bytes)).rejects.toThrow(NOT_A_WORKBOOK);
  });

  it("a number format full of [ with no ] (a date format's sections)", async () => {
    const bytes = workbook(
      `<row r="1"><c r="A1" s="0"><v>45000</v></c></row>`,
      {},
      `<numFmts><numFmt numFmtId="164" formatCode="${"[".repeat(40_000)}0"/></numFmts><cellXfs><xf numFmtId="164"/></cellXfs>`,
    );
    expect(await timed(() => readXlsxSheet(bytes))).toBeLessThan(100);
    expect(await readXlsxSheet(bytes)).toEqual([["45000"]]);
  });

  it("a Word document whose text runs never close their tag", async () => {
    const body = `<w:p><w:r><w:t>Roof</w:t></w:r></w:p>${"<w:t <w:br ".repeat(8_000)}`;
    const bytes = zip({
      "_rels/.rels": packageRels("word/document.xml"),
      "word/document.xml": `<w:document><w:body>${body}</w:body></w:document>`,
    });
    expect(await timed(() => read(bytes, "docx"))).toBeLessThan(100);
    expect((await read(bytes, "docx")).pages).toEqual(["Roof"]);
  });

  it("refuses a tag longer than any part needs, as too much rather than damaged", async () => {
    const bytes = workbook(`<row r="1"><c r="A1" t="${"x".repeat(70_000)}"/></row>`);
    await expect(readXlsxSheet(bytes)).rejects.toThrow("The file's XML is too complex to read");
  });
});

describe("a file's text is read within bounds", () => {
  it("reads a workbook's shared strings once, however many sheets use them", HEAVY, async () => {
    const sheets = 300;
    const strings = Array.from({ length: 4_000 }, (_, i) => `<si><t>word ${i}</t></si>`).join("");
    const parts: Record<string, string> = {
      "_rels/.rels": packageRels("xl/workbook.xml"),
      "xl/workbook.xml": `<workbook><sheets>${Array.from({ length: sheets }, (_, i) => `<sheet name="S${i}" r:id="rId${i}"/>`).join("")}</sheets></workbook>`,
      "xl/_rels/workbook.xml.rels": `<Relationships>${Array.from({ length: sheets }, (_, i) => `<Relationship Id="rId${i}" Type="${OFFICE}/worksheet" Target="worksheets/s${i}.xml"/>`).join("")}<Relationship Id="rS" Type="${OFFICE}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      "xl/sharedStrings.xml": `<sst>${strings}</sst>`,
    };
    for (let i = 0; i < sheets; i += 1) {
      parts[`xl/worksheets/s${i}.xml`] =
        `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>${i}</v></c></row></sheetData></worksheet>`;
    }
    const bytes = zip(parts);
    expect(await timed(() => read(bytes, "xlsx"))).toBeLessThan(500);
    const text = await read(bytes, "xlsx");
    expect(text.pages).toHaveLength(sheets);
    expect(text.pages[299]).toBe("word 299");
  });

  it("finds a presentation's slides by id in one step each", HEAVY, async () => {
    const slides = 3_000;
    const parts: Record<string, string> = {
      "_rels/.rels": packageRels("ppt/presentation.xml"),
      "ppt/presentation.xml": `<p:presentation><p:sldIdLst>${Array.from({ length: slides }, (_, i) => `<p:sldId id="${256 + i}" r:id="rId${i}"/>`).join("")}</p:sldIdLst></p:presentation>`,
      "ppt/_rels/presentation.xml.rels": `<Relationships>${Array.from({ length: slides }, (_, i) => `<Relationship Id="rId${i}" Type="${OFFICE}/slide" Target="slides/Slide${i}.xml"/>`).join("")}</Relationships>`,
    };
    for (let i = 0; i < slides; i += 1) {
      parts[`ppt/slides/slide${i}.xml`] =
        `<p:sld><a:p><a:r><a:t>Slide ${i}</a:t></a:r></a:p></p:sld>`;
    }
    const bytes = zip(parts);
    const text = await read(bytes, "pptx");
    expect(text.pages).toHaveLength(2_000);
    expect(text.pages[1_999]).toBe("Slide 1999");
    expect(await timed(() => read(bytes, "pptx"))).toBeLessThan(1_500);
  });

  it("stops at its deadline, as too much to read", async () => {
    const sheets = Array.from({ length: 50 }, (_, i) => i);
    const bytes = zip({
      "_rels/.rels": packageRels("xl/workbook.xml"),
      "xl/workbook.xml": `<workbook><sheets>${sheets.map((i) => `<sheet name="S${i}" r:id="rId${i}"/>`).join("")}</sheets></workbook>`,
      "xl/_rels/workbook.xml.rels": `<Relationships>${sheets.map((i) => `<Relationship Id="rId${i}" Type="${OFFICE}/worksheet" Target="worksheets/s${i}.xml"/>`).join("")}</Relationships>`,
      ...Object.fromEntries(
        sheets.map((i) => [`xl/worksheets/s${i}.xml`, "<worksheet><sheetData/></worksheet>"]),
      ),
    });
    const spent = new Deadline(0, "the file");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const reading = extractFileText(bytes, "xlsx", noPdf, spent);
    await expect(reading).rejects.toThrow("Reading the file took over 0 s");
    await expect(reading).rejects.toHaveProperty("name", "ReadLimitError");
  });

  it(
    "counts the bytes a zip bomb inflates to, whatever sizes the zip declares",
    HEAVY,
    async () => {
      const bomb = zipSync({ "word/document.xml": new Uint8Array(60_000_000) }, { level: 9 });
      // The zip claims the part is 10 bytes.
      const view = new DataView(bomb.buffer, bomb.byteOffset);
      const central = view.getUint32(bomb.length - 22 + 16, true);
      view.setUint32(central + 24, 10, true);
      view.setUint32(18 + 4, 10, true);
      await expect(read(bomb, "docx")).rejects.toThrow(
        "This Word document has too much text to read (over 50 MB of XML)",
      );
    },
  );
});
