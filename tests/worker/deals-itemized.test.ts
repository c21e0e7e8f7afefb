/**
 * The itemized inputs through the API inside workerd with real local D1: units, a line-item rehab
 * and comps analyzed and saved (the inputs round-trip as given), and the 400s naming each field.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { account } from "./helpers";

type Data<T> = { data: T };
type ErrorBody = { error: { code: string; details?: { field: string; message: string }[] } };
type Metrics = Record<string, number | null>;
interface Deal {
  id: string;
  strategy: string;
  inputs: Record<string, unknown>;
  metrics: Metrics;
}

/** Rents 4,100 a month; loss to lease (1,100 − 1,000) + (1,200 − 1,100) = 200. */
const UNITS = [
  { name: "1A", beds: 2, baths: 1, monthlyRent: 1000, marketRent: 1100 },
  { name: "1B", monthlyRent: 1050 },
  { name: "2A", beds: 3, baths: 1.5, monthlyRent: 1100, marketRent: 1200 },
  { name: "2B", monthlyRent: 950 },
];
/** 12,000 + 5,400 + 2,500 = 19,900, with 10 %: 21,890. */
const REHAB = [
  { category: "Roof", unitCost: 12_000 },
  { category: "Flooring", description: "LVP", quantity: 1200, unitCost: 4.5 },
  { category: "Paint", quantity: 2, unitCost: 1250 },
];
/** $/sq ft 200, 205, 190: a 1,500 sq ft subject's ARV 297,500 (285,000 – 307,500). */
const COMPS = [
  { address: "12 Elm St", salePrice: 300_000, squareFeet: 1500 },
  { salePrice: 280_000, squareFeet: 1400, adjustments: 7000 },
  { salePrice: 330_000, squareFeet: 1650, adjustments: -16_500 },
];
const FOURPLEX = {
  purchasePrice: 400_000,
  units: UNITS,
  rehabItems: REHAB,
  rehabContingencyPct: 10,
  subjectSquareFeet: 1500,
  comps: COMPS,
  financing: { type: "loan", downPaymentPct: 25, interestRatePct: 7, termYears: 30 },
};

let alice: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  alice = await account();
});

describe("itemized inputs through the API", () => {
  it("analyzes a 4-unit rental from its units, rehab items and comps", async () => {
    const { status, body } = await alice.call<Data<{ metrics: Metrics; years: unknown[] }>>(
      "/deals/analyze",
      { method: "POST", json: { strategy: "rental", inputs: FOURPLEX } },
    );
    expect(status).toBe(200);
    const { metrics } = body.data;
    expect(metrics.grossScheduledIncome).toBe(49_200);
    expect(metrics).toMatchObject({
      unitCount: 4,
      averageRentPerUnit: 1025,
      pricePerUnit: 100_000,
      lossToLeaseMonthly: 200,
      rehabSubtotal: 19_900,
      arvLow: 285_000,
      arvHigh: 307_500,
    });
    expect(metrics.rehabCost).toBeCloseTo(21_890, 9);
    expect(metrics.arvFromComps).toBeCloseTo(297_500, 9);
    // Cash invested: 400,000 − 300,000 loan + 21,890 rehab.
    expect(metrics.totalCashInvested).toBeCloseTo(121_890, 9);
  });

  it("leaves the itemized metrics out when their inputs are (absent, not null)", async () => {
    const { body } = await alice.call<Data<{ metrics: Metrics }>>("/deals/analyze", {
      method: "POST",
      json: { strategy: "rental", inputs: { purchasePrice: 100_000, grossMonthlyRent: 1000 } },
    });
    for (const name of ["unitCount", "pricePerUnit", "rehabCost", "arvFromComps"])
      expect(name in body.data.metrics, name).toBe(false);
  });

  it("saves the inputs as given and answers them back, with their metrics", async () => {
    const created = await alice.call<Data<Deal>>("/deals", {
      method: "POST",
      json: {
        name: "Fourplex",
        strategy: "brrrr",
        inputs: { ...FOURPLEX, refinance: { ltvPct: 75, interestRatePct: 6.5, termYears: 30 } },
      },
    });
    expect(created.status).toBe(201);
    const read = await alice.call<Data<Deal>>(`/deals/${created.body.data.id}`);
    expect(read.body.data.inputs).toEqual({
      ...FOURPLEX,
      refinance: { ltvPct: 75, interestRatePct: 6.5, termYears: 30 },
    });
    expect(read.body.data.metrics.unitCount).toBe(4);
    expect(read.body.data.metrics.refinanceLoanAmount).toBeCloseTo(0.75 * 297_500, 6);
    const listed = await alice.call<Data<Deal[]>>("/deals?strategy=brrrr");
    expect(
      listed.body.data.find((deal) => deal.id === created.body.data.id)!.metrics.unitCount,
    ).toBe(4);
  });

  it("goes through Export Data and Import Data with its itemized inputs as given", async () => {
    const source = await account();
    const inputs = { ...FOURPLEX, refinance: { ltvPct: 75, interestRatePct: 6.5, termYears: 30 } };
    const saved = await source.call("/deals", {
      method: "POST",
      json: { name: "Exported fourplex", strategy: "brrrr", inputs },
    });
    expect(saved.status).toBe(201);
    const doc = (await source.call<Data<Record<string, unknown>>>("/export")).body.data;
    const target = await account();
    const imported = await target.call("/import", { method: "POST", json: doc });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [deal] = (await target.call<Data<Deal[]>>("/deals")).body.data;
    expect(deal!.inputs).toEqual(inputs);
    expect(deal!.metrics.unitCount).toBe(4);
    expect(deal!.metrics.arvFromComps).toBeCloseTo(297_500, 9);
  });

  it.each([
    [
      "rental",
      "grossMonthlyRent with units",
      { ...FOURPLEX, grossMonthlyRent: 4100 },
      "inputs.grossMonthlyRent",
    ],
    [
      "flip",
      "rehabCost with rehabItems",
      { ...FOURPLEX, holdingMonths: 6, rehabCost: 20_000 },
      "inputs.rehabCost",
    ],
    [
      "flip",
      "comps without subjectSquareFeet",
      { purchasePrice: 1, holdingMonths: 6, comps: COMPS },
      "inputs.subjectSquareFeet",
    ],
    ["wholesale", "neither ARV nor comps", { assignmentFee: 5000 }, "inputs.afterRepairValue"],
    ["rental", "501 units", { ...FOURPLEX, units: Array(501).fill(UNITS[0]) }, "inputs.units"],
    ["rental", "no units", { ...FOURPLEX, units: [] }, "inputs.units"],
    [
      "flip",
      "a quantity of 0",
      {
        purchasePrice: 1,
        holdingMonths: 6,
        rehabItems: [{ category: "Roof", quantity: 0, unitCost: 1 }],
      },
      "inputs.rehabItems.0.quantity",
    ],
    [
      "flip",
      "a contingency of 150 %",
      { purchasePrice: 1, holdingMonths: 6, rehabItems: REHAB, rehabContingencyPct: 150 },
      "inputs.rehabContingencyPct",
    ],
    [
      "flip",
      "51 comps",
      {
        purchasePrice: 1,
        holdingMonths: 6,
        subjectSquareFeet: 1000,
        comps: Array(51).fill(COMPS[0]),
      },
      "inputs.comps",
    ],
    [
      "wholesale",
      "a comp without a price",
      { subjectSquareFeet: 1000, comps: [{ squareFeet: 1000 }] },
      "inputs.comps.0.salePrice",
    ],
  ])(
    "%s with %s answers 400 naming the field, analyzed or saved",
    async (strategy, _, inputs, field) => {
      for (const [path, json] of [
        ["/deals/analyze", { strategy, inputs }],
        ["/deals", { name: "Refused", strategy, inputs }],
      ] as const) {
        const { status, body } = await alice.call<ErrorBody>(path, { method: "POST", json });
        expect(status, path).toBe(400);
        expect(body.error.code).toBe("VALIDATION_FAILED");
        expect(body.error.details!.map((detail) => detail.field)).toContain(field);
      }
    },
  );
});
