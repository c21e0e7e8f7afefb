import { describe, expect, it } from "vitest";
import {
  amortizationSchedule,
  internalRateOfReturn,
  loanAmount,
  loanBalance,
  monthlyPayment,
  pointsCost,
  type LoanTerms,
} from "~/domain/deals/finance";

const loan = (
  principal: number,
  interestRatePct: number,
  termYears: number,
  interestOnly = false,
): LoanTerms => ({ principal, interestRatePct, termYears, interestOnly });

describe("the monthly payment", () => {
  // Source: standard mortgage amortisation tables (the figures every mortgage calculator and
  // bank rate sheet prints); each worked by hand as P·r / (1 − (1+r)^−n), r = rate/1200.
  it.each([
    // r = 0.065/12 = 0.00541667, (1+r)^360 = 6.991798, 1 − 1/6.991798 = 0.856975;
    // P·r = 1,083.3333; 1,083.3333 / 0.856975 = 1,264.14 (the issue's own textbook case).
    { principal: 200_000, ratePct: 6.5, years: 30, expected: 1264.14 },
    // r = 0.005, 1.005^360 = 6.022575, 1 − 1/6.022575 = 0.833958; 500 / 0.833958 = 599.55.
    { principal: 100_000, ratePct: 6, years: 30, expected: 599.55 },
    // r = 0.0033333, (1+r)^360 = 3.313498, 1 − 1/3.313498 = 0.698204; 666.6667 / 0.698204 = 954.83.
    { principal: 200_000, ratePct: 4, years: 30, expected: 954.83 },
    // r = 0.0041667, (1+r)^180 = 2.113704, 1 − 1/2.113704 = 0.526897; 416.6667 / 0.526897 = 790.79.
    { principal: 100_000, ratePct: 5, years: 15, expected: 790.79 },
    // r = 0.0058333, (1+r)^360 = 8.116497, 1 − 1/8.116497 = 0.876794; 583.3333 / 0.876794 = 665.30.
    { principal: 100_000, ratePct: 7, years: 30, expected: 665.3 },
    // Same factor as above, three times the loan: 1,750 / 0.876794 = 1,995.91.
    { principal: 300_000, ratePct: 7, years: 30, expected: 1995.91 },
    // r = 0.0066667, (1+r)^360 = 10.935730, 1 − 1/10.935730 = 0.908557; 666.6667 / 0.908557 = 733.76.
    { principal: 100_000, ratePct: 8, years: 30, expected: 733.76 },
  ])("$principal over $years years at $ratePct % pays $expected", (row) => {
    expect(monthlyPayment(loan(row.principal, row.ratePct, row.years))).toBeCloseTo(
      row.expected,
      2,
    );
  });

  it("without interest divides the loan evenly over the payments", () => {
    // $120,000 over 10 years at 0 %: 120,000 / 120 = $1,000.
    expect(monthlyPayment(loan(120_000, 0, 10))).toBe(1000);
  });

  it("interest only is the month's interest", () => {
    // $200,000 at 6 %: 200,000 × 0.06 / 12 = $1,000; at 6.5 %: 200,000 × 0.065 / 12 = $1,083.33.
    expect(monthlyPayment(loan(200_000, 6, 30, true))).toBeCloseTo(1000, 10);
    expect(monthlyPayment(loan(200_000, 6.5, 30, true))).toBeCloseTo(1083.33, 2);
  });

  it("is 0 for a cash purchase and for a loan of nothing", () => {
    expect(monthlyPayment(null)).toBe(0);
    expect(monthlyPayment(loan(0, 6, 30))).toBe(0);
    expect(monthlyPayment(loan(0, 0, 30))).toBe(0);
  });
});

describe("the loan amount and points", () => {
  it("lends the price less the down payment plus the financed share of the rehab", () => {
    const financing = {
      type: "loan" as const,
      downPaymentPct: 25,
      interestRatePct: 10,
      termYears: 1,
      pointsPct: 2,
      interestOnly: true,
      rehabFinancedPct: 50,
    };
    // 200,000 × (1 − 0.25) + 40,000 × 0.5 = 150,000 + 20,000 = 170,000; points 2 % = 3,400.
    expect(loanAmount(200_000, 40_000, financing)).toBe(170_000);
    expect(pointsCost(170_000, financing)).toBe(3400);
  });

  it("lends nothing for a cash purchase", () => {
    expect(loanAmount(200_000, 40_000, { type: "cash" })).toBe(0);
    expect(pointsCost(0, { type: "cash" })).toBe(0);
  });
});

describe("the loan balance", () => {
  it("after one payment is the loan less the payment's principal", () => {
    // Source: the first row of a standard amortisation schedule for $200,000 at 6.5 % over 30
    // years: interest 200,000 × 0.065 / 12 = 1,083.33, principal 1,264.14 − 1,083.33 = 180.81,
    // balance 200,000 − 180.81 = 199,819.19.
    expect(loanBalance(loan(200_000, 6.5, 30), 1)).toBeCloseTo(199_819.19, 1);
  });

  it("after five years of $100,000 at 6 % is $93,054.36", () => {
    // Source: standard amortisation table, month 60. By hand: 1.005^60 = 1.348850;
    // 100,000 × 1.348850 = 134,885.02; 599.5505 × (1.348850 − 1) / 0.005 = 599.5505 × 69.770031
    // = 41,830.66; 134,885.02 − 41,830.66 = 93,054.36.
    expect(loanBalance(loan(100_000, 6, 30), 60)).toBeCloseTo(93_054.36, 1);
  });

  it("is paid off at the end of the term and never goes below 0", () => {
    expect(loanBalance(loan(200_000, 6.5, 30), 360)).toBeCloseTo(0, 4);
    expect(loanBalance(loan(200_000, 6.5, 30), 480)).toBe(0);
  });

  it("without interest falls by the payment each month", () => {
    // $120,000 at 0 % over 10 years: 120,000 − 30 × 1,000 = 90,000; after 200 payments, 0.
    expect(loanBalance(loan(120_000, 0, 10), 30)).toBe(90_000);
    expect(loanBalance(loan(120_000, 0, 10), 200)).toBe(0);
  });

  it("interest only never falls", () => {
    expect(loanBalance(loan(200_000, 6, 30, true), 60)).toBe(200_000);
  });

  it("is 0 for a cash purchase", () => {
    expect(loanBalance(null, 60)).toBe(0);
  });
});

describe("the amortisation schedule", () => {
  const rows = amortizationSchedule(loan(200_000, 6.5, 30));

  it("has a row per payment, the first split as the textbook shows", () => {
    expect(rows).toHaveLength(360);
    // See the first-payment figures above: interest 1,083.33; the table's principal 180.81 is
    // 1,264.14 − 1,083.33 after rounding both, unrounded 1,264.136 − 1,083.333 = 180.803.
    expect(rows[0]).toMatchObject({ month: 1 });
    expect(rows[0]?.interest).toBeCloseTo(1083.33, 2);
    expect(rows[0]?.principal).toBeCloseTo(180.803, 3);
    expect(rows[0]?.payment).toBeCloseTo(1264.14, 2);
  });

  it("repays exactly the loan, and its interest is the payments less the loan", () => {
    // Total interest on $200,000 at 6.5 % over 30 years: 360 × 1,264.136 − 200,000 = 255,088.96.
    const total = (key: "interest" | "principal") => rows.reduce((sum, row) => sum + row[key], 0);
    expect(total("principal")).toBeCloseTo(200_000, 4);
    expect(total("interest")).toBeCloseTo(255_088.96, 1);
    expect(rows.at(-1)?.balance).toBeCloseTo(0, 4);
  });

  it("agrees with the balance formula month by month", () => {
    for (const month of [1, 12, 60, 180, 359]) {
      expect(rows[month - 1]?.balance).toBeCloseTo(loanBalance(loan(200_000, 6.5, 30), month), 4);
    }
  });

  it("keeps an interest-only balance to the end, and has no rows for cash", () => {
    const interestOnly = amortizationSchedule(loan(200_000, 6, 1, true));
    expect(interestOnly).toHaveLength(12);
    expect(interestOnly.every((row) => row.principal === 0 && row.balance === 200_000)).toBe(true);
    expect(interestOnly[11]?.interest).toBeCloseTo(1000, 10);
    expect(amortizationSchedule(null)).toEqual([]);
  });
});

describe("the internal rate of return", () => {
  // Source: Microsoft's documentation of Excel's IRR function: an investment of 70,000 followed by
  // five years of net income 12,000, 15,000, 18,000, 21,000, 26,000.
  const excel = [-70_000, 12_000, 15_000, 18_000, 21_000, 26_000];

  it("matches Excel's example after five years: 8.66 %", () => {
    // Check by hand at 8.66 %: the incomes discount to 11,043.6 + 12,704.3 + 14,030.2 + 15,064.0
    // + 17,164.3 = 70,006.4, a hair over 70,000, so the rate is just above 8.66 %.
    expect(internalRateOfReturn(excel)).toBeCloseTo(8.66, 2);
  });

  it("matches Excel's example after four years: −2.12 %", () => {
    // At −2.12 % (factor 1/0.9788 a year) the four incomes are worth 69,991 ≈ 70,000.
    expect(internalRateOfReturn(excel.slice(0, 5))).toBeCloseTo(-2.12, 2);
  });

  it("matches Excel's example after two years, a negative rate: −44.35 %", () => {
    // Excel needs a guess of −10 % here; this solver does not. With x = 1/(1+i):
    // 15,000x² + 12,000x − 70,000 = 0 → x = (−12,000 + √(144e6 + 4.2e9)) / 30,000
    // = (−12,000 + 65,909.03) / 30,000 = 1.796968, so i = 1/1.796968 − 1 = −44.35 %.
    expect(internalRateOfReturn(excel.slice(0, 3))).toBeCloseTo(-44.35, 2);
  });

  it("solves simple flows exactly", () => {
    // 100 now, 110 in a year: 10 %. 1,000 now, 1,210 in two years: 1.1² = 1.21, so 10 %.
    expect(internalRateOfReturn([-100, 110])).toBeCloseTo(10, 8);
    expect(internalRateOfReturn([-1000, 0, 1210])).toBeCloseTo(10, 8);
    // Getting back just what was paid is 0 %.
    expect(internalRateOfReturn([-100, 50, 50])).toBeCloseTo(0, 8);
  });

  it("reaches rates far above 0 % and close to −100 %", () => {
    // 1 now, 1,000 in a year: 99,900 %. 1,000 now, 1 in a year: −99.9 %.
    expect(internalRateOfReturn([-1, 1000])).toBeCloseTo(99_900, 4);
    expect(internalRateOfReturn([-1000, 1])).toBeCloseTo(-99.9, 8);
  });

  it("is null when the flows never change sign", () => {
    expect(internalRateOfReturn([-100, -50])).toBeNull();
    expect(internalRateOfReturn([100, 50])).toBeNull();
    expect(internalRateOfReturn([-100, 0, 0])).toBeNull();
    expect(internalRateOfReturn([0, 0])).toBeNull();
  });

  it("answers the rate nearest 0 % when several solve the flows, and null when none does", () => {
    // With g = 1 + i: −100g² + 230g − 132 = 0 → g = (230 ± 10) / 200 = 1.1 or 1.2.
    expect(internalRateOfReturn([-100, 230, -132])).toBeCloseTo(10, 8);
    // −100g² + 100g − 100 = 0 has no real root (discriminant 10,000 − 40,000 < 0).
    expect(internalRateOfReturn([-100, 100, -100])).toBeNull();
  });
});
