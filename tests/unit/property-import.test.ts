import { describe, expect, it } from "vitest";
import {
  parsePropertiesCsv,
  parsePropertiesJson,
  previewProperties,
} from "~/domain/property-import";
import { normalizeAddress, propertyDedupeKey } from "~/domain/workspace";

describe("parsePropertiesCsv", () => {
  it("maps common headers, cleans money and enums, and lists ignored columns", () => {
    const { rows, ignoredColumns, error } = parsePropertiesCsv(
      [
        "Street Address,City,State,Zip Code,Bedrooms,Bathrooms,Sq Ft,Price,Rent,Status,APN,Agent",
        '"12 Oak St, Unit 2",Dayton,OH,45402,3,1.5,"1,450","$189,900",1650,Under Contract,R72-1,Kim',
        ",Dayton,OH,45402,2,1,900,99000,,new,,",
        "",
      ].join("\n"),
    );
    expect(error).toBeUndefined();
    expect(ignoredColumns).toEqual(["Agent"]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      address: "12 Oak St, Unit 2",
      city: "Dayton",
      state: "OH",
      zip: "45402",
      beds: 3,
      baths: 1.5,
      squareFeet: 1450,
      listPrice: 189900,
      rentEstimate: 1650,
      status: "under_contract",
      externalId: "R72-1",
    });
    expect(rows[1]).not.toHaveProperty("address");
  });

  it("needs an address column", () => {
    expect(parsePropertiesCsv("City,State\nDayton,OH").error).toMatch(/address column/);
  });
});

describe("parsePropertiesJson", () => {
  it("takes one object or an array, and explains anything else", () => {
    expect(parsePropertiesJson('{"address":"1 A St"}').rows).toEqual([{ address: "1 A St" }]);
    expect(parsePropertiesJson('[{"address":"1 A St"},{"address":"2 B St"}]').rows).toHaveLength(2);
    expect(parsePropertiesJson("[1,2]").error).toMatch(/property object/);
    expect(parsePropertiesJson("{oops").error).toMatch(/^Not valid JSON/);
  });
});

describe("previewProperties", () => {
  it("checks every row with the API's rules and names the bad fields", () => {
    const preview = previewProperties([
      { address: "1 Good St", listPrice: 100000 },
      { city: "Nowhere" },
      { address: "3 Odd St", beds: "many", status: "sold-ish" },
    ]);
    expect(preview.valid).toBe(1);
    expect(preview.rows.map((r) => r.errors.map((e) => e.field))).toEqual([
      [],
      ["address"],
      ["beds", "status"],
    ]);
    expect(previewProperties(Array.from({ length: 1001 }, () => ({ address: "x" }))).tooMany).toBe(
      true,
    );
  });
});

describe("address matching", () => {
  it("treats spelling variants of one address as the same property", () => {
    expect(
      normalizeAddress({ address: "12 Oak Street, Apt. 4", city: "Dayton", zip: "45402-1234" }),
    ).toBe("12 oak st apt 4 dayton 45402");
    expect(propertyDedupeKey({ address: "12 OAK ST apt 4", city: "dayton", zip: "45402" })).toBe(
      propertyDedupeKey({ address: "12 Oak Street, Apartment 4", city: "Dayton", zip: "45402" }),
    );
    expect(propertyDedupeKey({ address: "12 Oak St", externalId: " MLS-9 " })).toBe("ext:mls-9");
  });
});
