import { describe, expect, it } from "vitest";
import {
  formatAddress,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
  parseNumberLike,
} from "~/domain/format";
import { inlineParts } from "~/domain/inline-markdown";
import { formatRelative } from "~/domain/relative-time";

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

  it("says how long ago a notification came, in words", () => {
    const now = Date.parse("2027-03-17T12:00:00Z");
    const ago = (ms: number) => formatRelative(new Date(now - ms), now);
    expect(ago(20_000)).toBe("just now");
    expect(ago(5 * 60_000)).toBe("5 minutes ago");
    expect(ago(3 * 3_600_000)).toBe("3 hours ago");
    expect(ago(30 * 3_600_000)).toBe("yesterday");
    expect(ago(3 * 86_400_000)).toBe("3 days ago");
    expect(ago(400 * 86_400_000)).toBe("last year");
  });

  it("reads a notification's links to records and its bold, and leaves the rest as text", () => {
    expect(inlineParts("**Today** [12 Oak St](/auction/a1) at 10:00; [x](http://e.vil)")).toEqual([
      { type: "bold", text: "Today" },
      { type: "text", text: " " },
      { type: "link", text: "12 Oak St", path: "/auction/a1" },
      { type: "text", text: " at 10:00; [x](http://e.vil)" },
    ]);
    expect(inlineParts("")).toEqual([]);
  });
});
