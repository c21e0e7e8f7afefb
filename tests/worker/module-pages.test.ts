/**
 * Module pages rendered with their data (issue 28): the `$` route's loader reads the module's first
 * screen for the session cookie's user, so the HTML holds it, readable without JavaScript; a
 * visitor gets the login screen and no data; a query string the module cannot read is a 400 page.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, cookieValue, ORIGIN, register } from "./helpers";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** An account whose records all carry `word`, so its rows are told apart in the HTML. */
async function investor(word: string, projects: number) {
  const { cookie, token } = await register({ first_name: word });
  const create = async (path: string, json: unknown) =>
    expect((await api(path, { method: "POST", json, token })).status, path).toBe(201);
  for (let i = 0; i < projects; i++)
    await create("/projects", { name: `${word} project ${i}`, status: "under_contract" });
  await create("/data/entries", { title: `${word} offer notes` });
  await create("/auctions", {
    saleType: "sheriff",
    saleAt: inDays(3),
    address: `11 ${word} Rd`,
    state: "OH",
  });
  return { cookie: cookieValue(cookie) };
}

/**
 * What a browser without JavaScript shows: the document without its scripts and without the
 * hidden segments React streams after the shell for an inline script to move into place.
 */
const withoutJavaScript = (html: string) =>
  html.split(/<div hidden id="S:/)[0]!.replace(/<script\b[\s\S]*?<\/script>/g, "");

const page = async (path: string, cookie?: string) => {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { status: response.status, html: withoutJavaScript(await response.text()) };
};

describe("the dashboard page", () => {
  it("arrives with the signed-in user's figures and cards, and none of another user's", async () => {
    const ana = await investor("Aardvark", 2);
    await investor("Zebra", 1);
    const { status, html } = await page("/home", ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Welcome, Aardvark");
    expect(html).toContain('aria-label="Workspace figures"');
    expect(html).toContain("Aardvark offer notes");
    expect(html).toContain("11 Aardvark Rd");
    expect(html).toMatch(/data-testid="pipeline-under_contract">2</);
    expect(html).not.toContain("Zebra");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    const { status, html } = await page("/home");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Workspace figures");
    expect(html).not.toContain("offer notes");
  });

  it("answers a date it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await investor("Quail", 0);
    for (const date of ["not-a-date", "2027-02-31", ""]) {
      const { status, html } = await page(`/home?date=${date}`, cookie);
      expect(status, date).toBe(400);
      expect(html).toContain("Use a real day for the date, like 2027-03-31");
      expect(html).toMatch(/<a[^>]+href="\/home"[^>]*>Open Dashboard<\/a>/);
    }
    const other = await page("/home?date=2027-03-31", cookie);
    expect(other.status).toBe(200);
    expect(other.html).toContain("Quail offer notes");
  });
});

describe("the Possible Investments page", () => {
  /** An account with `count` properties at "<n> <word> St", the first `offers` of them offers made. */
  async function weighing(word: string, count: number, offers = 0) {
    const { cookie, token } = await register({ first_name: word });
    const rows = Array.from({ length: count }, (_, i) => ({
      address: `${String(i + 1).padStart(2, "0")} ${word} St`,
      city: "Dayton",
      state: "OH",
      status: i < offers ? "offer_made" : "analyzing",
    }));
    const response = await api("/data/properties", { method: "POST", json: rows, token });
    expect(response.status).toBe(200);
    return { cookie: cookieValue(cookie) };
  }

  it("arrives with the page of the user's properties its URL asks for, and none of another user's", async () => {
    const ana = await weighing("Alder", 3, 1);
    await weighing("Walnut", 2, 2);
    const all = await page("/possible-investments", ana.cookie);
    expect(all.status).toBe(200);
    expect(all.html).toContain('<caption class="sr-only">Properties</caption>');
    for (const n of ["01", "02", "03"]) expect(all.html).toContain(`${n} Alder St`);
    expect(all.html).not.toContain("Walnut");

    const offers = await page("/possible-investments?status=offer_made", ana.cookie);
    expect(offers.status).toBe(200);
    expect(offers.html).toContain("01 Alder St");
    expect(offers.html).not.toContain("02 Alder St");
    expect(offers.html).not.toContain("Walnut");

    const search = await page("/possible-investments?q=03+alder", ana.cookie);
    expect(search.html).toContain("03 Alder St");
    expect(search.html).not.toContain("01 Alder St");
  });

  it("shows the page, sort and order the URL names", async () => {
    const { cookie } = await weighing("Hazel", 27);
    const second = await page("/possible-investments?sort=address&dir=asc&page=2", cookie);
    expect(second.status).toBe(200);
    expect(second.html).toContain("26 Hazel St");
    expect(second.html).toContain("27 Hazel St");
    expect(second.html).not.toContain("25 Hazel St");
    // React separates the text's parts with empty comments.
    expect(second.html.replaceAll("<!-- -->", "")).toContain("26–27 of 27 properties");

    const first = await page("/possible-investments?sort=address&dir=desc", cookie);
    expect(first.html.indexOf("27 Hazel St")).toBeLessThan(first.html.indexOf("26 Hazel St"));
    expect(first.html).not.toContain("02 Hazel St");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await weighing("Rowan", 1);
    const { status, html } = await page("/possible-investments?status=analyzing");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Rowan");
  });

  it("answers a query it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await weighing("Larch", 1);
    for (const query of ["sort=bogus", "page=-1", "page=two", "dir=up", "status=sold-ish"]) {
      const { status, html } = await page(`/possible-investments?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(
        /<a[^>]+href="\/possible-investments"[^>]*>Open Possible Investments<\/a>/,
      );
      expect(html, query).not.toContain("Larch");
    }
  });

  it("reads no list under a property's page", async () => {
    const { cookie } = await weighing("Spruce", 1);
    const { status, html } = await page("/possible-investments?property=nope&sort=bogus", cookie);
    expect(status).toBe(200);
    expect(html).not.toContain("01 Spruce St");
  });
});

describe("the Auctions page", () => {
  /** An account with sheriff sales at "<n> <word> Ave" on April 6 + n, 2027, the first `won` won. */
  async function bidder(word: string, count: number, won = 0) {
    const { cookie, token } = await register({ first_name: word });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const response = await api("/auctions", {
        method: "POST",
        token,
        json: {
          saleType: i < won ? "tax" : "sheriff",
          status: i < won ? "won" : "upcoming",
          saleAt: `2027-04-${String(6 + i).padStart(2, "0")}T10:00:00-05:00`,
          address: `${i + 1} ${word} Ave`,
          state: "OH",
          depositAmount: 5000,
          depositDueAt: "2027-04-05T17:00:00-04:00",
        },
      });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    return { cookie: cookieValue(cookie), ids };
  }

  it("arrives with the page of the user's auctions its URL asks for, and none of another user's", async () => {
    const ana = await bidder("Aspen", 3, 1);
    await bidder("Willow", 2);
    const all = await page("/auction", ana.cookie);
    expect(all.status).toBe(200);
    expect(all.html).toContain('<caption class="sr-only">Auctions</caption>');
    for (const n of [1, 2, 3]) expect(all.html).toContain(`${n} Aspen Ave`);
    expect(all.html).not.toContain("Willow");

    const won = await page("/auction?status=won", ana.cookie);
    expect(won.html).toContain("1 Aspen Ave");
    expect(won.html).not.toContain("2 Aspen Ave");
    const sheriff = await page("/auction?saleType=sheriff&sort=address&dir=desc", ana.cookie);
    expect(sheriff.html).not.toContain("1 Aspen Ave");
    expect(sheriff.html.indexOf("3 Aspen Ave")).toBeLessThan(sheriff.html.indexOf("2 Aspen Ave"));

    // The sale days, both included (the session's zone is UTC here).
    const days = await page("/auction?from=2027-04-07&to=2027-04-07", ana.cookie);
    expect(days.html).toContain("2 Aspen Ave");
    expect(days.html).not.toContain("1 Aspen Ave");
    expect(days.html).not.toContain("3 Aspen Ave");
    expect(days.html).toContain('value="2027-04-07"');
  });

  it("shows the month the URL names: the sales and deposit deadlines, none of another user's", async () => {
    const ana = await bidder("Cedar", 2);
    await bidder("Poplar", 1);
    const april = await page("/auction?view=calendar&month=2027-04", ana.cookie);
    expect(april.status).toBe(200);
    expect(april.html).toContain("April 2027");
    expect(april.html).toMatch(/data-date="2027-04-06"[^]*Sheriff sale: 1 Cedar Ave/);
    expect(april.html).toContain("Sheriff sale: 2 Cedar Ave");
    expect(april.html).toContain("Deposit due: 1 Cedar Ave");
    expect(april.html).not.toContain("Poplar");

    const may = await page("/auction?view=calendar&month=2027-05", ana.cookie);
    expect(may.html.replaceAll("<!-- -->", "")).toContain(
      "No sales or deposit deadlines in May 2027",
    );
    expect(may.html).not.toContain("Cedar Ave");
  });

  it("arrives with an auction's page, and never another user's", async () => {
    const ana = await bidder("Hemlock", 1);
    const other = await bidder("Sequoia", 1);
    const own = await page(`/auction?auction=${ana.ids[0]}`, ana.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toMatch(/<h2[^>]*>1 Hemlock Ave<\/h2>/);
    expect(own.html).toContain('aria-label="Status history"');
    expect(own.html).toContain("Added as upcoming");

    for (const id of [other.ids[0], "nope"]) {
      const { status, html } = await page(`/auction?auction=${id}`, ana.cookie);
      expect(status).toBe(200);
      expect(html).toContain("Auction not found");
      expect(html).not.toContain("Sequoia");
    }
  });

  it("shows a visitor the login screen and reads no data", async () => {
    const { ids } = await bidder("Juniper", 1);
    for (const path of [
      "/auction",
      "/auction?view=calendar&month=2027-04",
      `/auction?auction=${ids[0]}`,
    ]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain("Welcome Back");
      expect(html).not.toContain("Juniper");
    }
  });

  it("answers a query it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await bidder("Larkspur", 1);
    for (const query of [
      "view=calendar&month=2027-13",
      "view=calendar&month=april",
      "sort=bogus",
      "page=0",
      "status=sold-ish",
      "from=2027-02-31",
      "from=2027-04-10&to=2027-04-01",
    ]) {
      const { status, html } = await page(`/auction?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(/<a[^>]+href="\/auction"[^>]*>Open Auctions<\/a>/);
      expect(html, query).not.toContain("Larkspur");
    }
  });
});

describe("the Calendar page", () => {
  /** An account with an event "<word> walkthrough" of AI42's calendar on `day`, at 14:00 UTC. */
  async function planner(word: string, day = "2027-04-06") {
    const { cookie, token } = await register({ first_name: word });
    const response = await api("/calendar/events", {
      method: "POST",
      token,
      json: {
        summary: `${word} walkthrough`,
        kind: "showing",
        start: { dateTime: `${day}T14:00:00Z` },
        end: { dateTime: `${day}T15:00:00Z` },
      },
    });
    expect(response.status).toBe(201);
    return { cookie: cookieValue(cookie) };
  }

  it("arrives with the events of the range its URL names, and none of another user's", async () => {
    const ana = await planner("Aspen");
    await planner("Willow");
    const month = await page("/calendar?date=2027-04-01", ana.cookie);
    expect(month.status).toBe(200);
    expect(month.html).toContain("Aspen walkthrough");
    expect(month.html).not.toContain("Willow");

    const week = await page("/calendar?view=week&date=2027-04-04", ana.cookie);
    expect(week.html).toContain("Aspen walkthrough");
    const other = await page("/calendar?view=day&date=2027-04-07", ana.cookie);
    expect(other.status).toBe(200);
    expect(other.html).not.toContain("Aspen walkthrough");
    expect(other.html).toContain("No events in this range");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await planner("Juniper");
    const { status, html } = await page("/calendar?date=2027-04-01");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Juniper");
  });

  it("answers a view or a date it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await planner("Larkspur");
    for (const query of ["view=year", "date=2027-02-31", "date=soon", "view=&date=2027-04-01"]) {
      const { status, html } = await page(`/calendar?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(/<a[^>]+href="\/calendar"[^>]*>Open Calendar<\/a>/);
      expect(html, query).not.toContain("Larkspur");
    }
  });
});
