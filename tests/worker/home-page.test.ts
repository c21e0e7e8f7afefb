/**
 * The dashboard at its own route (/home): `/` opens it, the server HTML holds the user's figures
 * and cards (and none of another user's), each card links to records at their own URLs, and a
 * day it cannot read is a 400 page. Emails, a module the spec has disabled, is the 404 page.
 */
import { describe, expect, it } from "vitest";
import { api, cookieValue, pageAt as page, register } from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** An investor with a document and a research report, named after `word`. */
async function investor(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const entry = await api("/data/entries", {
    method: "POST",
    token,
    json: { title: `${word} offer notes` },
  });
  expect(entry.status).toBe(201);
  const document = ((await entry.json()) as { data: { id: string } }).data;
  const asked = await api("/ai/property-research", {
    method: "POST",
    token,
    json: { query: `4 ${word} Ct: flip or rent?` },
  });
  expect(asked.status).toBe(201);
  const research = ((await asked.json()) as { data: { id: string } }).data;
  return { cookie: cookieValue(cookie), document, research };
}

describe("the dashboard's route", () => {
  it("is where / goes", async () => {
    const { cookie } = await investor("Larch");
    const { status, location } = await page("/", cookie);
    expect(status).toBe(302);
    expect(location).toBe("/home");
  });

  it("arrives with the user's cards, linking each record to its own page", async () => {
    const ana = await investor("Alder");
    await investor("Rowan");
    const { status, html } = await page("/home", ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Dashboard · AI42</title>");
    expect(html).toContain("Welcome, Alder");
    expect(html).toMatch(/<a aria-current="page"[^>]+href="\/home"/);
    expect(html).toContain(`href="/project-hub/documents/${ana.document.id}"`);
    expect(html).toContain(`href="/property-research/${ana.research.id}"`);
    expect(html).not.toContain("Rowan");
  });

  it("answers a day it cannot read with a 400 page and a way back", async () => {
    const { cookie } = await investor("Sorrel");
    const { status, html } = await page("/home?date=2027-02-31", cookie);
    expect(status).toBe(400);
    expect(html).toContain("Use a real day for the date, like 2027-03-31");
    expect(html).toMatch(/<a[^>]+href="\/home"[^>]*>Open Dashboard<\/a>/);
  });
});

describe("the Emails route", () => {
  it("is the 404 page while the spec has the module disabled", async () => {
    const { cookie } = await investor("Teasel");
    const { status, html } = await page("/emails", cookie);
    expect(status).toBe(404);
    expect(html).toContain(NOT_FOUND_TEXT);
    expect(html).toContain("<title>Page not found · AI42</title>");
  });
});
