/**
 * Module pages rendered with their data (issue 28): the `$` route's loader reads the module's first
 * screen for the session cookie's user, so the HTML holds it, readable without JavaScript; a
 * visitor gets the login screen and no data; a query string the module cannot read is a 400 page.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { GOOGLE_SERVICE_SCOPES } from "../../app/domain/google";
import { database } from "../../worker/db/client";
import { googleConnections } from "../../worker/db/schema";
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

    const campaign = await page(`/marketing?campaign=${ana.campaignId}`, ana.cookie);
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
      `/marketing?tab=funnel&campaign=${ana.campaignId}`,
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
      `campaign=${theirs.campaignId}`,
      `tab=funnel&campaign=${theirs.campaignId}`,
    ]) {
      const { status, html } = await page(`/marketing?${query}`, cookie);
      expect(status, query).toBe(400);
      expect(html, query).toContain("This link can&#x27;t be opened");
      expect(html, query).toMatch(/<a[^>]+href="\/marketing"[^>]*>Open Marketing<\/a>/);
      expect(html, query).not.toContain("Larch");
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
