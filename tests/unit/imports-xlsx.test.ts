import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readXlsxSheet, xlsxSheetNames } from "~/domain/imports/xlsx";

/** tests/fixtures/imports/properties.xlsx, described in XLSX.md beside it. */
const workbook = new Uint8Array(
  readFileSync(new URL("../fixtures/imports/properties.xlsx", import.meta.url)),
);

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const RELS = "http://schemas.openxmlformats.org/package/2006/relationships";

interface Book {
  /**
   * Each sheet: its name, its <sheetData> content, and its part's target as the workbook's
   * relationships give it (worksheets/sheet1.xml for the first unless told; "/…" is absolute).
   */
  sheets: { name: string; rows: string; target?: string }[];
  /** The <si> items of xl/sharedStrings.xml. */
  strings?: string[];
  /** The content of xl/styles.xml. */
  styles?: string;
  /** What xl/workbook.xml holds before <sheets>, such as <workbookPr date1904="1"/>. */
  workbookPr?: string;
}

/** A small workbook, zipped: the parts and relationships a reader follows (no content types). */
function book({ sheets, strings, styles, workbookPr = "" }: Book): Uint8Array {
  const parts: Record<string, string> = {};
  const related = sheets.map(({ rows, target = "" }, i) => {
    target ||= `worksheets/sheet${i + 1}.xml`;
    const path = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
    parts[path] = `<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`;
    return `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="${target}"/>`;
  });
  if (strings) {
    parts["xl/sharedStrings.xml"] = `<sst xmlns="${MAIN}">${strings.join("")}</sst>`;
    related.push(
      `<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`,
    );
  }
  if (styles) {
    parts["xl/styles.xml"] = `<styleSheet xmlns="${MAIN}">${styles}</styleSheet>`;
    related.push(`<Relationship Id="rIdT" Type="${REL}/styles" Target="styles.xml"/>`);
  }
  const names = sheets.map(
    ({ name }, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
  );
  parts["xl/workbook.xml"] =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<workbook xmlns="${MAIN}" xmlns:r="${REL}">${workbookPr}<sheets>${names.join("")}</sheets></workbook>`;
  parts["xl/_rels/workbook.xml.rels"] =
    `<Relationships xmlns="${RELS}">${related.join("")}</Relationships>`;
  parts["_rels/.rels"] =
    `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${REL}/officeDocument" ` +
    `Target="xl/workbook.xml"/></Relationships>`;
  return zipSync(
    Object.fromEntries(Object.entries(parts).map(([path, xml]) => [path, strToU8(xml)])),
  );
}

/** <row r="…"> with its cells, each given as its attributes and content. */
const row = (r: number, ...cells: [attributes: string, content: string][]) =>
  `<row r="${r}">${cells.map(([attributes, content]) => `<c ${attributes}>${content}</c>`).join("")}</row>`;

/** Cell styles 0, 1, 2… with these number formats: built-in ids, or custom codes (164 on). */
function stylesWith(...formats: (number | string)[]): string {
  const custom = formats.filter((format) => typeof format === "string");
  const ids = formats.map((format) =>
    typeof format === "number" ? format : 164 + custom.indexOf(format),
  );
  return (
    `<numFmts>${custom.map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${code}"/>`).join("")}</numFmts>` +
    `<cellStyleXfs><xf numFmtId="0"/></cellStyleXfs>` +
    `<cellXfs>${ids.map((id) => `<xf numFmtId="${id}" fontId="0" xfId="0"/>`).join("")}</cellXfs>`
  );
}

describe("xlsxSheetNames", () => {
  it("lists the sheets in the workbook's order", async () => {
    expect(await xlsxSheetNames(workbook)).toEqual(["Properties", "Notes"]);
  });
});

describe("readXlsxSheet", () => {
  it("reads the first sheet as the cell text Excel shows", async () => {
    const rows = await readXlsxSheet(workbook);
    expect(rows[0]).toEqual([
      "Address",
      "City",
      "State",
      "Zip",
      "Property Type",
      "Beds",
      "Baths",
      "Sq Ft",
      "List Price",
      "Rent",
      "Listed On",
    ]);
    // Currency formats give plain numbers, the date format an ISO day.
    expect(rows[1]).toEqual([
      "1420 Oak Hollow Dr",
      "Dayton",
      "OH",
      "45402",
      "Single Family",
      "3",
      "2",
      "1480",
      "189900",
      "1450",
      "2026-10-14",
    ]);
    expect(rows[2]![6]).toBe("2.5");
    // A zip code format keeps the leading zero; a date with a time keeps the time.
    expect(rows[4]).toEqual([
      "17 Beacon Pl",
      "Boston",
      "MA",
      "02134",
      "Multi-Family",
      "6",
      "3",
      "3240",
      "1150000",
      "6200.5",
      "2026-11-02T14:30",
    ]);
    // Land: no beds, baths, size or rent.
    expect(rows[6]).toEqual([
      "Lot 14 County Rd 25",
      "Xenia",
      "OH",
      "45385",
      "Land",
      "",
      "",
      "",
      "39500",
      "",
      "2026-11-09",
    ]);
  });

  it("drops the styled but empty trailing column and rows", async () => {
    const rows = await readXlsxSheet(workbook);
    expect(rows).toHaveLength(9);
    expect(rows.every((row) => row.length === 11)).toBe(true);
    expect(rows.at(-1)![0]).toBe("4 Harbor View Ct");
  });

  it("reads another sheet by its name", async () => {
    expect(await readXlsxSheet(workbook, "Notes")).toEqual([
      ["Note", "Checked", "Added"],
      ["Prices are the list prices on the day the list was pulled.", "TRUE", "2026-11-18"],
      ["Rent is the county's fair market rent for the bedroom count.", "FALSE", "2026-11-18"],
    ]);
  });

  it("shows percentages and errors as Excel does, and keeps rows from A1", async () => {
    const bytes = book({
      sheets: [
        {
          name: "Rates",
          rows:
            row(
              2,
              ['r="A2" t="s"', "<v>0</v>"],
              ['r="B2" t="s"', "<v>1</v>"],
              ['r="C2" t="s"', "<v>2</v>"],
              ['r="E2" t="s"', "<v>3</v>"],
            ) +
            row(
              3,
              ['r="A3" s="1"', "<v>7.4999999999999997E-2</v>"],
              ['r="B3" t="e"', "<f>NA()</f><v>#N/A</v>"],
              ['r="C3"', "<v>0.30000000000000004</v>"],
            ),
        },
      ],
      strings: ["Rate", "Check", "Price", "note"].map((text) => `<si><t>${text}</t></si>`),
      styles: stylesWith(0, "0.0%"),
    });
    expect(await readXlsxSheet(bytes)).toEqual([
      ["", "", "", "", ""],
      ["Rate", "Check", "Price", "", "note"],
      ["7.5%", "#N/A", "0.3", "", ""],
    ]);
  });

  it("joins the runs of rich text and keeps their spaces, leaving out phonetic guides", async () => {
    const bytes = book({
      sheets: [
        { name: "Notes", rows: row(1, ['r="A1" t="s"', "<v>0</v>"], ['r="B1" t="s"', "<v>1</v>"]) },
      ],
      strings: [
        '<si><r><t>Roof </t></r><r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve">replaced  </t></r><r><t>2019</t></r></si>',
        '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si>',
      ],
    });
    expect(await readXlsxSheet(bytes)).toEqual([["Roof replaced  2019", "東京"]]);
  });

  it("reads inline strings, formula results and booleans", async () => {
    const bytes = book({
      sheets: [
        {
          name: "Sheet1",
          rows: row(
            1,
            ['r="A1" t="inlineStr"', "<is><t>Owner</t></is>"],
            [
              'r="B1" t="inlineStr"',
              "<is><r><t>Mailing </t></r><r><rPr><i/></rPr><t>address</t></r></is>",
            ],
            ['r="C1" t="str"', '<f>A1&amp;"!"</f><v>Owner!</v>'],
            ['r="D1" t="b"', "<v>1</v>"],
            ['r="E1" t="b"', "<f>1=2</f><v>0</v>"],
            // A formula saved without its result (not calculated yet) reads as empty.
            ['r="F1"', "<f>NOW()</f>"],
            ['r="G1"', "<f>2*3</f><v>6</v>"],
          ),
        },
      ],
    });
    expect(await readXlsxSheet(bytes)).toEqual([
      ["Owner", "Mailing address", "Owner!", "TRUE", "FALSE", "", "6"],
    ]);
  });

  it("places sparse cells by their reference, and cells without one after the last", async () => {
    const rows =
      row(1, ['r="A1"', "<v>1</v>"]) +
      row(3, ['r="C3"', "<v>3</v>"], ["", "<v>4</v>"]) +
      // A row without r follows the one before; so do its cells, from column A.
      "<row><c><v>5</v></c><c/><c><v>7</v></c></row>" +
      row(6, ['r="B6" s="0"', ""]);
    expect(await readXlsxSheet(book({ sheets: [{ name: "Sparse", rows }] }))).toEqual([
      ["1", "", "", ""],
      ["", "", "", ""],
      ["", "", "3", "4"],
      ["5", "", "7", ""],
    ]);
  });

  it("undoes XML's escapes and Excel's own", async () => {
    const bytes = book({
      sheets: [
        {
          name: "Q&amp;A",
          rows: row(1, ['r="A1" t="s"', "<v>0</v>"], ['r="B1" t="str"', "<v>x &lt; y</v>"]),
        },
      ],
      strings: [
        "<si><t>Smith &amp; Sons &lt;LLC&gt; &quot;Main&quot; &apos;St&apos;&#10;line&#x20;2 &#x263A;_x000D_</t></si>",
      ],
    });
    expect(await xlsxSheetNames(bytes)).toEqual(["Q&A"]);
    expect(await readXlsxSheet(bytes)).toEqual([
      ["Smith & Sons <LLC> \"Main\" 'St'\nline 2 ☺\r", "x < y"],
    ]);
  });

  it("reads custom date and time formats, and tells them from number formats", async () => {
    const formats = [
      "[$-409]mmmm d, yyyy;@",
      "dd/mm/yyyy\\ hh:mm",
      "[h]:mm:ss",
      "&quot;Due &quot;0",
      "0.00E+00",
      "#,##0.00\\ [$€-407];[Red]\\-#,##0.00\\ [$€-407]",
      "00000\\-0000",
      "0.00%",
    ];
    const cell = (column: string, style: number, value: number): [string, string] => [
      `r="${column}1" s="${style}"`,
      `<v>${value}</v>`,
    ];
    const rows = row(
      1,
      cell("A", 0, 46309),
      cell("B", 1, 46328.604166666664),
      cell("C", 2, 0.5),
      cell("D", 3, 14),
      cell("E", 4, 125000),
      cell("F", 5, 1234.5),
      cell("G", 6, 21341234),
      cell("H", 7, 0.0725),
    );
    const bytes = book({ sheets: [{ name: "Dates", rows }], styles: stylesWith(...formats) });
    expect(await readXlsxSheet(bytes)).toEqual([
      ["2026-10-14", "2026-11-02T14:30", "12:00", "14", "125000", "1234.5", "02134-1234", "7.25%"],
    ]);
  });

  it("counts dates from 1904 when the workbook says so", async () => {
    const rows = row(
      1,
      ['r="A1" s="1"', "<v>1</v>"],
      ['r="B1" s="1"', "<v>44847</v>"],
      ['r="C1" s="2"', "<v>44847.75</v>"],
    );
    const styles = stylesWith(0, 14, 22);
    const mac = book({
      sheets: [{ name: "Mac", rows }],
      styles,
      workbookPr: '<workbookPr date1904="1" defaultThemeVersion="166925"/>',
    });
    expect(await readXlsxSheet(mac)).toEqual([["1904-01-02", "2026-10-14", "2026-10-14T18:00"]]);
    // The same serials in the 1900 system, 1,462 days earlier.
    const windows = book({ sheets: [{ name: "Windows", rows }], styles });
    expect(await readXlsxSheet(windows)).toEqual([
      ["1900-01-01", "2022-10-13", "2022-10-13T18:00"],
    ]);
  });

  it("finds each sheet's part through the workbook's relationships, whatever it is called", async () => {
    // The first sheet's part is sheet3.xml, the third's sheet1.xml; the second's is elsewhere.
    const bytes = book({
      sheets: [
        {
          name: "Leads",
          rows: row(1, ['r="A1" t="inlineStr"', "<is><t>lead</t></is>"]),
          target: "worksheets/sheet3.xml",
        },
        {
          name: "Summary",
          rows: row(1, ['r="A1" t="inlineStr"', "<is><t>summary</t></is>"]),
          target: "/xl/sheets/summary.xml",
        },
        {
          name: "Old",
          rows: row(1, ['r="A1" t="inlineStr"', "<is><t>old</t></is>"]),
          target: "worksheets/sheet1.xml",
        },
      ],
    });
    expect(await xlsxSheetNames(bytes)).toEqual(["Leads", "Summary", "Old"]);
    expect(await readXlsxSheet(bytes)).toEqual([["lead"]]);
    expect(await readXlsxSheet(bytes, "Summary")).toEqual([["summary"]]);
    expect(await readXlsxSheet(bytes, "Old")).toEqual([["old"]]);
  });

  it("reads parts whose elements carry a namespace prefix", async () => {
    const bytes = zipSync({
      "_rels/.rels": strToU8(
        `<Relationships xmlns="${RELS}"><Relationship Id="r1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
      "xl/workbook.xml": strToU8(
        `<x:workbook xmlns:x="${MAIN}" xmlns:rel="${REL}"><x:sheets><x:sheet name="Data" sheetId="1" rel:id="r1"/></x:sheets></x:workbook>`,
      ),
      "xl/_rels/workbook.xml.rels": strToU8(
        `<Relationships xmlns="${RELS}"><Relationship Id="r1" Type="${REL}/worksheet" Target="data.xml"/></Relationships>`,
      ),
      "xl/data.xml": strToU8(
        `<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>Parcel</x:t></x:is></x:c><x:c r="B1"><x:v>42</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
      ),
    });
    expect(await readXlsxSheet(bytes)).toEqual([["Parcel", "42"]]);
  });

  it("refuses a file that is not a workbook, in plain words", async () => {
    const notAWorkbook = "This is not an Excel workbook (.xlsx)";
    const csv = new TextEncoder().encode("Address,City\n1420 Oak Hollow Dr,Dayton\n");
    await expect(readXlsxSheet(csv)).rejects.toThrow(notAWorkbook);
    await expect(xlsxSheetNames(csv)).rejects.toThrow(notAWorkbook);
    const otherZip = zipSync({ "word/document.xml": strToU8("<w:document/>") });
    await expect(readXlsxSheet(otherZip)).rejects.toThrow(notAWorkbook);
  });

  it("refuses a cut-off or damaged workbook instead of hanging on it", async () => {
    const notAWorkbook = "This is not an Excel workbook (.xlsx)";
    for (const length of [30, 221, 3000]) {
      await expect(readXlsxSheet(workbook.slice(0, length))).rejects.toThrow(notAWorkbook);
    }
    const damaged = workbook.slice();
    for (let i = 600; i < 640; i += 1) damaged[i] = damaged[i]! ^ 0x5a;
    await expect(readXlsxSheet(damaged)).rejects.toThrow(notAWorkbook);
  });

  it("refuses a workbook that unpacks to more than it can hold", async () => {
    const huge = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(20_000_001) }, { level: 1 });
    await expect(readXlsxSheet(huge)).rejects.toThrow(
      "This workbook is too large to import (over 20 MB of sheet data)",
    );
  });

  it("refuses a sheet the workbook does not have", async () => {
    await expect(readXlsxSheet(workbook, "Leads")).rejects.toThrow(
      "The workbook has no sheet named Leads",
    );
  });
});
