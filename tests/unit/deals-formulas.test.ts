import { describe, expect, it } from "vitest";
import { analyzeDeal } from "~/domain/deals/analyze";
import { explainDeal } from "~/domain/deals/formulas";
import type { BrrrrInputs, RentalInputs } from "~/domain/deals/types";

/** The issue's own example: NOI $14,820 on a $185,000 price, bought for cash. */
const capRateExample: RentalInputs = { purchasePrice: 185_000, grossMonthlyRent: 1235 };

const financed: RentalInputs = {
  purchasePrice: 250_000,
  financing: { type: "loan", downPaymentPct: 20, interestRatePct: 6.5, termYears: 30 },
  grossMonthlyRent: 2400,
  propertyTaxesAnnual: 3000,
};

describe("a metric's formula with the user's numbers", () => {
  it("reads as the issue writes it", () => {
    expect(explainDeal("rental", capRateExample).capRate).toEqual({
      label: "Cap rate",
      explanation: "NOI as a share of the price: the yearly return if you paid cash.",
      value: "8.01 %",
      formula: "Cap rate = NOI $14,820 ÷ price $185,000 = 8.01 %",
      reason: null,
    });
  });

  it("shows the monthly payment to the cent and other money to the dollar", () => {
    // $200,000 at 6.5 % over 30 years: $1,264.14 (see deals-finance.test.ts); debt service
    // 12 × 1,264.136 = 15,169.63, shown as $15,170.
    const explained = explainDeal("rental", financed);
    expect(explained.monthlyPayment.formula).toBe(
      "Monthly payment = loan $200,000 × r ÷ (1 − (1 + r)^−360), r = 6.50 % ÷ 12 = $1,264.14",
    );
    expect(explained.annualDebtService.formula).toBe(
      "Annual debt service = 12 × monthly payment $1,264.14 = $15,170",
    );
    expect(explained.loanAmount.formula).toBe(
      "Loan amount = price $250,000 × (1 − down 20.00 %) = $200,000",
    );
  });

  it("says how an interest-only, an interest-free and a cash purchase are paid", () => {
    const paid = (financing: RentalInputs["financing"]) =>
      explainDeal("rental", { ...financed, financing }).monthlyPayment.formula;
    expect(
      paid({
        type: "loan",
        downPaymentPct: 20,
        interestRatePct: 6,
        termYears: 30,
        interestOnly: true,
      }),
    ).toBe("Monthly payment = loan $200,000 × 6.00 % ÷ 12, interest only = $1,000.00");
    expect(paid({ type: "loan", downPaymentPct: 52, interestRatePct: 0, termYears: 10 })).toBe(
      "Monthly payment = loan $120,000 ÷ 120 payments, no interest = $1,000.00",
    );
    expect(paid({ type: "cash" })).toBe("Monthly payment = cash purchase, no loan = $0.00");
  });

  it("shows ratios to two places and the equity multiple as a multiple", () => {
    // NOI 28,800 − 3,000 = 25,800; DSCR 25,800 / 15,169.63 = 1.70.
    const explained = explainDeal("rental", financed);
    expect(explained.dscr.value).toBe("1.70");
    expect(explained.equityMultiple.value).toMatch(/^\d+\.\d\d×$/);
  });

  it("follows the inputs", () => {
    const before = explainDeal("rental", capRateExample).capRate.formula;
    const after = explainDeal("rental", { ...capRateExample, grossMonthlyRent: 1500 }).capRate
      .formula;
    // 12 × 1,500 = 18,000; 18,000 / 185,000 = 9.73 %.
    expect(after).toBe("Cap rate = NOI $18,000 ÷ price $185,000 = 9.73 %");
    expect(after).not.toBe(before);
  });
});

describe("a metric without a value", () => {
  it("shows a dash and says why", () => {
    const explained = explainDeal("rental", capRateExample);
    expect(explained.dscr).toMatchObject({
      value: "—",
      reason: "no debt service",
      formula: "DSCR = NOI $14,820 ÷ debt service $0 = — (no debt service)",
    });
    const noRent = explainDeal("rental", { purchasePrice: 100_000, grossMonthlyRent: 0 });
    expect(noRent.grm).toMatchObject({ value: "—", reason: "no gross income" });
    expect(noRent.breakEvenOccupancyPct).toMatchObject({ value: "—", reason: "no gross income" });
  });

  it("says so when a BRRRR gave all the money back, instead of a dash", () => {
    const brrrr: BrrrrInputs = {
      purchasePrice: 80_000,
      rehabCost: 30_000,
      afterRepairValue: 150_000,
      financing: { type: "loan", downPaymentPct: 20, interestRatePct: 10, termYears: 1 },
      grossMonthlyRent: 1500,
      refinance: { ltvPct: 80, interestRatePct: 6, termYears: 30 },
    };
    const explained = explainDeal("brrrr", brrrr);
    for (const name of ["cashOnCash", "irr", "equityMultiple"] as const) {
      expect(explained[name]).toMatchObject({
        value: "All money back",
        reason: "every dollar invested came back at the refinance",
      });
    }
    // 80,000 + 30,000 − 64,000 = 46,000 in; 120,000 − 64,000 = 56,000 out; −10,000 left.
    expect(explained.cashLeftInDeal.formula).toBe(
      "Cash left in deal = cash invested $46,000 − cash out $56,000 = -$10,000",
    );
  });

  it("shows a BRRRR's rehab period in its cash invested", () => {
    // Hard money 170,000 at 11 % interest only: 1,558.33 a month; 6 × (450 + 1,558.33) = 12,050.
    const brrrr: BrrrrInputs = {
      purchasePrice: 200_000,
      rehabCost: 40_000,
      afterRepairValue: 300_000,
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
    const explained = explainDeal("brrrr", brrrr);
    expect(explained.purchaseMonthlyPayment.formula).toBe(
      "Purchase loan payment = loan $170,000 × 11.00 % ÷ 12, interest only = $1,558.33",
    );
    expect(explained.holdingCosts.formula).toBe(
      "Holding costs = 6 months × (holding costs $450 + purchase loan payment $1,558.33) = $12,050",
    );
    // 200,000 + 40,000 − 170,000 = 70,000 + 12,050 = 82,050.
    expect(explained.totalCashInvested.formula).toBe(
      "Total cash invested = price $200,000 + rehab $40,000 − loan $170,000 + closing $0 + points $0 + holding costs $12,050 = $82,050",
    );
  });

  it("says why a flip has no annualized ROI, and a wholesale deal no profit", () => {
    const lost = explainDeal("flip", {
      purchasePrice: 100_000,
      afterRepairValue: 0,
      holdingMonths: 3,
    });
    expect(lost.annualizedRoi).toMatchObject({
      value: "—",
      reason: "the whole investment is lost",
    });
    const wholesale = explainDeal("wholesale", { afterRepairValue: 150_000, rehabCost: 25_000 });
    expect(wholesale.assignmentProfit).toMatchObject({ value: "—", reason: "no contract price" });
    expect(wholesale.buyerMaxPrice.formula).toBe(
      "Buyer's max price = ARV $150,000 × 70.00 % − rehab $25,000 = $80,000",
    );
  });
});

describe("every metric is explained", () => {
  const deals = [
    ["rental", financed],
    ["flip", { ...financed, afterRepairValue: 320_000, holdingMonths: 6, sellingCostsPct: 6 }],
    [
      "brrrr",
      {
        ...financed,
        holdingMonths: 4,
        holdingCostsMonthly: 300,
        refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30 },
      },
    ],
    ["wholesale", { afterRepairValue: 150_000, contractPrice: 70_000 }],
  ] as const;

  it.each(deals)(
    "%s: one line each, and a formula ending in the value shown",
    (strategy, inputs) => {
      const { metrics } = analyzeDeal(strategy, inputs);
      const explained = explainDeal(strategy, inputs);
      expect(Object.keys(explained).sort()).toEqual(Object.keys(metrics).sort());
      for (const item of Object.values(explained)) {
        expect(item.label).not.toBe("");
        expect(item.explanation).not.toMatch(/\n/);
        expect(item.formula.startsWith(`${item.label} = `)).toBe(true);
        expect(item.formula).not.toMatch(/NaN|undefined/);
        if (item.reason === null) expect(item.formula.endsWith(` = ${item.value}`)).toBe(true);
      }
    },
  );
});
