/**
 * Loan and return arithmetic for the deal analyzer: the loan a purchase takes, its payment and
 * balance, the amortisation schedule, and the internal rate of return. Pure: no I/O. A loan of
 * `null` is a cash purchase: no payment, no balance.
 */
import type { FinancingTerms } from "./types";

/** A loan as the payment formulas read it. */
export interface LoanTerms {
  principal: number;
  interestRatePct: number;
  termYears: number;
  interestOnly: boolean;
}

export interface AmortizationRow {
  month: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

/** `loanAmount`: the price less the down payment, plus the financed share of the rehab. */
export function loanAmount(purchasePrice: number, rehabCost: number, financing: FinancingTerms) {
  if (financing.type === "cash") return 0;
  return (
    purchasePrice * (1 - financing.downPaymentPct / 100) +
    (rehabCost * financing.rehabFinancedPct) / 100
  );
}

/** `pointsCost`: the lender's points, a percent of the loan paid at closing. */
export const pointsCost = (amount: number, financing: FinancingTerms) =>
  financing.type === "cash" ? 0 : (amount * financing.pointsPct) / 100;

const monthlyRate = (loan: LoanTerms) => loan.interestRatePct / 1200;
const paymentCount = (loan: LoanTerms) => 12 * loan.termYears;

/**
 * The monthly payment: amortizing P·r / (1 − (1+r)^−n) with r the monthly rate and n the number of
 * payments, P/n without interest, P·r when interest only, 0 without a loan.
 */
export function monthlyPayment(loan: LoanTerms | null): number {
  if (!loan) return 0;
  const rate = monthlyRate(loan);
  if (loan.interestOnly) return loan.principal * rate;
  if (rate === 0) return loan.principal / paymentCount(loan);
  return (loan.principal * rate) / (1 - (1 + rate) ** -paymentCount(loan));
}

/**
 * What is still owed after `payments` monthly payments: P(1+r)^k − pmt·((1+r)^k − 1)/r, P − pmt·k
 * without interest, P when interest only; never below 0, so a loan outlived by the hold is paid off.
 */
export function loanBalance(loan: LoanTerms | null, payments: number): number {
  if (!loan) return 0;
  if (loan.interestOnly) return loan.principal;
  const rate = monthlyRate(loan);
  const payment = monthlyPayment(loan);
  if (rate === 0) return Math.max(0, loan.principal - payment * payments);
  const growth = (1 + rate) ** payments;
  return Math.max(0, loan.principal * growth - (payment * (growth - 1)) / rate);
}

/**
 * Month by month, how each payment splits into interest and principal. An interest-only loan keeps
 * its balance to the end (the balloon is due then); a cash purchase has no rows.
 */
export function amortizationSchedule(loan: LoanTerms | null): AmortizationRow[] {
  if (!loan) return [];
  const rate = monthlyRate(loan);
  const payment = monthlyPayment(loan);
  const rows: AmortizationRow[] = [];
  let balance = loan.principal;
  for (let month = 1; month <= paymentCount(loan); month++) {
    const interest = balance * rate;
    // The last payment only clears what is left, so rounding never leaves a negative balance.
    const principal = Math.min(payment - interest, balance);
    balance -= principal;
    rows.push({ month, payment: interest + principal, interest, principal, balance });
  }
  return rows;
}

export interface AmortizationYear extends Omit<AmortizationRow, "month"> {
  year: number;
}

/** The schedule a year at a time: each year's payments, interest and principal, and the balance
 * at its end. */
export function yearlySchedule(loan: LoanTerms | null): AmortizationYear[] {
  const years: AmortizationYear[] = [];
  for (const row of amortizationSchedule(loan)) {
    const index = Math.ceil(row.month / 12) - 1;
    const year = (years[index] ??= {
      year: index + 1,
      payment: 0,
      interest: 0,
      principal: 0,
      balance: 0,
    });
    year.payment += row.payment;
    year.interest += row.interest;
    year.principal += row.principal;
    year.balance = row.balance;
  }
  return years;
}

/** Bracket steps and reach in u = ln(1 + rate): ±20 spans −99.9999998 % to 48 billion %. */
const IRR_STEP = 0.01;
const IRR_REACH = 20;
const IRR_TOLERANCE = 1e-13;

/**
 * The internal rate of return, in percent, of yearly net flows (`flows[0]` now): the rate above
 * −100 % at which they are worth 0 today. Null when the flows never change sign, which leaves no
 * such rate, or when none is found. Flows that change sign more than once can have several rates;
 * this answers the one nearest 0 %.
 *
 * It brackets the root by stepping outwards from 0 % in u = ln(1 + rate), then bisects: slower
 * than Newton's method but it cannot diverge, and about fifty halvings of the bracket reach its tolerance.
 */
export function internalRateOfReturn(flows: readonly number[]): number | null {
  if (!changesSign(flows)) return null;
  const bracket = bracketRoot(flows);
  if (!bracket) return null;
  let [low, high] = bracket;
  const lowSign = Math.sign(scaledPresentValue(flows, low));
  if (lowSign === 0) return Math.expm1(low) * 100;
  while (high - low > IRR_TOLERANCE) {
    const middle = (low + high) / 2;
    const sign = Math.sign(scaledPresentValue(flows, middle));
    if (sign === 0) return Math.expm1(middle) * 100;
    if (sign === lowSign) low = middle;
    else high = middle;
  }
  return Math.expm1((low + high) / 2) * 100;
}

function changesSign(flows: readonly number[]) {
  const signs = flows.map(Math.sign).filter((sign) => sign !== 0);
  return signs.some((sign) => sign !== signs[0]);
}

/** The nearest interval to u = 0 over which the present value changes sign (or is 0 at an end). */
function bracketRoot(flows: readonly number[]): [number, number] | null {
  let above = Math.sign(scaledPresentValue(flows, 0));
  let below = above;
  for (let step = 1; step * IRR_STEP <= IRR_REACH; step++) {
    const near = (step - 1) * IRR_STEP;
    const far = step * IRR_STEP;
    const nextAbove = Math.sign(scaledPresentValue(flows, far));
    if (above * nextAbove <= 0) return [near, far];
    const nextBelow = Math.sign(scaledPresentValue(flows, -far));
    if (below * nextBelow <= 0) return [-far, -near];
    above = nextAbove;
    below = nextBelow;
  }
  return null;
}

/**
 * The present value at rate e^u − 1, times the positive factor (1 + rate)^shift, which keeps its
 * sign but keeps every term finite: no shift for positive rates, the last year's for negative ones.
 * Either way Horner's rule multiplies by a factor of at most 1.
 */
function scaledPresentValue(flows: readonly number[], u: number) {
  if (u >= 0) {
    const discount = Math.exp(-u);
    return flows.reduceRight((sum, flow) => sum * discount + flow, 0);
  }
  const growth = Math.exp(u);
  return flows.reduce((sum, flow) => sum * growth + flow, 0);
}
