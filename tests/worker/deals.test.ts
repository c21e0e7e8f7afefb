/**
 * Deal analysis inside workerd with real local D1: the analyzer for each strategy, saved analyses
 * scoped by user, refused input, a property's primary analysis, and the agent's deal tools.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { runTool } from "../../worker/services/agent-tools";
import { account, api, ORIGIN, type Caller, RENTAL } from "./helpers";

type Data<T> = { data: T; meta?: { page: number; limit: number; total: number } };
type ErrorBody = {
  error: { code: string; message: string; details?: { field: string; message: string }[] };
};
type Metrics = Record<string, number | null>;
type Year = {
  year: number;
  noi: number;
  cashFlow: number;
  loanBalance: number;
  propertyValue: number;
};
interface Analysis {
  strategy: string;
  metrics: Metrics;
  years?: Year[];
}
interface Deal extends Analysis {
  id: string;
  name: string;
  inputs: Record<string, unknown>;
  propertyId: string | null;
  projectId: string | null;
  primary: boolean;
  createdAt: string;
  updatedAt: string;
}
type Summary = {
  id: string;
  name: string;
  strategy: string;
  cashFlowMonthly: number | null;
  capRate: number | null;
  cashOnCash: number | null;
};
interface ListedProperty {
  id: string;
  address: string;
  propertyTaxesAnnual: number | null;
  primaryAnalysis: Summary | null;
}

const countDeals = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM deals WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;

const cents = (value: number | null | undefined) => Math.round(value! * 100) / 100;

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  alice = await account();
  bob = await account();
});

const analyze = (call: Caller, json: unknown) =>
  call<Data<Analysis>>("/deals/analyze", { method: "POST", json });

/** Lets the clock move on, so that each write has its own time and "the latest" is one deal. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

async function save(call: Caller, json: Record<string, unknown>) {
  await tick();
  const { status, body } = await call<Data<Deal>>("/deals", { method: "POST", json });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data;
}

/** Imports one property by hand and answers its id. */
async function property(call: Caller, json: Record<string, unknown>) {
  const { status, body } = await call<Data<{ ids: string[] }>>("/data/properties", {
    method: "POST",
    json,
  });
  expect(status).toBe(200);
  return body.data.ids[0]!;
}

describe("POST /api/deals/analyze", () => {
  it("analyzes a rental: the textbook payment to the cent, hand-checked figures, invariants", async () => {
    const { status, body } = await analyze(alice.call, { strategy: "rental", inputs: RENTAL });
    expect(status).toBe(200);
    const { metrics, years } = body.data;
    expect(body.data.strategy).toBe("rental");
    expect(metrics.loanAmount).toBe(200000);
    expect(cents(metrics.monthlyPayment)).toBe(1264.14);
    // Unrounded: the API leaves rounding to the screen.
    expect(metrics.monthlyPayment).not.toBe(1264.14);
    expect(metrics.totalCashInvested).toBe(55000);
    expect(metrics.grossScheduledIncome).toBe(24000);
    expect(metrics.effectiveGrossIncome).toBe(22800);
    // 3,000 taxes + 1,200 insurance + 8 % of 22,800 + 10 % of 24,000
    expect(metrics.operatingExpenses).toBeCloseTo(8424, 9);
    expect(metrics.noi).toBeCloseTo(14376, 9);
    expect(metrics.capRate).toBeCloseTo(5.7504, 9);
    expect(metrics.grm).toBeCloseTo(10.41667, 5);
    expect(metrics.rentToPricePct).toBeCloseTo(0.8, 12);
    expect(cents(metrics.cashFlowMonthly)).toBe(-66.14);
    expect(metrics.cashFlowAnnual).toBeCloseTo(metrics.noi! - metrics.annualDebtService!, 9);
    expect(metrics.annualDebtService).toBeCloseTo(12 * metrics.monthlyPayment!, 9);
    expect(metrics.cashOnCash).toBeCloseTo((metrics.cashFlowAnnual! / 55000) * 100, 9);
    expect(metrics.dscr).toBeCloseTo(metrics.noi! / metrics.annualDebtService!, 9);
    expect(years).toHaveLength(5);
    expect(years![0]!.noi).toBeCloseTo(metrics.noi!, 9);
    expect(years![4]!.loanBalance).toBeLessThan(200000);
  });

  it("answers the cash case like a 100 % down payment", async () => {
    const cash = await analyze(alice.call, {
      strategy: "rental",
      inputs: { ...RENTAL, financing: { type: "cash" } },
    });
    const allDown = await analyze(alice.call, {
      strategy: "rental",
      inputs: { ...RENTAL, financing: { ...RENTAL.financing, downPaymentPct: 100 } },
    });
    expect(cash.body.data.metrics).toEqual(allDown.body.data.metrics);
    expect(cash.body.data.metrics.dscr).toBeNull();
  });

  it("analyzes a flip", async () => {
    const { status, body } = await analyze(alice.call, {
      strategy: "flip",
      inputs: {
        purchasePrice: 150000,
        rehabCost: 40000,
        afterRepairValue: 250000,
        closingCosts: 3000,
        holdingMonths: 6,
        holdingCostsMonthly: 800,
        sellingCostsPct: 6,
      },
    });
    expect(status).toBe(200);
    expect(body.data).not.toHaveProperty("years");
    const { metrics } = body.data;
    expect(metrics).toMatchObject({
      loanAmount: 0,
      monthlyPayment: 0,
      holdingCosts: 4800,
      totalCashInvested: 197800,
      sellingCosts: 15000,
      loanPayoff: 0,
      profit: 37200,
      seventyPercentRuleMaxPrice: 135000,
    });
    expect(metrics.roi).toBeCloseTo((37200 / 197800) * 100, 9);
    expect(metrics.annualizedRoi).toBeCloseTo(((1 + 37200 / 197800) ** 2 - 1) * 100, 9);
  });

  it("analyzes a BRRRR, and says nothing of returns when every dollar comes back", async () => {
    const inputs = {
      purchasePrice: 100000,
      rehabCost: 30000,
      afterRepairValue: 160000,
      closingCosts: 3000,
      grossMonthlyRent: 1500,
      refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30, closingCosts: 2000 },
    };
    const { status, body } = await analyze(alice.call, { strategy: "brrrr", inputs });
    expect(status).toBe(200);
    const { metrics, years } = body.data;
    expect(metrics).toMatchObject({
      loanAmount: 0,
      totalCashInvested: 133000,
      refinanceLoanAmount: 120000,
      cashOut: 118000,
      cashLeftInDeal: 15000,
      capRate: 18,
    });
    expect(cents(metrics.monthlyPayment)).toBe(798.36);
    expect(metrics.cashOnCash).toBeCloseTo(
      ((18000 - 12 * metrics.monthlyPayment!) / 15000) * 100,
      9,
    );
    expect(years).toHaveLength(5);

    const allBack = await analyze(alice.call, {
      strategy: "brrrr",
      inputs: { ...inputs, refinance: { ...inputs.refinance, ltvPct: 100 } },
    });
    expect(allBack.body.data.metrics).toMatchObject({
      cashLeftInDeal: -25000,
      cashOnCash: null,
      irr: null,
      equityMultiple: null,
    });
  });

  it("counts a BRRRR's rehab period on hard money in the cash needed", async () => {
    // 200,000 at 85 % = 170,000 of hard money at 11 % interest only: 1,558.33 a month, 9,350 in
    // six months; holding costs 6 × (450 + 1,558.33) = 12,050. Cash 200,000 + 40,000 − 170,000
    // + 12,050 = 82,050; refinance 225,000 pays 170,000 off: 55,000 out, 27,050 left in.
    const inputs = {
      purchasePrice: 200000,
      rehabCost: 40000,
      afterRepairValue: 300000,
      financing: {
        type: "loan",
        downPaymentPct: 15,
        interestRatePct: 11,
        termYears: 1,
        interestOnly: true,
      },
      grossMonthlyRent: 2400,
      holdingMonths: 6,
      holdingCostsMonthly: 450,
      refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30 },
    };
    const { status, body } = await analyze(alice.call, { strategy: "brrrr", inputs });
    expect(status).toBe(200);
    const { metrics } = body.data;
    expect(cents(metrics.purchaseMonthlyPayment)).toBe(1558.33);
    expect(metrics.holdingCosts).toBeCloseTo(12050, 9);
    expect(metrics.totalCashInvested).toBeCloseTo(82050, 9);
    expect(metrics.cashOut).toBe(55000);
    expect(metrics.cashLeftInDeal).toBeCloseTo(27050, 9);

    const refused = await analyze(alice.call, {
      strategy: "brrrr",
      inputs: { ...inputs, holdingMonths: 61 },
    });
    expect(refused.status).toBe(400);
  });

  it("analyzes a wholesale deal, with and without a contract price", async () => {
    const inputs = { afterRepairValue: 200000, rehabCost: 30000, assignmentFee: 10000 };
    const priced = await analyze(alice.call, {
      strategy: "wholesale",
      inputs: { ...inputs, contractPrice: 95000 },
    });
    expect(priced.status).toBe(200);
    expect(priced.body.data).toEqual({
      strategy: "wholesale",
      metrics: { buyerMaxPrice: 110000, maxAllowableOffer: 100000, assignmentProfit: 15000 },
      // Every analysis answer says how it meets the buy box; Alice has none.
      criteria: [],
      meetsCriteria: null,
    });
    const unpriced = await analyze(alice.call, {
      strategy: "wholesale",
      inputs: { ...inputs, contractPrice: null },
    });
    expect(unpriced.body.data.metrics.assignmentProfit).toBeNull();
  });

  it("needs a signed-in user", async () => {
    const response = await api("/deals/analyze", {
      method: "POST",
      json: { strategy: "rental", inputs: RENTAL },
    });
    expect(response.status).toBe(401);
  });
});

describe("bad input", () => {
  const refused: [string, Record<string, unknown>, string[]][] = [
    ["a negative price", { ...RENTAL, purchasePrice: -1 }, ["inputs.purchasePrice"]],
    ["a price of 0", { ...RENTAL, purchasePrice: 0 }, ["inputs.purchasePrice"]],
    [
      "a 0-year term",
      { ...RENTAL, financing: { ...RENTAL.financing, termYears: 0 } },
      ["inputs.financing.termYears"],
    ],
    [
      "a 600-year term",
      { ...RENTAL, financing: { ...RENTAL.financing, termYears: 600 } },
      ["inputs.financing.termYears"],
    ],
    ["a percent over 100", { ...RENTAL, vacancyPct: 101 }, ["inputs.vacancyPct"]],
    ["a fall of all value", { ...RENTAL, appreciationPct: -100 }, ["inputs.appreciationPct"]],
    ["negative money", { ...RENTAL, insuranceAnnual: -5 }, ["inputs.insuranceAnnual"]],
    ["a missing rent", { purchasePrice: 250000 }, ["inputs.grossMonthlyRent"]],
    [
      "a loan without its rate",
      { ...RENTAL, financing: { type: "loan", downPaymentPct: 20, termYears: 30 } },
      ["inputs.financing.interestRatePct"],
    ],
    ["a pasted price", { ...RENTAL, purchasePrice: "$125,000" }, ["inputs.purchasePrice"]],
    ["a hold of half a year", { ...RENTAL, holdYears: 2.5 }, ["inputs.holdYears"]],
  ];

  it.each(refused)(
    "%s answers 400 naming the field, and nothing is saved",
    async (_, inputs, fields) => {
      const before = await countDeals(alice.user.id);
      const analyzed = await analyze(alice.call, { strategy: "rental", inputs });
      expect(analyzed.status).toBe(400);
      const saved = await alice.call<ErrorBody>("/deals", {
        method: "POST",
        json: { name: "Refused", strategy: "rental", inputs },
      });
      for (const { status, body } of [analyzed, saved] as { status: number; body: unknown }[]) {
        expect(status).toBe(400);
        const { error } = body as ErrorBody;
        expect(error.code).toBe("VALIDATION_FAILED");
        expect(error.details!.map((d) => d.field)).toEqual(fields);
      }
      expect(await countDeals(alice.user.id)).toBe(before);
    },
  );

  it("says what is wrong in plain words", async () => {
    const { body } = await analyze(alice.call, {
      strategy: "rental",
      inputs: {
        ...RENTAL,
        purchasePrice: "$125,000",
        financing: { ...RENTAL.financing, termYears: 600 },
      },
    });
    expect(body as unknown as ErrorBody).toMatchObject({
      error: {
        message:
          "inputs.purchasePrice: “$125,000” is not a number; inputs.financing.termYears: Use 50 or less",
      },
    });
    const strategy = await alice.call<ErrorBody>("/deals/analyze", {
      method: "POST",
      json: { strategy: "condo", inputs: {} },
    });
    expect(strategy.body.error.details).toEqual([
      { field: "strategy", message: "“condo” is not one of: rental, flip, brrrr, wholesale" },
    ]);
    const flip = await alice.call<ErrorBody>("/deals", {
      method: "POST",
      json: { name: "", strategy: "flip", inputs: { purchasePrice: 1, holdingMonths: 121 } },
    });
    expect(flip.body.error.details).toEqual([
      { field: "name", message: "Give the analysis a name" },
      { field: "inputs.holdingMonths", message: "Use 120 or less" },
    ]);
    const brrrr = await analyze(alice.call, {
      strategy: "brrrr",
      inputs: { ...RENTAL, refinance: { ltvPct: 75, interestRatePct: 7 } },
    });
    expect((brrrr.body as unknown as ErrorBody).error.details).toEqual([
      { field: "inputs.refinance.termYears", message: "Required" },
    ]);
  });

  it("drops unknown input names and stores null optional inputs as left out", async () => {
    const deal = await save(alice.call, {
      name: "Tidy",
      strategy: "wholesale",
      inputs: { afterRepairValue: 100000, contractPrice: null, favouriteColour: "blue" },
    });
    expect(deal.inputs).toEqual({ afterRepairValue: 100000 });
    expect(deal.metrics.buyerMaxPrice).toBe(70000);
  });
});

describe("saved analyses", () => {
  it("create, read, list, replace and delete, each answer with fresh metrics", async () => {
    const user = await account();
    const created = await save(user.call, {
      name: "  Maple duplex, as listed ",
      strategy: "rental",
      inputs: RENTAL,
    });
    expect(created).toMatchObject({
      name: "Maple duplex, as listed",
      strategy: "rental",
      inputs: RENTAL,
      propertyId: null,
      projectId: null,
      primary: false,
    });
    expect(created).not.toHaveProperty("userId");
    expect(cents(created.metrics.monthlyPayment)).toBe(1264.14);
    expect(created.years).toHaveLength(5);

    const read = await user.call<Data<Deal>>(`/deals/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(created);

    const listed = await user.call<Data<Deal[]>>("/deals");
    expect(listed.body.meta).toEqual({ page: 1, limit: 20, total: 1 });
    expect(listed.body.data[0]).toEqual({ ...created, years: undefined });
    expect(listed.body.data[0]).not.toHaveProperty("years");

    const replaced = await user.call<Data<Deal>>(`/deals/${created.id}`, {
      method: "PUT",
      json: {
        name: "Maple duplex, as a flip",
        strategy: "flip",
        inputs: { purchasePrice: 250000, holdingMonths: 4, afterRepairValue: 300000 },
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ strategy: "flip", createdAt: created.createdAt });
    expect(replaced.body.data.metrics.profit).toBe(50000);
    expect(replaced.body.data.updatedAt >= created.updatedAt).toBe(true);

    const deleted = await user.call<Data<Deal>>(`/deals/${created.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.name).toBe("Maple duplex, as a flip");
    expect((await user.call(`/deals/${created.id}`)).status).toBe(404);
    expect(await countDeals(user.user.id)).toBe(0);
  });

  it("filters by property, project, strategy and name, and pages", async () => {
    const user = await account();
    const propertyId = await property(user.call, { address: "7 Filter Lane" });
    const project = await user.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Filter project" },
    });
    const projectId = project.body.data.id;
    await save(user.call, { name: "On the lane", strategy: "rental", inputs: RENTAL, propertyId });
    await save(user.call, {
      name: "In the project",
      strategy: "wholesale",
      inputs: { afterRepairValue: 1 },
      projectId,
    });
    await save(user.call, {
      name: "Loose flip",
      strategy: "flip",
      inputs: { purchasePrice: 1, holdingMonths: 1 },
    });
    const names = async (query: string) =>
      (await user.call<Data<Deal[]>>(`/deals?${query}`)).body.data.map((deal) => deal.name);
    expect(await names(`propertyId=${propertyId}`)).toEqual(["On the lane"]);
    expect(await names(`projectId=${projectId}`)).toEqual(["In the project"]);
    expect(await names("strategy=flip")).toEqual(["Loose flip"]);
    expect(await names("q=PROJECT")).toEqual(["In the project"]);
    expect(await names("limit=2")).toEqual(["Loose flip", "In the project"]);
    expect(await names("limit=2&page=2")).toEqual(["On the lane"]);
    expect((await user.call("/deals?strategy=condo")).status).toBe(400);
  });

  it("another user's analysis is 404 on every call and never listed", async () => {
    const mine = await save(alice.call, {
      name: "Alice's rental",
      strategy: "rental",
      inputs: RENTAL,
    });
    const path = `/deals/${mine.id}`;
    const body = { name: "Hijacked", strategy: "rental", inputs: RENTAL };
    expect((await bob.call(path)).status).toBe(404);
    expect((await bob.call(path, { method: "PUT", json: body })).status).toBe(404);
    expect((await bob.call(path, { method: "DELETE" })).status).toBe(404);
    const listed = await bob.call<Data<Deal[]>>("/deals?limit=100");
    expect(listed.body.data.map((deal) => deal.id)).not.toContain(mine.id);
    expect((await alice.call<Data<Deal>>(path)).body.data.name).toBe("Alice's rental");
  });

  it("refuses a property or project of another user's with 400 naming the field, saving nothing", async () => {
    const alicesProperty = await property(alice.call, { address: "1 Alice Court" });
    const alicesProject = await alice.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Alice's project" },
    });
    const before = await countDeals(bob.user.id);
    for (const [field, id] of [
      ["propertyId", alicesProperty],
      ["projectId", alicesProject.body.data.id],
    ]) {
      const { status, body } = await bob.call<ErrorBody>("/deals", {
        method: "POST",
        json: { name: "Sneaky", strategy: "rental", inputs: RENTAL, [field!]: id },
      });
      expect(status).toBe(400);
      expect(body.error.details!.map((d) => d.field)).toEqual([field]);
    }
    const bobs = await save(bob.call, { name: "Bob's", strategy: "rental", inputs: RENTAL });
    const moved = await bob.call<ErrorBody>(`/deals/${bobs.id}`, {
      method: "PUT",
      json: { name: "Bob's", strategy: "rental", inputs: RENTAL, propertyId: alicesProperty },
    });
    expect(moved.status).toBe(400);
    expect((await bob.call<Data<Deal>>(`/deals/${bobs.id}`)).body.data.propertyId).toBeNull();
    expect(await countDeals(bob.user.id)).toBe(before + 1);
  });
});

describe("a property's analyses", () => {
  const rentalAt = (price: number, rent: number) => ({
    purchasePrice: price,
    grossMonthlyRent: rent,
  });

  it("the first analysis is primary, another only when the user says so; saving a primary unflags the rest", async () => {
    const user = await account();
    const propertyId = await property(user.call, {
      address: "12 Primary Street",
      listPrice: "$200,000",
      propertyTaxesAnnual: "$4,200",
    });
    const first = await save(user.call, {
      name: "First look",
      strategy: "rental",
      inputs: rentalAt(200000, 2000),
      propertyId,
    });
    const listed = async () =>
      (await user.call<Data<ListedProperty[]>>("/data/properties")).body.data[0]!;
    expect((await listed()).propertyTaxesAnnual).toBe(4200);
    expect((await listed()).primaryAnalysis).toEqual({
      id: first.id,
      name: "First look",
      strategy: "rental",
      cashFlowMonthly: 2000,
      capRate: 12,
      cashOnCash: 12,
      // No buy box saved: no verdict.
      meetsCriteria: null,
    });
    expect(first.primary).toBe(true);

    // A newer analysis, and an edit of it, leave the portfolio's figures where they were.
    const second = await save(user.call, {
      name: "Flip instead",
      strategy: "flip",
      inputs: { purchasePrice: 200000, holdingMonths: 3 },
      propertyId,
    });
    expect(second.primary).toBe(false);
    expect((await listed()).primaryAnalysis).toMatchObject({ id: first.id, cashFlowMonthly: 2000 });
    await tick();
    const edited = await user.call<Data<Deal>>(`/deals/${second.id}`, {
      method: "PUT",
      json: {
        name: "Flip instead",
        strategy: "flip",
        inputs: { purchasePrice: 190000, holdingMonths: 3 },
        propertyId,
      },
    });
    expect(edited.body.data.primary).toBe(false);
    expect((await listed()).primaryAnalysis!.id).toBe(first.id);
    // The primary's own edit, sent without the flag, keeps it.
    await tick();
    const kept = await user.call<Data<Deal>>(`/deals/${first.id}`, {
      method: "PUT",
      json: { name: "First look", strategy: "rental", inputs: rentalAt(200000, 2000), propertyId },
    });
    expect(kept.body.data.primary).toBe(true);

    await tick();
    await user.call(`/deals/${first.id}`, {
      method: "PUT",
      json: {
        name: "First look",
        strategy: "rental",
        inputs: rentalAt(200000, 2000),
        propertyId,
        primary: true,
      },
    });
    await save(user.call, {
      name: "Later, not primary",
      strategy: "rental",
      inputs: rentalAt(200000, 1000),
      propertyId,
    });
    expect((await listed()).primaryAnalysis!.id).toBe(first.id);

    const third = await save(user.call, {
      name: "Best case",
      strategy: "rental",
      inputs: rentalAt(200000, 3000),
      propertyId,
      primary: true,
    });
    expect((await listed()).primaryAnalysis).toMatchObject({ id: third.id, capRate: 18 });
    const flagged = await env.DB.prepare(
      "SELECT id FROM deals WHERE property_id = ? AND is_primary = 1",
    )
      .bind(propertyId)
      .all<{ id: string }>();
    expect(flagged.results.map((row) => row.id)).toEqual([third.id]);
    expect((await user.call<Data<Deal>>(`/deals/${first.id}`)).body.data.primary).toBe(false);

    const detail = await user.call<
      Data<ListedProperty & { analyses: (Summary & { primary: boolean; updatedAt: string })[] }>
    >(`/data/properties/${propertyId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.primaryAnalysis!.id).toBe(third.id);
    expect(detail.body.data.analyses.map((a) => [a.name, a.primary])).toEqual([
      ["Best case", true],
      ["Later, not primary", false],
      ["First look", false],
      ["Flip instead", false],
    ]);
    expect(detail.body.data.analyses[0]).toEqual({
      id: third.id,
      name: "Best case",
      strategy: "rental",
      primary: true,
      cashFlowMonthly: 3000,
      capRate: 18,
      cashOnCash: 18,
      updatedAt: third.updatedAt,
    });
    expect(detail.body.data).toMatchObject({ projects: [], contacts: [], research: [] });
    expect((await bob.call(`/data/properties/${propertyId}`)).status).toBe(404);
    expect((await user.call("/data/properties/nope")).status).toBe(404);

    // Deleting the property keeps its analyses, unlinked.
    await user.call(`/data/properties/${propertyId}`, { method: "DELETE" });
    expect((await user.call<Data<Deal>>(`/deals/${third.id}`)).body.data.propertyId).toBeNull();
  });

  it("sorts properties by their primary analysis's figures, those without one last", async () => {
    const user = await account();
    const low = await property(user.call, { address: "1 Low Road" });
    const high = await property(user.call, { address: "2 High Road" });
    const none = await property(user.call, { address: "3 Bare Road" });
    const flip = await property(user.call, { address: "4 Flip Road" });
    await save(user.call, {
      name: "Low",
      strategy: "rental",
      inputs: rentalAt(100000, 500),
      propertyId: low,
    });
    await save(user.call, {
      name: "High",
      strategy: "rental",
      inputs: rentalAt(100000, 1000),
      propertyId: high,
    });
    await save(user.call, {
      name: "Flip",
      strategy: "flip",
      inputs: { purchasePrice: 100000, holdingMonths: 2 },
      propertyId: flip,
    });
    const order = async (query: string) =>
      (await user.call<Data<ListedProperty[]>>(`/data/properties?${query}`)).body.data.map(
        (p) => p.id,
      );
    const withoutFigures = new Set([none, flip]);
    for (const sort of ["capRate", "cashFlowMonthly", "cashOnCash"]) {
      const ascending = await order(`sort=${sort}&dir=asc`);
      expect(ascending.slice(0, 2)).toEqual([low, high]);
      expect(new Set(ascending.slice(2))).toEqual(withoutFigures);
      const descending = await order(`sort=${sort}&dir=desc`);
      expect(descending.slice(0, 2)).toEqual([high, low]);
      expect(new Set(descending.slice(2))).toEqual(withoutFigures);
    }
    const page = await user.call<Data<ListedProperty[]>>("/data/properties?sort=capRate&limit=1");
    expect(page.body.meta!.total).toBe(4);
    expect(page.body.data.map((p) => p.primaryAnalysis?.name)).toEqual(["High"]);
    const bare = (await user.call<Data<ListedProperty[]>>("/data/properties?q=bare")).body.data;
    expect(bare[0]!.primaryAnalysis).toBeNull();
  });
});

describe("the property page", () => {
  it("has the projects on the property, the people on them and research grounded in it", async () => {
    const user = await account();
    const propertyId = await property(user.call, { address: "44 Page Street", city: "Dayton" });
    await property(user.call, { address: "45 Other Street" });
    const project = await user.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Page Street flip", propertyId },
    });
    await user.call("/projects", { method: "POST", json: { name: "Unrelated" } });
    const contact = await user.call<Data<{ id: string }>>("/contacts", {
      method: "POST",
      json: { firstName: "Pat", lastName: "Agent", type: "agent" },
    });
    await user.call(`/projects/${project.body.data.id}/contacts`, {
      method: "POST",
      json: { contactId: contact.body.data.id },
    });
    const research = await user.call<Data<{ id: string }>>("/ai/property-research", {
      method: "POST",
      json: { query: "44 Page Street: flip or rent?" },
    });
    expect(research.status).toBe(201);
    await user.call("/ai/property-research", {
      method: "POST",
      json: { query: "45 Other Street: flip or rent?" },
    });
    const { body } = await user.call<
      Data<{
        projects: { name: string }[];
        contacts: { firstName: string }[];
        research: { id: string }[];
      }>
    >(`/data/properties/${propertyId}`);
    expect(body.data.projects.map((p) => p.name)).toEqual(["Page Street flip"]);
    expect(body.data.contacts.map((c) => c.firstName)).toEqual(["Pat"]);
    expect(body.data.research.map((r) => r.id)).toEqual([research.body.data.id]);
  });
});

describe("property import ids", () => {
  it("answers the id of each valid row in order, written or matched, and none for a preview", async () => {
    const user = await account();
    const one = await user.call<Data<{ ids: string[]; created: number }>>("/data/properties", {
      method: "POST",
      json: { address: "5 Hand Made Way", rentEstimate: 1800 },
    });
    expect(one.body.data.created).toBe(1);
    expect(one.body.data.ids).toHaveLength(1);
    const opened = await user.call<Data<ListedProperty>>(
      `/data/properties/${one.body.data.ids[0]}`,
    );
    expect(opened.body.data).toMatchObject({ address: "5 Hand Made Way", primaryAnalysis: null });

    const rows = [
      { address: "6 New Way" },
      { address: "" },
      { address: "5 hand made way" },
      { address: "7 New Way" },
    ];
    const preview = await user.call<Data<{ ids: string[] }>>("/data/properties?dryRun=true", {
      method: "POST",
      json: rows,
    });
    expect(preview.body.data.ids).toEqual([]);
    const skipped = await user.call<Data<{ ids: string[]; skipped: number }>>(
      "/data/properties?existing=skip",
      { method: "POST", json: rows },
    );
    expect(skipped.body.data.skipped).toBe(1);
    const listed = (await user.call<Data<ListedProperty[]>>("/data/properties?limit=100")).body
      .data;
    const idOf = (address: string) => listed.find((p) => p.address === address)!.id;
    expect(skipped.body.data.ids).toEqual([
      idOf("6 New Way"),
      one.body.data.ids[0],
      idOf("7 New Way"),
    ]);
    const updated = await user.call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: rows,
    });
    expect(updated.body.data.ids).toEqual(skipped.body.data.ids);
  });
});

describe("agent tools", () => {
  const context = () => ({ env, origin: ORIGIN, role: "owner" as const });
  const run = (userId: string, name: string, args: unknown) =>
    runTool(database(env.DB), userId, name, JSON.stringify(args), context());

  it("analyze_deal runs the analyzer on given inputs and gives each metric's formula", async () => {
    const { record, content } = await run(alice.user.id, "analyze_deal", {
      strategy: "rental",
      inputs: RENTAL,
    });
    expect(record).toMatchObject({ name: "analyze_deal", ok: true, wrote: false });
    expect(record.summary).toBe(
      "Rental: Monthly cash flow -$66, Cap rate 5.75 %, Cash-on-cash return -1.44 %, DSCR 0.95, IRR 1.31 %",
    );
    const result = JSON.parse(content) as {
      strategy: string;
      metrics: Record<string, { value: number | null; formula: string }>;
      years: Year[];
    };
    expect(cents(result.metrics.monthlyPayment!.value)).toBe(1264.14);
    expect(result.metrics.monthlyPayment!.formula).toContain("= $1,264.14");
    expect(result.metrics.capRate!.formula).toBe(
      "Cap rate = NOI $14,376 ÷ price $250,000 = 5.75 %",
    );
    expect(result.years).toHaveLength(5);

    const refused = await run(alice.user.id, "analyze_deal", {
      strategy: "rental",
      inputs: { ...RENTAL, purchasePrice: "$250,000", vacancyPct: 300 },
    });
    expect(refused.record.ok).toBe(false);
    expect(refused.record.summary).toBe(
      "inputs.purchasePrice: “$250,000” is not a number; inputs.vacancyPct: Use 100 or less",
    );
    const nothing = await run(alice.user.id, "analyze_deal", {});
    expect(nothing.record.ok).toBe(false);
  });

  it("analyze_deal and list_deals read only the user's own saved analyses", async () => {
    const user = await account();
    const propertyId = await property(user.call, { address: "9 Agent Avenue" });
    const saved = await save(user.call, {
      name: "Agent's wholesale",
      strategy: "wholesale",
      inputs: { afterRepairValue: 200000, rehabCost: 30000, contractPrice: 95000 },
      propertyId,
    });
    await save(user.call, { name: "Agent's rental", strategy: "rental", inputs: RENTAL });

    const analyzed = await run(user.user.id, "analyze_deal", { dealId: saved.id });
    expect(analyzed.record).toMatchObject({
      ok: true,
      summary:
        "Agent's wholesale (Wholesale): Maximum allowable offer $110,000, Buyer's max price $110,000, Assignment profit $15,000",
    });
    expect(JSON.parse(analyzed.content)).toMatchObject({
      dealId: saved.id,
      name: "Agent's wholesale",
      metrics: { assignmentProfit: { value: 15000 } },
    });
    const theirs = await run(bob.user.id, "analyze_deal", { dealId: saved.id });
    expect(theirs.record).toMatchObject({ ok: false, summary: "Deal not found" });

    const all = await run(user.user.id, "list_deals", {});
    expect(all.record.summary).toBe("Found 2 analyses: Agent's rental, Agent's wholesale");
    // The property's first analysis is its primary; one without a property is no one's.
    expect(
      (JSON.parse(all.content) as { name: string; primary: boolean }[]).map((d) => [
        d.name,
        d.primary,
      ]),
    ).toEqual([
      ["Agent's rental", false],
      ["Agent's wholesale", true],
    ]);
    const forProperty = await run(user.user.id, "list_deals", { propertyId });
    expect(JSON.parse(forProperty.content)).toEqual([
      expect.objectContaining({
        id: saved.id,
        strategy: "wholesale",
        keyMetrics: { maxAllowableOffer: 110000, buyerMaxPrice: 110000, assignmentProfit: 15000 },
      }),
    ]);
    const rentals = await run(user.user.id, "list_deals", { strategy: "rental" });
    expect(JSON.parse(rentals.content)[0].keyMetrics.capRate).toBeCloseTo(5.7504, 9);
    expect((await run(bob.user.id, "list_deals", {})).record.summary).not.toContain("Agent's");
  });

  it("are offered to the model, which calls them through the agent", async () => {
    const user = await account();
    const { status, body } = await user.call<
      Data<{ message: { toolCalls: { name: string; ok: boolean; summary: string }[] } }>
    >("/ai/coordinate", {
      method: "POST",
      json: {
        messages: [
          {
            role: "user",
            content: `CALL_TOOL analyze_deal ${JSON.stringify({ strategy: "rental", inputs: RENTAL })}`,
          },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body.data.message.toolCalls).toEqual([
      expect.objectContaining({ name: "analyze_deal", ok: true }),
    ]);
  });
});
