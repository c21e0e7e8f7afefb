/**
 * Calendar's page (/calendar): the server HTML holds the events of the range its URL names, and
 * its action creates, changes (an event of AI42's calendar against the version the page showed)
 * and deletes events, in AI42's calendar or a Google one, refusing what the API refuses and
 * changing nothing then.
 */
import { describe, expect, it } from "vitest";
import { callback, consent, steer } from "./google-fake";
import { api, cookieValue, pageAt as page, postForm, postJson, register } from "./helpers";

interface StoredEvent {
  id: string;
  calendarId: string;
  source: string;
  summary: string;
  location: string | null;
  updatedAt: string | null;
}

/** An event as the API and the page's action read it: April 6, 2027, 2 to 3 PM UTC. */
const eventInput = (summary: string, extra: Record<string, unknown> = {}) => ({
  summary,
  kind: "showing",
  start: { dateTime: "2027-04-06T14:00:00Z" },
  end: { dateTime: "2027-04-06T15:00:00Z" },
  ...extra,
});

/** A planner with an event "<word> walkthrough" of AI42's calendar. */
async function planner(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const response = await api("/calendar/events", {
    method: "POST",
    token,
    json: eventInput(`${word} walkthrough`, { calendarId: "local" }),
  });
  expect(response.status).toBe(201);
  const event = ((await response.json()) as { data: StoredEvent }).data;
  return { cookie: cookieValue(cookie), token, event };
}

/** The events of April 2027 of `calendarId`, as the API lists them. */
async function april(token: string, calendarId = "local") {
  const range = "timeMin=2027-04-01T00:00:00Z&timeMax=2027-05-01T00:00:00Z";
  const response = await api(
    `/calendar/events?calendarId=${encodeURIComponent(calendarId)}&${range}`,
    { token },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: StoredEvent[] }).data;
}

/** The titles of April 2027's events of AI42's calendar. */
const titles = async (token: string) => (await april(token)).map((event) => event.summary);

describe("Calendar's page", () => {
  it("arrives with the events of the range its URL names, and none of another user's", async () => {
    const ana = await planner("Sorrel");
    await planner("Yarrow");
    const month = await page("/calendar?date=2027-04-01", ana.cookie);
    expect(month.status).toBe(200);
    expect(month.html).toContain("Sorrel walkthrough");
    expect(month.html).not.toContain("Yarrow");
    // The sidebar's active module is the calendar.
    expect(month.html).toMatch(/<a aria-current="page"[^>]+href="\/calendar"/);

    const may = await page("/calendar?date=2027-05-01", ana.cookie);
    expect(may.status).toBe(200);
    expect(may.html).not.toContain("Sorrel walkthrough");
    expect(may.html).toContain("No events in this range");
  });
});

describe("Calendar's action", () => {
  it("creates, changes and deletes an event of AI42's calendar", async () => {
    const ana = await planner("Fennel");
    const created = await postJson("/calendar", ana.cookie, {
      intent: "create",
      input: eventInput("Fennel inspection", { calendarId: "local", location: "4 Fennel Rd" }),
    });
    expect(created.status).toBe(200);
    const made = (await april(ana.token)).find((event) => event.summary === "Fennel inspection")!;
    expect(made).toMatchObject({ source: "local", location: "4 Fennel Rd" });

    const changed = await postJson("/calendar", ana.cookie, {
      intent: "update",
      id: made.id,
      version: made.updatedAt,
      input: eventInput("Fennel inspection (moved)", { calendarId: "local" }),
    });
    expect(changed.status).toBe(200);
    const events = await april(ana.token);
    expect(events.map((event) => event.summary).sort()).toEqual([
      "Fennel inspection (moved)",
      "Fennel walkthrough",
    ]);

    const moved = events.find((event) => event.id === made.id)!;
    const deleted = await postJson("/calendar", ana.cookie, {
      intent: "delete",
      id: made.id,
      calendarId: "local",
      version: moved.updatedAt,
    });
    expect(deleted.status).toBe(200);
    expect(await titles(ana.token)).toEqual(["Fennel walkthrough"]);
  });

  it("refuses what the API refuses (400) and changes nothing", async () => {
    const ana = await planner("Borage");
    const untitled = await postJson("/calendar", ana.cookie, {
      intent: "create",
      input: eventInput("", { calendarId: "local" }),
    });
    expect(untitled.status).toBe(400);
    expect(untitled.html).toContain("Give the event a title");
    const backwards = await postJson("/calendar", ana.cookie, {
      intent: "update",
      id: ana.event.id,
      version: ana.event.updatedAt,
      input: eventInput("Borage walkthrough, later", {
        calendarId: "local",
        end: { dateTime: "2027-04-06T13:00:00Z" },
      }),
    });
    expect(backwards.status).toBe(400);
    const unknown = await postJson("/calendar", ana.cookie, { intent: "rename", id: ana.event.id });
    expect(unknown.status).toBe(400);
    expect(await titles(ana.token)).toEqual(["Borage walkthrough"]);

    // Its times are read in the browser's zone: a form's post is refused, not half-read.
    const form = await postForm("/calendar", ana.cookie, { summary: "Borage lunch" });
    expect(form.status).toBe(400);
    expect(form.html).toContain("Changing the calendar needs JavaScript");
    expect(await titles(ana.token)).toEqual(["Borage walkthrough"]);
  });

  it("changes an event against the version shown: a stale one is a 412 that changes nothing", async () => {
    const ana = await planner("Chicory");
    const saved = await postJson("/calendar", ana.cookie, {
      intent: "update",
      id: ana.event.id,
      version: ana.event.updatedAt,
      input: eventInput("Chicory walkthrough, second look", { calendarId: "local" }),
    });
    expect(saved.status).toBe(200);
    for (const intent of ["update", "delete"]) {
      const stale = await postJson("/calendar", ana.cookie, {
        intent,
        id: ana.event.id,
        calendarId: "local",
        version: ana.event.updatedAt,
        input: eventInput("Chicory walkthrough, third look", { calendarId: "local" }),
      });
      expect(stale.status, intent).toBe(412);
      expect(stale.html, intent).toContain("changed elsewhere");
    }
    expect(await titles(ana.token)).toEqual(["Chicory walkthrough, second look"]);
  });

  it("leaves another user's event alone", async () => {
    const ana = await planner("Lovage");
    const ben = await planner("Tarragon");
    for (const intent of ["update", "delete"]) {
      const answer = await postJson("/calendar", ana.cookie, {
        intent,
        id: ben.event.id,
        calendarId: "local",
        version: ben.event.updatedAt,
        input: eventInput("Lovage took it", { calendarId: "local" }),
      });
      expect(answer.status, intent).toBe(404);
      expect(answer.html, intent).toContain("Event not found");
    }
    expect(await titles(ben.token)).toEqual(["Tarragon walkthrough"]);
  });

  it("refuses a form from another site", async () => {
    const ana = await planner("Mallow");
    const forged = await postForm(
      "/calendar",
      ana.cookie,
      { intent: "delete", id: ana.event.id, calendarId: "local" },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(await titles(ana.token)).toEqual(["Mallow walkthrough"]);
  });

  it("writes to a Google calendar as the API does, and says what Google answered when it fails", async () => {
    const email = "page.writer@example.com";
    const { cookie: setCookie, token } = await register({ first_name: "Angelica" });
    const { redirect } = await consent(token, { email });
    expect(await callback(token, redirect.search)).toBe("/connections?google=connected");
    const cookie = cookieValue(setCookie);

    const created = await postJson("/calendar", cookie, {
      intent: "create",
      input: eventInput("Angelica closing", { calendarId: email }),
    });
    expect(created.status).toBe(200);
    const [made] = await april(token, email);
    expect(made).toMatchObject({ summary: "Angelica closing", source: "google", updatedAt: null });

    // Google keeps its events' versions: a change sends none.
    await steer("/__fake/calendar", { calendarId: email, failWritesAfter: 1 });
    const changed = await postJson("/calendar", cookie, {
      intent: "update",
      id: made!.id,
      input: eventInput("Angelica closing, 3 PM", { calendarId: email }),
    });
    expect(changed.status).toBe(200);
    const failed = await postJson("/calendar", cookie, {
      intent: "delete",
      id: made!.id,
      calendarId: email,
    });
    await steer("/__fake/calendar", { calendarId: email, failWritesAfter: null });
    expect(failed.status).toBe(502);
    expect(failed.html).toContain("Google answered 503");
    expect((await april(token, email)).map((event) => event.summary)).toEqual([
      "Angelica closing, 3 PM",
    ]);
  });
});
