import { describe, expect, it } from "vitest";
import {
  formatAddress,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
  parseNumberLike,
} from "~/domain/format";

describe("formatting for the screens", () => {
  it("shows money in whole dollars, or to the cent when asked, and a dash for nothing", () => {
    expect(formatMoney(189900)).toBe("$189,900");
    expect(formatMoney(1264.136)).toBe("$1,264");
    expect(formatMoney(1264.136, { cents: true })).toBe("$1,264.14");
    expect(formatMoney(-2500)).toBe("-$2,500");
    expect(formatMoney(null)).toBe("—");
    expect(formatMoney(Number.NaN)).toBe("—");
  });

  it("shows percent numbers as percentages", () => {
    expect(formatPercent(7.5)).toBe("7.5%");
    expect(formatPercent(8.123456)).toBe("8.12%");
    expect(formatPercent(12, 0)).toBe("12%");
    expect(formatPercent(undefined)).toBe("—");
  });

  it("reads back what it shows", () => {
    for (const value of [189900, 1264.14, -2500, 7.5, 0]) {
      expect(parseNumberLike(formatMoney(value, { cents: true }))).toBeCloseTo(value, 2);
      expect(parseNumberLike(formatPercent(value))).toBeCloseTo(value, 2);
    }
    expect(parseNumberLike(formatCount(1450))).toBe(1450);
  });

  it("joins an address from the parts a record has", () => {
    expect(formatAddress({ address: "12 Oak St", city: "Dayton", state: "OH", zip: "45402" })).toBe(
      "12 Oak St, Dayton, OH 45402",
    );
    expect(formatAddress({ address: null, city: "Dayton", state: "", zip: undefined })).toBe(
      "Dayton",
    );
    expect(formatAddress({ city: "Dayton", zip: "45402" })).toBe("Dayton, 45402");
    expect(formatAddress({})).toBe("");
  });

  it("shows a calendar day as that day in any time zone", () => {
    expect(formatDate("2027-01-15")).toBe("Jan 15, 2027");
    expect(formatDate(null)).toBe("—");
  });
});
