/**
 * What a deal's report shows, worked out from its inputs: every metric with its formula in the
 * user's numbers, the rules of thumb, the projection. The analyzer's results and printout, and a
 * shared link's page, are this one computation.
 */
import { analyzeDeal } from "./analyze";
import { explainDeal, type MetricExplanation } from "./formulas";
import { ruleChecks } from "./judge";
import type { DealInputs, Strategy } from "./types";

export function dealReport<S extends Strategy>(strategy: S, inputs: DealInputs[S]) {
  const analysis = analyzeDeal(strategy, inputs);
  return {
    analysis,
    explained: explainDeal(strategy, inputs, analysis) as Record<string, MetricExplanation>,
    checks: ruleChecks(
      strategy,
      inputs,
      "rentToPricePct" in analysis.metrics ? analysis.metrics.rentToPricePct : undefined,
    ),
    years: analysis.years,
  };
}
