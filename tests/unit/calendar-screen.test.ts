/**
 * The Calendar screen's pure rules (app/domain/calendar/event-form.ts and views.ts), in the time
 * zone of a user in New York: EST is UTC-5, EDT (from 2027-03-14, 02:00) UTC-4.
 */
import { describe, expect, it } from "vitest";
import {
  draftOf,
  draftOfEvent,
  formValuesForRange,
  formValuesOf,
  movedDraft,
  newEventValues,
  withStart,
  type EventFormValues,
} from "~/domain/calendar/event-form";
import { EventInputSchema } from "~/domain/calendar/events";
import { calendarKeyAction, calendarKeyOf } from "~/domain/calendar/keys";
import {
  calendarName,
  canEdit,
  defaultView,
  describeWhen,
  eventColors,
  hiddenCalendarsOf,
  KIND_COLORS,
  paramsOfState,
  shownEvents,
  unavailableNames,
  viewState,
  writableCalendars,
} from "~/domain/calendar/views";
import { calendarEvent } from "./calendar-event";

process.env.TZ = "America/New_York";
const ZONE = "America/New_York";

/** A local time in New York: month 1-12. */
const local = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

const event = calendarEvent;
const allDayEvent = (start: string, end: string) =>
  event({ start: { date: start }, end: { date: end }, allDay: true, kind: "closing" });

describe("an all-day event in the form: its last day, where the API keeps the day after", () => {
  it("shows an event on Mar 31 (end.date Apr 1) as ending Mar 31", () => {
    expect(formValuesOf(allDayEvent("2027-03-31", "2027-04-01"))).toMatchObject({
      allDay: "true",
      start: "2027-03-31",
      end: "2027-03-31",
    });
  });

  it("sends a form ending Mar 31 as end.date 2027-04-01, across months and years", () => {
    const values = formValuesOf(allDayEvent("2027-03-31", "2027-04-01"));
    expect(draftOf(values, ZONE)).toMatchObject({
      start: { date: "2027-03-31" },
      end: { date: "2027-04-01" },
    });
    // Mar 30 to Apr 2 is four days: the API's end is Apr 3.
    expect(draftOf({ ...values, start: "2027-03-30", end: "2027-04-02" }, ZONE).end).toEqual({
      date: "2027-04-03",
    });
    expect(draftOf({ ...values, start: "2027-12-31", end: "2027-12-31" }, ZONE).end).toEqual({
      date: "2028-01-01",
    });
    // 2028 is a leap year: the day after Feb 28 is Feb 29.
    expect(draftOf({ ...values, start: "2028-02-28", end: "2028-02-28" }, ZONE).end).toEqual({
      date: "2028-02-29",
    });
  });

  it("passes the API's schema, and a last day before the first is refused on the end", () => {
    const values = formValuesOf(allDayEvent("2027-03-31", "2027-04-01"));
    expect(EventInputSchema.safeParse(draftOf(values, ZONE)).success).toBe(true);
    const wrong = EventInputSchema.safeParse(draftOf({ ...values, end: "2027-03-29" }, ZONE));
    expect(wrong.error?.issues.map((issue) => issue.path[0])).toEqual(["end"]);
  });

  it("leaves a missing day as it is, for the schema to name", () => {
    const values = formValuesOf(allDayEvent("2027-03-31", "2027-04-01"));
    const parsed = EventInputSchema.safeParse(draftOf({ ...values, end: "" }, ZONE));
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["end", "date"],
      message: "Use a date like 2027-03-31",
    });
  });
});

describe("a timed event in the form: the browser's local day and time", () => {
  it("shows 14:00Z on Mar 31 as 10:00 in New York (EDT, UTC-4), and sends it back as 14:00Z", () => {
    const values = formValuesOf(event({}));
    expect(values).toMatchObject({
      allDay: "false",
      start: "2027-03-31",
      startTime: "10:00",
      end: "2027-03-31",
      endTime: "11:30",
      kind: "auction",
      calendarId: "local",
    });
    expect(draftOf(values, ZONE)).toMatchObject({
      start: { dateTime: "2027-03-31T14:00:00.000Z", timeZone: ZONE },
      end: { dateTime: "2027-03-31T15:30:00.000Z", timeZone: ZONE },
    });
  });

  it("reads a time on the day clocks change by that day's offset", () => {
    const values = formValuesOf(event({}));
    // Mar 13 is still EST (UTC-5); Mar 14 at 03:30 is EDT (UTC-4).
    const draft = draftOf(
      { ...values, start: "2027-03-13", startTime: "23:30", end: "2027-03-14", endTime: "03:30" },
      ZONE,
    );
    expect(draft.start.dateTime).toBe("2027-03-14T04:30:00.000Z");
    expect(draft.end.dateTime).toBe("2027-03-14T07:30:00.000Z");
  });

  it("keeps the event's links, and an end before the start is refused on the end", () => {
    const linked = event({ projectId: "p1", contactId: "c1" });
    const draft = draftOf(formValuesOf(linked), ZONE, linked);
    expect(draft).toMatchObject({ projectId: "p1", contactId: "c1", propertyId: null });
    const wrong = EventInputSchema.safeParse(
      draftOf({ ...formValuesOf(linked), endTime: "09:00" }, ZONE),
    );
    expect(
      wrong.error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`),
    ).toEqual(["end: End after the start"]);
  });

  it("shows the event's reminder and sends the choice in Google's shape (none: no overrides)", () => {
    const reminded = event({
      reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 30 }] },
    });
    const values = formValuesOf(reminded);
    expect(values.reminder).toBe("30");
    expect(formValuesOf(event({})).reminder).toBe("");
    expect(draftOf({ ...values, reminder: "1440" }, ZONE).reminders).toEqual({
      useDefault: false,
      overrides: [{ method: "popup", minutes: 1440 }],
    });
    expect(draftOf({ ...values, reminder: "0" }, ZONE).reminders?.overrides).toEqual([
      { method: "popup", minutes: 0 },
    ]);
    expect(draftOf({ ...values, reminder: "" }, ZONE).reminders).toEqual({
      useDefault: false,
      overrides: [],
    });
    expect(draftOfEvent(reminded).reminders).toEqual(reminded.reminders);
  });
});

describe("the create form from a click, a selection or New event", () => {
  it("a click on Mar 31 in the month view is an all-day event on Mar 31", () => {
    const clicked = formValuesForRange({ start: local(2027, 3, 31), end: null, allDay: true });
    expect(clicked).toMatchObject({ allDay: "true", start: "2027-03-31", end: "2027-03-31" });
    expect(clicked.calendarId).toBe("local");
    // A selection from Mar 30 up to (not including) Apr 2: Mar 30 to Apr 1.
    expect(
      formValuesForRange({ start: local(2027, 3, 30), end: local(2027, 4, 2), allDay: true }),
    ).toMatchObject({ start: "2027-03-30", end: "2027-04-01" });
  });

  it("a click on the 10:00 slot is 10:00 to 11:00; a dragged slot keeps its end", () => {
    expect(
      formValuesForRange({ start: local(2027, 3, 31, 10), end: null, allDay: false }),
    ).toMatchObject({
      start: "2027-03-31",
      startTime: "10:00",
      end: "2027-03-31",
      endTime: "11:00",
    });
    expect(
      formValuesForRange({
        start: local(2027, 3, 31, 10),
        end: local(2027, 3, 31, 12, 30),
        allDay: false,
      }),
    ).toMatchObject({ startTime: "10:00", endTime: "12:30" });
  });

  it("New event starts at the next full hour, for an hour, even past midnight", () => {
    expect(newEventValues(local(2027, 3, 31, 9, 20))).toMatchObject({
      start: "2027-03-31",
      startTime: "10:00",
      end: "2027-03-31",
      endTime: "11:00",
    });
    expect(newEventValues(local(2027, 3, 31, 23, 40))).toMatchObject({
      start: "2027-04-01",
      startTime: "00:00",
      endTime: "01:00",
    });
  });

  it("moving the start moves the end, so the event keeps its length", () => {
    const timed = formValuesOf(event({})); // 10:00 to 11:30
    expect(withStart(timed, { startTime: "13:00" })).toMatchObject({
      startTime: "13:00",
      end: "2027-03-31",
      endTime: "14:30",
    });
    expect(withStart(timed, { startTime: "23:00" })).toMatchObject({
      end: "2027-04-01",
      endTime: "00:30",
    });
    const days: EventFormValues = formValuesOf(allDayEvent("2027-03-30", "2027-04-02"));
    expect(withStart(days, { start: "2027-04-05" })).toMatchObject({
      start: "2027-04-05",
      end: "2027-04-07",
    });
    // Half-typed: only the start changes.
    expect(withStart(timed, { startTime: "" })).toMatchObject({ startTime: "", endTime: "11:30" });
  });
});

describe("dragging an event", () => {
  it("to another time keeps it timed, in its own zone when it has one", () => {
    const drafted = movedDraft(
      event({ start: { dateTime: "2027-03-31T14:00:00.000Z", timeZone: "Europe/Lisbon" } }),
      { start: local(2027, 4, 2, 9), end: local(2027, 4, 2, 10, 30), allDay: false },
      ZONE,
    );
    expect(drafted).toMatchObject({
      summary: "Sheriff sale",
      kind: "auction",
      calendarId: "local",
      start: { dateTime: "2027-04-02T13:00:00.000Z", timeZone: "Europe/Lisbon" },
      end: { dateTime: "2027-04-02T14:30:00.000Z", timeZone: "Europe/Lisbon" },
    });
    expect(EventInputSchema.safeParse(drafted).success).toBe(true);
  });

  it("to another day keeps it all-day; into the all-day row a timed event becomes one day", () => {
    expect(
      movedDraft(
        allDayEvent("2027-03-31", "2027-04-01"),
        { start: local(2027, 4, 6), end: local(2027, 4, 7), allDay: true },
        ZONE,
      ),
    ).toMatchObject({ start: { date: "2027-04-06" }, end: { date: "2027-04-07" } });
    expect(
      movedDraft(event({}), { start: local(2027, 4, 6), end: null, allDay: true }, ZONE),
    ).toMatchObject({ start: { date: "2027-04-06" }, end: { date: "2027-04-07" } });
    // Out of the all-day row, with no end given: an hour.
    expect(
      movedDraft(
        allDayEvent("2027-03-31", "2027-04-01"),
        { start: local(2027, 4, 6, 15), end: null, allDay: false },
        ZONE,
      ),
    ).toMatchObject({
      start: { dateTime: "2027-04-06T19:00:00.000Z", timeZone: ZONE },
      end: { dateTime: "2027-04-06T20:00:00.000Z", timeZone: ZONE },
    });
  });

  it("Undo (and the re-creation after a delete) writes the event as it was", () => {
    const google = event({ calendarId: "deals@group.calendar.google.com", source: "google" });
    expect(draftOfEvent(google)).toEqual({
      summary: "Sheriff sale",
      description: null,
      location: null,
      start: google.start,
      end: google.end,
      kind: "auction",
      calendarId: "deals@group.calendar.google.com",
      projectId: null,
      propertyId: null,
      contactId: null,
    });
  });
});

describe("the views and the query string", () => {
  it("opens the month, the agenda on a phone, and the day view for ?date=today", () => {
    expect(defaultView(false)).toBe("month");
    expect(defaultView(true)).toBe("agenda");
    expect(defaultView(false, "today")).toBe("day");
    expect(defaultView(true, "today")).toBe("agenda");
    expect(viewState({ view: "week", date: "2027-03-31" }, "2026-11-23")).toEqual({
      view: "week",
      day: "2027-03-31",
    });
    expect(viewState({ view: "year", date: "today" }, "2026-11-23")).toEqual({
      view: null,
      day: "2026-11-23",
    });
    expect(viewState({ date: "2027-13-01" }, "2026-11-23").day).toBe("2026-11-23");
    expect(viewState({ date: "2027-02-31" }, "2026-11-23").day).toBe("2026-11-23");
    expect(viewState({ date: "2028-02-29" }, "2026-11-23").day).toBe("2028-02-29");
  });

  it("writes only what differs from the defaults", () => {
    const november = { start: "2026-11-01", end: "2026-12-01", today: "2026-11-23" };
    expect(paramsOfState({ ...november, view: "month", narrow: false })).toEqual({
      view: null,
      date: null,
    });
    expect(paramsOfState({ ...november, view: "month", narrow: true })).toEqual({
      view: "month",
      date: null,
    });
    expect(
      paramsOfState({
        view: "day",
        start: "2026-11-23",
        end: "2026-11-24",
        today: "2026-11-23",
        narrow: false,
      }),
    ).toEqual({ view: "day", date: null });
    expect(
      paramsOfState({
        view: "month",
        start: "2026-12-01",
        end: "2027-01-01",
        today: "2026-11-23",
        narrow: false,
      }),
    ).toEqual({ view: null, date: "2026-12-01" });
  });
});

/** WCAG's contrast ratio of two "#rrggbb" colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe("colours", () => {
  it("each kind's fill holds the theme's text at WCAG AA (4.5:1), and the kinds differ", () => {
    // The themes' text colours (--fg in app/styles/app.css).
    const text = { dark: "#e6e9f0", light: "#131a2a" };
    expect(contrast("#ffffff", "#000000")).toBeCloseTo(21);
    for (const [kind, colors] of Object.entries(KIND_COLORS)) {
      expect(contrast(colors.dark, text.dark), kind).toBeGreaterThan(4.5);
      expect(contrast(colors.light, text.light), kind).toBeGreaterThan(4.5);
    }
    expect(new Set(Object.values(KIND_COLORS).map((c) => c.swatch)).size).toBe(6);
    expect(eventColors("closing", "light")).toEqual({
      backgroundColor: "#d3f7df",
      borderColor: "#4ade80",
    });
  });
});

describe("calendars", () => {
  const calendars = [
    { id: "local", summary: "AI42", readOnly: false },
    { id: "projects", summary: "Project closings", readOnly: true },
    { id: "investor@example.com", summary: "investor@example.com", readOnly: false },
    { id: "holidays", summary: "US holidays", readOnly: true },
  ];

  it("hides the calendars the user unticked, as remembered (anything unreadable hides none)", () => {
    expect(hiddenCalendarsOf('["projects", 3]')).toEqual(["projects"]);
    expect(hiddenCalendarsOf("{oops")).toEqual([]);
    expect(hiddenCalendarsOf(null)).toEqual([]);
    const closing = allDayEvent("2027-03-31", "2027-04-01");
    const shown = shownEvents(
      [event({}), { ...closing, id: "project-1", calendarId: "projects", readOnly: true }],
      ["projects"],
    );
    expect(shown.map((e) => e.id)).toEqual(["e1"]);
  });

  it("edits neither project closings nor events of read-only calendars", () => {
    expect(canEdit(event({}), calendars)).toBe(true);
    expect(canEdit({ readOnly: true, calendarId: "projects" }, calendars)).toBe(false);
    expect(canEdit({ readOnly: false, calendarId: "holidays" }, calendars)).toBe(false);
    expect(canEdit({ readOnly: false, calendarId: "unknown" }, [])).toBe(true);
  });

  it("offers the writable calendars for a new event, AI42's own while the list is unknown", () => {
    expect(writableCalendars(calendars)).toEqual([
      { value: "local", label: "AI42" },
      { value: "investor@example.com", label: "investor@example.com" },
    ]);
    expect(writableCalendars([])).toEqual([{ value: "local", label: "AI42" }]);
    expect(calendarName("holidays", calendars)).toBe("US holidays");
    expect(calendarName("local", [])).toBe("AI42");
  });

  it("names the Google calendars that could not be read", () => {
    expect(
      unavailableNames(
        [{ calendarId: "holidays" }, { calendarId: "google" }, { calendarId: "gone" }],
        calendars,
      ),
    ).toEqual(["US holidays", "Google Calendar", "gone"]);
  });
});

describe("when, in words", () => {
  const words = (text: string) => text.replace(/\s/g, " ");
  it("says the days of an all-day event (its last day, not the API's end)", () => {
    expect(describeWhen(allDayEvent("2027-03-31", "2027-04-01"))).toBe("Mar 31, 2027 · all day");
    expect(words(describeWhen(allDayEvent("2027-03-30", "2027-04-03")))).toBe(
      "Mar 30 – Apr 2, 2027 · all day",
    );
  });

  it("says a timed event's start and end in the user's zone", () => {
    expect(words(describeWhen(event({}), ZONE))).toBe("Wed, Mar 31, 2027, 10:00 – 11:30 AM");
  });
});

describe("the calendar's keys", () => {
  const press = (
    key: string,
    modifiers: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {},
  ) => calendarKeyAction({ key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

  it("answers Google Calendar's letters, with or without Shift", () => {
    expect(press("t")).toEqual({ type: "today" });
    expect(press("N")).toEqual({ type: "next" });
    expect(press("p")).toEqual({ type: "previous" });
    expect(press("w")).toEqual({ type: "view", view: "week" });
    expect(press("a")).toEqual({ type: "view", view: "agenda" });
    expect(press("c")).toEqual({ type: "new" });
  });

  it("leaves every other key, and any letter with Ctrl, ⌘ or Alt, to the browser and the shell", () => {
    expect(press("x")).toBeNull();
    expect(press("Enter")).toBeNull();
    expect(press("d", { ctrlKey: true })).toBeNull(); // Go to Dashboard
    expect(press("c", { metaKey: true })).toBeNull(); // Go to Calendar, or copy
    expect(press("t", { altKey: true })).toBeNull(); // the notifications
  });

  it("names each button's key", () => {
    expect(calendarKeyOf({ type: "today" })).toBe("T");
    expect(calendarKeyOf({ type: "view", view: "month" })).toBe("M");
    expect(calendarKeyOf({ type: "view", view: "day" })).toBe("D");
  });
});
