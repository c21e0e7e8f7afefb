/**
 * The buy box: which criteria apply to each strategy, pass and fail worked by hand (a null
 * figure fails), and `meetsCriteria` null when none applies.
 */
import { describe, expect, it } from "vitest";
import { analyzeDeal } from "~/domain/deals/analyze";
import {
  criteriaFigures,
  DealCriteriaInputSchema,
  formatCriterion,
  verdictSummary,
  judgeCriteria,
  NO_CRITERIA,
  savedCriteria,
  type DealCriteria,
} from "~/domain/deals/criteria";
import type { DealInputs, Strategy } from "~/domain/deals/types";
import { fieldProblems } from "~/domain/validation";

const box = (criteria: Partial<DealCriteria>): DealCriteria => ({ ...NO_CRITERIA, ...criteria });

const judge = <S extends Strategy>(
  strategy: S,
  inputs: DealInputs[S],
  criteria: Partial<DealCriteria>,
) => judgeCriteria(strategy, inputs, analyzeDeal(strategy, inputs).metrics, box(criteria));

/**
 * Cash, $200,000, $2,000 rent, no expenses: NOI 24,000, cap rate 24,000 / 200,000 = 12 %; cash
 * flow 2,000 a month; no loan, so no DSCR (null).
 */
const cashRental: DealInputs["rental"] = { purchasePrice: 200_000, grossMonthlyRent: 2000 };

/**
 * Cash flip: $150,000 + $30,000 rehab, ARV $250,000, 6 months, no other costs: profit
 * 250,000 − 180,000 = 70,000; all-in (150,000 + 30,000) / 250,000 × 100 = 72 %.
 */
const flip: DealInputs["flip"] = {
  purchasePrice: 150_000,
  rehabCost: 30_000,
  afterRepairValue: 250_000,
  holdingMonths: 6,
};

describe("the buy box", () => {
  it("passes and fails each criterion on the figure, worked by hand", () => {
    expect(
      judge("rental", cashRental, {
        minCapRate: 12,
        minCashFlowMonthly: 2500,
        maxPurchasePrice: 200_000,
      }),
    ).toEqual({
      criteria: [
        { name: "minCapRate", target: 12, value: 12, pass: true }, // at the target passes
        { name: "minCashFlowMonthly", target: 2500, value: 2000, pass: false },
        { name: "maxPurchasePrice", target: 200_000, value: 200_000, pass: true },
      ],
      meetsCriteria: false,
    });
    expect(judge("flip", flip, { minProfit: 70_000, maxAllInPctOfArv: 72 })).toEqual({
      criteria: [
        { name: "minProfit", target: 70_000, value: 70_000, pass: true },
        { name: "maxAllInPctOfArv", target: 72, value: 72, pass: true },
      ],
      meetsCriteria: true,
    });
    expect(judge("flip", flip, { maxAllInPctOfArv: 70 }).meetsCriteria).toBe(false);
  });

  it("fails a criterion whose figure is null or absent", () => {
    // A cash purchase has no DSCR; a rental without units no price per unit.
    expect(judge("rental", cashRental, { minDscr: 1.2, maxPricePerUnit: 500_000 })).toEqual({
      criteria: [
        { name: "minDscr", target: 1.2, value: null, pass: false },
        { name: "maxPricePerUnit", target: 500_000, value: null, pass: false },
      ],
      meetsCriteria: false,
    });
  });

  it("reads price per unit from the units and the ARV from the comps", () => {
    // 2 units on $200,000: $100,000 a unit.
    const { grossMonthlyRent: _rent, ...rest } = cashRental;
    const duplex = {
      ...rest,
      units: [
        { name: "A", monthlyRent: 1000 },
        { name: "B", monthlyRent: 1000 },
      ],
    };
    expect(judge("rental", duplex, { maxPricePerUnit: 100_000 }).meetsCriteria).toBe(true);
    // Comps at $200/sq ft on 1,500 sq ft: ARV 300,000; all-in 180,000 / 300,000 = 60 %.
    const { afterRepairValue: _arv, ...noArv } = flip;
    const compsFlip = {
      ...noArv,
      subjectSquareFeet: 1500,
      comps: [{ salePrice: 300_000, squareFeet: 1500 }],
    };
    expect(judge("flip", compsFlip, { maxAllInPctOfArv: 60 }).criteria[0]!.value).toBeCloseTo(
      60,
      12,
    );
  });

  it("applies only the criteria of the strategy, and answers null when none applies", () => {
    const criteria = { minCapRate: 8, minProfit: 20_000, maxAllInPctOfArv: 75, minIrr: 10 };
    expect(judge("rental", cashRental, criteria).criteria.map((c) => c.name)).toEqual([
      "minCapRate",
      "minIrr",
    ]);
    expect(judge("flip", flip, criteria).criteria.map((c) => c.name)).toEqual([
      "minProfit",
      "maxAllInPctOfArv",
    ]);
    const brrrr = {
      ...cashRental,
      afterRepairValue: 250_000,
      refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30 },
    };
    expect(judge("brrrr", brrrr, criteria).criteria.map((c) => c.name)).toEqual([
      "minCapRate",
      "minIrr",
      "maxAllInPctOfArv",
    ]);
    expect(judge("wholesale", { afterRepairValue: 200_000 }, criteria)).toEqual({
      criteria: [],
      meetsCriteria: null,
    });
    expect(judge("rental", cashRental, {})).toEqual({ criteria: [], meetsCriteria: null });
  });

  it("saves every criterion, null where left out, and refuses one out of range", () => {
    expect(savedCriteria(DealCriteriaInputSchema.parse({ minCapRate: 7, minDscr: null }))).toEqual(
      box({ minCapRate: 7 }),
    );
    const refused = DealCriteriaInputSchema.safeParse({
      minDscr: -1,
      maxPurchasePrice: 0,
      minCapRate: "8",
    });
    expect(refused.success).toBe(false);
    expect(fieldProblems(refused.error!).map((p) => p.field)).toEqual([
      "minCapRate",
      "minDscr",
      "maxPurchasePrice",
    ]);
  });
});

describe("the buy box's figures and verdict in words", () => {
  it("keeps every figure a criterion reads, null where the strategy has none", () => {
    const rental = criteriaFigures("rental", cashRental, analyzeDeal("rental", cashRental).metrics);
    expect(rental).toMatchObject({
      capRate: 12,
      cashFlowMonthly: 2000,
      dscr: null,
      purchasePrice: 200_000,
      profit: null,
      // No ARV given: the ARV is the price, so all-in is 200,000 / 200,000 = 100 %.
      allInPctOfArv: 100,
    });
    const flipFigures = criteriaFigures("flip", flip, analyzeDeal("flip", flip).metrics);
    expect(flipFigures).toMatchObject({ profit: 70_000, allInPctOfArv: 72, capRate: null });
  });

  it("says whether the analysis meets the buy box, or how many criteria it misses", () => {
    expect(verdictSummary(judge("rental", cashRental, { minCapRate: 12 }))).toBe(
      "Meets your buy box",
    );
    expect(
      verdictSummary(
        judge("rental", cashRental, { minCapRate: 13, minDscr: 1, maxPurchasePrice: 250_000 }),
      ),
    ).toBe("Misses 2 of 3");
    expect(verdictSummary(judge("flip", flip, { minCapRate: 8 }))).toBeNull();
  });

  it("writes targets and figures in each criterion's unit", () => {
    expect(formatCriterion("minCapRate", 7.5)).toBe("7.5%");
    expect(formatCriterion("maxPurchasePrice", 250_000)).toBe("$250,000");
    expect(formatCriterion("minDscr", 1.2)).toBe("1.20");
    expect(formatCriterion("minDscr", null)).toBe("—");
  });
});
