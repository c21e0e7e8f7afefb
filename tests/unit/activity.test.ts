import { describe, expect, it } from "vitest";
import { activitySentence, changedFields, KEPT_VALUE_CHARS, valueWords } from "~/domain/activity";

describe("an update's changes", () => {
  it("are the fields that differ, from and to, without the record's bookkeeping", () => {
    const before = {
      id: "p1",
      name: "Elm duplex",
      status: "prospecting",
      budget: null,
      tags: ["a"],
      updatedAt: "2027-01-01T00:00:00.000Z",
    };
    const after = {
      ...before,
      status: "under_contract",
      budget: 5000,
      tags: ["a", "b"],
      updatedAt: "2027-01-02T00:00:00.000Z",
    };
    expect(changedFields(before, after)).toEqual({
      status: { from: "prospecting", to: "under_contract" },
      budget: { from: null, to: 5000 },
      tags: { from: ["a"], to: ["a", "b"] },
    });
  });

  it("are none when only the times moved, and a field that appears or goes counts", () => {
    expect(changedFields({ a: 1, updatedAt: "x" }, { a: 1, updatedAt: "y" })).toBeNull();
    expect(changedFields({ a: 1 }, { a: 1, b: 2 })).toEqual({ b: { from: null, to: 2 } });
    expect(changedFields({ a: null }, { a: undefined })).toBeNull();
  });

  it("keep the beginning of a long value", () => {
    const long = "x".repeat(KEPT_VALUE_CHARS + 50);
    const changes = changedFields({ content: "short" }, { content: long })!;
    expect(changes.content!.to).toBe(`${"x".repeat(KEPT_VALUE_CHARS)}…`);
    const stops = Array.from({ length: 100 }, (_, i) => ({ id: `s${i}`, label: `${i} Main St` }));
    const kept = changedFields({ stops: [] }, { stops })!.stops!.to as string;
    expect(kept).toHaveLength(KEPT_VALUE_CHARS + 1);
    expect(kept.startsWith('[{"id":"s0"')).toBe(true);
  });
});

describe("an entry in words", () => {
  const mel = { id: "u1", name: "Mel" };
  it("says who changed which field from what to what", () => {
    expect(
      activitySentence({
        action: "updated",
        actor: mel,
        recordType: "lead",
        changes: { status: { from: "new", to: "contacted" } },
      }),
    ).toBe("Mel changed status from new to contacted");
    expect(
      activitySentence({
        action: "updated",
        actor: mel,
        recordType: "project",
        changes: {
          status: { from: "prospecting", to: "under_contract" },
          purchasePrice: { from: null, to: 150000 },
          notes: { from: "a", to: { long: true } },
        },
      }),
    ).toBe(
      "Mel changed status from prospecting to under contract, purchase price from nothing to $150,000 and notes",
    );
  });

  it("says a create and a delete, and someone for a person whose account is gone", () => {
    const base = { actor: mel, changes: null, recordType: "event" as const };
    expect(activitySentence({ ...base, action: "created" })).toBe(
      "Mel created this calendar event",
    );
    expect(activitySentence({ ...base, action: "deleted", actor: null })).toBe(
      "Someone deleted this calendar event",
    );
  });

  it("shows values briefly", () => {
    expect(valueWords(true)).toBe("yes");
    expect(valueWords("")).toBe("nothing");
    expect(valueWords("do_not_call")).toBe("do not call");
    expect(valueWords("Call_me")).toBe("Call_me");
    expect(valueWords("y".repeat(80))).toBe(`“${"y".repeat(60)}…”`);
    expect(valueWords([1])).toBe("");
  });

  it("shows a money field in dollars and a percent field as a percent, other numbers bare", () => {
    expect(valueWords(40000, "budget")).toBe("$40,000");
    expect(valueWords(-1250.4, "estimatedEquity")).toBe("-$1,250");
    expect(valueWords(2.5, "depositPct")).toBe("2.5%");
    expect(valueWords(1948, "yearBuilt")).toBe("1948");
    expect(valueWords(40000)).toBe("40000");
  });

  it("names the people a record is reassigned between", () => {
    const ana = { id: "u2", initials: "AS", name: "Ana Silva" };
    expect(
      activitySentence({
        action: "updated",
        actor: mel,
        recordType: "lead",
        changes: { assignee: { from: null, to: ana } },
      }),
    ).toBe("Mel changed assignee from nothing to Ana Silva");
  });
});
