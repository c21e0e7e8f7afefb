import { describe, expect, it } from "vitest";
import {
  analyzeBrrrr,
  analyzeDeal,
  analyzeFlip,
  analyzeRental,
  analyzeWholesale,
} from "~/domain/deals/analyze";
import type { BrrrrInputs, Financing, FlipInputs, RentalInputs } from "~/domain/deals/types";
import { DEAL_STRATEGIES } from "~/domain/deals/types";

/** What `flows` (flows[0] now, then yearly) are worth today at `ratePct`. */
const presentValue = (flows: number[], ratePct: number) =>
  flows.reduce((sum, flow, year) => sum + flow / (1 + ratePct / 100) ** year, 0);

const loan = (
  downPaymentPct: number,
  interestRatePct: number,
  termYears: number,
  extra: Partial<Extract<Financing, { type: "loan" }>> = {},
): Financing => ({ type: "loan", downPaymentPct, interestRatePct, termYears, ...extra });

/**
 * A small single-family rental worked through by hand below: $125,000, 20 % down at 6 % over 30
 * years with a point, $1,250 rent, typical expense ratios, five years of modest growth.
 */
const rental: RentalInputs = {
  purchasePrice: 125_000,
  closingCosts: 3000,
  financing: loan(20, 6, 30, { pointsPct: 1 }),
  grossMonthlyRent: 1250,
  vacancyPct: 5,
  propertyTaxesAnnual: 1800,
  insuranceAnnual: 900,
  otherExpensesMonthly: 50,
  managementPct: 8,
  maintenancePct: 5,
  capexPct: 5,
  appreciationPct: 3,
  rentGrowthPct: 2,
  expenseGrowthPct: 3,
  sellingCostsPct: 6,
};

describe("a rental, worked by hand", () => {
  const { metrics, years } = analyzeRental(rental);

  it("finances the purchase", () => {
    // Loan 125,000 × 0.8 = 100,000; points 1 % = 1,000; payment 599.55 (the table value for
    // $100,000 at 6 % over 30 years); cash 125,000 − 100,000 + 3,000 + 1,000 = 29,000.
    expect(metrics.loanAmount).toBe(100_000);
    expect(metrics.pointsCost).toBe(1000);
    expect(metrics.monthlyPayment).toBeCloseTo(599.55, 2);
    expect(metrics.totalCashInvested).toBe(29_000);
  });

  it("works out income, expenses and NOI", () => {
    // GSI 12 × 1,250 = 15,000; vacancy 5 % = 750; EGI 14,250. Expenses: taxes 1,800 + insurance
    // 900 + 12 × 50 = 600 + management 8 % of EGI = 1,140 + maintenance and capex 10 % of GSI =
    // 1,500, total 5,940. NOI 14,250 − 5,940 = 8,310.
    expect(metrics.grossScheduledIncome).toBe(15_000);
    expect(metrics.vacancyLoss).toBe(750);
    expect(metrics.effectiveGrossIncome).toBe(14_250);
    expect(metrics.operatingExpenses).toBeCloseTo(5940, 8);
    expect(metrics.noi).toBeCloseTo(8310, 8);
  });

  it("works out cash flow and the ratios", () => {
    // Debt service 12 × 599.5505 = 7,194.61; cash flow 8,310 − 7,194.61 = 1,115.39 (92.95 a
    // month). Cap rate 8,310 / 125,000 = 6.648 %; cash-on-cash 1,115.39 / 29,000 = 3.846 %;
    // DSCR 8,310 / 7,194.61 = 1.155; GRM 125,000 / 15,000 = 8.333; rent to price 1,250 / 125,000
    // = 1 %; 50 % rule (7,500 − 7,194.61) / 12 = 25.45; break-even (5,940 + 7,194.61) / 15,000
    // = 87.564 %.
    expect(metrics.annualDebtService).toBeCloseTo(7194.61, 2);
    expect(metrics.cashFlowAnnual).toBeCloseTo(1115.39, 2);
    expect(metrics.cashFlowMonthly).toBeCloseTo(92.95, 2);
    expect(metrics.capRate).toBeCloseTo(6.648, 8);
    expect(metrics.cashOnCash).toBeCloseTo(3.8462, 4);
    expect(metrics.dscr).toBeCloseTo(1.155, 3);
    expect(metrics.grm).toBeCloseTo(8.3333, 4);
    expect(metrics.rentToPricePct).toBeCloseTo(1, 10);
    expect(metrics.fiftyPercentCashFlowMonthly).toBeCloseTo(25.45, 2);
    expect(metrics.breakEvenOccupancyPct).toBeCloseTo(87.564, 3);
  });

  it("projects each year with grown income and expenses and the same debt service", () => {
    // Year 1 is the metrics' own. Year 2: GSI 15,000 × 1.02 = 15,300, EGI 14,535; percentage
    // expenses 8 % × 14,535 + 10 % × 15,300 = 2,692.80; fixed 3,300 × 1.03 = 3,399; NOI 14,535 −
    // 3,399 − 2,692.80 = 8,443.20; cash flow 8,443.20 − 7,194.61 = 1,248.59. Value 125,000 ×
    // 1.03² = 132,612.50. Balance after 24 payments: 1.005^24 = 1.127160, so 112,715.98 −
    // 599.5505 × 25.431955 = 97,468.24.
    expect(years).toHaveLength(5);
    expect(years[0]).toMatchObject({ year: 1, noi: metrics.noi, cashFlow: metrics.cashFlowAnnual });
    expect(years[0]?.propertyValue).toBeCloseTo(128_750, 6);
    expect(years[1]?.year).toBe(2);
    expect(years[1]?.noi).toBeCloseTo(8443.2, 6);
    expect(years[1]?.cashFlow).toBeCloseTo(1248.59, 2);
    expect(years[1]?.propertyValue).toBeCloseTo(132_612.5, 6);
    expect(years[1]?.loanBalance).toBeCloseTo(97_468.24, 1);
  });

  it("sells at the end of the hold and works out IRR and equity multiple", () => {
    // Year 5: value 125,000 × 1.03^5 = 144,909.26; balance after 60 payments 93,054.36 (the
    // table value); sale 144,909.26 × 0.94 − 93,054.36 = 136,214.70 − 93,054.36 = 43,160.35.
    expect(years[4]?.propertyValue).toBeCloseTo(144_909.26, 2);
    expect(years[4]?.loanBalance).toBeCloseTo(93_054.36, 2);
    expect(metrics.saleProceeds).toBeCloseTo(43_160.35, 2);

    // Year k's cash flow in closed form: 0.774 × 15,000 × 1.02^(k−1) − 3,300 × 1.03^(k−1) −
    // 7,194.61 (EGI is 95 % of GSI and the percentage expenses 17.6 % of it).
    const cashFlows = [1, 2, 3, 4, 5].map(
      (year) => 0.774 * 15_000 * 1.02 ** (year - 1) - 3300 * 1.03 ** (year - 1) - 7194.606,
    );
    cashFlows.forEach((cashFlow, index) => {
      expect(years[index]?.cashFlow).toBeCloseTo(cashFlow, 2);
    });
    // Flows −29,000, 1,115.39, 1,248.59, 1,383.47, 1,520.02 and 1,658.25 + 43,160.35 =
    // 44,818.60. At 12.31 % they discount to −29,000 + 993.16 + 989.92 + 976.65 + 955.46 +
    // 25,084.81 ≈ 0, so IRR ≈ 12.31 %.
    const flows = [-29_000, ...cashFlows.slice(0, 4), (cashFlows[4] ?? 0) + 43_160.35];
    expect(metrics.irr).toBeCloseTo(12.31, 2);
    expect(presentValue(flows, metrics.irr ?? 0)).toBeCloseTo(0, 1);
    // (6,925.73 cash flow + 43,160.35 sale) / 29,000 = 1.7271.
    expect(metrics.equityMultiple).toBeCloseTo(1.7271, 4);
  });
});

describe("rental figures from published definitions", () => {
  it("cap rate: NOI $14,820 on a $185,000 price is 8.01 %", () => {
    // Source: Investopedia, "Capitalization Rate": cap rate = NOI ÷ price; the figures are the
    // issue's own example. 14,820 / 185,000 = 0.080108.
    const { metrics } = analyzeRental({ purchasePrice: 185_000, grossMonthlyRent: 1235 });
    expect(metrics.noi).toBe(14_820);
    expect(metrics.capRate).toBeCloseTo(8.0108, 4);
  });

  it("GRM: a $1,000,000 building grossing $100,000 a year has a GRM of 10", () => {
    // Source: Investopedia, "Gross Rent Multiplier": GRM = price ÷ gross annual rent (figures
    // chosen for a round check). 1,000,000 / (12 × 8,333.33 = 100,000) = 10.
    const { metrics } = analyzeRental({ purchasePrice: 1_000_000, grossMonthlyRent: 100_000 / 12 });
    expect(metrics.grm).toBeCloseTo(10, 10);
  });

  it("DSCR, cash-on-cash and break-even occupancy of a leveraged rental", () => {
    // Sources: Investopedia, "Debt-Service Coverage Ratio" (NOI ÷ debt service; lenders look for
    // 1.25) and "Cash-on-Cash Return" (annual pre-tax cash flow ÷ cash invested); break-even
    // occupancy = (expenses + debt service) ÷ gross income, as the issue defines it.
    // $200,000, 25 % down: loan 150,000 interest only at 8 % → 1,000 a month, 12,000 a year.
    // Rent 1,250 → NOI 15,000. DSCR 15,000 / 12,000 = 1.25; cash flow 3,000 on 50,000 invested
    // = 6 %; break-even 12,000 / 15,000 = 80 %; cap rate 15,000 / 200,000 = 7.5 %.
    const { metrics } = analyzeRental({
      purchasePrice: 200_000,
      financing: loan(25, 8, 30, { interestOnly: true }),
      grossMonthlyRent: 1250,
    });
    expect(metrics.monthlyPayment).toBeCloseTo(1000, 10);
    expect(metrics.dscr).toBeCloseTo(1.25, 10);
    expect(metrics.cashOnCash).toBeCloseTo(6, 10);
    expect(metrics.breakEvenOccupancyPct).toBeCloseTo(80, 10);
    expect(metrics.capRate).toBeCloseTo(7.5, 10);
  });

  it("the 1 % rule: a $150,000 home needing $10,000 of work should rent for $1,600", () => {
    // Source: Investopedia, "What Is the 1% Rule in Real Estate?": 150,000 + 10,000 = 160,000;
    // 1 % of it is 1,600 a month. 1,600 / 160,000 = 1 %.
    const { metrics } = analyzeRental({
      purchasePrice: 150_000,
      rehabCost: 10_000,
      grossMonthlyRent: 1600,
    });
    expect(metrics.rentToPricePct).toBeCloseTo(1, 10);
  });

  it("the 50 % rule: $2,000 rent and a $700 payment leave $300 a month", () => {
    // Source: BiggerPockets, "The 50% Rule" (figures chosen for a round check): half the rent
    // (1,000) goes to expenses, the other half pays the mortgage (700), leaving 300. A 140,000
    // loan at 6 % interest only pays 140,000 × 0.06 / 12 = 700. (0.5 × 24,000 − 8,400) / 12 = 300.
    const { metrics } = analyzeRental({
      purchasePrice: 175_000,
      financing: loan(20, 6, 30, { interestOnly: true }),
      grossMonthlyRent: 2000,
    });
    expect(metrics.monthlyPayment).toBeCloseTo(700, 10);
    expect(metrics.fiftyPercentCashFlowMonthly).toBeCloseTo(300, 10);
  });
});

describe("rental invariants", () => {
  const financings: Financing[] = [
    { type: "cash" },
    loan(20, 6, 30),
    loan(20, 6, 30, { interestOnly: true }),
    loan(10, 0, 15),
    loan(0, 9, 30, { pointsPct: 2, rehabFinancedPct: 100 }),
  ];

  it("NOI never contains debt service: financing leaves it unchanged", () => {
    const nois = financings.map(
      (financing) => analyzeRental({ ...rental, rehabCost: 20_000, financing }).metrics.noi,
    );
    expect(new Set(nois).size).toBe(1);
    expect(nois[0]).toBeCloseTo(8310, 8);
  });

  it("cash flow is NOI less debt service, and the monthly figure a twelfth of it", () => {
    for (const financing of financings) {
      const { metrics } = analyzeRental({ ...rental, financing });
      expect(metrics.cashFlowAnnual).toBeCloseTo(metrics.noi - metrics.annualDebtService, 8);
      expect(metrics.annualDebtService).toBeCloseTo(12 * metrics.monthlyPayment, 8);
      expect(metrics.cashFlowMonthly * 12).toBeCloseTo(metrics.cashFlowAnnual, 8);
    }
  });

  it("a 100 % down payment is the cash case on every metric and year", () => {
    const cash = analyzeRental({ ...rental, financing: { type: "cash" } });
    const allDown = analyzeRental({ ...rental, financing: loan(100, 6.5, 30, { pointsPct: 2 }) });
    expect(allDown).toEqual(cash);
    expect(analyzeRental({ ...rental, financing: undefined })).toEqual(cash);
  });

  it("bought for cash without costs, growth or a sale discount, IRR is the cap rate", () => {
    // Flows: −200,000 now, 15,000 a year, 200,000 back at the end: 15,000 / 200,000 = 7.5 %.
    // Equity multiple (5 × 15,000 + 200,000) / 200,000 = 1.375.
    const { metrics } = analyzeRental({
      purchasePrice: 200_000,
      grossMonthlyRent: 1500,
      propertyTaxesAnnual: 3000,
    });
    expect(metrics.capRate).toBeCloseTo(7.5, 10);
    expect(metrics.cashOnCash).toBeCloseTo(7.5, 10);
    expect(metrics.irr).toBeCloseTo(7.5, 8);
    expect(metrics.equityMultiple).toBeCloseTo(1.375, 10);
  });

  it("with an interest-only loan and no growth, IRR is the cash-on-cash return", () => {
    // The loan is still owed in full at the sale, so the 50,000 invested comes back at the end
    // and each year earns 3,000 on it (the DSCR example above): 6 %. Multiple (15,000 + 50,000)
    // / 50,000 = 1.3.
    const { metrics } = analyzeRental({
      purchasePrice: 200_000,
      financing: loan(25, 8, 30, { interestOnly: true }),
      grossMonthlyRent: 1250,
    });
    expect(metrics.saleProceeds).toBeCloseTo(50_000, 8);
    expect(metrics.irr).toBeCloseTo(6, 8);
    expect(metrics.equityMultiple).toBeCloseTo(1.3, 10);
  });
});

describe("rental edge cases", () => {
  it("bought for cash: no loan, no debt service, no DSCR", () => {
    // Cash invested 125,000 + 3,000 closing = 128,000; cash-on-cash 8,310 / 128,000 = 6.492 %.
    const { metrics, years } = analyzeRental({ ...rental, financing: { type: "cash" } });
    expect(metrics).toMatchObject({
      loanAmount: 0,
      pointsCost: 0,
      monthlyPayment: 0,
      annualDebtService: 0,
      totalCashInvested: 128_000,
      dscr: null,
    });
    expect(metrics.cashFlowAnnual).toBeCloseTo(metrics.noi, 10);
    expect(metrics.cashOnCash).toBeCloseTo(6.4922, 4);
    expect(years.every((row) => row.loanBalance === 0)).toBe(true);
  });

  it("with no rent has no GRM and no break-even occupancy", () => {
    // NOI −1,200 of taxes on $200,000: cap rate −0.6 %.
    const { metrics } = analyzeRental({
      purchasePrice: 200_000,
      grossMonthlyRent: 0,
      propertyTaxesAnnual: 1200,
    });
    expect(metrics.grm).toBeNull();
    expect(metrics.breakEvenOccupancyPct).toBeNull();
    expect(metrics.rentToPricePct).toBe(0);
    expect(metrics.capRate).toBeCloseTo(-0.6, 10);
  });

  it("with negative cash flow and a loss on sale has no IRR", () => {
    // $100,000, 10 % down, 0 % over 10 years: 90,000 / 120 = 750 a month, 9,000 a year. Rent
    // 500 → NOI 6,000, cash flow −3,000 (−250 a month), cash-on-cash −3,000 / 10,000 = −30 %,
    // DSCR 6,000 / 9,000 = 0.667. Sold after a year at half its value: 50,000 − (90,000 − 9,000)
    // = −31,000. Flows −10,000, −34,000 never change sign. Multiple −34,000 / 10,000 = −3.4.
    const { metrics } = analyzeRental({
      purchasePrice: 100_000,
      financing: loan(10, 0, 10),
      grossMonthlyRent: 500,
      holdYears: 1,
      appreciationPct: -50,
    });
    expect(metrics.cashFlowAnnual).toBeCloseTo(-3000, 8);
    expect(metrics.cashFlowMonthly).toBeCloseTo(-250, 8);
    expect(metrics.cashOnCash).toBeCloseTo(-30, 8);
    expect(metrics.dscr).toBeCloseTo(0.6667, 4);
    expect(metrics.saleProceeds).toBeCloseTo(-31_000, 8);
    expect(metrics.irr).toBeNull();
    expect(metrics.equityMultiple).toBeCloseTo(-3.4, 10);
  });

  it("with no cash invested has no cash-on-cash, IRR or equity multiple", () => {
    // Price and rehab fully financed, no closing costs or points: 0 invested.
    const { metrics } = analyzeRental({
      ...rental,
      closingCosts: 0,
      rehabCost: 20_000,
      financing: loan(0, 6, 30, { rehabFinancedPct: 100 }),
    });
    expect(metrics.totalCashInvested).toBe(0);
    expect(metrics).toMatchObject({ cashOnCash: null, irr: null, equityMultiple: null });
  });

  it("keeps paying the same debt service when the hold outlives the loan", () => {
    // $120,000 at 0 % over 10 years: 1,000 a month. Held 12 years: paid off after year 10.
    const { years, metrics } = analyzeRental({
      purchasePrice: 120_000,
      financing: loan(0, 0, 10),
      grossMonthlyRent: 1500,
      holdYears: 12,
    });
    expect(years).toHaveLength(12);
    expect(years[0]?.loanBalance).toBe(108_000);
    expect(years.slice(9).map((row) => row.loanBalance)).toEqual([0, 0, 0]);
    expect(years.every((row) => row.cashFlow === 18_000 - 12_000)).toBe(true);
    expect(metrics.saleProceeds).toBe(120_000);
  });

  it("projects five years unless told otherwise", () => {
    expect(analyzeRental({ purchasePrice: 100_000, grossMonthlyRent: 900 }).years).toHaveLength(5);
  });
});

describe("a flip", () => {
  /** $100,000 bought with 10 % down, the rehab financed, 12 % interest only, held six months. */
  const flip: FlipInputs = {
    purchasePrice: 100_000,
    rehabCost: 30_000,
    closingCosts: 2000,
    afterRepairValue: 180_000,
    financing: loan(10, 12, 1, { pointsPct: 2, interestOnly: true, rehabFinancedPct: 100 }),
    holdingMonths: 6,
    holdingCostsMonthly: 500,
    sellingCostsPct: 8,
  };

  it("works out the profit and returns by hand", () => {
    // Loan 90,000 + 30,000 = 120,000; points 2,400; payment 120,000 × 1 % = 1,200; payments
    // 6 × 1,200 = 7,200; holding 6 × 500 = 3,000. Cash 100,000 + 30,000 − 120,000 + 2,000 +
    // 2,400 + 3,000 + 7,200 = 24,600. Selling 8 % of 180,000 = 14,400; payoff 120,000 (interest
    // only). Profit 180,000 − 14,400 − 120,000 − 24,600 = 21,000; ROI 21,000 / 24,600 =
    // 85.366 %; annualized 1.853659² − 1 = 243.605 %.
    const { metrics } = analyzeFlip(flip);
    expect(metrics.loanAmount).toBe(120_000);
    expect(metrics.pointsCost).toBe(2400);
    expect(metrics.monthlyPayment).toBeCloseTo(1200, 8);
    expect(metrics.loanPaymentsDuringHold).toBeCloseTo(7200, 8);
    expect(metrics.holdingCosts).toBe(3000);
    expect(metrics.totalCashInvested).toBeCloseTo(24_600, 8);
    expect(metrics.sellingCosts).toBe(14_400);
    expect(metrics.loanPayoff).toBe(120_000);
    expect(metrics.profit).toBeCloseTo(21_000, 8);
    expect(metrics.roi).toBeCloseTo(85.3659, 4);
    expect(metrics.annualizedRoi).toBeCloseTo(243.605, 3);
  });

  it("the 70 % rule: ARV $150,000 less $25,000 of repairs allows $80,000", () => {
    // Source: Investopedia, "The 70% Rule in House Flipping": 150,000 × 70 % = 105,000 −
    // 25,000 = 80,000.
    const { metrics } = analyzeFlip({
      purchasePrice: 90_000,
      rehabCost: 25_000,
      afterRepairValue: 150_000,
      holdingMonths: 4,
    });
    expect(metrics.seventyPercentRuleMaxPrice).toBeCloseTo(80_000, 8);
  });

  it("pays off what an amortizing loan still owes at the sale", () => {
    // $100,000 at 6 % over 30 years after 6 payments: 1.005^6 = 1.030378; 103,037.75 −
    // 599.5505 × 6.075502 = 103,037.75 − 3,642.59 = 99,395.16.
    const { metrics } = analyzeFlip({
      purchasePrice: 125_000,
      financing: loan(20, 6, 30),
      holdingMonths: 6,
    });
    expect(metrics.loanPayoff).toBeCloseTo(99_395.16, 1);
  });

  it("defaults to no holding or selling costs and an ARV of the price", () => {
    const { metrics } = analyzeFlip({ purchasePrice: 100_000, holdingMonths: 4 });
    expect(metrics).toMatchObject({
      holdingCosts: 0,
      sellingCosts: 0,
      loanPayoff: 0,
      totalCashInvested: 100_000,
      profit: 0,
      roi: 0,
      annualizedRoi: 0,
      seventyPercentRuleMaxPrice: 70_000,
    });
  });

  it("has no annualized ROI when everything is lost", () => {
    const { metrics } = analyzeFlip({
      purchasePrice: 100_000,
      afterRepairValue: 0,
      holdingMonths: 3,
    });
    expect(metrics.roi).toBe(-100);
    expect(metrics.annualizedRoi).toBeNull();
  });

  it("has no ROI when no cash is invested", () => {
    // Everything financed at 0 % interest only: no payments, so no cash in the deal.
    const { metrics } = analyzeFlip({
      purchasePrice: 100_000,
      rehabCost: 20_000,
      afterRepairValue: 150_000,
      financing: loan(0, 0, 1, { interestOnly: true, rehabFinancedPct: 100 }),
      holdingMonths: 6,
    });
    expect(metrics.totalCashInvested).toBe(0);
    expect(metrics.profit).toBe(30_000);
    expect(metrics).toMatchObject({ roi: null, annualizedRoi: null });
  });
});

describe("a BRRRR", () => {
  /** Bought with hard money, rehabbed, refinanced at 75 % of ARV on a 30-year loan at 6 %. */
  const brrrr: BrrrrInputs = {
    purchasePrice: 80_000,
    rehabCost: 30_000,
    closingCosts: 3000,
    afterRepairValue: 150_000,
    financing: loan(20, 10, 1, { pointsPct: 2, interestOnly: true }),
    grossMonthlyRent: 1500,
    propertyTaxesAnnual: 2400,
    insuranceAnnual: 1200,
    refinance: { ltvPct: 75, interestRatePct: 6, termYears: 30, closingCosts: 2500 },
  };

  it("keeps the purchase loan's amount and points but pays the refinance loan", () => {
    // Purchase loan 80,000 × 0.8 = 64,000, points 1,280; cash 80,000 + 30,000 − 64,000 + 3,000 +
    // 1,280 = 50,280. Refinance 150,000 × 75 % = 112,500, paying 1.125 × 599.5505 = 674.49.
    // Cash out 112,500 − 64,000 − 2,500 = 46,000; left in 50,280 − 46,000 = 4,280.
    const { metrics } = analyzeBrrrr(brrrr);
    expect(metrics.loanAmount).toBe(64_000);
    expect(metrics.pointsCost).toBe(1280);
    expect(metrics.totalCashInvested).toBe(50_280);
    expect(metrics.refinanceLoanAmount).toBe(112_500);
    expect(metrics.monthlyPayment).toBeCloseTo(674.49, 2);
    expect(metrics.cashOut).toBe(46_000);
    expect(metrics.cashLeftInDeal).toBe(4280);
  });

  it("measures the rental on the refinance loan and the cash left in", () => {
    // NOI 18,000 − 3,600 = 14,400; debt service 12 × 674.4943 = 8,093.93; cash flow 6,306.07;
    // cap rate on the price 14,400 / 80,000 = 18 %; cash-on-cash 6,306.07 / 4,280 = 147.338 %;
    // DSCR 14,400 / 8,093.93 = 1.7791.
    const { metrics } = analyzeBrrrr(brrrr);
    expect(metrics.annualDebtService).toBeCloseTo(8093.93, 2);
    expect(metrics.cashFlowAnnual).toBeCloseTo(6306.07, 2);
    expect(metrics.capRate).toBeCloseTo(18, 10);
    expect(metrics.cashOnCash).toBeCloseTo(147.338, 3);
    expect(metrics.dscr).toBeCloseTo(1.7791, 4);
  });

  it("projects the refinance loan's balance and sells against it", () => {
    // The refinance is 1.125 × a $100,000 loan: after 12 payments 1.125 × 98,771.99 =
    // 111,118.49 (1.005^12 = 1.061678; 106,167.78 − 599.5505 × 12.335562 = 98,771.99); after 60
    // 1.125 × 93,054.36 = 104,686.15. Sale 150,000 − 104,686.15 = 45,313.85. Multiple (5 ×
    // 6,306.07 + 45,313.85) / 4,280 = 17.954.
    const { metrics, years } = analyzeBrrrr(brrrr);
    expect(years[0]?.loanBalance).toBeCloseTo(111_118.49, 1);
    expect(years[4]?.loanBalance).toBeCloseTo(104_686.15, 1);
    expect(years[4]?.propertyValue).toBe(150_000);
    expect(metrics.saleProceeds).toBeCloseTo(45_313.85, 1);
    expect(metrics.equityMultiple).toBeCloseTo(17.954, 3);
    const flows = [-4280, 6306.07, 6306.07, 6306.07, 6306.07, 6306.07 + 45_313.85];
    expect(presentValue(flows, metrics.irr ?? 0)).toBeCloseTo(0, 0);
  });

  it("with all the money back has no cash-on-cash, IRR or equity multiple", () => {
    // At 80 % LTV: 120,000 − 64,000 − 2,500 = 53,500 out, 50,280 − 53,500 = −3,220 left in.
    const { metrics } = analyzeBrrrr({ ...brrrr, refinance: { ...brrrr.refinance, ltvPct: 80 } });
    expect(metrics.cashLeftInDeal).toBe(-3220);
    expect(metrics).toMatchObject({ cashOnCash: null, irr: null, equityMultiple: null });
    expect(metrics.cashFlowAnnual).toBeGreaterThan(0);
  });

  it("with exactly the money back has none of them either", () => {
    // Closing 1,220 and no refinance closing costs (the default): cash 80,000 + 30,000 −
    // 64,000 + 1,220 + 1,280 = 48,500, cash out 112,500 − 64,000 − 0 = 48,500, 0 left in.
    const { metrics } = analyzeBrrrr({
      ...brrrr,
      closingCosts: 1220,
      refinance: { ltvPct: 75, interestRatePct: 6, termYears: 30 },
    });
    expect(metrics.cashLeftInDeal).toBe(0);
    expect(metrics).toMatchObject({ cashOnCash: null, irr: null, equityMultiple: null });
  });
});

describe("a BRRRR with a rehab period", () => {
  /** $200,000 on hard money (15 % down, 11 %, interest only, 2 points), six months of rehab. */
  const rehabbed: BrrrrInputs = {
    purchasePrice: 200_000,
    closingCosts: 4000,
    rehabCost: 40_000,
    afterRepairValue: 300_000,
    financing: loan(15, 11, 1, { pointsPct: 2, interestOnly: true }),
    grossMonthlyRent: 2400,
    propertyTaxesAnnual: 3600,
    insuranceAnnual: 1800,
    holdingMonths: 6,
    holdingCostsMonthly: 450,
    refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30, closingCosts: 3000 },
  };

  it("counts the purchase loan's payments and the holding costs until the refinance", () => {
    // Hard money 200,000 × 85 % = 170,000 at 11 % interest only: 170,000 × 11 % ÷ 12 = 1,558.33
    // a month, 6 × 1,558.33 = 9,350 of interest. Holding costs 6 × (450 + 1,558.33) = 12,050.
    // Cash 200,000 + 40,000 − 170,000 + 4,000 + points 3,400 = 77,400, plus 12,050 = 89,450.
    // Refinance 300,000 × 75 % = 225,000; cash out 225,000 − 170,000 − 3,000 = 52,000; left in
    // 89,450 − 52,000 = 37,450 (25,400 without the rehab period).
    const { metrics } = analyzeBrrrr(rehabbed);
    expect(metrics.purchaseMonthlyPayment).toBeCloseTo(1558.33, 2);
    expect(6 * metrics.purchaseMonthlyPayment).toBeCloseTo(9350, 8);
    expect(metrics.holdingCosts).toBeCloseTo(12_050, 8);
    expect(metrics.totalCashInvested).toBeCloseTo(89_450, 8);
    expect(metrics.cashOut).toBe(52_000);
    expect(metrics.cashLeftInDeal).toBeCloseTo(37_450, 8);
  });

  it("measures the returns on the cash left in after the rehab period", () => {
    // Refinance payment 225,000 × r ÷ (1 − (1 + r)^−360), r = 7 % ÷ 12: 1,496.93; debt service
    // 17,963.19. NOI 28,800 − 5,400 = 23,400; cash flow 5,436.81; cash-on-cash 5,436.81 ÷ 37,450
    // = 14.518 %.
    const { metrics, years } = analyzeBrrrr(rehabbed);
    expect(metrics.monthlyPayment).toBeCloseTo(1496.93, 2);
    expect(metrics.cashFlowAnnual).toBeCloseTo(5436.81, 1);
    expect(metrics.cashOnCash).toBeCloseTo(14.518, 3);
    const flows = years.map((row) => row.cashFlow);
    flows[flows.length - 1]! += metrics.saleProceeds;
    const returned = flows.reduce((sum, flow) => sum + flow, 0);
    expect(metrics.equityMultiple).toBeCloseTo(returned / 37_450, 10);
    expect(presentValue([-37_450, ...flows], metrics.irr ?? 0)).toBeCloseTo(0, 0);
  });

  it("with no rehab period is the BRRRR it always was", () => {
    const { holdingMonths: _months, holdingCostsMonthly: _costs, ...before } = rehabbed;
    const without = analyzeBrrrr(before).metrics;
    expect(without).toMatchObject({ holdingCosts: 0, totalCashInvested: 77_400 });
    expect(without.cashLeftInDeal).toBe(25_400);
    expect(analyzeBrrrr({ ...before, holdingMonths: 0, holdingCostsMonthly: 0 })).toEqual(
      analyzeBrrrr(before),
    );
  });
});

describe("a wholesale deal", () => {
  it("follows the 70 % rule: ARV $150,000 and $25,000 of repairs", () => {
    // Source: Investopedia's 70 % rule example (above): the end buyer pays at most 80,000; an
    // assignment fee of 5,000 leaves an offer of 75,000; contracted at 70,000, the assignment
    // earns 80,000 − 70,000 = 10,000.
    const { metrics } = analyzeWholesale({
      afterRepairValue: 150_000,
      rehabCost: 25_000,
      assignmentFee: 5000,
      contractPrice: 70_000,
    });
    expect(metrics.buyerMaxPrice).toBeCloseTo(80_000, 8);
    expect(metrics.maxAllowableOffer).toBeCloseTo(75_000, 8);
    expect(metrics.assignmentProfit).toBeCloseTo(10_000, 8);
  });

  it("defaults to 70 %, no rehab, no fee, and no profit without a contract price", () => {
    const { metrics } = analyzeWholesale({ afterRepairValue: 150_000 });
    expect(metrics.buyerMaxPrice).toBeCloseTo(105_000, 8);
    expect(metrics.maxAllowableOffer).toBeCloseTo(105_000, 8);
    expect(metrics.assignmentProfit).toBeNull();
  });

  it("takes another share of ARV", () => {
    // 150,000 × 65 % − 25,000 = 72,500.
    const { metrics } = analyzeWholesale({
      afterRepairValue: 150_000,
      rehabCost: 25_000,
      maoPct: 65,
    });
    expect(metrics.buyerMaxPrice).toBeCloseTo(72_500, 8);
  });
});

describe("analyzeDeal", () => {
  const FINANCING = ["loanAmount", "pointsCost", "monthlyPayment", "totalCashInvested"];
  const RENTAL = [
    ...FINANCING,
    "grossScheduledIncome",
    "vacancyLoss",
    "effectiveGrossIncome",
    "operatingExpenses",
    "noi",
    "annualDebtService",
    "cashFlowAnnual",
    "cashFlowMonthly",
    "capRate",
    "cashOnCash",
    "dscr",
    "grm",
    "rentToPricePct",
    "fiftyPercentCashFlowMonthly",
    "breakEvenOccupancyPct",
    "saleProceeds",
    "irr",
    "equityMultiple",
  ];
  const names = (metrics: object) => Object.keys(metrics).sort();

  it("answers every metric the contract names, and years for rentals and BRRRRs", () => {
    const brrrr = {
      ...rental,
      afterRepairValue: 150_000,
      refinance: { ltvPct: 75, interestRatePct: 6, termYears: 30 },
    };
    const answers = [
      analyzeDeal("rental", rental),
      analyzeDeal("flip", { purchasePrice: 100_000, holdingMonths: 6 }),
      analyzeDeal("brrrr", brrrr),
      analyzeDeal("wholesale", { afterRepairValue: 150_000 }),
    ];
    expect(answers.map((answer) => answer.strategy)).toEqual([...DEAL_STRATEGIES]);
    const [rentalAnswer, flipAnswer, brrrrAnswer, wholesaleAnswer] = answers;
    expect(names(rentalAnswer?.metrics ?? {})).toEqual([...RENTAL].sort());
    expect(names(flipAnswer?.metrics ?? {})).toEqual(
      [
        ...FINANCING,
        "loanPaymentsDuringHold",
        "holdingCosts",
        "sellingCosts",
        "loanPayoff",
        "profit",
        "roi",
        "annualizedRoi",
        "seventyPercentRuleMaxPrice",
      ].sort(),
    );
    expect(names(brrrrAnswer?.metrics ?? {})).toEqual(
      [
        ...RENTAL,
        "purchaseMonthlyPayment",
        "holdingCosts",
        "refinanceLoanAmount",
        "cashOut",
        "cashLeftInDeal",
      ].sort(),
    );
    expect(names(wholesaleAnswer?.metrics ?? {})).toEqual(
      ["buyerMaxPrice", "maxAllowableOffer", "assignmentProfit"].sort(),
    );
    expect(rentalAnswer?.years).toHaveLength(5);
    expect(brrrrAnswer?.years).toHaveLength(5);
    expect(flipAnswer).not.toHaveProperty("years");
    expect(wholesaleAnswer).not.toHaveProperty("years");
  });

  it("gives the same answer as the strategy's own function", () => {
    expect(analyzeDeal("rental", rental)).toEqual(analyzeRental(rental));
  });
});
