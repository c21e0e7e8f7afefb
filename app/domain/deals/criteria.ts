/**
 * The buy box: the user's purchase criteria, saved once, and how an analysis measures up to them.
 * Each criterion reads one figure of the analysis (a metric, the purchase price, or the all-in cost
 * as a share of the ARV) and applies to the strategies that have it. Pure: no I/O.
 */
import { z } from "zod";
import { metricValue, withDefaults } from "./analyze";
import { DASH, formatMoney, formatPercent } from "../format";
import { MAX_MONEY } from "./inputs";
import type { DealInputs, Strategy } from "./types";

/**
 * What each criterion reads and where it applies. Cap rate, cash-on-cash, cash flow, DSCR and IRR
 * are the rental metrics of those names; a flip has no IRR (its yearly return is
 * `annualizedRoi`), so `minIrr` is for rentals and BRRRRs, as the metric is.
 */
export const CRITERIA = {
  minCapRate: {
    bound: "min",
    figure: "capRate",
    strategies: ["rental", "brrrr"],
    label: "Cap rate at least",
    unit: "percent",
  },
  minCashOnCash: {
    bound: "min",
    figure: "cashOnCash",
    strategies: ["rental", "brrrr"],
    label: "Cash-on-cash at least",
    unit: "percent",
  },
  minCashFlowMonthly: {
    bound: "min",
    figure: "cashFlowMonthly",
    strategies: ["rental", "brrrr"],
    label: "Cash flow / month at least",
    unit: "money",
  },
  minDscr: {
    bound: "min",
    figure: "dscr",
    strategies: ["rental", "brrrr"],
    label: "DSCR at least",
    unit: "ratio",
  },
  maxPurchasePrice: {
    bound: "max",
    figure: "purchasePrice",
    strategies: ["rental", "flip", "brrrr"],
    label: "Purchase price at most",
    unit: "money",
  },
  maxPricePerUnit: {
    bound: "max",
    figure: "pricePerUnit",
    strategies: ["rental", "brrrr"],
    label: "Price per unit at most",
    unit: "money",
  },
  minIrr: {
    bound: "min",
    figure: "irr",
    strategies: ["rental", "brrrr"],
    label: "IRR at least",
    unit: "percent",
  },
  minProfit: {
    bound: "min",
    figure: "profit",
    strategies: ["flip"],
    label: "Flip profit at least",
    unit: "money",
  },
  maxAllInPctOfArv: {
    bound: "max",
    figure: "allInPctOfArv",
    strategies: ["flip", "brrrr"],
    label: "All-in cost at most, % of ARV",
    unit: "percent",
  },
} as const satisfies Record<
  string,
  {
    bound: "min" | "max";
    figure: string;
    strategies: readonly Strategy[];
    label: string;
    unit: "percent" | "money" | "ratio";
  }
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

/** The figures the criteria read, each once: what a saved analysis keeps for lists. */
export const CRITERIA_FIGURES = [...new Set(Object.values(CRITERIA).map((c) => c.figure))];
export type CriteriaFigure = (typeof CRITERIA)[CriterionName]["figure"];

/**
 * Every figure the criteria read, for an analysis: its metrics, the price, and
 * (purchase + rehab) / ARV × 100; null where the strategy has none.
 */
export function criteriaFigures<S extends Strategy>(
  strategy: S,
  inputs: DealInputs[S],
  metrics: object,
): Record<CriteriaFigure, number | null> {
  const terms = withDefaults(strategy, inputs);
  const arv = "purchasePrice" in terms ? terms.afterRepairValue : 0;
  const own = {
    purchasePrice: "purchasePrice" in terms ? terms.purchasePrice : null,
    allInPctOfArv:
      "purchasePrice" in terms && arv > 0
        ? ((terms.purchasePrice + terms.rehabCost) / arv) * 100
        : null,
  };
  return Object.fromEntries(
    CRITERIA_FIGURES.map((figure) => [
      figure,
      figure in own ? own[figure as keyof typeof own] : metricValue(metrics, figure),
    ]),
  ) as Record<CriteriaFigure, number | null>;
}

/** The criteria set that apply to a strategy, in the order they are listed. */
export const applyingCriteria = (strategy: Strategy, criteria: DealCriteria) =>
  CRITERION_NAMES.filter(
    (name) =>
      criteria[name] !== null &&
      (CRITERIA[name].strategies as readonly Strategy[]).includes(strategy),
  );

/** How an analysis measures up to the criteria set that apply to its strategy. */
export function judgeCriteria<S extends Strategy>(
  strategy: S,
  inputs: DealInputs[S],
  metrics: object,
  criteria: DealCriteria,
): CriteriaVerdict {
  const applying = applyingCriteria(strategy, criteria);
  if (!applying.length) return { criteria: [], meetsCriteria: null };
  const figures = criteriaFigures(strategy, inputs, metrics);
  const checks = applying.map((name): CriterionCheck => {
    const { bound, figure } = CRITERIA[name];
    const target = criteria[name]!;
    const value = figures[figure];
    const pass = value !== null && (bound === "min" ? value >= target : value <= target);
    return { name, target, value, pass };
  });
  return { criteria: checks, meetsCriteria: checks.every((check) => check.pass) };
}

/** The verdict in words: "Meets your buy box", "Misses 2 of 5", or null when none applies. */
export function verdictSummary(verdict: CriteriaVerdict) {
  if (verdict.meetsCriteria === null) return null;
  const missed = verdict.criteria.filter((check) => !check.pass).length;
  return missed === 0 ? "Meets your buy box" : `Misses ${missed} of ${verdict.criteria.length}`;
}

/** A criterion's target or figure as the buy box shows it: "8%", "$250,000", "1.25"; "—" for none. */
export function formatCriterion(name: CriterionName, value: number | null) {
  if (value === null) return DASH;
  const { unit } = CRITERIA[name];
  if (unit === "money") return formatMoney(value);
  if (unit === "percent") return formatPercent(value);
  return value.toFixed(2);
}
