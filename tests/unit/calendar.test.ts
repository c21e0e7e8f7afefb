import { describe, expect, it } from "vitest";
import {
  addIsoDays,
  EventInputSchema,
  EventsQuerySchema,
  eventRange,
  mergeEvents,
  pageTokenOf,
  projectClosingEvent,
  type CalendarEvent,
} from "~/domain/calendar/events";
import { driveNameQuery, grantedServices, GOOGLE_SERVICE_SCOPES } from "~/domain/google";
import { calendarEvent } from "./calendar-event";

const problems = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("an event as a client writes it (Google Calendar's shape)", () => {
  const timed = {
    summary: "Sheriff sale, Montgomery County",
    start: { dateTime: "2027-03-31T10:00:00-04:00", timeZone: "America/New_York" },
    end: { dateTime: "2027-03-31T11:30:00-04:00" },
  };

  it("takes Google's fields and fills AI42's defaults", () => {
    const parsed = EventInputSchema.parse(timed);
    expect(parsed).toMatchObject({ kind: "other", location: null });
    // No calendar named: the service puts it where Google would (primary) or in AI42's.
    expect(parsed.calendarId).toBeUndefined();
    expect(parsed.start.timeZone).toBe("America/New_York");
  });

  it("is dated between 1900 and 2100, naming the field", () => {
    const day = (date: string) => ({ summary: "Closing", start: { date }, end: { date } });
    expect(
      problems(
        EventInputSchema.safeParse({ ...timed, start: { dateTime: "0001-01-01T00:00:00Z" } }),
      ),
    ).toEqual(["start.dateTime: Use a date between 1900 and 2100"]);
    expect(
      problems(
        EventInputSchema.safeParse({
          ...day("9999-12-30"),
          end: { date: "9999-12-31" },
        }),
      ),
    ).toEqual([
      "start.date: Use a date between 1900 and 2100",
      "end.date: Use a date between 1900 and 2100",
    ]);
    expect(
      EventInputSchema.safeParse({
        summary: "First",
        start: { date: "1900-01-01" },
        end: { date: "1900-01-02" },
      }).success,
    ).toBe(true);
    expect(
      EventInputSchema.safeParse({
        summary: "Last",
        start: { dateTime: "2100-12-31T22:00:00-05:00" },
        end: { dateTime: "2100-12-31T23:00:00-05:00" },
      }).success,
    ).toBe(true);
  });

  it("an all-day event ends on the day after its last day, as in Google Calendar", () => {
    expect(
      EventInputSchema.safeParse({
        summary: "Closing",
        start: { date: "2027-03-31" },
        end: { date: "2027-04-01" },
      }).success,
    ).toBe(true);
    expect(
      problems(
        EventInputSchema.safeParse({
          summary: "Closing",
          start: { date: "2027-03-31" },
          end: { date: "2027-03-31" },
        }),
      ),
    ).toEqual([
      "end: End after the start: an all-day event's end date is the day after its last day",
    ]);
  });

  it("refuses an end before the start, mixed kinds of time, both or neither, and unknown zones", () => {
    expect(
      problems(
        EventInputSchema.safeParse({ ...timed, end: { dateTime: "2027-03-31T09:59:59-04:00" } }),
      ),
    ).toEqual(["end: End after the start"]);
    // 10:00 in New York is 14:00 UTC: an end at 14:00Z is no later than the start.
    expect(
      problems(EventInputSchema.safeParse({ ...timed, end: { dateTime: "2027-03-31T14:00:00Z" } })),
    ).toEqual(["end: End after the start"]);
    expect(problems(EventInputSchema.safeParse({ ...timed, end: { date: "2027-04-01" } }))).toEqual(
      ["end: A timed event ends at a time (dateTime), not on a date"],
    );
    expect(
      problems(
        EventInputSchema.safeParse({
          ...timed,
          start: { dateTime: timed.start.dateTime, date: "2027-03-31" },
        }),
      ),
    ).toEqual(["start: Give either a dateTime (a timed event) or a date (an all-day event)"]);
    expect(
      problems(
        EventInputSchema.safeParse({ ...timed, start: { ...timed.start, timeZone: "Mars/Base" } }),
      ),
    ).toEqual(["start.timeZone: Use a time zone like America/New_York"]);
    expect(problems(EventInputSchema.safeParse({ ...timed, summary: "  " }))).toEqual([
      "summary: Give the event a title",
    ]);
  });
});

describe("the listing's range", () => {
  const now = new Date("2026-11-23T15:30:00Z");

  it("defaults to 31 days from the start of the user's today", () => {
    // 05:30 UTC on the 25th is still the 24th in Phoenix: the range starts at its midnight there.
    expect(eventRange({}, new Date("2026-11-25T05:30:00Z"), "America/Phoenix")).toEqual({
      timeMin: "2026-11-24T07:00:00.000Z",
      timeMax: "2026-12-25T07:00:00.000Z",
    });
  });

  it("without a zone, from the start of today in UTC", () => {
    expect(eventRange({}, now)).toEqual({
      timeMin: "2026-11-23T00:00:00.000Z",
      timeMax: "2026-12-24T00:00:00.000Z",
    });
    expect(eventRange({ timeMax: "2027-01-31T00:00:00Z" }, now)).toEqual({
      timeMin: "2026-12-31T00:00:00.000Z",
      timeMax: "2027-01-31T00:00:00.000Z",
    });
  });

  it("takes any range a calendar shows and at most 2,500 results a page, naming the field", () => {
    const query = (q: Record<string, string>) => problems(EventsQuerySchema.safeParse(q));
    // The whole span, from the week before 1900 to the week after 2100.
    expect(query({ timeMin: "1899-12-31T00:00:00Z", timeMax: "2101-01-07T00:00:00Z" })).toEqual([]);
    expect(query({ timeMin: "9999-12-27T00:00:00Z", timeMax: "9999-12-31T00:00:00Z" })).toEqual([
      "timeMin: Use a time between 1899 and 2101: events are dated 1900 to 2100",
      "timeMax: Use a time between 1899 and 2101: events are dated 1900 to 2100",
    ]);
    expect(query({ timeMin: "2027-01-02T00:00:00Z", timeMax: "2027-01-01T00:00:00Z" })).toEqual([
      "timeMax: timeMax after timeMin",
    ]);
    expect(query({ maxResults: "2501" })[0]).toMatch(/^maxResults: /);
    expect(query({ pageToken: "not a token" })).toEqual([
      "pageToken: Not a page token of this listing: list again without it",
    ]);
    expect(EventsQuerySchema.parse({}).maxResults).toBe(250);
  });

  it("a page token carries where the next page starts", () => {
    const cursor = { after: "2027-03-31T14:00:00.000Z", skip: 3 };
    expect(EventsQuerySchema.parse({ pageToken: pageTokenOf(cursor) }).pageToken).toEqual(cursor);
  });
});

describe("merged events", () => {
  const event = (id: string, start: CalendarEvent["start"], end: CalendarEvent["end"]) =>
    calendarEvent({ id, summary: id, start, end, allDay: Boolean(start.date), kind: "other" });

  it("sort by start across sources (a day counts from its midnight UTC), then by end, and stop at max", () => {
    const allDay = event("all-day", { date: "2027-03-31" }, { date: "2027-04-01" });
    const early = event(
      "early",
      { dateTime: "2027-03-31T09:00:00-04:00" },
      { dateTime: "2027-03-31T10:00:00-04:00" },
    );
    const longer = event(
      "longer",
      { dateTime: "2027-03-31T13:00:00Z" },
      { dateTime: "2027-03-31T15:00:00Z" },
    );
    const before = event(
      "before",
      { dateTime: "2027-03-30T23:00:00-04:00" },
      { dateTime: "2027-03-31T01:00:00-04:00" },
    );
    // 23:00 in New York on the 30th is 03:00 UTC on the 31st: after the all-day event's midnight.
    expect(mergeEvents([[longer, early], [allDay], [before]], 10).events.map((e) => e.id)).toEqual([
      "all-day",
      "before",
      "early",
      "longer",
    ]);
    expect(mergeEvents([[longer, early], [allDay]], 2).events.map((e) => e.id)).toEqual([
      "all-day",
      "early",
    ]);
  });

  it("pages neither repeat nor skip an event, however many start at once", () => {
    const at = (id: string, hour: number) =>
      event(
        id,
        { dateTime: `2027-03-31T${String(hour).padStart(2, "0")}:00:00.000Z` },
        { dateTime: `2027-03-31T${String(hour + 1).padStart(2, "0")}:00:00.000Z` },
      );
    // Two sources; five events at 09:00 across them, one before and one after.
    const first = [at("a", 8), at("c", 9), at("e", 9), at("z", 11)];
    const second = [at("b", 9), at("d", 9), at("f", 9)];
    const seen: string[] = [];
    let cursor: ReturnType<typeof mergeEvents>["next"] = null;
    let pages = 0;
    do {
      // Each source lists what the window asks: events from the cursor on.
      const after = cursor ? Date.parse(cursor.after) : -Infinity;
      const from = (list: CalendarEvent[]) =>
        list.filter((e) => Date.parse(e.start.dateTime!) >= after);
      const page = mergeEvents([from(first), from(second)], 2, cursor ?? undefined);
      seen.push(...page.events.map((e) => e.id));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual(["a", "b", "c", "d", "e", "f", "z"]);
    expect(pages).toBe(4);
  });

  it("a project's target close date is a read-only all-day closing", () => {
    const closing = projectClosingEvent({
      id: "p1",
      name: "Maple duplex",
      targetCloseDate: "2028-02-28",
      propertyId: null,
    });
    expect(closing).toMatchObject({
      id: "project-p1",
      calendarId: "projects",
      source: "project",
      summary: "Closing: Maple duplex",
      kind: "closing",
      readOnly: true,
      start: { date: "2028-02-28" },
      end: { date: "2028-02-29" },
    });
    expect(addIsoDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addIsoDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("Google", () => {
  it("builds Drive's query from the user's words: every word in the name, quotes escaped", () => {
    expect(driveNameQuery(" rehab  budget ")).toBe(
      "name contains 'rehab' and name contains 'budget' and trashed = false",
    );
    expect(driveNameQuery("O'Brien")).toBe("name contains 'O\\'Brien' and trashed = false");
    expect(driveNameQuery("a\\b")).toBe("name contains 'a\\\\b' and trashed = false");
    expect(driveNameQuery("x' or name contains '")).toBe(
      "name contains 'x\\'' and name contains 'or' and name contains 'name' and name contains 'contains' and name contains '\\'' and trashed = false",
    );
    expect(driveNameQuery(undefined)).toBe("trashed = false");
  });

  it("knows which services the granted scopes open", () => {
    expect(grantedServices(["openid", GOOGLE_SERVICE_SCOPES.calendar])).toEqual(["calendar"]);
    expect(grantedServices(Object.values(GOOGLE_SERVICE_SCOPES))).toEqual([
      "gmail",
      "drive",
      "calendar",
    ]);
  });
});
