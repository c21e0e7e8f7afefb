/**
 * A research report's page at its own URL (/property-research/<id>): the server HTML holds the
 * report; another user's id, or none, is the 404 page; the link the query string once opened
 * moves there for good; and a report is saved to the Project Hub and deleted through the page's
 * action, by forms that work without JavaScript.
 */
import { describe, expect, it } from "vitest";
import { api, cookieValue, pageAt as page, postForm, postJson, register } from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** An investor with one report, on `word`'s street, asked of the fake OpenAI. */
async function researcher(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const query = `4 ${word} Ct: flip or rent?`;
  const response = await api("/ai/property-research", { method: "POST", json: { query }, token });
  expect(response.status).toBe(201);
  const research = ((await response.json()) as { data: { id: string } }).data;
  return { cookie: cookieValue(cookie), token, research, query };
}

/** The report as the API's history lists it now; null once it is not there. */
async function stored(token: string, id: string) {
  const response = await api("/ai/research?limit=100", { token });
  const { data } = (await response.json()) as {
    data: { id: string; savedEntryId: string | null }[];
  };
  return data.find((research) => research.id === id) ?? null;
}

/** The titles of the user's Project Hub documents. */
async function documents(token: string) {
  const response = await api("/data/entries", { token });
  return ((await response.json()) as { data: { title: string }[] }).data.map((e) => e.title);
}

describe("a research report's page", () => {
  it("arrives with the report in the HTML, titled with what was researched", async () => {
    const ana = await researcher("Tansy");
    const own = await page(`/property-research/${ana.research.id}`, ana.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain(`<title>${ana.query} · AI42</title>`);
    expect(own.html).toContain('data-testid="research-report"');
    expect(own.html).toContain("Research summary for 4 Tansy Ct");
    // The sidebar's active module is the first segment of the path.
    expect(own.html).toMatch(/<a aria-current="page"[^>]+href="\/property-research"/);

    // The history links each report to its page.
    const history = await page("/property-research", ana.cookie);
    expect(history.html).toContain(`href="/property-research/${ana.research.id}"`);
    expect(history.html).not.toContain('data-testid="research-report"');
  });

  it("is the 404 page for another user's report and for an id no one has", async () => {
    const ana = await researcher("Gannet");
    const bo = await researcher("Nettle");
    for (const path of [
      `/property-research/${bo.research.id}`,
      "/property-research/nope",
      "/property-research/nope/more",
    ]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(404);
      expect(html, path).toContain(NOT_FOUND_TEXT);
      expect(html, path).toContain("<title>Page not found · AI42</title>");
      expect(html, path).not.toContain("Nettle");
    }
  });

  it("shows a visitor the login screen and no report", async () => {
    const ana = await researcher("Chervil");
    const { status, html } = await page(`/property-research/${ana.research.id}`);
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Chervil");
  });

  it("answers the old query-string link with a permanent redirect to the report's URL", async () => {
    const { cookie } = await researcher("Puffin");
    for (const from of ["/property-research?report=r1", "/property-research?page=2&report=r1"]) {
      const answer = await page(from, cookie);
      expect(answer.status, from).toBe(301);
      expect(answer.location, from).toBe("/property-research/r1");
    }
  });
});

describe("a research report's actions", () => {
  it("save the report to the Project Hub once, without JavaScript, and open it again", async () => {
    const ana = await researcher("Avocet");
    const path = `/property-research/${ana.research.id}`;
    const saved = await postForm(path, ana.cookie, { intent: "save" });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    const savedEntryId = (await stored(ana.token, ana.research.id))?.savedEntryId;
    expect(savedEntryId).toBeTruthy();

    // Saved again (twice, or from another tab): the same document, never a second copy.
    expect((await postForm(path, ana.cookie, { intent: "save" })).status).toBe(303);
    expect((await stored(ana.token, ana.research.id))?.savedEntryId).toBe(savedEntryId);
    expect(await documents(ana.token)).toEqual([`Research: ${ana.query}`]);

    const reopened = await page(path, ana.cookie);
    expect(reopened.html).toContain(`href="/project-hub/documents/${savedEntryId}"`);
    expect(reopened.html).toContain("Saved: open in Project Hub");
  });

  it("refuse a change there is none of, changing nothing", async () => {
    const ana = await researcher("Bittern");
    const refused = await postForm(`/property-research/${ana.research.id}`, ana.cookie, {
      intent: "rename",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("There is no change “rename” of a research report");
    expect(await stored(ana.token, ana.research.id)).toMatchObject({ savedEntryId: null });
  });

  it("delete a report without JavaScript, then open the history; never another user's", async () => {
    const ana = await researcher("Knot");
    const ben = await researcher("Heron");
    const others = await postForm(`/property-research/${ben.research.id}`, ana.cookie, {
      intent: "delete",
    });
    expect(others.status).toBe(404);
    expect(await stored(ben.token, ben.research.id)).not.toBeNull();

    const deleted = await postForm(`/property-research/${ana.research.id}`, ana.cookie, {
      intent: "delete",
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/property-research");
    expect(await stored(ana.token, ana.research.id)).toBeNull();
  });

  it("delete a report from the history with JavaScript, keeping its copy in the Project Hub", async () => {
    const ana = await researcher("Dunlin");
    const path = `/property-research/${ana.research.id}`;
    expect((await postForm(path, ana.cookie, { intent: "save" })).status).toBe(303);
    // The history's scripts send JSON and read the action's answer (single fetch's `.data`).
    const deleted = await postJson(`${path}.data`, ana.cookie, { intent: "delete" });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain("deleted");
    expect(await stored(ana.token, ana.research.id)).toBeNull();
    expect(await documents(ana.token)).toEqual([`Research: ${ana.query}`]);
  });

  it("refuse a form from another site", async () => {
    const ana = await researcher("Plover");
    const forged = await postForm(
      `/property-research/${ana.research.id}`,
      ana.cookie,
      { intent: "delete" },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(await stored(ana.token, ana.research.id)).not.toBeNull();
  });
});
