/**
 * The Calendar's grid laid out (app/domain/calendar/grid.ts), for a user in New York: EST is
 * UTC-5, EDT UTC-4 from Sunday, March 14, 2027 at 2:00 (the clock goes to 3:00).
 */
import { describe, expect, it } from "vitest";
import {
  anyOnScreen,
  eventsByDay,
  hoursLayout,
  instantAt,
  movedRange,
  periodOf,
  pickedRange,
  resizedRange,
  shortClockText,
  spanOf,
  stepPeriod,
  timeRangeText,
  titleOf,
  wallTime,
} from "~/domain/calendar/grid";
import { calendarEvent } from "./calendar-event";

process.env.TZ = "America/New_York";
const ZONE = "America/New_York";

const event = (summary: string, start: string, end: string) =>
  calendarEvent({
    id: summary,
    summary,
    start: start.includes("T") ? { dateTime: start } : { date: start },
    end: end.includes("T") ? { dateTime: end } : { date: end },
    allDay: !start.includes("T"),
    kind: "meeting",
  });
const span = (summary: string, start: string, end: string) =>
  spanOf(event(summary, start, end), ZONE);
const iso = (date: Date | null) => date?.toISOString() ?? null;
/** A picked range as UTC instants, which say what New York's wall clock read. */
const instants = (range: { start: Date; end: Date | null; allDay: boolean }) => ({
  start: iso(range.start),
  end: iso(range.end),
  allDay: range.allDay,
});

describe("the days each view shows", () => {
  it("lays a month out in six weeks from the Sunday before its 1st", () => {
    expect(periodOf("month", "2027-03-17")).toEqual({
      view: "month",
      start: "2027-02-28",
      end: "2027-04-11",
      periodStart: "2027-03-01",
      periodEnd: "2027-04-01",
    });
    // August 2027 starts on a Sunday: its first row is its own first week.
    expect(periodOf("month", "2027-08-31").start).toBe("2027-08-01");
    expect(periodOf("month", "2027-12-05").periodEnd).toBe("2028-01-01");
    // No view: the month (what the loader reads for a phone's agenda too).
    expect(periodOf(null, "2027-03-17").start).toBe("2027-02-28");
  });

  it("shows a week (and its agenda) from Sunday, and a day", () => {
    expect(periodOf("week", "2027-03-17")).toMatchObject({
      start: "2027-03-14",
      end: "2027-03-21",
    });
    expect(periodOf("agenda", "2027-03-14")).toMatchObject({ start: "2027-03-14" });
    expect(periodOf("day", "2027-03-17")).toMatchObject({ start: "2027-03-17", end: "2027-03-18" });
  });

  it("titles the range as the toolbar shows it", () => {
    expect(titleOf("month", "2027-03-17")).toBe("March 2027");
    expect(titleOf("week", "2027-03-17")).toBe("Mar 14 – 20, 2027");
    expect(titleOf("agenda", "2027-03-30")).toBe("Mar 28 – Apr 3, 2027");
    expect(titleOf("week", "2027-12-29")).toBe("Dec 26, 2027 – Jan 1, 2028");
    expect(titleOf("day", "2027-03-17")).toBe("March 17, 2027");
  });

  it("steps by the view's period, and not past the years events are dated in", () => {
    expect(stepPeriod("month", "2027-03-17", 1)).toBe("2027-04-01");
    expect(stepPeriod("month", "2027-01-31", -1)).toBe("2026-12-01");
    expect(stepPeriod("week", "2027-03-17", 1)).toBe("2027-03-24");
    expect(stepPeriod("day", "2027-03-17", -1)).toBe("2027-03-16");
    expect(stepPeriod("month", "1900-01-15", -1)).toBeNull();
    expect(stepPeriod("month", "2100-12-01", 1)).toBeNull();
    // The week of January 1, 1900 begins in 1899; the week before it holds no day of 1900.
    expect(stepPeriod("week", "1900-01-10", -1)).toBe("1900-01-03");
    expect(stepPeriod("week", "1900-01-03", -1)).toBeNull();
  });
});

describe("where events fall, in the user's zone", () => {
  it("ends an all-day event on the day before Google's exclusive end", () => {
    expect(span("Sheriff sale", "2027-03-10", "2027-03-11")).toMatchObject({
      allDay: true,
      startDay: "2027-03-10",
      endDay: "2027-03-10",
    });
    expect(span("Trip", "2027-03-15", "2027-03-19")).toMatchObject({ endDay: "2027-03-18" });
  });

  it("reads a timed event on the zone's wall clock, across the change to summer time", () => {
    // 06:00 UTC on March 14 is 1:00 EST; 13:00 UTC is 9:00 EDT the same morning.
    expect(span("Early", "2027-03-14T06:00:00Z", "2027-03-14T13:00:00Z")).toMatchObject({
      startDay: "2027-03-14",
      startMinute: 60,
      endDay: "2027-03-14",
      endMinute: 9 * 60,
    });
    // Ending at midnight, it ends on its own day, not at the start of the next.
    expect(span("Late", "2027-03-18T02:00:00Z", "2027-03-18T04:00:00Z")).toMatchObject({
      startDay: "2027-03-17",
      startMinute: 22 * 60,
      endDay: "2027-03-17",
      endMinute: 24 * 60,
    });
    expect(wallTime("2027-03-17T14:20:00Z", ZONE)).toEqual({ day: "2027-03-17", minute: 620 });
  });

  it("lists a day's events: those over days first, marked where they go on", () => {
    const days = ["2027-03-15", "2027-03-16", "2027-03-17"];
    const byDay = eventsByDay(
      [
        span("Lender call", "2027-03-16T13:00:00Z", "2027-03-16T14:00:00Z"),
        span("Trip", "2027-03-14", "2027-03-17"),
        span("Stakeout", "2027-03-17T02:00:00Z", "2027-03-17T06:00:00Z"),
      ],
      days,
    );
    const listed = (day: string) =>
      byDay
        .get(day)!
        .map(
          (item) =>
            `${item.continuesBefore ? "<" : ""}${item.span.event.summary}${item.continuesAfter ? ">" : ""}`,
        );
    expect(listed("2027-03-15")).toEqual(["<Trip>"]);
    // 22:00 on the 16th to 2:00 on the 17th: over two days, so listed with the trip, before the call.
    expect(listed("2027-03-16")).toEqual(["<Trip", "Stakeout>", "Lender call"]);
    expect(listed("2027-03-17")).toEqual(["<Stakeout"]);
  });
});

describe("the hours of a day", () => {
  it("puts overlapping events side by side, and others at full width", () => {
    const placed = hoursLayout(
      [
        span("Lender call", "2027-03-17T13:00:00Z", "2027-03-17T14:00:00Z"), // 9:00–10:00
        span("Showing", "2027-03-17T13:30:00Z", "2027-03-17T15:00:00Z"), // 9:30–11:00
        span("Inspection", "2027-03-17T14:30:00Z", "2027-03-17T15:30:00Z"), // 10:30–11:30
        span("Closing", "2027-03-17T18:00:00Z", "2027-03-17T18:05:00Z"), // 2:00–2:05
        span("All day", "2027-03-17", "2027-03-18"),
      ],
      "2027-03-17",
    );
    expect(placed.map((p) => [p.span.event.summary, p.top, p.bottom, p.column, p.columns])).toEqual(
      [
        ["Lender call", 540, 600, 0, 2],
        ["Showing", 570, 660, 1, 2],
        // The call has ended: the inspection takes its column.
        ["Inspection", 630, 690, 0, 2],
        // Five minutes are drawn as twenty, so the title can be read.
        ["Closing", 840, 860, 0, 1],
      ],
    );
  });

  it("draws an event over midnight on each of its days", () => {
    const stakeout = span("Stakeout", "2027-03-17T02:00:00Z", "2027-03-17T06:00:00Z");
    expect(hoursLayout([stakeout], "2027-03-16")[0]).toMatchObject({ top: 1320, bottom: 1440 });
    expect(hoursLayout([stakeout], "2027-03-17")[0]).toMatchObject({
      top: 0,
      bottom: 120,
      continuesBefore: true,
    });
  });

  it("names a slot's instant in the zone, on both sides of the change to summer time", () => {
    expect(iso(instantAt("2027-03-13", 14 * 60, ZONE))).toBe("2027-03-13T19:00:00.000Z");
    expect(iso(instantAt("2027-03-14", 14 * 60, ZONE))).toBe("2027-03-14T18:00:00.000Z");
    expect(iso(instantAt("2027-03-14", 60, ZONE))).toBe("2027-03-14T06:00:00.000Z");
    expect(iso(instantAt("2027-03-13", 24 * 60, ZONE))).toBe("2027-03-14T05:00:00.000Z");
  });

  it("writes times as the grid shows them", () => {
    expect(timeRangeText(14 * 60, 15 * 60)).toBe("2:00 - 3:00 PM");
    expect(timeRangeText(11 * 60, 12 * 60)).toBe("11:00 AM - 12:00 PM");
    expect(timeRangeText(22 * 60, 24 * 60)).toBe("10:00 PM - 12:00 AM");
    expect(shortClockText(9 * 60 + 30)).toBe("9:30am");
    expect(shortClockText(0)).toBe("12am");
  });
});

describe("a click or a drag on the grid", () => {
  it("picks a day or a slot with no end on a click", () => {
    expect(instants(pickedRange({ day: "2027-03-10", minute: null }, null, ZONE))).toEqual({
      start: "2027-03-10T05:00:00.000Z", // the browser's local midnight, which the form reads
      end: null,
      allDay: true,
    });
    expect(instants(pickedRange({ day: "2027-03-17", minute: 14 * 60 }, null, ZONE))).toEqual({
      start: "2027-03-17T18:00:00.000Z",
      end: null,
      allDay: false,
    });
  });

  it("picks the days or slots between two points, both included, the end exclusive", () => {
    const days = pickedRange(
      { day: "2027-03-12", minute: null },
      { day: "2027-03-10", minute: null },
      ZONE,
    );
    expect(instants(days)).toEqual({
      start: "2027-03-10T05:00:00.000Z",
      end: "2027-03-13T05:00:00.000Z",
      allDay: true,
    });
    // 1:00 to the 3:00 slot on the morning the clocks go forward: 1:00 EST to 3:30 EDT.
    const slots = pickedRange(
      { day: "2027-03-14", minute: 60 },
      { day: "2027-03-14", minute: 180 },
      ZONE,
    );
    expect(instants(slots)).toEqual({
      start: "2027-03-14T06:00:00.000Z",
      end: "2027-03-14T07:30:00.000Z",
      allDay: false,
    });
  });
});

describe("an event dragged or resized", () => {
  const call = span("Lender call", "2027-03-13T15:00:00Z", "2027-03-13T16:00:00Z"); // Sat 10–11 EST
  const trip = span("Trip", "2027-03-15", "2027-03-18");
  const day = (day: string) => ({ day, minute: null });

  it("moves an all-day event by days, keeping its length (the end exclusive)", () => {
    expect(instants(movedRange(trip, day("2027-03-16"), day("2027-03-19"), ZONE))).toEqual({
      start: "2027-03-18T04:00:00.000Z",
      end: "2027-03-21T04:00:00.000Z",
      allDay: true,
    });
  });

  it("moves a timed event to another day of the month at the same wall time", () => {
    // Saturday 10:00 EST to Sunday 10:00 EDT: 23 hours later, an hour long still.
    expect(instants(movedRange(call, day("2027-03-13"), day("2027-03-14"), ZONE))).toEqual({
      start: "2027-03-14T14:00:00.000Z",
      end: "2027-03-14T15:00:00.000Z",
      allDay: false,
    });
  });

  it("moves a timed event in the hours by as much as the pointer moved", () => {
    // Grabbed at its 10:00 slot, dropped at 13:30 the next day.
    const moved = movedRange(
      call,
      { day: "2027-03-13", minute: 600 },
      { day: "2027-03-14", minute: 810 },
      ZONE,
    );
    expect(instants(moved)).toEqual({
      start: "2027-03-14T17:30:00.000Z",
      end: "2027-03-14T18:30:00.000Z",
      allDay: false,
    });
  });

  it("makes a timed event all day in the all-day row, and an all-day one timed in the hours", () => {
    expect(
      instants(movedRange(call, { day: "2027-03-13", minute: 600 }, day("2027-03-16"), ZONE)),
    ).toEqual({ start: "2027-03-16T04:00:00.000Z", end: null, allDay: true });
    expect(
      instants(movedRange(trip, day("2027-03-15"), { day: "2027-03-17", minute: 540 }, ZONE)),
    ).toEqual({ start: "2027-03-17T13:00:00.000Z", end: null, allDay: false });
  });

  it("ends a resized event after the slot its edge reached, never before a slot's length", () => {
    expect(instants(resizedRange(call, { day: "2027-03-13", minute: 750 }, ZONE))).toEqual({
      start: "2027-03-13T15:00:00.000Z",
      end: "2027-03-13T18:00:00.000Z", // after the 12:30 slot: 1:00 PM EST
      allDay: false,
    });
    expect(instants(resizedRange(call, { day: "2027-03-13", minute: 480 }, ZONE)).end).toBe(
      "2027-03-13T15:30:00.000Z",
    );
  });
});

describe("the empty range's notice", () => {
  // 14:00 UTC on March 31 is 10:00 in New York and 04:00 on April 1 at UTC+14 (Kiritimati).
  const sale = calendarEvent();
  const allDay = calendarEvent({
    start: { date: "2027-03-31" },
    end: { date: "2027-04-01" },
    allDay: true,
  });

  it("counts an event only on the days the view lays out, in the user's zone", () => {
    expect(anyOnScreen([sale], periodOf("day", "2027-03-31"), "America/New_York")).toBe(true);
    expect(anyOnScreen([sale], periodOf("day", "2027-04-01"), "America/New_York")).toBe(false);
    expect(anyOnScreen([sale], periodOf("day", "2027-04-01"), "Pacific/Kiritimati")).toBe(true);
    // The week of April 4 (Sunday) to 10 holds neither; the month of April's six weeks start on
    // Sunday, March 28, so they do.
    expect(anyOnScreen([sale, allDay], periodOf("week", "2027-04-05"), "UTC")).toBe(false);
    expect(anyOnScreen([sale, allDay], periodOf("month", "2027-04-15"), "UTC")).toBe(true);
  });

  it("ends an all-day event the day before Google's end", () => {
    expect(anyOnScreen([allDay], periodOf("day", "2027-03-31"), "UTC")).toBe(true);
    expect(anyOnScreen([allDay], periodOf("day", "2027-04-01"), "UTC")).toBe(false);
  });
});
