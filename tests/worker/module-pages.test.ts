/**
 * Module pages rendered with their data: each module route's loader reads its first
 * screen for the session cookie's user, so the HTML holds it, readable without JavaScript; what
 * asks Google streams after it; a visitor gets the login screen and no data; a query string the
 * module cannot read is a 400 page.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { GOOGLE_SERVICE_SCOPES } from "../../app/domain/google";
import { database } from "../../worker/db/client";
import { googleConnections } from "../../worker/db/schema";
import { callback, consent } from "./google-fake";
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

/**
 * A page as a browser first loads it: `html` as shown without JavaScript, `source` the whole
 * document, with the data the loader streamed after the HTML (read to its end).
 */
const page = async (path: string, cookie?: string) => {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  const source = await response.text();
  return { status: response.status, html: withoutJavaScript(source), source };
};

/**
 * The page's own part, inside the shell: a refused page shows no record there, while the shell
 * around it names the signed-in user.
 */
const mainOf = (html: string) => html.split('<main id="main"')[1]?.split("</main>")[0] ?? html;

/** What a client navigation to `path` reads (single fetch's `<path>.data`), to its end. */
/**
 * A client navigation's read of `path`, as Remix asks it: the loaders of `routes` only (the
 * `_routes` it sends; the workspace layout's is left out once the shell shows, its
 * `shouldRevalidate` answering false).
 */
const navigationRead = async (path: string, cookie: string, routes: string[]) => {
  const url = new URL(path, ORIGIN);
  url.pathname += ".data";
  url.searchParams.set("_routes", routes.join(","));
  const response = await SELF.fetch(url, { headers: { Cookie: cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
};

/** An event of AI42's own calendar, "<word> walkthrough", from 30 minutes ago to 30 from now. */
async function walkthroughNow(token: string, word: string) {
  const response = await api("/calendar/events", {
    method: "POST",
    token,
    json: {
      summary: `${word} walkthrough`,
      calendarId: "local",
      start: { dateTime: new Date(Date.now() - 1_800_000).toISOString() },
      end: { dateTime: new Date(Date.now() + 1_800_000).toISOString() },
    },
  });
  expect(response.status).toBe(201);
}

/**
 * An account whose Google account (the fake's) is connected through the OAuth flow, holding a
 * Google event "<word> showing" a day from now, with a document whose text is "<word> max bid".
 */
async function googleUser(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const { redirect } = await consent(token);
  expect(await callback(token, redirect.search)).toBe("/connections?google=connected");
  const start = new Date(Date.now() + 86_400_000);
  const created = await api("/calendar/events", {
    method: "POST",
    token,
    json: {
      summary: `${word} showing`,
      start: { dateTime: start.toISOString() },
      end: { dateTime: new Date(start.getTime() + 3_600_000).toISOString() },
    },
  });
  expect(created.status).toBe(201);
  const event = ((await created.json()) as { data: { source: string; calendarId: string } }).data;
  expect(event.source).toBe("google");
  return { cookie: cookieValue(cookie), token, day: start.toISOString().slice(0, 10), event };
}

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

  it("arrives with the day's events of the user's own calendars, and none of another user's", async () => {
    const { cookie, token } = await register({ first_name: "Ibex" });
    await walkthroughNow(token, "Ibex");
    const other = await register({ first_name: "Okapi" });
    await walkthroughNow(other.token, "Okapi");
    const { status, html, source } = await page("/home", cookieValue(cookie));
    expect(status).toBe(200);
    expect(html).toMatch(/aria-label="Today&#x27;s events"[^]*Ibex walkthrough/);
    expect(source).not.toContain("Okapi");
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
      expect(mainOf(html), query).not.toContain("Larch");
    }
  });

  it("links each property to its own page", async () => {
    const { cookie } = await weighing("Spruce", 1);
    const { html } = await page("/possible-investments", cookie);
    expect(html).toMatch(/<a[^>]+href="\/possible-investments\/[\w-]+"[^>]*>01 Spruce St<\/a>/);
  });
});

describe("the Route Planner page", () => {
  /** An account with one saved route named after `word`: two stops, run in the reverse order. */
  async function planner(word: string) {
    const { cookie, token } = await register({ first_name: word });
    const json = {
      name: `${word} drive-bys`,
      date: "2027-03-13",
      departAt: "2027-03-13T09:00:00-07:00",
      start: { label: "Home", address: "1 Home St", lat: 33.0, lng: -112.0 },
      returnToStart: true,
      stops: [
        { id: "s1", label: `12 ${word} St`, lat: 33.2, lng: -112.0, serviceMinutes: 15 },
        { id: "s2", label: `40 ${word} Ave`, lat: 33.1, lng: -112.0, serviceMinutes: 20 },
      ],
      order: ["s2", "s1"],
    };
    const response = await api("/routes", { method: "POST", json, token });
    expect(response.status).toBe(201);
    return { cookie: cookieValue(cookie) };
  }

  it("arrives with the user's saved routes, and none of another user's", async () => {
    const ana = await planner("Juniper");
    await planner("Sequoia");
    const { status, html } = await page("/route-planner", ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain("Juniper drive-bys");
    // React separates the text's parts with empty comments.
    expect(html.replaceAll("<!-- -->", "")).toContain("2 stops");
    expect(html).not.toContain("Sequoia");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await planner("Hemlock");
    const { status, html } = await page("/route-planner");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Hemlock");
  });

  it("answers a page it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await planner("Poplar");
    for (const query of ["page=two", "page=0", "page=-3"]) {
      const { status, html } = await page(`/route-planner?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(
        /<a[^>]+href="\/route-planner"[^>]*>Open Route Planner \(Maps\)<\/a>/,
      );
      expect(mainOf(html), query).not.toContain("Poplar");
    }
  });
});

describe("the Main Agent page", () => {
  /** An account with one saved conversation per question, asked of the fake OpenAI. */
  async function chatter(word: string, questions: string[]) {
    const { cookie, token } = await register({ first_name: word });
    for (const content of questions) {
      const json = { messages: [{ role: "user", content }] };
      const response = await api("/ai/openai", { method: "POST", json, token });
      expect(response.status, content).toBe(200);
    }
    return { cookie: cookieValue(cookie) };
  }

  it("arrives with the user's saved conversations, found by the URL's q, and none of another user's", async () => {
    const ana = await chatter("Basil", ["Basil duplex numbers", "Basil lender list"]);
    await chatter("Thyme", ["Thyme flip budget"]);
    for (const path of ["/main-agent", "/assistant"]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(200);
      expect(html, path).toContain('aria-label="Conversations"');
      expect(html, path).toContain("Basil duplex numbers");
      expect(html, path).toContain("Basil lender list");
      expect(html, path).not.toContain("Thyme");
    }
    const found = await page("/main-agent?q=lender", ana.cookie);
    expect(found.html).toContain("Basil lender list");
    expect(found.html).not.toContain("Basil duplex numbers");
    expect(found.html).toMatch(/<input[^>]+value="lender"/);
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await chatter("Sorrel", ["Sorrel offer math"]);
    const { status, html } = await page("/main-agent");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Sorrel");
  });

  it("answers a search it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await chatter("Fennel", ["Fennel rehab scope"]);
    const { status, html } = await page(`/main-agent?q=${"x".repeat(201)}`, cookie);
    expect(status).toBe(400);
    expect(html).toContain("This link can&#x27;t be opened");
    expect(html).toMatch(/<a[^>]+href="\/main-agent"[^>]*>Open Main Agent<\/a>/);
    expect(mainOf(html)).not.toContain("Fennel");
  });
});

describe("the Property Research page", () => {
  /** An account with one research report per question, asked of the fake OpenAI. */
  async function researcher(word: string, questions: string[]) {
    const { cookie, token } = await register({ first_name: word });
    for (const query of questions) {
      const response = await api("/ai/property-research", {
        method: "POST",
        json: { query },
        token,
      });
      expect(response.status, query).toBe(201);
    }
    return { cookie: cookieValue(cookie) };
  }

  it("arrives with the user's research history, and none of another user's", async () => {
    const ana = await researcher("Clover", ["12 Clover St: flip or rent?", "Clover county market"]);
    await researcher("Yarrow", ["9 Yarrow Ln: flip or rent?"]);
    const { status, html } = await page("/property-research", ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain('aria-label="Research history"');
    expect(html).toContain("12 Clover St: flip or rent?");
    expect(html).toContain("Clover county market");
    expect(html).not.toContain("Yarrow");
    expect(html).not.toContain('data-testid="research-report"');
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await researcher("Chervil", ["2 Chervil Way: flip or rent?"]);
    const { status, html } = await page("/property-research");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Chervil");
  });

  it("answers a page it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await researcher("Lovage", ["6 Lovage Dr: flip or rent?"]);
    for (const query of ["page=two", "page=0"]) {
      const { status, html } = await page(`/property-research?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(
        /<a[^>]+href="\/property-research"[^>]*>Open Property Research<\/a>/,
      );
      expect(mainOf(html), query).not.toContain("Lovage");
    }
  });
});

describe("the Project Hub page", () => {
  /** An account with projects, contacts and documents named after `word`; their ids. */
  async function hub(word: string, projectCount = 2) {
    const { cookie, token } = await register({ first_name: word });
    const post = async (path: string, json: unknown) => {
      const response = await api(path, { method: "POST", json, token });
      expect(response.status, path).toBe(201);
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    const projects: string[] = [];
    for (let i = 0; i < projectCount; i++)
      projects.push(
        await post("/projects", {
          name: `${word} project ${i}`,
          type: i % 2 ? "brrrr" : "fix_and_flip",
        }),
      );
    const contact = await post("/contacts", {
      firstName: word,
      lastName: "Lender",
      type: "lender",
    });
    await api(`/projects/${projects[0]}/contacts`, {
      method: "POST",
      json: { contactId: contact },
      token,
    });
    const doc = await post("/data/entries", {
      title: `${word} offer notes`,
      content: `${word} max bid`,
      projectId: projects[0],
    });
    return { cookie: cookieValue(cookie), projects, doc };
  }

  it("arrives with each tab's list of the user's records, and none of another user's", async () => {
    const ana = await hub("Osprey");
    await hub("Heron");
    const projects = await page("/project-hub", ana.cookie);
    expect(projects.status).toBe(200);
    expect(projects.html).toContain('aria-label="Projects"');
    expect(projects.html).toContain("Osprey project 0");
    expect(projects.html).toContain("Osprey project 1");

    const brrrr = await page("/project-hub?type=brrrr", ana.cookie);
    expect(brrrr.html).toContain("Osprey project 1");
    expect(brrrr.html).not.toContain("Osprey project 0");

    const contacts = await page("/project-hub?tab=contacts&q=osprey", ana.cookie);
    expect(contacts.status).toBe(200);
    expect(contacts.html).toContain('aria-label="Contacts"');
    expect(contacts.html).toContain("Osprey Lender");

    const documents = await page("/project-hub?tab=documents", ana.cookie);
    expect(documents.status).toBe(200);
    expect(documents.html).toContain('aria-label="Documents"');
    expect(documents.html).toContain("Osprey offer notes");
    // The project each document is linked to, by name.
    expect(documents.html.replaceAll("<!-- -->", "")).toContain("Osprey project 0 · updated");

    for (const { html } of [projects, brrrr, contacts, documents])
      expect(html).not.toContain("Heron");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await hub("Tern", 1);
    for (const path of [
      "/project-hub",
      "/project-hub?tab=contacts",
      "/project-hub?tab=documents",
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Welcome Back");
      expect(html, path).not.toContain("Tern");
    }
  });

  it("answers a query it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await hub("Puffin", 1);
    for (const query of [
      "tab=deals",
      "type=castle",
      "status=sold-ish",
      "page=0",
      "tab=contacts&type=uncle",
      "tab=contacts&page=two",
    ]) {
      const { status, html } = await page(`/project-hub?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(/<a[^>]+href="\/project-hub"[^>]*>Open Project Hub<\/a>/);
      expect(mainOf(html), query).not.toContain("Puffin");
    }
  });
});

describe("the Resources page", () => {
  it("arrives with the glossary, and on the apps tab with the integrations' status", async () => {
    const { cookie } = await register({ first_name: "Wren" });
    const glossary = await page("/resources?term=cap-rate", cookieValue(cookie));
    expect(glossary.status).toBe(200);
    expect(glossary.html).toContain('aria-label="Glossary"');
    expect(glossary.html).toMatch(/id="term-cap-rate"[^>]*aria-current="true"/);

    const apps = await page("/resources?tab=apps", cookieValue(cookie));
    expect(apps.status).toBe(200);
    expect(apps.html).toContain('aria-label="Integrations"');
    expect(apps.html).toContain("Connect your account on Connections");
    expect(apps.html).toContain("Set ROUTING_URL");
  });

  it("arrives on the guides tab with the guides, and with the guide its URL opens", async () => {
    const { cookie } = await register({ first_name: "Dunnock" });
    const guides = await page("/resources?tab=guides", cookieValue(cookie));
    expect(guides.status).toBe(200);
    expect(guides.html).toMatch(
      /<a[^>]+href="\/resources\?tab=guides&amp;guide=brrrr-step-by-step"[^>]*>.*BRRRR step by step/s,
    );
    const guide = await page("/resources?tab=guides&guide=brrrr-step-by-step", cookieValue(cookie));
    expect(guide.status).toBe(200);
    expect(guide.html).toContain('<article aria-label="BRRRR step by step"');
    expect(guide.html).toContain('href="#4-refinance"');
    expect(guide.html).toContain("## 4. Refinance");
  });

  it("shows a visitor the login screen and no integrations", async () => {
    const { status, html } = await page("/resources?tab=apps");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain('aria-label="Integrations"');
  });

  it("answers a tab it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await register({ first_name: "Finch" });
    const { status, html } = await page("/resources?tab=videos", cookieValue(cookie));
    expect(status).toBe(400);
    expect(html).toContain("This link can&#x27;t be opened");
    expect(html).toMatch(/<a[^>]+href="\/resources"[^>]*>Open Resources<\/a>/);
  });
});

describe("the Marketing page", () => {
  /**
   * An account with a campaign "<word> mailer", a lead bot "<word> bot" and `count` leads named
   * "<word> Lead <nn>" (the first `contacted` of them contacted, the first `inCampaign` the
   * campaign's); another account's ids never show in it.
   */
  async function marketer(word: string, count: number, { contacted = 0, inCampaign = 0 } = {}) {
    const { cookie, token } = await register({ first_name: word });
    const post = async (path: string, json: unknown) => {
      const response = await api(path, { method: "POST", json, token });
      expect(response.status, path).toBeLessThan(300);
      return ((await response.json()) as { data: { id: string } }).data;
    };
    const campaign = await post("/marketing/campaigns", {
      name: `${word} mailer`,
      channel: "direct_mail",
    });
    const bot = await post("/marketing/bots", {
      name: `${word} bot`,
      persona: "Warm and brief.",
      handOff: "Offer a call with the investor.",
      questions: [{ text: "What's your name?", field: "name" }],
    });
    if (count > 0)
      await post("/marketing/leads/import", {
        rows: Array.from({ length: count }, (_, i) => ({
          firstName: word,
          lastName: `Lead ${String(i + 1).padStart(2, "0")}`,
          status: i < contacted ? "contacted" : "new",
          campaignId: i < inCampaign ? campaign.id : undefined,
        })),
      });
    return { cookie: cookieValue(cookie), campaignId: campaign.id, botId: bot.id };
  }
  const text = (html: string) => html.replaceAll("<!-- -->", "");

  it("arrives with the user's leads the URL asks for and their speed to lead, none of another user's", async () => {
    const ana = await marketer("Alder", 3, { contacted: 1, inCampaign: 2 });
    await marketer("Walnut", 2, { contacted: 2, inCampaign: 2 });
    const all = await page("/marketing", ana.cookie);
    expect(all.status).toBe(200);
    expect(all.html).toContain('aria-label="Leads"');
    for (const n of ["01", "02", "03"]) expect(all.html).toContain(`Alder Lead ${n}`);
    expect(text(all.html)).toContain("3 leads · average speed to lead");
    expect(all.html).toContain("Alder mailer");
    expect(all.html).not.toContain("Walnut");

    const contacted = await page("/marketing?tab=leads&status=contacted", ana.cookie);
    expect(contacted.status).toBe(200);
    expect(contacted.html).toContain("Alder Lead 01");
    expect(contacted.html).not.toContain("Alder Lead 02");

    const search = await page("/marketing?q=lead+03", ana.cookie);
    expect(search.html).toContain("Alder Lead 03");
    expect(search.html).not.toContain("Alder Lead 01");

    const campaign = await page(`/marketing?campaignId=${ana.campaignId}`, ana.cookie);
    expect(campaign.html).toContain("Alder Lead 02");
    expect(campaign.html).not.toContain("Alder Lead 03");
    expect(text(campaign.html)).toContain("2 leads · average speed to lead");
  });

  it("shows the page and sort the URL names", async () => {
    const { cookie } = await marketer("Hazel", 22);
    const second = await page("/marketing?sort=name&page=2", cookie);
    expect(second.status).toBe(200);
    expect(second.html).toContain("Hazel Lead 21");
    expect(second.html).toContain("Hazel Lead 22");
    expect(second.html).not.toContain("Hazel Lead 20");
    expect(text(second.html)).toContain("21–22 of 22 leads");
  });

  it("arrives with the campaigns, the funnel and the lead bots, each on its tab", async () => {
    const ana = await marketer("Aspen", 2, { contacted: 1, inCampaign: 1 });
    await marketer("Willow", 3, { contacted: 3 });
    const campaigns = await page("/marketing?tab=campaigns", ana.cookie);
    expect(campaigns.status).toBe(200);
    expect(campaigns.html).toContain('data-testid="campaign-card"');
    expect(campaigns.html).toContain("Aspen mailer");
    expect(campaigns.html).not.toContain("Aspen Lead");

    const funnel = await page("/marketing?tab=funnel", ana.cookie);
    expect(funnel.status).toBe(200);
    /** The table's row for a stage: its name, then the leads that reached it. */
    const reached = (stage: string, name: string, count: number) =>
      new RegExp(`data-testid="funnel-${stage}"><th[^>]*>${name}</th><td[^>]*>${count}</td>`);
    expect(funnel.html).toMatch(reached("new", "New", 2));
    expect(funnel.html).toMatch(reached("contacted", "Contacted", 1));
    const campaignFunnel = await page(
      `/marketing?tab=funnel&campaignId=${ana.campaignId}`,
      ana.cookie,
    );
    expect(campaignFunnel.html).toMatch(reached("new", "New", 1));

    const bots = await page("/marketing?tab=bots", ana.cookie);
    expect(bots.status).toBe(200);
    expect(bots.html).toContain("Aspen bot");
    const editor = await page(`/marketing?tab=bots&bot=${ana.botId}`, ana.cookie);
    expect(editor.html).toContain('value="Aspen bot"');
    expect(editor.html).toContain('aria-label="Playground"');

    for (const { html } of [campaigns, funnel, campaignFunnel, bots, editor])
      expect(html).not.toContain("Willow");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await marketer("Rowan", 1);
    for (const tab of ["leads", "campaigns", "funnel", "bots"]) {
      const { status, html } = await page(`/marketing?tab=${tab}`);
      expect(status).toBe(200);
      expect(html).toContain("Welcome Back");
      expect(html).not.toContain("Rowan");
    }
  });

  it("answers a query it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await marketer("Larch", 1);
    const theirs = await marketer("Cedar", 1);
    for (const query of [
      "tab=nope",
      "sort=bogus",
      "page=0",
      "status=sold-ish",
      "followUpBy=tomorrow",
      `campaignId=${theirs.campaignId}`,
      `tab=funnel&campaignId=${theirs.campaignId}`,
    ]) {
      const { status, html } = await page(`/marketing?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(/<a[^>]+href="\/marketing"[^>]*>Open Marketing<\/a>/);
      expect(mainOf(html), query).not.toContain("Larch");
      expect(html, query).not.toContain("Cedar");
    }
    // The leads list's parameters are not read on another tab.
    expect((await page("/marketing?tab=campaigns&sort=bogus", cookie)).status).toBe(200);
  });
});

describe("the Connections page", () => {
  /** An account whose Google connection (as AI42 last knew it, in D1) is `<word>@gmail.test`. */
  async function connected(word: string) {
    const { cookie, user } = await register({ first_name: word });
    await database(env.DB)
      .insert(googleConnections)
      .values({
        userId: user.id,
        email: `${word.toLowerCase()}@gmail.test`,
        scopes: Object.values(GOOGLE_SERVICE_SCOPES).join(" "),
        accessToken: "not read here",
        refreshToken: "not read here",
        expiresAt: Date.now() + 3_600_000,
        lastSyncAt: null,
      });
    return { cookie: cookieValue(cookie) };
  }

  it("arrives with the user's Google account, the providers and the usage, none of another user's", async () => {
    const ana = await connected("Aardvark");
    await connected("Zebra");
    const { status, html } = await page("/connections", ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain('data-testid="google-email">aardvark@gmail.test<');
    expect(html.replaceAll("<!-- -->", "")).toContain("Gmail: allowed");
    expect(html).toContain('data-testid="connection-openai"');
    expect(html).toContain('data-testid="usage"');
    expect(html).toMatch(/aria-label="AI tokens today"[^>]*aria-valuetext="0 of [\d,]+"/);
    expect(html).not.toContain("Checking…");
    expect(html).not.toContain("zebra");

    const { cookie } = await register({ first_name: "Newt" });
    const other = await page("/connections", cookieValue(cookie));
    expect(other.html).toContain("Not connected");
    expect(other.html).not.toContain("gmail.test");
  });

  it("says how the Google connect flow ended, in the HTML", async () => {
    const { cookie } = await connected("Heron");
    const { status, html } = await page("/connections?google=denied", cookie);
    expect(status).toBe(200);
    expect(html).toContain("Google was not connected: the permission was declined.");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    await connected("Rowan");
    const { status, html } = await page("/connections?google=connected");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("gmail.test");
    expect(html).not.toContain('data-testid="usage"');
  });

  it("answers an outcome it cannot read with a 400 page and a way back, not a 500", async () => {
    const { cookie } = await connected("Larch");
    for (const outcome of ["bogus", "", "toString"]) {
      const { status, html } = await page(`/connections?google=${outcome}`, cookie);
      expect(status, outcome).toBe(400);
      expect(html, outcome).toContain("This link can&#x27;t be opened");
      expect(html, outcome).toMatch(/<a[^>]+href="\/connections"[^>]*>Open Connections<\/a>/);
      expect(html, outcome).not.toContain("larch@gmail.test");
    }
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

  it("shows a visitor the login screen and reads no data", async () => {
    const { ids } = await bidder("Juniper", 1);
    for (const path of ["/auction", "/auction?view=calendar&month=2027-04", `/auction/${ids[0]}`]) {
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
      expect(mainOf(html), query).not.toContain("Larkspur");
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

  it("opens a phone's browser on the agenda and another on the month, as the browser will", async () => {
    const ana = await planner("Hazel");
    const open = async (headers: Record<string, string>) => {
      const response = await SELF.fetch(`${ORIGIN}/calendar?date=2027-04-06`, {
        headers: { Cookie: ana.cookie, ...headers },
      });
      return withoutJavaScript(await response.text());
    };
    const agenda = '<section aria-label="Agenda"';
    const phoneUserAgent =
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36";
    const phones: Record<string, string>[] = [
      { "User-Agent": phoneUserAgent },
      { "Sec-CH-UA-Mobile": "?1" },
    ];
    for (const headers of phones) {
      const html = await open(headers);
      expect(html).toContain(agenda);
      expect(html).toContain("Hazel walkthrough");
    }
    const desktop = await open({
      "User-Agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/137.0.0.0 Safari/537.36",
      "Sec-CH-UA-Mobile": "?0",
    });
    expect(desktop).not.toContain(agenda);
    expect(desktop).toContain("Hazel walkthrough");
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
      expect(mainOf(html), query).not.toContain("Larkspur");
    }
  });
});

describe("the entries the app starts with (spec §4: the project-hub entries store)", () => {
  it("stream after the HTML of the page the app starts on, never on a navigation's read, never another user's", async () => {
    const ana = await register({ first_name: "Gecko" });
    const bo = await register({ first_name: "Tapir" });
    for (const [token, word] of [
      [ana.token, "Gecko"],
      [bo.token, "Tapir"],
    ]) {
      const response = await api("/data/entries", {
        method: "POST",
        token,
        json: { title: `${word} offer notes`, content: `${word} max bid` },
      });
      expect(response.status).toBe(201);
    }
    const cookie = cookieValue(ana.cookie);
    for (const path of ["/main-agent", "/calendar", "/auction", "/marketing", "/no-such-module"]) {
      const { status, html, source } = await page(path, cookie);
      expect(status, path).toBe(path === "/no-such-module" ? 404 : 200);
      // Data for the app's store, not the page's markup.
      expect(source, path).toContain("Gecko max bid");
      expect(html, path).not.toContain("Gecko max bid");
      expect(source, path).not.toContain("Tapir");
    }
    const pageRoutes = {
      "/main-agent": ["routes/_app.main-agent"],
      "/calendar": ["routes/_app.calendar"],
      "/auction": ["routes/_app.auction._index"],
      "/marketing": ["routes/_app.marketing", "routes/_app.marketing._index"],
    };
    for (const [path, routes] of Object.entries(pageRoutes))
      expect(await navigationRead(path, cookie, routes), path).not.toContain("Gecko max bid");
    // The shell starting after a client navigation from outside it (the sign-in page) reads them.
    expect(await navigationRead("/home", cookie, ["routes/_app", "routes/_app.home"])).toContain(
      "Gecko max bid",
    );
    expect((await page("/main-agent")).source).not.toContain("max bid");
  });
});

describe("Google Calendar on the pages", () => {
  it("streams Google's events and calendars after the HTML, each user's own", async () => {
    const ana = await googleUser("Kestrel");
    const bo = await googleUser("Falcon");
    // A calendar of Google's list only: it is not shown, so none of its events is merged.
    const googleCalendar = "Holidays in United States";
    const pages = {
      home: await page(`/home?date=${ana.day}`, ana.cookie),
      week: await page("/main-agent", ana.cookie),
      calendar: await page(`/calendar?date=${ana.day}`, ana.cookie),
      auctions: await page("/auction", ana.cookie),
    };
    for (const [name, { status, html, source }] of Object.entries(pages)) {
      expect(status, name).toBe(200);
      expect(html, name).not.toContain("Kestrel showing");
      expect(source, name).not.toContain("Falcon");
      expect(source, name).not.toContain(bo.event.calendarId);
    }
    for (const name of ["home", "week", "calendar"] as const)
      expect(pages[name].source, name).toContain("Kestrel showing");
    // The calendars: AI42's own in the HTML (the legend), the Google ones streamed after it.
    expect(pages.calendar.html).toContain("Project closings");
    expect(pages.calendar.html).not.toContain(googleCalendar);
    expect(pages.calendar.source).toContain(googleCalendar);
    // The auctions' setting: the choice in the HTML, the Google calendars to choose streamed.
    expect(pages.auctions.html).toContain('id="auction-google-calendar-choice"');
    expect(pages.auctions.html).not.toContain(googleCalendar);
    expect(pages.auctions.source).toContain(googleCalendar);
  });

  it("without Google connected, the pages are whole in the HTML and the auctions say where to connect it", async () => {
    const { cookie, token } = await register({ first_name: "Marten" });
    await walkthroughNow(token, "Marten");
    const home = await page("/home", cookieValue(cookie));
    expect(home.html).toContain("Marten walkthrough");
    expect(home.html).not.toContain('data-skeleton="list"');
    const auctions = await page("/auction", cookieValue(cookie));
    expect(auctions.html).toContain("Connect Google in Connections");
    expect(auctions.html).not.toContain('id="auction-google-calendar-choice"');
  });
});
