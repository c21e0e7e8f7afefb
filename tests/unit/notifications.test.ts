/**
 * The times notifications keep (app/domain/notifications.ts), worked out by hand: quiet hours
 * within a day and across midnight, the next brief across both DST changes, and the 7:00 of a day
 * in zones with and without DST, and when a record written after its notice's mark is told.
 */
import { describe, expect, it } from "vitest";
import {
  channelsWithDefaults,
  daysAway,
  DEFAULT_CHANNELS,
  dueAfterWrite,
  dueMark,
  isDue,
  LATE_LIMIT_MS,
  morningOf,
  nextHourAt,
  quietUntil,
  timeUntil,
} from "~/domain/notifications";

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe("quiet hours", () => {
  const night = { start: "22:00", end: "07:00" };

  it("across midnight: before it, after it, and outside them", () => {
    // 23:30 EDT (−04:00) on June 1: quiet until 7:00 EDT on June 2.
    expect(iso(quietUntil(at("2027-06-02T03:30:00Z"), "America/New_York", night))).toBe(
      "2027-06-02T11:00:00.000Z",
    );
    // 05:00 EDT on June 2: quiet until 7:00 the same day.
    expect(iso(quietUntil(at("2027-06-02T09:00:00Z"), "America/New_York", night))).toBe(
      "2027-06-02T11:00:00.000Z",
    );
    // 7:00 sharp and 21:59: not quiet.
    expect(quietUntil(at("2027-06-02T11:00:00Z"), "America/New_York", night)).toBeNull();
    expect(quietUntil(at("2027-06-03T01:59:00Z"), "America/New_York", night)).toBeNull();
  });

  it("within a day, none, and equal start and end", () => {
    const lunch = { start: "12:00", end: "13:30" };
    expect(iso(quietUntil(at("2027-01-10T12:15:00Z"), "UTC", lunch))).toBe(
      "2027-01-10T13:30:00.000Z",
    );
    expect(quietUntil(at("2027-01-10T13:30:00Z"), "UTC", lunch)).toBeNull();
    expect(quietUntil(at("2027-01-10T12:15:00Z"), "UTC", null)).toBeNull();
    expect(
      quietUntil(at("2027-01-10T12:15:00Z"), "UTC", { start: "12:00", end: "12:00" }),
    ).toBeNull();
  });

  it("ending on the morning clocks spring forward: 7:00 EDT, not 7:00 EST", () => {
    // 01:00 EST on Sunday, March 14, 2027; at 2:00 the clocks go to 3:00.
    expect(iso(quietUntil(at("2027-03-14T06:00:00Z"), "America/New_York", night))).toBe(
      "2027-03-14T11:00:00.000Z",
    );
  });
});

describe("the next brief", () => {
  it("at the hour later today, else tomorrow", () => {
    expect(iso(nextHourAt(at("2027-07-03T03:59:00Z"), "Europe/Berlin", 6))).toBe(
      "2027-07-03T04:00:00.000Z",
    );
    // At the hour itself, the next is tomorrow's.
    expect(iso(nextHourAt(at("2027-07-03T04:00:00Z"), "Europe/Berlin", 6))).toBe(
      "2027-07-04T04:00:00.000Z",
    );
  });

  it("keeps its wall-clock hour across both DST changes", () => {
    // 7:00 in New York: 12:00 UTC on Saturday, March 13 (EST), 11:00 UTC on Sunday (EDT).
    expect(iso(nextHourAt(at("2027-03-13T12:00:00Z"), "America/New_York", 7))).toBe(
      "2027-03-14T11:00:00.000Z",
    );
    // Back to EST on Sunday, November 7, 2027.
    expect(iso(nextHourAt(at("2027-11-06T11:00:00Z"), "America/New_York", 7))).toBe(
      "2027-11-07T12:00:00.000Z",
    );
  });
});

describe("due times", () => {
  it("7:00 of a day where the sale is: Chicago with DST, Phoenix without", () => {
    expect(iso(morningOf("2027-03-13", "America/Chicago"))).toBe("2027-03-13T13:00:00.000Z");
    expect(iso(morningOf("2027-03-15", "America/Chicago"))).toBe("2027-03-15T12:00:00.000Z");
    expect(iso(morningOf("2027-03-15", "America/Phoenix"))).toBe("2027-03-15T14:00:00.000Z");
  });

  it("is due from its time until six hours later, not before and not after", () => {
    const due = at("2027-03-15T12:00:00Z");
    expect(isDue(due, due - 1)).toBe(false);
    expect(isDue(due, due)).toBe(true);
    expect(isDue(due, due + LATE_LIMIT_MS - 1)).toBe(true);
    expect(isDue(due, due + LATE_LIMIT_MS)).toBe(false);
  });

  it("a record written after a mark had passed: the last mark passed, at once, once", () => {
    const HOUR = 3_600_000;
    const due = at("2027-03-15T12:00:00Z");
    const marks = [due - 72 * HOUR, due - 24 * HOUR];
    const long = at("2027-01-01T00:00:00Z");
    // Written long before: each mark at its time, for six hours, and nothing between.
    expect(dueMark(marks, long, due - 72 * HOUR - 1)).toBe(-1);
    expect(dueMark(marks, long, due - 72 * HOUR)).toBe(0);
    expect(dueMark(marks, long, due - 66 * HOUR)).toBe(-1);
    expect(dueMark(marks, long, due - 24 * HOUR + HOUR)).toBe(1);
    // Written 30 hours before: the 72-hour mark's notice at once (for six hours), then the 24's.
    const thirty = due - 30 * HOUR;
    expect(dueMark(marks, thirty, thirty)).toBe(0);
    expect(dueMark(marks, thirty, thirty + 6 * HOUR - 1)).toBe(0);
    expect(dueMark(marks, thirty, due - 24 * HOUR)).toBe(1);
    // Written 10 hours before, both marks passed: the 24's alone, then nothing.
    const ten = due - 10 * HOUR;
    expect(dueMark(marks, ten, ten)).toBe(1);
    expect(dueMark(marks, ten, ten + 6 * HOUR)).toBe(-1);
    expect(dueAfterWrite(due - 24 * HOUR, ten)).toBe(ten);
    expect(dueAfterWrite(due - 24 * HOUR, long)).toBe(due - 24 * HOUR);
  });

  it("says how long until, and how many days away", () => {
    const now = at("2027-03-15T12:00:00Z");
    expect(timeUntil(now + 30 * 3_600_000 - 60_000, now)).toBe("30 hours");
    expect(timeUntil(now + 3_600_000, now)).toBe("1 hour");
    expect(timeUntil(now + 45 * 60_000, now)).toBe("45 minutes");
    expect(timeUntil(now + 60_000, now)).toBe("1 minute");
    expect(daysAway("2027-03-15", "2027-03-15")).toBe("today");
    expect(daysAway("2027-03-16", "2027-03-15")).toBe("tomorrow");
    expect(daysAway("2027-03-22", "2027-03-15")).toBe("in 7 days");
  });
});

it("a user's choices override the defaults, kind by kind and channel by channel", () => {
  const channels = channelsWithDefaults({
    deposit_due: { email: false },
    sequence: { email: true },
  });
  expect(channels.deposit_due).toEqual({ inApp: true, email: false });
  expect(channels.sequence).toEqual({ inApp: true, email: true });
  expect(channels.daily_brief).toEqual(DEFAULT_CHANNELS.daily_brief);
});
