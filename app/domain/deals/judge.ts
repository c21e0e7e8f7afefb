/**
 * How the analyzer judges a deal: the headline figures of each strategy, the 70 % and 1 % rules as
 * pass or fail, and which of several analyses is best on each metric (Compare). Pure: no I/O.
 */
import { formatMoney as dollars } from "../format";
import { SEVENTY_PERCENT_RULE_PCT } from "./analyze";
import { itemizedTotals, type ItemizedSource } from "./itemized";
import type { Strategy } from "./types";

/** The figures a strategy's results open with, its agent tool card and its list entry show. */
export const HEADLINE_METRICS: Record<Strategy, readonly string[]> = {
  rental: ["cashFlowMonthly", "capRate", "cashOnCash", "dscr", "irr"],
  brrrr: ["cashLeftInDeal", "cashFlowMonthly", "cashOnCash", "capRate", "irr"],
  flip: ["profit", "roi", "annualizedRoi", "totalCashInvested"],
  wholesale: ["maxAllowableOffer", "buyerMaxPrice", "assignmentProfit"],
};

/** How many saved analyses Compare puts side by side. */
export const MAX_COMPARED = 4;

/** Whether more is better on a metric (Compare marks the highest), less, or neither. */
const LOWER_IS_BETTER = new Set([
  "vacancyLoss",
  "operatingExpenses",
  "annualDebtService",
  "monthlyPayment",
  "purchaseMonthlyPayment",
  "pointsCost",
  "totalCashInvested",
  "grm",
  "breakEvenOccupancyPct",
  "cashLeftInDeal",
  "holdingCosts",
  "sellingCosts",
  "loanPaymentsDuringHold",
]);
/** Amounts that describe the deal rather than rate it. */
const NEITHER = new Set(["loanAmount", "loanPayoff", "refinanceLoanAmount"]);

export type Direction = "higher" | "lower" | null;

export const directionOf = (metric: string): Direction =>
  NEITHER.has(metric) ? null : LOWER_IS_BETTER.has(metric) ? "lower" : "higher";

/** The returns a BRRRR has none of when every dollar came back (they divide by the cash left in). */
const ON_CASH_LEFT = new Set(["cashOnCash", "irr", "equityMultiple"]);

/** A metric's value as Compare ranks it: a BRRRR with all its money back beats any return. */
export function rankedValue(metrics: Record<string, number | null | undefined>, name: string) {
  const allBack = typeof metrics.cashLeftInDeal === "number" && metrics.cashLeftInDeal <= 0;
  return metrics[name] === null && allBack && ON_CASH_LEFT.has(name) ? Infinity : metrics[name];
}

/**
 * The columns holding the best value of a row: the highest or lowest number (ties all marked),
 * none when fewer than two analyses have a value or all have the same one.
 */
export function bestColumns(values: readonly (number | null | undefined)[], metric: string) {
  const direction = directionOf(metric);
  const numbers = values.filter((value): value is number => typeof value === "number");
  if (!direction || numbers.length < 2) return new Set<number>();
  const best = direction === "higher" ? Math.max(...numbers) : Math.min(...numbers);
  if (numbers.every((value) => value === best)) return new Set<number>();
  return new Set(values.flatMap((value, column) => (value === best ? [column] : [])));
}

export interface RuleCheck {
  id: "seventy" | "one";
  label: string;
  pass: boolean;
  /** The rule with the deal's numbers: "Price $150,000 ≤ 70 % × ARV $250,000 − rehab $25,000 = $150,000". */
  detail: string;
}

interface RuleInputs extends ItemizedSource {
  purchasePrice?: number;
  afterRepairValue?: number;
  rehabCost?: number;
  grossMonthlyRent?: number;
  otherMonthlyIncome?: number;
}

/**
 * The 70 % rule (pay at most 70 % of the ARV less the rehab: a flipper's rule, so flips and the
 * buy-and-rehab of a BRRRR, never a rental) and the 1 % rule (a month's rent at least 1 % of price
 * plus rehab: rentals and BRRRR). A rule the strategy or the inputs cannot answer is left out.
 */
export function ruleChecks(
  strategy: Strategy,
  inputs: RuleInputs,
  /** The metric `rentToPricePct` of a rental or BRRRR analysis. */
  rentToPrice?: number,
): RuleCheck[] {
  const checks: RuleCheck[] = [];
  const price = inputs.purchasePrice;
  if ((strategy === "flip" || strategy === "brrrr") && price !== undefined) {
    const totals = itemizedTotals(inputs);
    const arv = totals.afterRepairValue ?? price;
    const rehab = totals.rehabCost ?? 0;
    const limit = (SEVENTY_PERCENT_RULE_PCT / 100) * arv - rehab;
    const pass = price <= limit;
    checks.push({
      id: "seventy",
      label: "70 % rule",
      pass,
      detail: `Price ${dollars(price)} ${pass ? "≤" : ">"} 70 % × ARV ${dollars(arv)} − rehab ${dollars(rehab)} = ${dollars(limit)}`,
    });
  }
  if ((strategy === "rental" || strategy === "brrrr") && rentToPrice !== undefined) {
    const pass = rentToPrice >= 1;
    checks.push({
      id: "one",
      label: "1 % rule",
      pass,
      detail: `Rent is ${rentToPrice.toFixed(2)} % of price and rehab a month (${pass ? "at least" : "under"} 1 %)`,
    });
  }
  return checks;
}
