/**
 * Auctions' pages at their own URLs (/auction/<id>, /auction/new, /auction/sale-types): the
 * server HTML holds the auction; another user's id, or none, is the 404 page; the links the query
 * string once opened move there for good; and an auction is added, changed (against the version
 * the page showed) and deleted through the pages' actions, the delete by a form that works
 * without JavaScript; its files are listed in its HTML and deleted through its action.
 */
import { describe, expect, it } from "vitest";
import {
  api,
  cookieValue,
  fileNames,
  pageAt as page,
  postForm,
  postJson,
  register,
  uploadFile,
} from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** An auction's fields as the API and the pages' actions read them. */
const auctionInput = (word: string, extra: Record<string, unknown> = {}) => ({
  saleType: "sheriff",
  status: "upcoming",
  saleAt: "2027-04-06T10:00:00-04:00",
  timeZone: "America/New_York",
  address: `1 ${word} Ave`,
  state: "OH",
  depositAmount: 5000,
  ...extra,
});

/** An investor with one auction, named after `word`. */
async function bidder(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const response = await api("/auctions", { method: "POST", token, json: auctionInput(word) });
  expect(response.status).toBe(201);
  const auction = ((await response.json()) as { data: { id: string; updatedAt: string } }).data;
  return { cookie: cookieValue(cookie), token, auction };
}

/** The auction as the API reads it now: its status, and its data when it is there. */
async function stored(token: string, id: string) {
  const response = await api(`/auctions/${id}`, { token });
  const data =
    response.status === 200
      ? ((await response.json()) as { data: Record<string, unknown> }).data
      : null;
  return { status: response.status, data };
}

describe("Auctions' pages", () => {
  it("arrive with the auction in the HTML, titled with its address", async () => {
    const ana = await bidder("Hemlock");
    const own = await page(`/auction/${ana.auction.id}`, ana.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain("<title>1 Hemlock Ave · AI42</title>");
    expect(own.html).toMatch(/<h2[^>]*>1 Hemlock Ave<\/h2>/);
    expect(own.html).toContain('aria-label="Status history"');
    expect(own.html).toContain("Added as upcoming");
    // The sidebar's active module is the first segment of the path.
    expect(own.html).toMatch(/<a aria-current="page"[^>]+href="\/auction"/);

    // The list links each address to its page.
    const list = await page("/auction", ana.cookie);
    expect(list.html).toContain(`href="/auction/${ana.auction.id}"`);
  });

  it("are the 404 page for another user's auction and for an id no one has", async () => {
    const ana = await bidder("Gannet");
    const ben = await bidder("Sequoia");
    for (const path of [`/auction/${ben.auction.id}`, "/auction/nope", "/auction/nope/more"]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(404);
      expect(html, path).toContain(NOT_FOUND_TEXT);
      expect(html, path).toContain("<title>Page not found · AI42</title>");
      expect(html, path).not.toContain("Sequoia");
    }
  });

  it("start the new-auction form from the property the URL names, and guide the sale types", async () => {
    const { cookie, token } = await register({ first_name: "Osprey" });
    const made = await api("/data/properties", {
      method: "POST",
      token,
      json: { address: "9 Osprey Ln", city: "Austin", state: "TX", zip: "78701" },
    });
    expect(made.status).toBe(200);
    const [propertyId] = ((await made.json()) as { data: { ids: string[] } }).data.ids;
    const form = await page(`/auction/new?property=${propertyId}`, cookieValue(cookie));
    expect(form.status).toBe(200);
    expect(form.html).toContain("<title>Add an auction · AI42</title>");
    expect(form.html).toContain('value="9 Osprey Ln"');
    // Texas's zone, not the session's.
    expect(form.html).toMatch(/<option value="America\/Chicago" selected=""/);

    const guide = await page("/auction/sale-types", cookieValue(cookie));
    expect(guide.status).toBe(200);
    expect(guide.html).toContain("The five sale types");
  });

  it("show a visitor the login screen and no auction", async () => {
    const ana = await bidder("Juniper");
    for (const path of [`/auction/${ana.auction.id}`, "/auction/new"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Welcome Back");
      expect(html, path).not.toContain("Juniper");
    }
  });

  it("answer the old query-string links with a permanent redirect to the new URLs", async () => {
    const { cookie } = await bidder("Puffin");
    const moved = {
      "/auction?auction=a1": "/auction/a1",
      "/auction?auction=new": "/auction/new",
      "/auction?auction=new&property=p1": "/auction/new?property=p1",
      "/auction?guide=1": "/auction/sale-types",
    };
    for (const [from, to] of Object.entries(moved)) {
      const answer = await page(from, cookie);
      expect(answer.status, from).toBe(301);
      expect(answer.location, from).toBe(to);
    }
  });
});

describe("Auctions' actions", () => {
  it("add an auction, refusing one the API would refuse and changing nothing", async () => {
    const ana = await bidder("Avocet");
    const refused = await postJson("/auction/new", ana.cookie, {
      input: auctionInput("Avocet", { saleType: "raffle", address: "" }),
    });
    expect(refused.status).toBe(400);
    const before = await api("/auctions", { token: ana.token });
    expect(((await before.json()) as { meta: { total: number } }).meta.total).toBe(1);

    const created = await postJson("/auction/new", ana.cookie, {
      input: auctionInput("Avocet", { address: "2 Avocet Ave", openingBid: 61_000 }),
    });
    expect(created.status).toBe(200);
    const after = await api("/auctions?q=2%20Avocet", { token: ana.token });
    const { data } = (await after.json()) as { data: Record<string, unknown>[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ address: "2 Avocet Ave", openingBid: 61_000 });
  });

  it("need JavaScript to add an auction: a form's post is refused, not half-read", async () => {
    const ana = await bidder("Bittern");
    const refused = await postForm("/auction/new", ana.cookie, { address: "3 Bittern Ave" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Adding an auction needs JavaScript");
  });

  it("change an auction against the version shown; a stale version is a 412 that changes nothing", async () => {
    const ana = await bidder("Curlew");
    const path = `/auction/${ana.auction.id}`;
    const saved = await postJson(path, ana.cookie, {
      intent: "update",
      version: ana.auction.updatedAt,
      input: auctionInput("Curlew", {
        status: "postponed",
        postponedTo: "2027-05-04T10:00:00-04:00",
      }),
    });
    expect(saved.status).toBe(200);
    const { data } = await stored(ana.token, ana.auction.id);
    expect(data).toMatchObject({ status: "postponed" });
    expect((data!.history as unknown[]).length).toBe(2);

    const stale = await postJson(path, ana.cookie, {
      intent: "update",
      version: ana.auction.updatedAt,
      input: auctionInput("Curlew", { status: "cancelled" }),
    });
    expect(stale.status).toBe(412);
    expect((await stored(ana.token, ana.auction.id)).data).toMatchObject({ status: "postponed" });

    const unversioned = await postJson(path, ana.cookie, { intent: "update", input: {} });
    expect(unversioned.status).toBe(400);
  });

  it("keep the calculator's inputs as the user's defaults, refusing ones out of range", async () => {
    const ana = await bidder("Dunlin");
    const path = `/auction/${ana.auction.id}`;
    const refused = await postJson(path, ana.cookie, {
      intent: "keep-defaults",
      defaults: { sellingCostsPct: 500, targetProfitPct: 15 },
    });
    expect(refused.status).toBe(400);
    const kept = await postJson(path, ana.cookie, {
      intent: "keep-defaults",
      defaults: { sellingCostsPct: 8, targetProfitPct: 15 },
    });
    expect(kept.status).toBe(200);
    const defaults = await api("/auctions/max-bid/defaults", { token: ana.token });
    expect(((await defaults.json()) as { data: unknown }).data).toEqual({
      sellingCostsPct: 8,
      targetProfitPct: 15,
    });
  });

  it("delete an auction without JavaScript against the version shown, then open the list", async () => {
    const ana = await bidder("Knot");
    const ben = await bidder("Heron");
    const path = `/auction/${ana.auction.id}`;
    const stale = await postForm(path, ana.cookie, {
      intent: "delete",
      version: "2020-01-01T00:00:00.000Z",
      back: "/auction",
    });
    expect(stale.status).toBe(412);
    expect(stale.html).toContain("changed elsewhere");
    expect((await stored(ana.token, ana.auction.id)).status).toBe(200);

    // Another user's auction is not there to delete.
    const others = await postForm(`/auction/${ben.auction.id}`, ana.cookie, {
      intent: "delete",
      version: ben.auction.updatedAt,
    });
    expect(others.status).toBe(404);
    expect((await stored(ben.token, ben.auction.id)).status).toBe(200);

    const deleted = await postForm(path, ana.cookie, {
      intent: "delete",
      version: ana.auction.updatedAt,
      back: "/auction?status=upcoming",
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/auction?status=upcoming");
    expect((await stored(ana.token, ana.auction.id)).status).toBe(404);
  });

  it("list the auction's files in its HTML and delete one of them, never another user's", async () => {
    const ana = await bidder("Avocet");
    const ben = await bidder("Stilt");
    const ours = await uploadFile(ana.token, "auction", ana.auction.id, "avocet-notice.csv");
    const theirs = await uploadFile(ben.token, "auction", ben.auction.id, "stilt-notice.csv");
    expect((await page(`/auction/${ana.auction.id}`, ana.cookie)).html).toContain(
      "avocet-notice.csv",
    );
    const path = `/auction/${ana.auction.id}.data`;
    const refused = await postForm(path, ana.cookie, { intent: "delete-file", fileId: theirs });
    expect(refused.status).toBe(404);
    expect(await fileNames(ben.token, "auction", ben.auction.id)).toEqual(["stilt-notice.csv"]);
    const deleted = await postForm(path, ana.cookie, { intent: "delete-file", fileId: ours });
    expect(deleted.status).toBe(200);
    expect(await fileNames(ana.token, "auction", ana.auction.id)).toEqual([]);
  });

  it("refuse a form from another site", async () => {
    const ana = await bidder("Plover");
    const forged = await postForm(
      `/auction/${ana.auction.id}`,
      ana.cookie,
      { intent: "delete", version: ana.auction.updatedAt },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect((await stored(ana.token, ana.auction.id)).status).toBe(200);
  });
});
