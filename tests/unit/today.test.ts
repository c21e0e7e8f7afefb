import { describe, expect, it } from "vitest";
import { todayIn, validTimeZone } from "~/domain/today";

describe("todayIn", () => {
  const now = new Date("2026-11-25T05:30:00Z");

  it("is the calendar day where the user is, not in UTC", () => {
    expect(todayIn("America/Phoenix", now)).toBe("2026-11-24");
    expect(todayIn("UTC", now)).toBe("2026-11-25");
    expect(todayIn("Asia/Tokyo", now)).toBe("2026-11-25");
  });

  it("turns at the zone's own midnight", () => {
    expect(todayIn("America/Phoenix", new Date("2026-11-25T06:59:59Z"))).toBe("2026-11-24");
    expect(todayIn("America/Phoenix", new Date("2026-11-25T07:00:00Z"))).toBe("2026-11-25");
    expect(todayIn("Asia/Tokyo", new Date("2026-11-24T14:59:59Z"))).toBe("2026-11-24");
    expect(todayIn("Asia/Tokyo", new Date("2026-11-24T15:00:00Z"))).toBe("2026-11-25");
  });

  it("is UTC's day without a zone", () => {
    expect(todayIn(undefined, now)).toBe("2026-11-25");
  });
});

describe("validTimeZone", () => {
  it("accepts IANA zones", () => {
    expect(validTimeZone("America/Phoenix")).toBe("America/Phoenix");
    expect(validTimeZone("UTC")).toBe("UTC");
  });

  it("refuses anything else", () => {
    for (const zone of [null, undefined, "", "Mars/Olympus", "UTC; DROP TABLE", "x".repeat(65)])
      expect(validTimeZone(zone)).toBeNull();
  });
});
