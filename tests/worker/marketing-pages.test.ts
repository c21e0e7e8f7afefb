/**
 * Marketing's records at their own URLs (/marketing/leads/<id>, /marketing/campaigns/<id>, and
 * `new` for each): the server HTML holds the lead or the campaign; another user's id, or none, is
 * the 404 page; the links the query string once opened move there for good; and leads and
 * campaigns are added, changed (against the version the page showed) and deleted through the
 * pages' actions, a campaign's by forms that work without JavaScript; the index's action changes
 * the sequences and the lead bots.
 */
import { describe, expect, it } from "vitest";
import { api, cookieValue, pageAt as page, postForm, postJson, register } from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** A lead's fields as the API and the pages' actions read them. */
const leadInput = (word: string, extra: Record<string, unknown> = {}) => ({
  firstName: word,
  lastName: "Seller",
  email: `${word.toLowerCase()}@example.com`,
  status: "new",
  ...extra,
});

interface Made {
  id: string;
  updatedAt: string;
}

/** An investor with one campaign and one lead in it, named after `word`. */
async function marketer(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const post = async (path: string, json: unknown) => {
    const response = await api(path, { method: "POST", token, json });
    expect(response.status, path).toBe(201);
    return ((await response.json()) as { data: Made }).data;
  };
  const campaign = await post("/marketing/campaigns", {
    name: `${word} mailer`,
    channel: "direct_mail",
    budget: 500,
  });
  const lead = await post("/marketing/leads", leadInput(word, { campaignId: campaign.id }));
  return { cookie: cookieValue(cookie), token, campaign, lead };
}

/** A record as the API reads it now: its status, and its data when it is there. */
async function stored(token: string, path: string) {
  const response = await api(path, { token });
  const data =
    response.status === 200
      ? ((await response.json()) as { data: Record<string, unknown> }).data
      : null;
  return { status: response.status, data };
}

const text = (html: string) => html.replaceAll("<!-- -->", "");
/** The page's link back to the leads list, at `href`. */
const backLink = (href: string) =>
  new RegExp(`<a[^>]+href="${href.replaceAll("?", "\\?")}"[^>]*>(?:(?!</a>).)*All leads</a>`, "s");

describe("Marketing's pages", () => {
  it("arrive with the lead in the HTML, titled with its name, its sequence and form beside it", async () => {
    const ana = await marketer("Hemlock");
    const own = await page(`/marketing/leads/${ana.lead.id}`, ana.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain("<title>Hemlock Seller · AI42</title>");
    expect(own.html).toMatch(/<h2[^>]*>Hemlock Seller<\/h2>/);
    expect(own.html).toContain("Follow-up sequence");
    expect(own.html).toContain('value="hemlock@example.com"');
    // The sidebar's active module is the first segment of the path.
    expect(own.html).toMatch(/<a aria-current="page"[^>]+href="\/marketing"/);

    // The list links each name to its page, keeping the list's query to go back to.
    const list = await page("/marketing?status=new", ana.cookie);
    expect(list.html).toContain(
      `href="/marketing/leads/${ana.lead.id}?back=%2Fmarketing%3Fstatus%3Dnew"`,
    );
    const back = await page(
      `/marketing/leads/${ana.lead.id}?back=${encodeURIComponent("/marketing?status=new")}`,
      ana.cookie,
    );
    expect(back.html).toMatch(backLink("/marketing?status=new"));
    // Never another address.
    const elsewhere = await page(
      `/marketing/leads/${ana.lead.id}?back=${encodeURIComponent("https://evil.example")}`,
      ana.cookie,
    );
    expect(elsewhere.html).toMatch(backLink("/marketing"));
  });

  it("arrive with the campaign, its funnel and its leads in the HTML, titled with its name", async () => {
    const ana = await marketer("Tamarack");
    const own = await page(`/marketing/campaigns/${ana.campaign.id}`, ana.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain("<title>Tamarack mailer · AI42</title>");
    expect(own.html).toMatch(/<h2[^>]*>Tamarack mailer<\/h2>/);
    expect(own.html).toContain('data-testid="funnel-new"');
    expect(own.html).toContain(`href="/marketing/leads/${ana.lead.id}?back=`);
    expect(own.html).toContain('value="Tamarack mailer"');

    const list = await page("/marketing?tab=campaigns", ana.cookie);
    expect(list.html).toContain(`href="/marketing/campaigns/${ana.campaign.id}"`);
  });

  it("are the 404 page for another user's lead or campaign and for an id no one has", async () => {
    const ana = await marketer("Gannet");
    const ben = await marketer("Sequoia");
    for (const path of [
      `/marketing/leads/${ben.lead.id}`,
      `/marketing/campaigns/${ben.campaign.id}`,
      "/marketing/leads/nope",
      "/marketing/campaigns/nope",
      "/marketing/leads/nope/more",
    ]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(404);
      expect(html, path).toContain(NOT_FOUND_TEXT);
      expect(html, path).toContain("<title>Page not found · AI42</title>");
      expect(html, path).not.toContain("Sequoia");
    }
  });

  it("show a visitor the login screen and no lead or campaign", async () => {
    const ana = await marketer("Juniper");
    for (const path of [
      `/marketing/leads/${ana.lead.id}`,
      `/marketing/campaigns/${ana.campaign.id}`,
      "/marketing/leads/new",
      "/marketing/campaigns/new",
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Welcome Back");
      expect(html, path).not.toContain("Juniper");
    }
  });

  it("answer the old query-string links with a permanent redirect to the new URLs", async () => {
    const { cookie } = await marketer("Puffin");
    const moved = {
      "/marketing?new=1": "/marketing/leads/new",
      "/marketing?tab=leads&new=1": "/marketing/leads/new",
      "/marketing?tab=campaigns&new=1": "/marketing/campaigns/new",
      "/marketing?tab=leads&sequence=l1": "/marketing/leads/l1",
      "/marketing?campaign=c1": "/marketing/campaigns/c1",
      "/marketing?tab=leads&campaign=c1": "/marketing/campaigns/c1",
      "/marketing?tab=funnel&campaign=c1": "/marketing/campaigns/c1",
    };
    for (const [from, to] of Object.entries(moved)) {
      const answer = await page(from, cookie);
      expect(answer.status, from).toBe(301);
      expect(answer.location, from).toBe(to);
    }
  });
});

describe("Marketing's actions", () => {
  it("add a lead, refusing one the API would refuse and changing nothing", async () => {
    const ana = await marketer("Avocet");
    const refused = await postJson("/marketing/leads/new", ana.cookie, {
      input: leadInput("Avocet", { email: "not an address", score: 500 }),
    });
    expect(refused.status).toBe(400);
    const before = await api("/marketing/leads", { token: ana.token });
    expect(((await before.json()) as { meta: { total: number } }).meta.total).toBe(1);

    const made = await postJson("/marketing/leads/new", ana.cookie, {
      input: leadInput("Bittern", { score: 70 }),
    });
    expect(made.status).toBe(200);
    const after = await api("/marketing/leads?q=Bittern", { token: ana.token });
    const { data } = (await after.json()) as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ firstName: "Bittern", score: 70 });

    // Its phones and e-mails are lists the page builds: a form's post is refused, not half-read.
    const form = await postForm("/marketing/leads/new", ana.cookie, { firstName: "Curlew" });
    expect(form.status).toBe(400);
    expect(form.html).toContain("Adding a lead needs JavaScript");
  });

  it("change a lead against the version shown; a stale version is a 412 that changes nothing", async () => {
    const ana = await marketer("Dunlin");
    const path = `/marketing/leads/${ana.lead.id}`;
    const saved = await postJson(path, ana.cookie, {
      intent: "update",
      version: ana.lead.updatedAt,
      input: leadInput("Dunlin", { status: "contacted" }),
    });
    expect(saved.status).toBe(200);
    expect((await stored(ana.token, path)).data).toMatchObject({ status: "contacted" });

    const refused = await postJson(path, ana.cookie, {
      intent: "update",
      version: ((await stored(ana.token, path)).data as { updatedAt: string }).updatedAt,
      input: leadInput("Dunlin", { status: "sold-ish" }),
    });
    expect(refused.status).toBe(400);
    expect((await stored(ana.token, path)).data).toMatchObject({ status: "contacted" });

    const stale = await postJson(path, ana.cookie, {
      intent: "update",
      version: ana.lead.updatedAt,
      input: leadInput("Dunlin", { status: "dead" }),
    });
    expect(stale.status).toBe(412);
    expect((await stored(ana.token, path)).data).toMatchObject({ status: "contacted" });

    const unversioned = await postJson(path, ana.cookie, { intent: "update", input: {} });
    expect(unversioned.status).toBe(400);
  });

  it("delete a lead without JavaScript against the version shown, then open the list with its filters", async () => {
    const ana = await marketer("Knot");
    const ben = await marketer("Heron");
    const path = `/marketing/leads/${ana.lead.id}`;
    const stale = await postForm(path, ana.cookie, {
      intent: "delete",
      version: "2020-01-01T00:00:00.000Z",
      back: "/marketing",
    });
    expect(stale.status).toBe(412);
    expect(stale.html).toContain("changed elsewhere");
    expect((await stored(ana.token, path)).status).toBe(200);

    // Another user's lead is not there to delete.
    const others = await postForm(`/marketing/leads/${ben.lead.id}`, ana.cookie, {
      intent: "delete",
      version: ben.lead.updatedAt,
    });
    expect(others.status).toBe(404);
    expect((await stored(ben.token, `/marketing/leads/${ben.lead.id}`)).status).toBe(200);

    const deleted = await postForm(path, ana.cookie, {
      intent: "delete",
      version: ana.lead.updatedAt,
      back: "/marketing?status=new&sort=name",
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/marketing?status=new&sort=name");
    expect((await stored(ana.token, path)).status).toBe(404);
  });

  it("add a campaign from a form without JavaScript, refusing one the API would refuse", async () => {
    const ana = await marketer("Osprey");
    const refused = await postForm("/marketing/campaigns/new", ana.cookie, {
      name: "",
      channel: "direct_mail",
      budget: "$1,200",
    });
    expect(refused.status).toBe(400);
    expect(text(refused.html)).toContain("Give the campaign a name");
    // What was typed is shown again.
    expect(refused.html).toContain('value="$1,200"');
    const before = await api("/marketing/campaigns", { token: ana.token });
    expect(((await before.json()) as { data: unknown[] }).data).toHaveLength(1);

    const made = await postForm("/marketing/campaigns/new", ana.cookie, {
      name: "Bandit signs",
      channel: "bandit_signs",
      budget: "$1,200",
    });
    expect(made.status).toBe(303);
    const after = await api("/marketing/campaigns", { token: ana.token });
    const { data } = (await after.json()) as { data: (Made & Record<string, unknown>)[] };
    const signs = data.find((campaign) => campaign.name === "Bandit signs")!;
    expect(signs).toMatchObject({ channel: "bandit_signs", budget: 1200 });
    expect(made.location).toBe(`/marketing/campaigns/${signs.id}`);
  });

  it("change a campaign from its form against the version shown; a stale one is a 412", async () => {
    const ana = await marketer("Plover");
    const path = `/marketing/campaigns/${ana.campaign.id}`;
    const fields = { intent: "update", name: "Plover mailer 2", channel: "direct_mail" };
    const saved = await postForm(path, ana.cookie, { ...fields, version: ana.campaign.updatedAt });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    expect((await stored(ana.token, path)).data).toMatchObject({ name: "Plover mailer 2" });

    const refused = await postForm(path, ana.cookie, {
      ...fields,
      name: "Plover mailer 3",
      endOn: "2020-01-01",
      startOn: "2021-01-01",
      version: ((await stored(ana.token, path)).data as { updatedAt: string }).updatedAt,
    });
    expect(refused.status).toBe(400);
    expect(text(refused.html)).toContain("The end date is before the start");
    expect((await stored(ana.token, path)).data).toMatchObject({ name: "Plover mailer 2" });

    const stale = await postForm(path, ana.cookie, {
      ...fields,
      name: "Plover mailer 4",
      version: ana.campaign.updatedAt,
    });
    expect(stale.status).toBe(412);
    expect((await stored(ana.token, path)).data).toMatchObject({ name: "Plover mailer 2" });
  });

  it("delete a campaign, its leads staying without it", async () => {
    const ana = await marketer("Rail");
    const path = `/marketing/campaigns/${ana.campaign.id}`;
    const deleted = await postForm(path, ana.cookie, {
      intent: "delete",
      version: ana.campaign.updatedAt,
      back: "/marketing?tab=campaigns",
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/marketing?tab=campaigns");
    expect((await stored(ana.token, path)).status).toBe(404);
    expect((await stored(ana.token, `/marketing/leads/${ana.lead.id}`)).data).toMatchObject({
      campaignId: null,
    });
  });

  it("make, change and delete a sequence and its settings through the index's action", async () => {
    const ana = await marketer("Tern");
    const steps = [{ day: 0, action: "email", subject: "Hi", body: "Would you sell?" }];
    const refused = await postJson("/marketing?index", ana.cookie, {
      intent: "save-sequence",
      input: { name: "", steps },
    });
    expect(refused.status).toBe(400);
    const none = await api("/marketing/sequences", { token: ana.token });
    expect(((await none.json()) as { data: unknown[] }).data).toHaveLength(0);

    const made = await postJson("/marketing?index", ana.cookie, {
      intent: "save-sequence",
      input: { name: "Sellers", steps },
    });
    expect(made.status).toBe(200);
    const list = async () =>
      (
        (await (await api("/marketing/sequences", { token: ana.token })).json()) as {
          data: (Made & { name: string })[];
        }
      ).data;
    const [sequence] = await list();
    expect(sequence).toMatchObject({ name: "Sellers" });
    await postJson("/marketing?index", ana.cookie, {
      intent: "save-sequence",
      id: sequence!.id,
      input: { name: "Sellers 2", steps },
    });
    expect((await list())[0]).toMatchObject({ name: "Sellers 2" });

    const settings = await postJson("/marketing?index", ana.cookie, {
      intent: "sequence-settings",
      input: { enabled: true, dailyCap: 20 },
    });
    expect(settings.status).toBe(200);
    const kept = await api("/marketing/sequences/settings", { token: ana.token });
    expect(((await kept.json()) as { data: unknown }).data).toMatchObject({
      enabled: true,
      dailyCap: 20,
    });

    await postJson("/marketing?index", ana.cookie, { intent: "delete-sequence", id: sequence!.id });
    expect(await list()).toHaveLength(0);
  });

  it("make, change and delete a lead bot through the index's action, against the version shown", async () => {
    const ana = await marketer("Plover");
    const questions = [{ text: "Who am I speaking with?", field: "name" }];
    const input = { name: "Sam", persona: "Brief", handOff: "Say we will call", questions };
    const bots = async () =>
      (
        (await (await api("/marketing/bots", { token: ana.token })).json()) as {
          data: (Made & { name: string })[];
        }
      ).data;

    // The bots tab's scripts read the action's answer (single fetch's `.data`).
    const refused = await postJson("/marketing.data?index", ana.cookie, {
      intent: "save-bot",
      input: { ...input, name: " ", questions: [] },
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Give the bot a name");
    expect(refused.html).toContain("Give the bot at least one question");
    expect(await bots()).toHaveLength(0);

    const made = await postJson("/marketing.data?index", ana.cookie, { intent: "save-bot", input });
    expect(made.status).toBe(200);
    const [bot] = await bots();
    expect(bot).toMatchObject({ name: "Sam" });
    expect(made.html).toContain(bot!.id);

    const changed = await postJson("/marketing?index", ana.cookie, {
      intent: "save-bot",
      id: bot!.id,
      version: bot!.updatedAt,
      input: { ...input, name: "Samantha" },
    });
    expect(changed.status).toBe(200);
    const [now] = await bots();
    expect(now).toMatchObject({ name: "Samantha" });

    // Made against the version before the change: refused, nothing changed or deleted.
    for (const stale of [
      { intent: "save-bot", id: bot!.id, version: bot!.updatedAt, input },
      { intent: "delete-bot", id: bot!.id, version: bot!.updatedAt },
    ]) {
      const answer = await postJson("/marketing.data?index", ana.cookie, stale);
      expect(answer.status, stale.intent).toBe(412);
      expect(answer.html, stale.intent).toContain(now!.updatedAt);
      expect(await bots(), stale.intent).toMatchObject([{ name: "Samantha" }]);
    }
    const unversioned = await postJson("/marketing?index", ana.cookie, {
      intent: "delete-bot",
      id: bot!.id,
    });
    expect(unversioned.status).toBe(400);

    const deleted = await postJson("/marketing?index", ana.cookie, {
      intent: "delete-bot",
      id: bot!.id,
      version: now!.updatedAt,
    });
    expect(deleted.status).toBe(200);
    expect(await bots()).toHaveLength(0);
  });

  it("refuse a form from another site", async () => {
    const ana = await marketer("Stilt");
    for (const [path, version] of [
      [`/marketing/leads/${ana.lead.id}`, ana.lead.updatedAt],
      [`/marketing/campaigns/${ana.campaign.id}`, ana.campaign.updatedAt],
    ] as const) {
      const forged = await postForm(
        path,
        ana.cookie,
        { intent: "delete", version },
        "https://evil.example",
      );
      expect(forged.status, path).toBe(403);
      expect((await stored(ana.token, path)).status, path).toBe(200);
    }
  });
});
