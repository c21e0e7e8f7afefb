/**
 * Reading investors' files (app/domain/imports): bytes to text, text to a table where every row
 * is accounted for, columns recognised and mapped, cells read as their source meant, and the
 * merge that never destroys an edit. The fixtures are written as each source writes its export
 * (tests/fixtures/imports/README.md).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mapColumns, readFileTable, readLeads, readProperties } from "~/domain/imports/file";
import { mergeRecord } from "~/domain/imports/merge";
import { accountedRows, readCsvTable } from "~/domain/imports/table";
import { decodeText } from "~/domain/imports/text";
import {
  readDay,
  readListingStatus,
  readNumber,
  readPropertyType,
  splitName,
} from "~/domain/imports/values";

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/imports/${name}`));
const US = { european: false };
const EU = { european: true };

async function readFixture(name: string, kind: "properties" | "leads") {
  const file = await readFileTable(fixture(name));
  return { ...file, mapping: mapColumns(file.table, kind) };
}
async function propertiesFixture(name: string) {
  const file = await readFixture(name, "properties");
  return { ...file, ...readProperties(file.table, file.mapping) };
}
async function leadsFixture(name: string) {
  const file = await readFixture(name, "leads");
  return { ...file, ...readLeads(file.table, file.mapping) };
}

function propertiesOf(text: string) {
  const table = readCsvTable(text);
  return { table, ...readProperties(table, mapColumns(table, "properties")) };
}

describe("decoding a file's bytes", () => {
  it("reads UTF-8 with and without Excel's byte-order mark, UTF-16 and Windows-1252", () => {
    const utf8 = new TextEncoder().encode("Adresse,Notiz\nMüllerstraße 4,½ acre");
    expect(decodeText(utf8)).toEqual({
      text: "Adresse,Notiz\nMüllerstraße 4,½ acre",
      encoding: "utf-8",
    });
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8])).text.startsWith("Adresse")).toBe(
      true,
    );
    // "Café €5" as Windows-1252 writes it: é = 0xE9, € = 0x80.
    const cp1252 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35]);
    expect(decodeText(cp1252)).toEqual({ text: "Café €5", encoding: "windows-1252" });
    const utf16 = new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x09, 0x00, 0x42, 0x00]);
    expect(decodeText(utf16)).toEqual({ text: "A\tB", encoding: "utf-16le" });
  });
});

describe("a table where every row is accounted for", () => {
  it("names each broken row and reads on after it; the counts add up to the file", () => {
    const text = [
      "Address,City,Price",
      "1 A St,Dayton,100",
      '2 B St,"Dayton\nOH",200',
      '3 C St,"Bad,300',
      "4 D St,Kettering,400",
      "5 E St,F,G,H",
      "6 F St",
      '7 G St,"5"" wide",700,,',
      "",
    ].join("\r\n");
    const table = readCsvTable(text);
    expect(table.records.map((r) => [r.row, r.cells[0]])).toEqual([
      [2, "1 A St"],
      [3, "2 B St"],
      [6, "4 D St"],
      [9, "7 G St"],
    ]);
    expect(table.records[1]!.cells[1]).toBe("Dayton\nOH");
    expect(table.records[3]!.cells).toEqual(["7 G St", '5" wide', "700"]);
    expect(table.problems).toEqual([
      {
        row: 5,
        message: "Row 5: the quote opened in column City is never closed; the row was not imported",
      },
      {
        row: 7,
        message:
          "Row 7: 4 fields where the header has 3 (an unquoted separator?); the row was not imported",
      },
      {
        row: 8,
        message: "Row 8: 1 field where the header has 3 (cells missing); the row was not imported",
      },
    ]);
    // 9 lines in the file: the header, 4 records (one spans two lines) and 3 problems; the line
    // break that ends the last line starts no blank row.
    expect(accountedRows(table)).toBe(8);
    expect(table.blankRows).toBe(0);
  });

  it("finds the header under a title and keeps a disclaimer line out of the records", () => {
    const table = readCsvTable(
      'SHERIFF SALE LIST\n\nCase,Address,Sale Date\n"In accordance with local rules, some sales are not listed"\nA-1,1 Main St,12/03/2026\n',
    );
    expect(table.headerRow).toBe(3);
    expect(table.notes.map((n) => n.row)).toEqual([1, 4]);
    expect(table.records).toHaveLength(1);
    expect(accountedRows(table)).toBe(5);
  });

  it("detects a European Excel's semicolons and reads its decimal commas and day-first dates", () => {
    const { rows } = propertiesOf("Address;Price;Last sale date\n1 A St;189.900,50;31/12/2020\n");
    expect(rows[0]!.property).toMatchObject({ listPrice: 189900.5, lastSaleDate: "2020-12-31" });
  });
});

describe("cells as people and programs write them", () => {
  it("numbers", () => {
    expect(readNumber("$189,900", US)).toBe(189900);
    expect(readNumber("(1,200)", US)).toBe(-1200);
    expect(readNumber("7.5%", US)).toBe(7.5);
    expect(readNumber("1.234,5", EU)).toBe(1234.5);
    expect(readNumber("1234,5", EU)).toBe(1234.5);
    expect(readNumber("12x", US)).toBeNull();
  });

  it("dates", () => {
    expect(readDay("2026-12-03", US)).toBe("2026-12-03");
    expect(readDay("12/3/2026", US)).toBe("2026-12-03");
    expect(readDay("12/3/2026", EU)).toBe("2026-03-12");
    expect(readDay("03.12.2026", US)).toBe("2026-12-03");
    expect(readDay("Dec 3, 2026", US)).toBe("2026-12-03");
    expect(readDay("September-26-2025", US)).toBe("2025-09-26");
    expect(readDay("2025-10-09 11:22:40", US)).toBe("2025-10-09");
    expect(readDay("31/02/2026", US)).toBeNull();
    expect(readDay("soon", US)).toBeNull();
  });

  it("property types and listing statuses, unknown ones as other", () => {
    expect(readPropertyType("Single Family Residential")).toBe("single_family");
    expect(readPropertyType("Condo/Co-op")).toBe("condo");
    expect(readPropertyType("Multi-Family (2-4 Unit)")).toBe("multi_family");
    expect(readPropertyType("Mobile/Manufactured Home")).toBe("mobile_home");
    expect(readPropertyType("Vacant Land")).toBe("land");
    expect(readPropertyType("Moorage")).toBe("other");
    expect(readListingStatus("Coming Soon")).toBe("coming_soon");
    expect(readListingStatus("RECENTLY_SOLD")).toBe("sold");
    expect(readListingStatus("Active Under Contract")).toBe("contingent");
    expect(readListingStatus("Whatever")).toBe("other");
  });

  it("names: person, last-name-first, organisation", () => {
    expect(splitName("Jane Q Smith")).toEqual({
      firstName: "Jane",
      lastName: "Q Smith",
      company: null,
    });
    expect(splitName("Núñez, Ana")).toEqual({ firstName: "Ana", lastName: "Núñez", company: null });
    expect(splitName("Odessa Pruitt Revocable Trust").company).toBe(
      "Odessa Pruitt Revocable Trust",
    );
  });
});

describe("recognising the exports investors bring", () => {
  it("Redfin: its columns, the disclaimer line, STATUS as the listing's status", async () => {
    const redfin = await propertiesFixture("redfin.csv");
    expect(redfin.mapping.source?.name).toBe("Redfin export");
    expect(redfin.table.notes.map((note) => note.row)).toEqual([2]);
    expect(redfin.rows).toHaveLength(22);
    expect(redfin.problems).toEqual([]);
    const byAddress = (address: string) =>
      redfin.rows.find((r) => r.property.address === address)!.property;
    expect(byAddress("4821 Guilford Ave")).toMatchObject({
      propertyType: "single_family",
      sourcePropertyType: "Single Family Residential",
      listingStatus: "active",
      listPrice: 289900,
      baths: 1.5,
      externalId: "22065123",
      latitude: 39.8449731,
    });
    expect(byAddress("4821 Guilford Ave")).not.toHaveProperty("status");
    expect(byAddress("333 Mass Ave #5C")).toMatchObject({
      listingStatus: "pending",
      propertyType: "condo",
    });
    expect(byAddress("3410 N Pennsylvania St")).toMatchObject({
      propertyType: "multi_family",
      listPrice: 1150000,
    });
    expect(byAddress("0 E County Line Rd")).toMatchObject({
      propertyType: "land",
      lotSize: 217800,
    });
    expect(byAddress("7715 Shelby St").listingStatus).toBe("coming_soon");
    expect(byAddress("1538 E Tabor St")).toMatchObject({
      listingStatus: "sold",
      lastSaleDate: "2025-09-26",
    });
    expect(byAddress("2201 E 46th St").propertyType).toBe("other");
  });

  it("Zillow (JSON and CSV), Realtor.com, PropStream, DealMachine and an .xlsx", async () => {
    for (const name of ["zillow.json", "zillow.csv"]) {
      const zillow = await propertiesFixture(name);
      expect(zillow.mapping.source?.name).toBe("Zillow scrape");
      expect(zillow.rows).toHaveLength(10);
      expect(zillow.rows[0]!.property).toMatchObject({
        externalId: "2063419857",
        estimatedValue: 431200,
        rentEstimate: 2450,
        lotSize: 11761,
        listingStatus: "active",
      });
    }
    const realtor = await propertiesFixture("realtor.csv");
    expect(realtor.mapping.source?.id).toMatch(/realtor/);
    expect(realtor.rows[3]!.property).toMatchObject({ listingStatus: "contingent", baths: 1.5 });
    expect(realtor.rows[1]!.property.address).toBe("4115 W Spruce St Apt 1203");

    const propstream = await propertiesFixture("propstream.csv");
    expect(propstream.rows).toHaveLength(12);
    const absentee = propstream.rows[1]!;
    expect(absentee.property).toMatchObject({
      address: "88 E Hudson St",
      propertyType: "multi_family",
    });
    expect(absentee.owner).toMatchObject({
      mailingAddress: "6120 Sawmill Rd",
      mailingCity: "Dublin",
    });
    expect(propstream.rows[3]!.owner).toMatchObject({
      company: "Hiawatha Holdings Llc",
      firstName: "",
    });
    expect(propstream.rows[3]!.property.listingStatus).toBe("off_market");

    const dealmachine = await propertiesFixture("dealmachine.csv");
    expect(dealmachine.rows[0]!.property).toMatchObject({ estimatedValue: 268000 });
    expect(dealmachine.rows[0]!.owner!.phones![0]).toEqual({
      value: "(813) 555-0114",
      type: "Wireless",
    });

    const xlsx = await propertiesFixture("properties.xlsx");
    expect(xlsx.format).toBe("xlsx");
    expect(xlsx.rows[0]!.property).toMatchObject({
      address: "1420 Oak Hollow Dr",
      listPrice: 189900,
    });
  });

  it("Excel files: a semicolon Windows-1252 list with German headers, and UTF-8 with BOM", async () => {
    const european = await propertiesFixture("excel-semicolon-1252.csv");
    expect(european.encoding).toBe("windows-1252");
    expect(european.table.delimiter).toBe(";");
    expect(european.problems).toEqual([]);
    expect(european.rows).toHaveLength(7);
    expect(JSON.stringify(european.rows)).toMatch(/[éñü]/);
    const bom = await propertiesFixture("excel-utf8-bom.csv");
    expect(bom.rows).toHaveLength(5);
    expect(bom.rows[0]!.owner).toMatchObject({ firstName: "Ana", lastName: "Núñez" });
  });

  it("a BatchLeads list as leads: every phone with its type, e-mails, mailing address", async () => {
    const leads = await leadsFixture("batchleads.csv");
    expect(leads.mapping.source?.name).toBe("BatchLeads skip-traced list");
    expect(leads.rows).toHaveLength(12);
    const judith = leads.rows.find((r) => r.lead.lastName === "Farnsworth")!;
    expect(judith.lead.phones).toHaveLength(4);
    expect(judith.lead.phones![1]!.type).toBe("VoIP");
    expect(judith.keys.every((key) => key.startsWith("phone:") || key.startsWith("email:"))).toBe(
      true,
    );
    // A lead with neither phone nor e-mail is matched on name and address.
    const tyrone = leads.rows.find((r) => r.lead.lastName === "Baskerville")!;
    expect(tyrone.keys[0]).toMatch(/^name:tyrone baskerville\|/);
  });

  it("a spreadsheet nobody listed: headers matched by name, the rest guessed and marked so", () => {
    const table = readCsvTable(
      "Street Address,Asking Price (USD),Sq. Ft. Living,Status,Agent\n1 A St,189900,1450,Analyzing,Kim\n",
    );
    const mapping = mapColumns(table, "properties");
    expect(mapping.source).toBeNull();
    expect(mapping.columns.map((c) => [c.header, c.target, c.how])).toEqual([
      ["Street Address", "address", "known"],
      ["Asking Price (USD)", "listPrice", "guess"],
      ["Sq. Ft. Living", "squareFeet", "guess"],
      // Every value is one of AI42's pipeline statuses: the column is the pipeline status.
      ["Status", "status", "known"],
      ["Agent", "ignore", "none"],
    ]);
    const listing = mapColumns(readCsvTable("Address,Status\n1 A St,Active\n"), "properties");
    expect(listing.columns[1]!.target).toBe("listingStatus");
    const chosen = mapColumns(
      table,
      "properties",
      { Agent: "notes" },
      { "Sq. Ft. Living": "ignore" },
    );
    expect(chosen.columns.find((c) => c.header === "Agent")).toMatchObject({
      target: "notes",
      how: "remembered",
    });
    expect(chosen.columns.find((c) => c.header === "Sq. Ft. Living")).toMatchObject({
      target: "ignore",
      how: "user",
    });
  });

  it("reads a taxes column as annual property taxes, written as people write money", () => {
    for (const header of ["Taxes", "Annual Taxes", "Property Taxes", "tax"]) {
      const { rows } = propertiesOf(`Address,${header}\n1 Elm St,"$4,200"`);
      expect(rows[0]!.property).toEqual({ address: "1 Elm St", propertyTaxesAnnual: 4200 });
    }
  });

  it("names each bad cell by the file's column and keeps the row out", () => {
    const { rows, problems } = propertiesOf(
      "Address,Beds,Last Sale Date\n1 A St,three,\n2 B St,3,soon\n,2,\n",
    );
    expect(rows).toHaveLength(0);
    expect(problems.map((p) => p.message)).toEqual([
      "Row 2, Beds: “three” is not a number; the row was not imported",
      "Row 3, Last Sale Date: “soon” is not a date; the row was not imported",
      "Row 4, Address: Address is required; the row was not imported",
    ]);
  });
});

describe("a lead list", () => {
  it("splits a full name, reads consent and status words", () => {
    const table = readCsvTable(
      [
        "Owner Name,Phone Number,E-mail,Property Address,Lead Source,Status,SMS opt-in,Score,Notes",
        'Maria de la Cruz,937-555-0188,maria@example.com,"14 Elm St, Dayton OH",Direct mail,Under Contract,yes,80,Called twice',
        "Bo Li,,bo@example.com,,,New,no,,",
        "Ann,,,,,,maybe,,",
      ].join("\n"),
    );
    const { rows, problems } = readLeads(table, mapColumns(table, "leads"));
    expect(rows[0]!.lead).toMatchObject({
      firstName: "Maria",
      lastName: "de la Cruz",
      phone: "937-555-0188",
      email: "maria@example.com",
      address: "14 Elm St, Dayton OH",
      source: "Direct mail",
      status: "under_contract",
      consentSms: true,
      score: 80,
      notes: "Called twice",
    });
    expect(rows[1]!.keys).toEqual(["email:bo@example.com"]);
    expect(problems.map((p) => p.message)).toEqual([
      "Row 4, SMS opt-in: “maybe” is neither yes nor no; the row was not imported",
    ]);
  });
});

describe("merging a file's row onto a record", () => {
  const imported = { listPrice: 289900, rentEstimate: 1500 };
  it("never blanks a field, keeps edits, and moves what the user never touched", () => {
    const current = { listPrice: 289900, rentEstimate: 1650, notes: "mine", beds: null };
    const merged = mergeRecord(
      current,
      imported,
      { listPrice: 284900, rentEstimate: 1500, beds: 3, notes: "" },
      {
        overwriteEdits: false,
      },
    );
    expect(merged.values).toEqual({ listPrice: 284900, beds: 3 });
    expect(merged.changes).toEqual([
      { field: "listPrice", from: 289900, to: 284900 },
      { field: "beds", from: null, to: 3 },
    ]);
    expect(merged.kept).toEqual([{ field: "rentEstimate", from: 1650, to: 1500 }]);
    expect(merged.imported).toEqual({ listPrice: 284900, rentEstimate: 1500, beds: 3 });
  });

  it("treats every filled field of a record made by hand as the user's, unless told to overwrite", () => {
    const mine = { listPrice: 250000 };
    expect(
      mergeRecord(mine, null, { listPrice: 260000 }, { overwriteEdits: false }).kept,
    ).toHaveLength(1);
    expect(mergeRecord(mine, null, { listPrice: 260000 }, { overwriteEdits: true }).values).toEqual(
      {
        listPrice: 260000,
      },
    );
  });
});
