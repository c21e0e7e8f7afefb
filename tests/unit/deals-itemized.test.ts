/**
 * The analyzer's itemized inputs, worked by hand: a 4-unit rent roll, a line-item rehab with a 10 %
 * contingency and three adjusted comps to the ARV; what they stand in for (the rent, the rehab, the
 * ARV) as every metric reads them; and the 400s the schema answers.
 */
import { describe, expect, it } from "vitest";
import { analyzeDeal } from "~/domain/deals/analyze";
import { explainDeal } from "~/domain/deals/formulas";
import { AnalyzeRequestSchema } from "~/domain/deals/inputs";
import { compsValue, rehabBudget, rentRoll } from "~/domain/deals/itemized";
import { ruleChecks } from "~/domain/deals/judge";
import type { Comp, FlipInputs, RehabItem, RentalInputs, Unit } from "~/domain/deals/types";
import { fieldProblems } from "~/domain/validation";

/**
 * Rents 1,000 + 1,050 + 1,100 + 950 = 4,100 a month. Market rents are given for three units:
 * (1,100 − 1,000) + (1,050 − 1,050) + (1,200 − 1,100) = 100 + 0 + 100 = 200 of loss to lease
 * (the fourth unit, with none, counts for nothing).
 */
const FOURPLEX: Unit[] = [
  { name: "1A", beds: 2, baths: 1, monthlyRent: 1000, marketRent: 1100 },
  { name: "1B", beds: 2, baths: 1, monthlyRent: 1050, marketRent: 1050 },
  { name: "2A", beds: 3, baths: 1.5, monthlyRent: 1100, marketRent: 1200 },
  { name: "2B", beds: 1, baths: 1, monthlyRent: 950 },
];

/**
 * Roof 12,000 (quantity left out: 1); kitchen 1 × 18,500; flooring 1,200 sq ft × 4.50 = 5,400;
 * paint 2 rooms × 1,250 = 2,500. Subtotal 12,000 + 18,500 + 5,400 + 2,500 = 38,400; a 10 %
 * contingency 3,840; rehab cost 42,240.
 */
const REHAB: RehabItem[] = [
  { category: "Roof", unitCost: 12_000 },
  { category: "Kitchen", description: "Cabinets and counters", quantity: 1, unitCost: 18_500 },
  { category: "Flooring", description: "LVP, sq ft", quantity: 1200, unitCost: 4.5 },
  { category: "Paint", quantity: 2, unitCost: 1250 },
];

/**
 * A 1,500 sq ft subject. Adjusted $/sq ft: A 300,000 / 1,500 = 200; B (280,000 + 7,000) / 1,400
 * = 205; C (330,000 − 16,500) / 1,650 = 190. Mean (200 + 205 + 190) / 3 = 198.333…; ARV
 * 1,500 × 198.333… = 297,500; low 1,500 × 190 = 285,000; high 1,500 × 205 = 307,500.
 */
const COMPS: Comp[] = [
  { address: "12 Elm St", salePrice: 300_000, squareFeet: 1500 },
  { address: "40 Oak Ave", salePrice: 280_000, squareFeet: 1400, adjustments: 7000 },
  { address: "9 Pine Ct", salePrice: 330_000, squareFeet: 1650, adjustments: -16_500 },
];

const loan = { type: "loan" as const, downPaymentPct: 25, interestRatePct: 7, termYears: 30 };

const fourplex: RentalInputs = {
  purchasePrice: 400_000,
  closingCosts: 8000,
  financing: loan,
  units: FOURPLEX,
  vacancyPct: 5,
  propertyTaxesAnnual: 6000,
  insuranceAnnual: 2400,
  managementPct: 8,
};

const flip: FlipInputs = {
  purchasePrice: 180_000,
  closingCosts: 4000,
  holdingMonths: 6,
  holdingCostsMonthly: 600,
  sellingCostsPct: 6,
  rehabItems: REHAB,
  rehabContingencyPct: 10,
  subjectSquareFeet: 1500,
  comps: COMPS,
};

describe("a rent roll (units)", () => {
  it("answers the four unit metrics, worked by hand", () => {
    expect(rentRoll(FOURPLEX, 400_000)).toEqual({
      unitCount: 4,
      averageRentPerUnit: 1025, // 4,100 / 4
      pricePerUnit: 100_000, // 400,000 / 4
      lossToLeaseMonthly: 200,
    });
    // No unit gives a market rent: no loss to lease, 0 rather than absent.
    expect(rentRoll([{ name: "A", monthlyRent: 900 }], 90_000).lossToLeaseMonthly).toBe(0);
    // A unit let above the market counts against the loss: 900 − 1,000 = −100.
    expect(
      rentRoll([{ name: "A", monthlyRent: 1000, marketRent: 900 }], 90_000).lossToLeaseMonthly,
    ).toBe(-100);
  });

  it("takes the rent as the units' sum for every metric, with the unit metrics after them", () => {
    const byUnits = analyzeDeal("rental", fourplex);
    const { units: _units, ...rest } = fourplex;
    const byRent = analyzeDeal("rental", { ...rest, grossMonthlyRent: 4100 });
    expect(byUnits.metrics.grossScheduledIncome).toBe(49_200); // 12 × 4,100
    expect(byUnits.metrics).toEqual({
      ...byRent.metrics,
      unitCount: 4,
      averageRentPerUnit: 1025,
      pricePerUnit: 100_000,
      lossToLeaseMonthly: 200,
    });
    expect(byUnits.years).toEqual(byRent.years);
  });

  it("leaves the four unit metrics out without units (absent, not null)", () => {
    const { units: _units, ...rest } = fourplex;
    const { metrics } = analyzeDeal("rental", { ...rest, grossMonthlyRent: 4100 });
    for (const name of ["unitCount", "averageRentPerUnit", "pricePerUnit", "lossToLeaseMonthly"])
      expect(name in metrics, name).toBe(false);
  });

  it("counts a BRRRR's units the same way", () => {
    const brrrr = {
      ...fourplex,
      holdingMonths: 3,
      refinance: { ltvPct: 75, interestRatePct: 6.5, termYears: 30 },
    };
    const { metrics } = analyzeDeal("brrrr", brrrr);
    expect(metrics.grossScheduledIncome).toBe(49_200);
    expect(metrics.pricePerUnit).toBe(100_000);
    expect(metrics.lossToLeaseMonthly).toBe(200);
  });

  it("explains them in the user's numbers", () => {
    const explained = explainDeal("rental", fourplex);
    expect(explained.pricePerUnit.formula).toBe(
      "Price per unit = price $400,000 ÷ 4 units = $100,000",
    );
    expect(explained.averageRentPerUnit.formula).toBe(
      "Average rent per unit = rents $4,100 ÷ 4 units = $1,025",
    );
    expect(explained.lossToLeaseMonthly.formula).toBe(
      "Loss to lease = market rents $3,350 − their rents $3,150, over the 3 units with a market rent = $200",
    );
    expect(explained.unitCount.value).toBe("4");
  });
});

describe("a line-item rehab", () => {
  it("adds the items, then the contingency, worked by hand", () => {
    const budget = rehabBudget(REHAB, 10);
    expect(budget.rehabSubtotal).toBe(38_400);
    expect(budget.rehabContingency).toBe(3840);
    expect(budget.rehabCost).toBeCloseTo(42_240, 9);
    // Without a contingency the cost is the subtotal.
    expect(rehabBudget(REHAB)).toEqual({
      rehabSubtotal: 38_400,
      rehabContingency: 0,
      rehabCost: 38_400,
    });
  });

  it("is the rehab every metric reads, for each strategy", () => {
    const { rehabCost } = rehabBudget(REHAB, 10);
    const given = analyzeDeal("flip", { ...flip, comps: undefined, subjectSquareFeet: undefined });
    const typed = analyzeDeal("flip", {
      ...flip,
      rehabItems: undefined,
      rehabContingencyPct: undefined,
      comps: undefined,
      subjectSquareFeet: undefined,
      rehabCost,
    });
    expect(given.metrics).toEqual({
      ...typed.metrics,
      rehabSubtotal: 38_400,
      rehabContingency: 3840,
      rehabCost,
    });
    // Wholesale: buyer's max 70 % × 300,000 − 42,240 = 167,760.
    const wholesale = analyzeDeal("wholesale", {
      afterRepairValue: 300_000,
      rehabItems: REHAB,
      rehabContingencyPct: 10,
    });
    expect(wholesale.metrics.buyerMaxPrice).toBeCloseTo(167_760, 9);
    expect(wholesale.metrics.rehabCost).toBe(rehabCost);
  });

  it("drives the 70 % rule's check too", () => {
    // 70 % × ARV 297,500 − rehab 42,240 = 166,010 ≥ price 180,000? No.
    const [seventy] = ruleChecks("flip", flip);
    expect(seventy!.pass).toBe(false);
    expect(seventy!.detail).toBe("Price $180,000 > 70 % × ARV $297,500 − rehab $42,240 = $166,010");
  });
});

describe("comps to ARV", () => {
  it("averages the adjusted $/sq ft and answers the ARV and its range, worked by hand", () => {
    const value = compsValue(COMPS, 1500);
    expect(value.compsPricePerSqFt).toBeCloseTo(595 / 3, 12);
    expect(value.arvFromComps).toBeCloseTo(297_500, 9);
    expect(value.arvLow).toBe(285_000);
    expect(value.arvHigh).toBe(307_500);
  });

  it("is the ARV of every metric when afterRepairValue is absent", () => {
    const { metrics } = analyzeDeal("flip", flip);
    const arv = metrics.arvFromComps!;
    // Selling costs 6 % × 297,500 = 17,850.
    expect(metrics.sellingCosts).toBeCloseTo(17_850, 9);
    // 70 % × 297,500 − 42,240 = 166,010.
    expect(metrics.seventyPercentRuleMaxPrice).toBeCloseTo(166_010, 9);
    // Cash: 180,000 + 42,240 + 4,000 closing + 6 × 600 holding = 229,840; profit
    // 297,500 − 17,850 − 229,840 = 49,810.
    expect(metrics.totalCashInvested).toBeCloseTo(229_840, 9);
    expect(metrics.profit).toBeCloseTo(49_810, 9);
    const typed = analyzeDeal("flip", { ...flip, afterRepairValue: arv });
    expect(typed.metrics).toEqual(metrics);
    // Wholesale on comps alone: 70 % × 297,500 = 208,250.
    const wholesale = analyzeDeal("wholesale", { subjectSquareFeet: 1500, comps: COMPS });
    expect(wholesale.metrics.buyerMaxPrice).toBeCloseTo(208_250, 9);
  });

  it("leaves a typed afterRepairValue in charge, still answering the comps' figures", () => {
    const { metrics } = analyzeDeal("flip", { ...flip, afterRepairValue: 320_000 });
    expect(metrics.sellingCosts).toBeCloseTo(19_200, 9); // 6 % × 320,000
    expect(metrics.arvFromComps).toBeCloseTo(297_500, 9);
  });

  it("values a rental's sale on the comps' ARV", () => {
    const { metrics, years } = analyzeDeal("rental", {
      ...fourplex,
      subjectSquareFeet: 1500,
      comps: COMPS,
    });
    expect(years[0]!.propertyValue).toBeCloseTo(297_500, 9);
    expect(metrics.arvLow).toBe(285_000);
  });

  it("explains the ARV with the subject's square feet", () => {
    expect(explainDeal("flip", flip).arvFromComps!.formula).toBe(
      "ARV from comps = subject 1500 sq ft × comps' price per sq ft $198.33 = $297,500",
    );
  });
});

/** The fields a refused analyze request names, as the API's 400 lists them. */
function refused(strategy: string, inputs: object) {
  const parsed = AnalyzeRequestSchema.safeParse({ strategy, inputs });
  if (parsed.success) throw new Error("expected a refusal");
  return fieldProblems(parsed.error).map((problem) => problem.field);
}

describe("the itemized inputs' 400s", () => {
  const { units: _units, ...rentOnly } = fourplex;
  const rental = { ...rentOnly, grossMonthlyRent: 4100 };
  it.each([
    [
      "rental",
      "grossMonthlyRent with units",
      { ...fourplex, grossMonthlyRent: 4100 },
      "inputs.grossMonthlyRent",
    ],
    ["rental", "neither rent nor units", rentOnly, "inputs.grossMonthlyRent"],
    ["rental", "no units at all", { ...rentOnly, units: [] }, "inputs.units"],
    ["rental", "501 units", { ...rentOnly, units: Array(501).fill(FOURPLEX[0]) }, "inputs.units"],
    [
      "rental",
      "a unit without a name",
      { ...rentOnly, units: [{ monthlyRent: 900 }] },
      "inputs.units.0.name",
    ],
    [
      "rental",
      "a negative market rent",
      { ...rentOnly, units: [{ name: "A", monthlyRent: 900, marketRent: -1 }] },
      "inputs.units.0.marketRent",
    ],
    ["flip", "rehabCost with rehabItems", { ...flip, rehabCost: 40_000 }, "inputs.rehabCost"],
    [
      "flip",
      "a quantity of 0",
      { ...flip, rehabItems: [{ category: "Roof", quantity: 0, unitCost: 1 }] },
      "inputs.rehabItems.0.quantity",
    ],
    [
      "flip",
      "a negative unit cost",
      { ...flip, rehabItems: [{ category: "Roof", unitCost: -1 }] },
      "inputs.rehabItems.0.unitCost",
    ],
    [
      "flip",
      "a contingency over 100 %",
      { ...flip, rehabContingencyPct: 101 },
      "inputs.rehabContingencyPct",
    ],
    [
      "flip",
      "501 rehab items",
      { ...flip, rehabItems: Array(501).fill(REHAB[0]) },
      "inputs.rehabItems",
    ],
    [
      "flip",
      "comps without subjectSquareFeet",
      { ...flip, subjectSquareFeet: undefined },
      "inputs.subjectSquareFeet",
    ],
    ["flip", "51 comps", { ...flip, comps: Array(51).fill(COMPS[0]) }, "inputs.comps"],
    [
      "flip",
      "a comp of 0 sq ft",
      { ...flip, comps: [{ salePrice: 1, squareFeet: 0 }] },
      "inputs.comps.0.squareFeet",
    ],
    [
      "flip",
      "a comp adjusted to nothing",
      { ...flip, comps: [{ salePrice: 100, squareFeet: 10, adjustments: -100 }] },
      "inputs.comps.0.adjustments",
    ],
    [
      "rental",
      "a subject of 0 sq ft",
      { ...rental, subjectSquareFeet: 0, comps: COMPS },
      "inputs.subjectSquareFeet",
    ],
    ["wholesale", "neither ARV nor comps", { maoPct: 70 }, "inputs.afterRepairValue"],
  ])("%s: %s is refused, naming the field", (strategy, _, inputs, field) => {
    expect(refused(strategy, inputs)).toContain(field);
  });

  it("names a cross-field problem beside the fields' own", () => {
    expect(refused("rental", { ...fourplex, grossMonthlyRent: 4100, vacancyPct: 101 })).toEqual([
      "inputs.vacancyPct",
      "inputs.grossMonthlyRent",
    ]);
  });

  it("stores what was given: optional item fields left out stay out", () => {
    const parsed = AnalyzeRequestSchema.parse({ strategy: "flip", inputs: flip });
    expect(parsed.inputs).toEqual(flip);
    expect((parsed.inputs as FlipInputs).rehabItems![0]).toEqual({
      category: "Roof",
      unitCost: 12_000,
    });
  });
});
