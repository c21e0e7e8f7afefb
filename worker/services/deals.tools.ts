/**
 * The agent's tools over deal analyses: run the analyzer's own math (on a saved analysis or on
 * inputs the model gives), list saved analyses, so the answer quotes computed figures with their
 * formulas instead of working them out itself, and save an analysis as the analyzer's Save does.
 */
import { z } from "zod";
import { analyzeDeal } from "../../app/domain/deals/analyze";
import { judgeCriteria, type DealCriteria } from "../../app/domain/deals/criteria";
import { explainDeal, type MetricExplanation } from "../../app/domain/deals/formulas";
import {
  AnalyzeRequestSchema,
  DEAL_INPUT_SCHEMAS,
  DealInputSchema,
} from "../../app/domain/deals/inputs";
import { HEADLINE_METRICS } from "../../app/domain/deals/judge";
import { DEAL_STRATEGIES, type DealInputs, type Strategy } from "../../app/domain/deals/types";
import { fieldProblems } from "../../app/domain/validation";
import { label } from "../../app/domain/workspace";
import { invalidFields } from "../errors";
import { buyBoxMatches, createDeal, findCriteria, findDeal, listDeals } from "./deals";
import { creates, found, searchQuery, tool, TOOL_SEARCH_LIMIT } from "./tool";

const keyMetrics = (strategy: Strategy, metrics: object) =>
  Object.fromEntries(
    HEADLINE_METRICS[strategy].map((name) => [
      name,
      (metrics as Record<string, number | null>)[name],
    ]),
  );

/** "rental: purchasePrice (required), grossMonthlyRent (required), closingCosts, …" */
const inputNames = (strategy: Strategy) =>
  Object.entries(DEAL_INPUT_SCHEMAS[strategy].shape)
    .map(([name, schema]) => (schema.safeParse(undefined).success ? name : `${name} (required)`))
    .join(", ");

const inputsDescription = () =>
  [
    "the strategy's inputs. Money in dollars, every …Pct a percent number (7.5 = 7.5 %).",
    ...DEAL_STRATEGIES.map((strategy) => `${strategy}: ${inputNames(strategy)}.`),
    'financing: {"type":"cash"} (the default) or {"type":"loan", downPaymentPct, interestRatePct, termYears, pointsPct?, interestOnly?, rehabFinancedPct?}.',
    "refinance (BRRRR): {ltvPct, interestRatePct, termYears, closingCosts?}.",
    "A rental or BRRRR needs grossMonthlyRent or units [{name, beds?, baths?, monthlyRent, marketRent?}] (their rents' sum), not both.",
    "Any strategy may give rehabItems [{category, description?, quantity? (1), unitCost}] with rehabContingencyPct? instead of rehabCost,",
    "and comps [{address?, salePrice, squareFeet, adjustments? (0)}] with subjectSquareFeet, whose ARV is used when afterRepairValue is left out (a wholesale deal needs one of the two).",
  ].join(" ");

/**
 * Every metric with the formula behind it, how they measure up to the buy box, and the key ones
 * in a line for the tool card.
 */
function explained<S extends Strategy>(strategy: S, inputs: DealInputs[S], criteria: DealCriteria) {
  const analysis = analyzeDeal(strategy, inputs);
  const explanations: Record<string, MetricExplanation> = explainDeal(strategy, inputs, analysis);
  const metrics = Object.fromEntries(
    Object.entries(analysis.metrics).map(([name, value]) => [
      name,
      { value, formula: explanations[name]!.formula },
    ]),
  );
  const verdict = judgeCriteria(strategy, inputs, analysis.metrics, criteria);
  const card = [
    ...HEADLINE_METRICS[strategy].map(
      (name) => `${explanations[name]!.label} ${explanations[name]!.value}`,
    ),
    ...(verdict.meetsCriteria === null ? [] : [boxLine(verdict.meetsCriteria)]),
  ].join(", ");
  return { years: analysis.years, metrics, ...verdict, card };
}

const boxLine = (meets: boolean) => (meets ? "meets the buy box" : "misses the buy box");

/** The model's strategy and inputs, checked like the API checks them (a failed call names the fields). */
function checkedInputs(
  strategy: Strategy | undefined,
  inputs: Record<string, unknown> | undefined,
) {
  if (!strategy)
    throw invalidFields([
      { field: "strategy", message: "Give a dealId, or a strategy and its inputs" },
    ]);
  const parsed = AnalyzeRequestSchema.safeParse({ strategy, inputs: inputs ?? {} });
  if (!parsed.success) throw invalidFields(fieldProblems(parsed.error));
  return parsed.data;
}

export const dealTools = {
  analyze_deal: tool({
    description:
      "Analyze a real-estate deal with AI42's deal analyzer: a saved analysis by its dealId (from list_deals), or a strategy (rental, flip, brrrr, wholesale) with its inputs. Answers every metric with the formula and the investor's numbers behind it, and how it measures up to the investor's buy box (criteria, meetsCriteria: null when no criterion applies). Quote these figures; never work them out yourself.",
    parameters: z.object({
      dealId: z.string().min(1).max(64).optional().describe("A saved analysis's id"),
      strategy: z.enum(DEAL_STRATEGIES).optional().describe("Without a dealId: the strategy"),
      inputs: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(`Without a dealId: ${inputsDescription()}`),
    }),
    run: async (db, userId, { dealId, strategy, inputs }) => {
      const subject = dealId
        ? await findDeal(db, userId, dealId)
        : { id: undefined, name: undefined, ...checkedInputs(strategy, inputs) };
      const { years, metrics, criteria, meetsCriteria, card } = explained(
        subject.strategy,
        subject.inputs,
        await findCriteria(db, userId),
      );
      const kind = label(subject.strategy);
      return {
        result: {
          ...(subject.id && { dealId: subject.id, name: subject.name }),
          strategy: subject.strategy,
          inputs: subject.inputs,
          metrics,
          ...(years && { years }),
          criteria,
          meetsCriteria,
        },
        summary: `${subject.name ? `${subject.name} (${kind})` : kind}: ${card}`,
      };
    },
  }),
  list_deals: tool({
    description:
      "List the investor's saved deal analyses (newest change first) with their key figures and whether each meets the investor's buy box, optionally for one property or strategy, or by name.",
    parameters: z.object({
      query: searchQuery,
      propertyId: z.string().min(1).max(64).optional().describe("Only this property's analyses"),
      strategy: z.enum(DEAL_STRATEGIES).optional(),
    }),
    run: async (db, userId, { query, propertyId, strategy }) => {
      const { items } = await listDeals(
        db,
        userId,
        { q: query, propertyId, strategy },
        { page: 1, limit: TOOL_SEARCH_LIMIT },
      );
      return {
        result: items.map((deal) => ({
          id: deal.id,
          name: deal.name,
          strategy: deal.strategy,
          propertyId: deal.propertyId,
          projectId: deal.projectId,
          primary: deal.primary,
          updatedAt: deal.updatedAt,
          keyMetrics: keyMetrics(deal.strategy, deal.metrics),
          criteria: deal.criteria,
          meetsCriteria: deal.meetsCriteria,
        })),
        summary: found(
          items.map((deal) => deal.name),
          "analysis",
          "analyses",
        ),
      };
    },
  }),
  save_deal: tool({
    description:
      "Save a deal analysis, as the analyzer's Save does: a name, a strategy and its inputs (as analyze_deal takes them), for one of the investor's properties (propertyId, from search_properties) or project, or on its own. A property's first analysis becomes its primary (the one its figures come from); `primary: true` makes this one the primary. Only when the investor asks to save it. Answers the saved analysis (its id, inputs and metrics).",
    parameters: z.object({
      name: z.string().max(200).describe("What to call it, e.g. “Oak St as a rental, 25 % down”"),
      strategy: z.enum(DEAL_STRATEGIES),
      inputs: z.record(z.string(), z.unknown()).describe(inputsDescription()),
      propertyId: z.string().min(1).max(64).optional().describe("The property it analyses"),
      projectId: z.string().min(1).max(64).optional().describe("The project it belongs to"),
      primary: z.boolean().optional().describe("Make it the property's primary analysis"),
    }),
    wrote: true,
    records: creates("analysis"),
    run: async (db, userId, args) => {
      const input = DealInputSchema.safeParse(args);
      if (!input.success) throw invalidFields(fieldProblems(input.error));
      // Without its yearly projection, as list_deals answers (the ai42://analyses resource has it).
      const { years: _projection, ...deal } = await createDeal(db, userId, input.data);
      const verdict = deal.meetsCriteria === null ? "" : `, ${boxLine(deal.meetsCriteria)}`;
      return {
        result: deal,
        summary: `Saved analysis ${deal.name} (${label(deal.strategy)}${deal.primary ? ", primary" : ""}${verdict})`,
      };
    },
  }),
  buy_box_matches: tool({
    description:
      "Which of the investor's properties and auctions meet their buy box (saved purchase criteria): each property judged by its primary analysis, each auction by its own analysis or else its property's primary one. Answers the criteria and, for each record, meetsCriteria (null without an analysis or a criterion that applies) and the criteria it fails with the figure and the target.",
    parameters: z.object({}),
    run: async (db, userId) => {
      const matches = await buyBoxMatches(db, userId);
      const meeting = [...matches.properties, ...matches.auctions].filter(
        (record) => record.meetsCriteria,
      );
      const set = Object.values(matches.criteria).some((target) => target !== null);
      return {
        result: matches,
        summary: set
          ? found(
              meeting.map((record) => record.address),
              "property or auction meeting the buy box",
              "properties and auctions meeting the buy box",
            )
          : "No buy box set: no purchase criteria saved",
      };
    },
  }),
};
