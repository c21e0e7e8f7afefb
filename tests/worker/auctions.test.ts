/**
 * Auctions inside workerd with real local D1: CRUD with filters and paging, another user's
 * auction, the status history, the import, the maximum bid, and the auction's dates in the
 * calendar: AI42's own listing and the Google calendar chosen for auctions (the local fake Google).
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { runTool } from "../../worker/services/agent-tools";
import { connected, fake, fakeLog } from "./google-fake";
import { account, ORIGIN, type Caller } from "./helpers";

type Data<T> = { data: T; meta?: { page: number; limit: number; total: number } };
type Failure = {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
};
interface Auction {
  id: string;
  saleType: string;
  saleAt: string;
  timeZone: string;
  currentSaleAt: string;
  address: string;
  county: string | null;
  state: string | null;
  status: string;
  postponedTo: string | null;
  openingBid: number | null;
  depositPct: number | null;
  plannedBid: number | null;
  depositDue: number | null;
  depositDueAt: string | null;
  propertyId: string | null;
}
interface Detail extends Auction {
  history: { status: string; changedAt: string; postponedTo?: string }[];
  links: {
    property: { id: string; address: string } | null;
    deal: { id: string; name: string } | null;
    project: { id: string; name: string } | null;
    documents: { id: string; title: string }[];
  };
}
interface Event {
  id: string;
  source: string;
  calendarId: string;
  kind: string;
  summary: string;
  auctionId: string | null;
  readOnly: boolean;
  start: { dateTime?: string; timeZone?: string };
  end: { dateTime?: string };
}
type Write = Data<Auction> & { meta: { calendar: { status: string; message?: string } } };

const DAY = 86_400_000;
/** A day ahead, at 10:00 in New York (−05:00 in winter, −04:00 in summer: the offset is given). */
const daysAhead = (days: number, hour = 15) => {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

const SHERIFF = {
  saleType: "sheriff",
  saleAt: daysAhead(10),
  address: "12 Oak St",
  city: "Pittsburgh",
  county: "Allegheny",
  state: "PA",
  zip: "15212",
  caseNumber: "MG-24-001234",
  venue: "Courthouse, Room 1",
  openingBid: 48000,
  depositPct: 10,
  plannedBid: 95000,
  depositDueAt: daysAhead(10, 20),
};

const countRows = async (table: string, userId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`)
    .bind(userId)
    .first<{ n: number }>())!.n;

const create = async (call: Caller, overrides: Record<string, unknown> = {}) => {
  const created = await call<Write>("/auctions", {
    method: "POST",
    json: { ...SHERIFF, ...overrides },
  });
  expect(created.status).toBe(201);
  return created.body.data;
};

const put = (call: Caller, id: string, body: Record<string, unknown>) =>
  call<Write>(`/auctions/${id}`, { method: "PUT", json: { ...SHERIFF, ...body } });

const eventsOf = async (call: Caller, auctionId: string) => {
  const timeMin = encodeURIComponent(new Date().toISOString());
  const timeMax = encodeURIComponent(new Date(Date.now() + 120 * DAY).toISOString());
  const { status, body } = await call<Data<Event[]>>(
    `/calendar/events?timeMin=${timeMin}&timeMax=${timeMax}`,
  );
  expect(status).toBe(200);
  return body.data.filter((event) => event.auctionId === auctionId);
};

describe("an auction's record", () => {
  it("is created with its zone from the state, its deposit on the planned bid, and one history entry", async () => {
    const { call, user } = await account();
    const property = await call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: { address: "12 Oak St", city: "Pittsburgh", state: "PA", arv: 160000 },
    });
    const propertyId = property.body.data.ids[0]!;
    const auction = await create(call, { propertyId });
    expect(auction).toMatchObject({
      saleType: "sheriff",
      timeZone: "America/New_York",
      status: "upcoming",
      currentSaleAt: SHERIFF.saleAt,
      propertyId,
      // 10 % of the planned $95,000 bid.
      depositDue: 9500,
    });
    expect(auction).not.toHaveProperty("userId");
    expect(auction).not.toHaveProperty("googleSaleEventId");

    const detail = await call<Data<Detail>>(`/auctions/${auction.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.history).toEqual([
      { status: "upcoming", changedAt: expect.any(String) },
    ]);
    expect(detail.body.data.links.property).toMatchObject({ id: propertyId, address: "12 Oak St" });
    // The property's page lists its auctions.
    const onProperty = await call<Data<{ auctions: { id: string; saleType: string }[] }>>(
      `/data/properties/${propertyId}`,
    );
    expect(onProperty.body.data.auctions).toEqual([
      {
        id: auction.id,
        saleType: "sheriff",
        status: "upcoming",
        currentSaleAt: SHERIFF.saleAt,
        timeZone: "America/New_York",
        saleTimeKnown: true,
        postponedTo: null,
      },
    ]);

    // An amount is the deposit whatever the bid.
    const fixed = await create(call, { depositPct: null, depositAmount: 5000, plannedBid: null });
    expect(fixed.depositDue).toBe(5000);
    // A percent without a planned bid has no amount yet.
    expect((await create(call, { plannedBid: null })).depositDue).toBeNull();
    expect(await countRows("auctions", user.id)).toBe(3);
  });

  it("keeps every status change in its history, oldest first, with the date a sale moved to", async () => {
    const { call } = await account();
    const auction = await create(call);
    const postponedTo = daysAhead(40);
    const postponed = await put(call, auction.id, { status: "postponed", postponedTo });
    expect(postponed.status).toBe(200);
    expect(postponed.body.data.currentSaleAt).toBe(postponedTo);
    // Saving again without a change adds nothing.
    await put(call, auction.id, { status: "postponed", postponedTo, notes: "Checked the docket" });
    // A second postponement is a new entry, with its new date.
    const later = daysAhead(70);
    await put(call, auction.id, { status: "postponed", postponedTo: later });
    await put(call, auction.id, { status: "won", postponedTo: later, winningBid: 91000 });

    const history = await call<Data<Detail["history"]>>(`/auctions/${auction.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body.data.map(({ status, postponedTo }) => ({ status, postponedTo }))).toEqual([
      { status: "upcoming", postponedTo: undefined },
      { status: "postponed", postponedTo },
      { status: "postponed", postponedTo: later },
      { status: "won", postponedTo: undefined },
    ]);
    const times = history.body.data.map((entry) => entry.changedAt);
    expect(times).toEqual([...times].sort());
  });

  it("refuses bad input with 400 naming each field, and writes nothing", async () => {
    const { call, user } = await account();
    const other = await account();
    const otherProperty = await other.call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: { address: "9 Elm St" },
    });
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ saleAt: undefined }, "saleAt", /sale's date and time/],
      [{ saleAt: "next Tuesday" }, "saleAt", /date and time like/],
      [{ saleType: "garage" }, "saleType", /judicial, upset, sheriff, tax or trustee/],
      [{ address: " " }, "address", /address/],
      [{ depositAmount: 5000 }, "depositPct", /amount or a percent/],
      [{ status: "postponed", postponedTo: daysAhead(2) }, "postponedTo", /later time/],
      [{ state: "Ontario", timeZone: undefined }, "timeZone", /time zone/],
      [{ timeZone: "Mars/Olympus" }, "timeZone", /time zone like/],
      [{ openingBid: "lots" }, "openingBid", /not a number/],
      [{ depositPct: 140 }, "depositPct", /100 or less/],
      [{ propertyId: otherProperty.body.data.ids[0] }, "propertyId", /No such property/],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await call<Failure>("/auctions", {
        method: "POST",
        json: { ...SHERIFF, ...change },
      });
      expect(status, field).toBe(400);
      expect(body.error.code).toBe("VALIDATION_FAILED");
      const problem = body.error.details!.find((d) => d.field === field);
      expect(problem?.message, field).toMatch(message);
    }
    expect(await countRows("auctions", user.id)).toBe(0);

    const auction = await create(call);
    const bad = await put(call, auction.id, { saleType: "garage" });
    expect(bad.status).toBe(400);
    expect((await call<Data<Detail>>(`/auctions/${auction.id}`)).body.data.saleType).toBe(
      "sheriff",
    );
  });

  it("another user's auction is 404 on every call, and never listed", async () => {
    const owner = await account();
    const auction = await create(owner.call);
    const { call } = await account();
    for (const [path, method] of [
      [`/auctions/${auction.id}`, "GET"],
      [`/auctions/${auction.id}/history`, "GET"],
      [`/auctions/${auction.id}`, "PUT"],
      [`/auctions/${auction.id}`, "DELETE"],
    ] as const) {
      const { status, body } = await call<Failure>(path, {
        method,
        ...(method === "PUT" ? { json: SHERIFF } : {}),
      });
      expect(status, `${method} ${path}`).toBe(404);
      expect(body.error.code).toBe("NOT_FOUND");
    }
    expect((await call<Data<Auction[]>>("/auctions")).body.data).toEqual([]);
    expect((await owner.call(`/auctions/${auction.id}`)).status).toBe(200);
  });

  it("is deleted, and then 404", async () => {
    const { call, user } = await account();
    const auction = await create(call);
    const removed = await call<Write>(`/auctions/${auction.id}`, { method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.body.data.id).toBe(auction.id);
    expect(removed.body.meta.calendar.status).toBe("off");
    expect((await call(`/auctions/${auction.id}`)).status).toBe(404);
    expect(await countRows("auction_history", user.id)).toBe(0);
  });
});

describe("the list", () => {
  it("filters by sale type, status, state, county, dates and words; sorts and pages", async () => {
    const { call } = await account();
    const sheriff = await create(call, {
      saleAt: daysAhead(3),
      depositDueAt: daysAhead(3, 20),
      openingBid: 30000,
    });
    const trustee = await create(call, {
      saleType: "trustee",
      saleAt: daysAhead(20),
      address: "5 Bay Rd",
      county: "Maricopa",
      state: "AZ",
      openingBid: 210000,
      caseNumber: "TS-77",
      depositDueAt: daysAhead(20, 20),
    });
    const tax = await create(call, {
      saleType: "tax",
      saleAt: daysAhead(45),
      address: "77 Pine Ave",
      county: "allegheny ",
      status: "postponed",
      postponedTo: daysAhead(60),
      openingBid: null,
      depositDueAt: null,
    });
    const list = async (query: string) => {
      const { status, body } = await call<Data<Auction[]>>(`/auctions?${query}`);
      expect(status, query).toBe(200);
      return body;
    };
    const ids = async (query: string) => (await list(query)).data.map((a) => a.id);

    expect(await ids("")).toEqual([sheriff.id, trustee.id, tax.id]);
    expect(await ids("saleType=trustee")).toEqual([trustee.id]);
    expect(await ids("status=postponed")).toEqual([tax.id]);
    expect(await ids("state=az")).toEqual([trustee.id]);
    expect(await ids("county=Allegheny")).toEqual([sheriff.id, tax.id]);
    expect(await ids("q=ts-77")).toEqual([trustee.id]);
    const from = encodeURIComponent(daysAhead(5));
    const to = encodeURIComponent(daysAhead(50));
    expect(await ids(`from=${from}&to=${to}`)).toEqual([trustee.id]);
    // The postponed sale is found at the date it moved to.
    expect(await ids(`from=${encodeURIComponent(daysAhead(55))}`)).toEqual([tax.id]);
    // Deposits owed in the next two weeks: the sheriff sale's (the trustee sale's is later).
    const soon = `depositFrom=${encodeURIComponent(new Date().toISOString())}&depositTo=${encodeURIComponent(daysAhead(14))}`;
    expect(await ids(soon)).toEqual([sheriff.id]);
    // No opening bid sorts last either way.
    expect(await ids("sort=openingBid&dir=desc")).toEqual([trustee.id, sheriff.id, tax.id]);
    expect(await ids("sort=openingBid&dir=asc")).toEqual([sheriff.id, trustee.id, tax.id]);

    const page = await list("limit=2&page=2");
    expect(page.meta).toEqual({ page: 2, limit: 2, total: 3 });
    expect(page.data.map((a) => a.id)).toEqual([tax.id]);

    for (const query of ["saleType=garage", "from=yesterday", `from=${to}&to=${from}`, "sort=x"]) {
      expect((await call(`/auctions?${query}`)).status, query).toBe(400);
    }
  });
});

describe("the import", () => {
  it("writes the valid rows with their first history entry and reports the bad one by index", async () => {
    const { call, user } = await account();
    const rows = [
      { ...SHERIFF, openingBid: "$48,000", depositPct: "10%" },
      { ...SHERIFF, address: "3 Birch Ln", saleType: "auction-ish" },
      { ...SHERIFF, address: "8 Cedar Ct", saleType: "upset", depositPct: null },
    ];
    const { status, body } = await call<
      Data<{
        received: number;
        created: number;
        failed: { index: number; errors: { field: string }[] }[];
        ids: string[];
        calendarPending: number;
      }>
    >("/auctions/import", { method: "POST", json: rows });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ received: 3, created: 2, calendarPending: 0 });
    expect(body.data.failed).toEqual([
      { index: 1, errors: [{ field: "saleType", message: expect.any(String) }] },
    ]);
    const first = await call<Data<Detail>>(`/auctions/${body.data.ids[0]}`);
    expect(first.body.data).toMatchObject({ openingBid: 48000, depositPct: 10 });
    expect(first.body.data.history.map((h) => h.status)).toEqual(["upcoming"]);
    expect(await countRows("auction_history", user.id)).toBe(2);

    const allBad = await call<Failure>("/auctions/import", {
      method: "POST",
      json: [{ address: "1 Nowhere" }],
    });
    expect(allBad.status).toBe(400);
    expect(await countRows("auctions", user.id)).toBe(2);
  });
});

describe("the maximum bid", () => {
  it("answers the bid and its terms for the sale, worked as in the issue's formula", async () => {
    const { call } = await account();
    // 200,000 × (1 − 0.07 − 0.15) = 156,000; − 30,000 − 12,000 − 4,000 − 2,000 = 108,000;
    // ÷ 1.08 = 100,000 exactly, and the 8 % premium on it is 8,000.
    const { status, body } = await call<Data<Record<string, number | string>>>(
      "/auctions/max-bid",
      {
        method: "POST",
        json: {
          estimatedValue: 200000,
          rehabCost: 30000,
          survivingLiens: 12000,
          closingCosts: 4000,
          holdingCosts: 2000,
          sellingCostsPct: 7,
          targetProfitPct: 15,
          buyerPremiumPct: 8,
        },
      },
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      sellingCosts: 14000,
      targetProfit: 30000,
      available: 108000,
      buyerPremium: 8000,
    });
    expect(body.data.maxBid).toBeCloseTo(100000, 9);
    expect(body.data.formula).toMatch(/= \$100,000$/);

    const floor = await call<Data<{ maxBid: number; rehabCost: number }>>("/auctions/max-bid", {
      method: "POST",
      json: { estimatedValue: 50000, rehabCost: 80000 },
    });
    expect(floor.body.data).toMatchObject({ maxBid: 0, rehabCost: 80000 });

    const bad = await call<Failure>("/auctions/max-bid", {
      method: "POST",
      json: { estimatedValue: -1, sellingCostsPct: 120 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details!.map((d) => d.field).sort()).toEqual([
      "estimatedValue",
      "sellingCostsPct",
    ]);
  });

  it("keeps each user's own selling costs and profit, set once, and the bid's own defaults stay 0", async () => {
    const { call } = await account();
    const other = await account();
    const path = "/auctions/max-bid/defaults";
    expect((await call<Data<unknown>>(path)).body.data).toBeNull();
    const kept = await call<Data<unknown>>(path, {
      method: "PUT",
      json: { sellingCostsPct: 8, targetProfitPct: 15 },
    });
    expect(kept.status).toBe(200);
    expect((await call<Data<unknown>>(path)).body.data).toEqual({
      sellingCostsPct: 8,
      targetProfitPct: 15,
    });
    expect((await other.call<Data<unknown>>(path)).body.data).toBeNull();
    const bad = await call<Failure>(path, { method: "PUT", json: { sellingCostsPct: 101 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details!.map((d) => d.field).sort()).toEqual([
      "sellingCostsPct",
      "targetProfitPct",
    ]);
    // POST /auctions/max-bid is unchanged: without the percents they are 0 (200,000 − 20,000).
    const bid = await call<Data<{ maxBid: number; targetProfitPct: number }>>("/auctions/max-bid", {
      method: "POST",
      json: { estimatedValue: 200000, rehabCost: 20000 },
    });
    expect(bid.body.data).toMatchObject({ maxBid: 180000, targetProfitPct: 0 });
  });
});

describe("the auction's dates in the calendar", () => {
  beforeEach(async () => {
    await fake("/__fake/reset", { method: "POST" });
  });

  it("list as read-only auction events that move with a postponement and go with the auction", async () => {
    const { call } = await account();
    const auction = await create(call);
    const events = await eventsOf(call, auction.id);
    expect(events.map((e) => e.id).sort()).toEqual([
      `auction-deposit-${auction.id}`,
      `auction-sale-${auction.id}`,
    ]);
    const sale = events.find((e) => e.id.startsWith("auction-sale"))!;
    expect(sale).toMatchObject({
      source: "auction",
      calendarId: "auctions",
      kind: "auction",
      readOnly: true,
      summary: "Sheriff sale: 12 Oak St",
      start: { dateTime: SHERIFF.saleAt, timeZone: "America/New_York" },
    });
    const deposit = events.find((e) => e.id.startsWith("auction-deposit"))!;
    expect(deposit.end.dateTime).toBe(SHERIFF.depositDueAt);

    const edit = await call<Failure>(`/calendar/events/${sale.id}`, {
      method: "PUT",
      json: { summary: "x", start: sale.start, end: sale.end },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe("READ_ONLY");

    const postponedTo = daysAhead(30);
    await put(call, auction.id, { status: "postponed", postponedTo });
    const moved = (await eventsOf(call, auction.id)).find((e) => e.id === sale.id)!;
    expect(moved.start.dateTime).toBe(postponedTo);

    // Cancelled: no sale, and no deposit owed.
    await put(call, auction.id, { status: "cancelled", postponedTo });
    expect(await eventsOf(call, auction.id)).toEqual([]);
    await put(call, auction.id, { status: "upcoming", postponedTo });
    expect((await eventsOf(call, auction.id)).length).toBe(2);
    await call(`/auctions/${auction.id}`, { method: "DELETE" });
    expect(await eventsOf(call, auction.id)).toEqual([]);
  });

  it("are written to the Google calendar chosen for auctions: one event per date, moved, removed", async () => {
    const { call } = await connected({ email: "bidder@example.com" });
    const chosen = await call<Data<{ googleCalendarId: string | null; pending: number }>>(
      "/auctions/calendar",
      { method: "PUT", json: { googleCalendarId: "bidder@example.com" } },
    );
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toEqual({ googleCalendarId: "bidder@example.com", pending: 0 });

    await fake("/__fake/requests", { method: "DELETE" });
    const created = await call<Write>("/auctions", { method: "POST", json: SHERIFF });
    expect(created.body.meta.calendar).toEqual({ status: "synced" });
    const id = created.body.data.id;
    const writes = async () =>
      (await fakeLog()).requests.filter((r) => r.path.includes("/events") && r.method !== "GET");
    const inserted = await writes();
    expect(inserted.map((r) => r.method)).toEqual(["POST", "POST"]);
    expect(inserted[0]!.body).toMatchObject({
      summary: "Sheriff sale: 12 Oak St",
      start: { dateTime: SHERIFF.saleAt, timeZone: "America/New_York" },
      extendedProperties: { private: { ai42Kind: "auction", ai42AuctionId: id } },
    });

    // The merged calendar shows each date once: the auction's own, not Google's copy too.
    const merged = await eventsOf(call, id);
    expect(merged.map((e) => e.source)).toEqual(["auction", "auction"]);

    // Postponed: the same Google event moves (an update), no second one.
    await fake("/__fake/requests", { method: "DELETE" });
    const postponedTo = daysAhead(30);
    const postponed = await put(call, id, { status: "postponed", postponedTo });
    expect(postponed.body.meta.calendar.status).toBe("synced");
    const updates = await writes();
    expect(updates.map((r) => r.method)).toEqual(["PUT", "PUT"]);
    const googleEvents = async () => {
      const { body } = await call<Data<Event[]>>(
        `/calendar/events?calendarId=bidder%40example.com&timeMin=${encodeURIComponent(new Date().toISOString())}&timeMax=${encodeURIComponent(daysAhead(100))}`,
      );
      return body.data.filter((e) => e.auctionId === id);
    };
    const inGoogle = await googleEvents();
    expect(inGoogle.length).toBe(2);
    const starts = inGoogle.map((e) => Date.parse(e.start.dateTime!));
    expect(starts).toContain(Date.parse(postponedTo));

    // Deleted: both events go from Google.
    await fake("/__fake/requests", { method: "DELETE" });
    const removed = await call<Write>(`/auctions/${id}`, { method: "DELETE" });
    expect(removed.body.meta.calendar.status).toBe("synced");
    expect((await writes()).map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
    expect(await googleEvents()).toEqual([]);
  });

  it("refuses a calendar that is not the user's to write, and says when Google is not connected", async () => {
    const plain = await account();
    const notConnected = await plain.call<Failure>("/auctions/calendar", {
      method: "PUT",
      json: { googleCalendarId: "someone@example.com" },
    });
    expect(notConnected.status).toBe(409);
    expect(notConnected.body.error.code).toBe("GOOGLE_NOT_CONNECTED");

    const { call } = await connected({ email: "reader@example.com" });
    const calendars =
      await call<Data<{ id: string; source: string; readOnly: boolean }[]>>("/calendar/calendars");
    expect(calendars.body.data.map((c) => c.id).slice(0, 3)).toEqual([
      "local",
      "projects",
      "auctions",
    ]);
    const readOnly = calendars.body.data.find((c) => c.source === "google" && c.readOnly)!;
    for (const googleCalendarId of [readOnly.id, "nobody@example.com"]) {
      const { status, body } = await call<Failure>("/auctions/calendar", {
        method: "PUT",
        json: { googleCalendarId },
      });
      expect(status, googleCalendarId).toBe(400);
      expect(body.error.details![0]!.field).toBe("googleCalendarId");
    }
    const setting = await call<Data<{ googleCalendarId: string | null }>>("/auctions/calendar");
    expect(setting.body.data.googleCalendarId).toBeNull();
  });
});

describe("the agent's auction tools", () => {
  it("list the sales in a range and work out an auction's maximum bid from its saved inputs", async () => {
    const { call, user } = await account();
    const soon = await create(call, { saleAt: daysAhead(5) });
    await create(call, { saleAt: daysAhead(50), address: "40 Far Rd" });
    const bidInputs = { estimatedValue: 200000, rehabCost: 30000, sellingCostsPct: 7 };
    await put(call, soon.id, { saleAt: daysAhead(5), bidInputs, buyerPremiumPct: 5 });
    const db = database(env.DB);
    const context = { env, origin: ORIGIN, role: "owner" as const };

    const upcoming = await runTool(
      db,
      user.id,
      "list_auctions",
      JSON.stringify({ from: new Date().toISOString(), to: daysAhead(14) }),
      context,
    );
    expect(upcoming.record.ok).toBe(true);
    const listed = JSON.parse(upcoming.content) as { auctions: { id: string }[] };
    expect(listed.auctions.map((a) => a.id)).toEqual([soon.id]);

    const bid = await runTool(
      db,
      user.id,
      "auction_max_bid",
      JSON.stringify({ auctionId: soon.id }),
      context,
    );
    expect(bid.record.ok).toBe(true);
    // 200,000 × 0.93 − 30,000 = 156,000, ÷ 1.05 (the auction's premium) = 148,571.43.
    const result = JSON.parse(bid.content) as { maxBid: number; formula: string };
    expect(result.maxBid).toBeCloseTo(148571.428571, 5);
    expect(result.formula).toContain("premium 5 %");
  });
});
