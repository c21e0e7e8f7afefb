/**
 * The buy box inside workerd with real local D1: `GET/PUT /api/deals/criteria` per user, the
 * verdict on every analysis answer (analyze, saved deals, the agent's tools), and the agent's
 * "which of my properties and auctions meet my buy box".
 */
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { runTool } from "../../worker/services/agent-tools";
import { account, ORIGIN } from "./helpers";

type Data<T> = { data: T };
type ErrorBody = { error: { code: string; details?: { field: string }[] } };
type Check = { name: string; target: number; value: number | null; pass: boolean };
interface Verdict {
  id?: string;
  criteria: Check[];
  meetsCriteria: boolean | null;
}

/** Cash, $200,000, $2,000 rent: cap rate 12 %, cash flow $2,000 a month, no DSCR. */
const RENTAL = { purchasePrice: 200_000, grossMonthlyRent: 2000 };
/** Cash flip: profit 250,000 − 180,000 = 70,000; all-in 180,000 / 250,000 = 72 %. */
const FLIP = {
  purchasePrice: 150_000,
  rehabCost: 30_000,
  afterRepairValue: 250_000,
  holdingMonths: 6,
};
const NONE = {
  minCapRate: null,
  minCashOnCash: null,
  minCashFlowMonthly: null,
  minDscr: null,
  maxPurchasePrice: null,
  maxPricePerUnit: null,
  minIrr: null,
  minProfit: null,
  maxAllInPctOfArv: null,
};

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  alice = await account();
  bob = await account();
});

const putCriteria = (call: typeof alice.call, json: unknown) =>
  call<Data<typeof NONE> & ErrorBody>("/deals/criteria", { method: "PUT", json });

describe("GET/PUT /api/deals/criteria", () => {
  it("round-trips the buy box, clearing what a PUT leaves out, and keeps it to its user", async () => {
    expect((await alice.call<Data<typeof NONE>>("/deals/criteria")).body.data).toEqual(NONE);
    const saved = await putCriteria(alice.call, { minCapRate: 8, minProfit: 25_000 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...NONE, minCapRate: 8, minProfit: 25_000 });
    expect((await alice.call<Data<typeof NONE>>("/deals/criteria")).body.data).toEqual(
      saved.body.data,
    );
    // Bob sees none of Alice's, and his own never touch hers.
    expect((await bob.call<Data<typeof NONE>>("/deals/criteria")).body.data).toEqual(NONE);
    await putCriteria(bob.call, { maxPurchasePrice: 1 });
    expect((await alice.call<Data<typeof NONE>>("/deals/criteria")).body.data).toEqual(
      saved.body.data,
    );
    const replaced = await putCriteria(alice.call, { minDscr: 1.25 });
    expect(replaced.body.data).toEqual({ ...NONE, minDscr: 1.25 });
  });

  it("refuses a criterion out of range, naming it, and keeps what was saved", async () => {
    const user = await account();
    await putCriteria(user.call, { minCapRate: 6 });
    const { status, body } = await putCriteria(user.call, {
      minCapRate: 7,
      minDscr: -1,
      maxPurchasePrice: 0,
      maxAllInPctOfArv: "70",
    });
    expect(status).toBe(400);
    expect(body.error.details!.map((detail) => detail.field)).toEqual([
      "minDscr",
      "maxPurchasePrice",
      "maxAllInPctOfArv",
    ]);
    expect((await user.call<Data<typeof NONE>>("/deals/criteria")).body.data.minCapRate).toBe(6);
  });

  it("needs a signed-in user", async () => {
    expect((await SELF.fetch(`${ORIGIN}/api/deals/criteria`)).status).toBe(401);
  });
});

describe("the verdict on every analysis answer", () => {
  it("judges analyze's answer and saved deals against the user's criteria", async () => {
    const user = await account();
    const analyze = (json: unknown) =>
      user.call<Data<Verdict>>("/deals/analyze", { method: "POST", json });
    // No criteria: none applies.
    expect((await analyze({ strategy: "rental", inputs: RENTAL })).body.data).toMatchObject({
      criteria: [],
      meetsCriteria: null,
    });
    await putCriteria(user.call, {
      minCapRate: 10,
      minDscr: 1.2,
      minProfit: 60_000,
      maxAllInPctOfArv: 70,
    });
    expect((await analyze({ strategy: "rental", inputs: RENTAL })).body.data).toMatchObject({
      criteria: [
        { name: "minCapRate", target: 10, value: 12, pass: true },
        { name: "minDscr", target: 1.2, value: null, pass: false },
      ],
      meetsCriteria: false,
    });
    expect(
      (await analyze({ strategy: "wholesale", inputs: { afterRepairValue: 1 } })).body.data,
    ).toMatchObject({ criteria: [], meetsCriteria: null });

    const created = await user.call<Data<Verdict>>("/deals", {
      method: "POST",
      json: { name: "Flip", strategy: "flip", inputs: FLIP },
    });
    const flipVerdict = {
      criteria: [
        { name: "minProfit", target: 60_000, value: 70_000, pass: true },
        { name: "maxAllInPctOfArv", target: 70, value: 72, pass: false },
      ],
      meetsCriteria: false,
    };
    expect(created.body.data).toMatchObject(flipVerdict);
    const id = created.body.data.id!;
    expect((await user.call<Data<Verdict>>(`/deals/${id}`)).body.data).toMatchObject(flipVerdict);
    await putCriteria(user.call, { minProfit: 60_000 });
    const listed = await user.call<Data<Verdict[]>>("/deals");
    expect(listed.body.data.find((deal) => deal.id === id)).toMatchObject({ meetsCriteria: true });
    // Bob's criteria never judge Alice's deal, nor his her analyses.
    await putCriteria(bob.call, { minProfit: 1_000_000 });
    expect((await user.call<Data<Verdict>>(`/deals/${id}`)).body.data.meetsCriteria).toBe(true);
  });
});

describe("the agent's buy box", () => {
  const run = (userId: string, name: string, args: unknown) =>
    runTool(database(env.DB), userId, name, JSON.stringify(args), {
      env,
      origin: ORIGIN,
      role: "owner" as const,
    });

  it("list_deals and analyze_deal answer the verdict; buy_box_matches names what meets it", async () => {
    const user = await account();
    await putCriteria(user.call, { minCapRate: 10 });
    const importOne = async (address: string) => {
      const { body } = await user.call<Data<{ ids: string[] }>>("/data/properties", {
        method: "POST",
        json: { address },
      });
      return body.data.ids[0]!;
    };
    const good = await importOne("1 Meets Street");
    const poor = await importOne("2 Misses Road");
    await importOne("3 Unanalyzed Lane");
    const save = (name: string, propertyId: string, inputs: object) =>
      user.call<Data<{ id: string }>>("/deals", {
        method: "POST",
        json: { name, strategy: "rental", propertyId, inputs },
      });
    await save("Good", good, RENTAL); // cap rate 12 %
    const poorDeal = await save("Poor", poor, { ...RENTAL, purchasePrice: 400_000 }); // 6 %
    const auction = await user.call<Data<{ id: string }>>("/auctions", {
      method: "POST",
      json: {
        saleType: "sheriff",
        saleAt: "2027-05-01T15:00:00Z",
        timeZone: "America/New_York",
        address: "2 Misses Road",
        status: "upcoming",
        propertyId: poor,
      },
    });
    expect(auction.status, JSON.stringify(auction.body)).toBe(201);

    const listed = JSON.parse((await run(user.user.id, "list_deals", {})).content) as Verdict[];
    expect(listed.map((deal) => deal.meetsCriteria).sort()).toEqual([false, true]);
    const analyzed = await run(user.user.id, "analyze_deal", { dealId: poorDeal.body.data.id });
    expect(JSON.parse(analyzed.content)).toMatchObject({
      criteria: [{ name: "minCapRate", target: 10, value: 6, pass: false }],
      meetsCriteria: false,
    });
    expect(analyzed.record.summary).toContain("misses the buy box");

    const matches = await run(user.user.id, "buy_box_matches", {});
    expect(matches.record.summary).toBe(
      "Found 1 property or auction meeting the buy box: 1 Meets Street",
    );
    const result = JSON.parse(matches.content) as {
      properties: { address: string; meetsCriteria: boolean | null; failed: unknown[] }[];
      counts: { meeting: number; missing: number };
      auctions: { address: string; meetsCriteria: boolean | null; deal: { name: string } }[];
    };
    const byAddress = Object.fromEntries(result.properties.map((p) => [p.address, p]));
    expect(byAddress["1 Meets Street"]).toMatchObject({ meetsCriteria: true, failed: [] });
    expect(byAddress["2 Misses Road"]).toMatchObject({
      meetsCriteria: false,
      failed: [{ name: "minCapRate", target: 10, value: 6 }],
    });
    // A property without a verdict is not listed: the list is bounded by the verdicts, counted.
    expect(byAddress["3 Unanalyzed Lane"]).toBeUndefined();
    expect(result.properties.map((p) => p.address)).toEqual(["1 Meets Street", "2 Misses Road"]);
    expect(result.counts).toEqual({ meeting: 1, missing: 1 });
    // The auction has no analysis of its own: its property's primary one judges it.
    expect(result.auctions).toMatchObject([
      { address: "2 Misses Road", meetsCriteria: false, deal: { name: "Poor" } },
    ]);
    // Another user's records never show.
    const bobs = JSON.parse((await run(bob.user.id, "buy_box_matches", {})).content) as {
      properties: unknown[];
    };
    expect(bobs.properties).toEqual([]);
  });
});
