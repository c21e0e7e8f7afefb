import { readFileSync } from "node:fs";
import { utils, write } from "@e965/xlsx";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readXlsxSheet, xlsxSheetNames } from "~/domain/imports/xlsx";

/** tests/fixtures/imports/properties.xlsx, described in XLSX.md beside it. */
const workbook = new Uint8Array(
  readFileSync(new URL("../fixtures/imports/properties.xlsx", import.meta.url)),
);

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
    const sheet = utils.aoa_to_sheet([[], ["Rate", "Check", "Price"], [0.075, null, 0.1 + 0.2]]);
    sheet.A3!.z = "0.0%";
    sheet.B3 = { t: "e", v: 0x2a };
    sheet.E2 = { t: "s", v: "note" };
    sheet["!ref"] = "A1:E3";
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, "Rates");
    const bytes = new Uint8Array(write(book, { type: "array", bookType: "xlsx" }));
    expect(await readXlsxSheet(bytes)).toEqual([
      ["", "", "", "", ""],
      ["Rate", "Check", "Price", "", "note"],
      ["7.5%", "#N/A", "0.3", "", ""],
    ]);
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
