/**
 * The buy box (issue 29): the user's purchase criteria, saved once, and how an analysis measures
 * up to them. Each criterion reads one figure of the analysis (a metric, the purchase price, or
 * the all-in cost as a share of the ARV) and applies to the strategies that have it. Pure: no I/O.
 */
import { z } from "zod";
import { metricValue, withDefaults } from "./analyze";
import { MAX_MONEY } from "./inputs";
import type { DealInputs, Strategy } from "./types";

/**
 * What each criterion reads and where it applies. Cap rate, cash-on-cash, cash flow, DSCR and IRR
 * are the rental metrics of those names; a flip has no IRR (its yearly return is
 * `annualizedRoi`), so `minIrr` is for rentals and BRRRRs, as the metric is.
 */
export const CRITERIA = {
  minCapRate: { bound: "min", figure: "capRate", strategies: ["rental", "brrrr"] },
  minCashOnCash: { bound: "min", figure: "cashOnCash", strategies: ["rental", "brrrr"] },
  minCashFlowMonthly: { bound: "min", figure: "cashFlowMonthly", strategies: ["rental", "brrrr"] },
  minDscr: { bound: "min", figure: "dscr", strategies: ["rental", "brrrr"] },
  maxPurchasePrice: {
    bound: "max",
    figure: "purchasePrice",
    strategies: ["rental", "flip", "brrrr"],
  },
  maxPricePerUnit: { bound: "max", figure: "pricePerUnit", strategies: ["rental", "brrrr"] },
  minIrr: { bound: "min", figure: "irr", strategies: ["rental", "brrrr"] },
  minProfit: { bound: "min", figure: "profit", strategies: ["flip"] },
  maxAllInPctOfArv: { bound: "max", figure: "allInPctOfArv", strategies: ["flip", "brrrr"] },
} as const satisfies Record<
  string,
  { bound: "min" | "max"; figure: string; strategies: readonly Strategy[] }
>;

export type CriterionName = keyof typeof CRITERIA;
export const CRITERION_NAMES = Object.keys(CRITERIA) as CriterionName[];

/** A criterion left out, or sent as null, is no criterion. */
const criterion = (schema: z.ZodNumber) =>
  schema
    .nullish()
    .transform((value) => value ?? null)
    .optional();
const returnPct = z.number().finite().min(-100).max(1000);
const signedMoney = z.number().finite().min(-MAX_MONEY).max(MAX_MONEY);
const price = z.number().finite().gt(0).max(MAX_MONEY);

/** `PUT /api/deals/criteria`: every criterion optional; what is left out is cleared. */
export const DealCriteriaInputSchema = z.object({
  minCapRate: criterion(returnPct),
  minCashOnCash: criterion(returnPct),
  minCashFlowMonthly: criterion(signedMoney),
  minDscr: criterion(z.number().finite().min(0).max(100)),
  maxPurchasePrice: criterion(price),
  maxPricePerUnit: criterion(price),
  minIrr: criterion(returnPct),
  minProfit: criterion(signedMoney),
  maxAllInPctOfArv: criterion(z.number().finite().gt(0).max(1000)),
});

export type DealCriteriaInput = z.output<typeof DealCriteriaInputSchema>;

/** The saved criteria: every name, null where the user set none. */
export type DealCriteria = Record<CriterionName, number | null>;

export const NO_CRITERIA: DealCriteria = Object.fromEntries(
  CRITERION_NAMES.map((name) => [name, null]),
) as DealCriteria;

/** The criteria as saved from what `DealCriteriaInputSchema` parsed: every name, null where left out. */
export const savedCriteria = (input: DealCriteriaInput): DealCriteria => ({
  ...NO_CRITERIA,
  ...Object.fromEntries(CRITERION_NAMES.map((name) => [name, input[name] ?? null])),
});

export interface CriterionCheck {
  name: CriterionName;
  target: number;
  /** The analysis's figure; null when it has none, which fails. */
  value: number | null;
  pass: boolean;
}

export interface CriteriaVerdict {
  criteria: CriterionCheck[];
  /** Whether every criterion that applies passes; null when none applies. */
  meetsCriteria: boolean | null;
}

/** A figure a criterion reads that is no metric: the price, and (purchase + rehab) / ARV × 100. */
function inputFigures<S extends Strategy>(strategy: S, inputs: DealInputs[S]) {
  const terms = withDefaults(strategy, inputs);
  if (!("purchasePrice" in terms)) return { purchasePrice: null, allInPctOfArv: null };
  const arv = terms.afterRepairValue;
  return {
    purchasePrice: terms.purchasePrice,
    allInPctOfArv: arv > 0 ? ((terms.purchasePrice + terms.rehabCost) / arv) * 100 : null,
  };
}

/** How an analysis measures up to the criteria set that apply to its strategy. */
export function judgeCriteria<S extends Strategy>(
  strategy: S,
  inputs: DealInputs[S],
  metrics: object,
  criteria: DealCriteria,
): CriteriaVerdict {
  const applying = CRITERION_NAMES.filter(
    (name) =>
      criteria[name] !== null &&
      (CRITERIA[name].strategies as readonly Strategy[]).includes(strategy),
  );
  if (!applying.length) return { criteria: [], meetsCriteria: null };
  const figures = inputFigures(strategy, inputs);
  const checks = applying.map((name): CriterionCheck => {
    const { bound, figure } = CRITERIA[name];
    const target = criteria[name]!;
    const value =
      figure in figures ? figures[figure as keyof typeof figures] : metricValue(metrics, figure);
    const pass = value !== null && (bound === "min" ? value >= target : value <= target);
    return { name, target, value, pass };
  });
  return { criteria: checks, meetsCriteria: checks.every((check) => check.pass) };
}
