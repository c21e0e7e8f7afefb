/**
 * What the deal analyzer accepts, checked the same way by the API, the agent's tools and the
 * analyzer's form: each strategy's inputs, the analyze request and a saved deal. Numbers must be
 * numbers (the API does not read "$125,000"; the form does, through form.ts), unknown
 * input names are dropped, and an optional input sent as null counts as left out, so the stored
 * inputs hold only what was given and analyze.ts fills the defaults. Pure: no I/O.
 */
import { z } from "zod";
// Plain-language messages for every schema below (see validation.ts).
import type { Comp, DealInputs, Strategy } from "./types";

/** An input that may be left out or sent as null; both mean "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();

export const MAX_MONEY = 1e12;
const money = z.number().finite().min(0).max(MAX_MONEY);
const price = z.number().finite().gt(0).max(MAX_MONEY);
const percent = z.number().finite().min(0).max(100);
/** Growth and appreciation may be negative, but never a loss of everything in a year. */
const growthPercent = z.number().finite().min(-99).max(100);
const years = z.number().int().min(1).max(50);
const months = z.number().int().min(1).max(120);
/** A BRRRR's rehab period may be none at all. */
const rehabMonths = z.number().int().min(0).max(60);

export const CashFinancingSchema = z.object({ type: z.literal("cash") });

export const LoanFinancingSchema = z.object({
  type: z.literal("loan"),
  downPaymentPct: percent,
  interestRatePct: percent,
  termYears: years,
  pointsPct: optional(percent),
  interestOnly: optional(z.boolean()),
  rehabFinancedPct: optional(percent),
});

export const FinancingSchema = z.discriminatedUnion("type", [
  CashFinancingSchema,
  LoanFinancingSchema,
]);

const name = (max: number) => z.string().trim().min(1).max(max);
const text = (max: number) => z.string().trim().max(max);
/** Square feet of a house or a comp. */
const area = z.number().finite().gt(0).max(1e7);

export const UnitSchema = z.object({
  name: name(100),
  beds: optional(z.number().int().min(0).max(50)),
  baths: optional(z.number().finite().min(0).max(50)),
  monthlyRent: money,
  marketRent: optional(money),
});

export const RehabItemSchema = z.object({
  category: name(100),
  description: optional(text(500)),
  quantity: optional(z.number().finite().gt(0).max(1e9)),
  unitCost: money,
});

export const CompSchema = z.object({
  address: optional(text(300)),
  salePrice: price,
  squareFeet: area,
  adjustments: optional(z.number().finite().min(-MAX_MONEY).max(MAX_MONEY)),
});

/** The contract's list lengths: a rent roll and a rehab of 1–500 lines, 1–50 comps. */
export const MAX_UNITS = 500;
export const MAX_REHAB_ITEMS = 500;
export const MAX_COMPS = 50;
/** The rehab lines a user may keep as templates (the rehab estimator's own, beside its categories). */
export const MAX_REHAB_TEMPLATES = 200;

const itemized = {
  rehabItems: optional(z.array(RehabItemSchema).min(1).max(MAX_REHAB_ITEMS)),
  rehabContingencyPct: optional(percent),
  subjectSquareFeet: optional(area),
  comps: optional(z.array(CompSchema).min(1).max(MAX_COMPS)),
};

const purchase = {
  purchasePrice: price,
  closingCosts: optional(money),
  rehabCost: optional(money),
  afterRepairValue: optional(money),
  financing: optional(FinancingSchema),
  ...itemized,
};

const rental = {
  ...purchase,
  grossMonthlyRent: optional(money),
  units: optional(z.array(UnitSchema).min(1).max(MAX_UNITS)),
  otherMonthlyIncome: optional(money),
  vacancyPct: optional(percent),
  propertyTaxesAnnual: optional(money),
  insuranceAnnual: optional(money),
  hoaMonthly: optional(money),
  utilitiesMonthly: optional(money),
  otherExpensesMonthly: optional(money),
  managementPct: optional(percent),
  maintenancePct: optional(percent),
  capexPct: optional(percent),
  holdYears: optional(years),
  appreciationPct: optional(growthPercent),
  rentGrowthPct: optional(growthPercent),
  expenseGrowthPct: optional(growthPercent),
  sellingCostsPct: optional(percent),
};

type Problem = { path: (string | number)[]; message?: string };

/** An input the contract asks for that is missing: said as zod says any missing number. */
const missing = (field: string): Problem => ({ path: [field] });

/**
 * What one field cannot say alone: the rent or its units (not both), the rehab or its items (not
 * both), comps only with the subject's square feet, a wholesale ARV or comps, and no comp adjusted
 * to nothing. Runs even when a field failed, so one answer names every problem; it reads the
 * values defensively for that reason.
 */
function itemizedProblems(
  inputs: Record<string, unknown>,
  needs: { rent?: boolean; arv?: boolean },
) {
  const problems: Problem[] = [];
  const given = (field: string) => inputs[field] !== undefined && inputs[field] !== null;
  if (needs.rent) {
    if (given("units") && given("grossMonthlyRent"))
      problems.push({
        path: ["grossMonthlyRent"],
        message: "Leave out grossMonthlyRent when giving units: it is the sum of their rents",
      });
    else if (!given("units") && !given("grossMonthlyRent"))
      problems.push(missing("grossMonthlyRent"));
  }
  if (given("rehabItems") && given("rehabCost"))
    problems.push({
      path: ["rehabCost"],
      message: "Leave out rehabCost when giving rehabItems: it is their total",
    });
  if (given("comps") && !given("subjectSquareFeet"))
    problems.push({
      path: ["subjectSquareFeet"],
      message: "Give subjectSquareFeet with comps: the ARV is its square feet at their price",
    });
  if (needs.arv && !given("afterRepairValue") && !given("comps"))
    problems.push(missing("afterRepairValue"));
  const comps = Array.isArray(inputs.comps) ? (inputs.comps as Partial<Comp>[]) : [];
  comps.forEach((comp, index) => {
    if (typeof comp?.salePrice === "number" && comp.salePrice + (comp.adjustments ?? 0) <= 0)
      problems.push({
        path: ["comps", index, "adjustments"],
        message:
          "The adjustments leave the comp worth nothing; a comp's adjusted price must be above $0",
      });
  });
  return problems;
}

/** The object of `shape` with the checks across its itemized fields. */
function withItemizedChecks<T extends z.core.$ZodLooseShape>(
  shape: T,
  needs: { rent?: boolean; arv?: boolean },
) {
  return z.object(shape).check(
    z.superRefine(
      (inputs, context) => {
        for (const { path, message } of itemizedProblems(inputs as Record<string, unknown>, needs))
          context.addIssue(
            message === undefined
              ? { code: "invalid_type", expected: "number", input: undefined, path }
              : { code: "custom", message, input: inputs, path },
          );
      },
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    ),
  );
}

export const RentalInputsSchema = withItemizedChecks(rental, { rent: true });

export const FlipInputsSchema = withItemizedChecks(
  {
    ...purchase,
    holdingMonths: months,
    holdingCostsMonthly: optional(money),
    sellingCostsPct: optional(percent),
  },
  {},
);

export const RefinanceSchema = z.object({
  ltvPct: percent,
  interestRatePct: percent,
  termYears: years,
  closingCosts: optional(money),
});

export const BrrrrInputsSchema = withItemizedChecks(
  {
    ...rental,
    holdingMonths: optional(rehabMonths),
    holdingCostsMonthly: optional(money),
    refinance: RefinanceSchema,
  },
  { rent: true },
);

export const WholesaleInputsSchema = withItemizedChecks(
  {
    afterRepairValue: optional(money),
    rehabCost: optional(money),
    maoPct: optional(percent),
    assignmentFee: optional(money),
    contractPrice: optional(money),
    ...itemized,
  },
  { arv: true },
);

/** Each strategy's inputs schema; what it parses to is what the math takes. */
export const DEAL_INPUT_SCHEMAS = {
  rental: RentalInputsSchema,
  flip: FlipInputsSchema,
  brrrr: BrrrrInputsSchema,
  wholesale: WholesaleInputsSchema,
} as const satisfies { [S in Strategy]: z.ZodType<DealInputs[S]> };

type InputSchemas = typeof DEAL_INPUT_SCHEMAS;

/** `{ strategy, …fields, inputs }` for each strategy, told apart by `strategy`. */
const byStrategy = <T extends z.core.$ZodLooseShape>(fields: T, inputs: InputSchemas) =>
  z.discriminatedUnion("strategy", [
    z.object({ ...fields, strategy: z.literal("rental"), inputs: inputs.rental }),
    z.object({ ...fields, strategy: z.literal("flip"), inputs: inputs.flip }),
    z.object({ ...fields, strategy: z.literal("brrrr"), inputs: inputs.brrrr }),
    z.object({ ...fields, strategy: z.literal("wholesale"), inputs: inputs.wholesale }),
  ]);

const id = z.string().min(1).max(64);

const DEAL_FIELDS = {
  name: z
    .string({
      error: (issue) =>
        issue.code === "invalid_type" || issue.code === "too_small"
          ? "Give the analysis a name"
          : undefined,
    })
    .trim()
    .min(1)
    .max(200),
  propertyId: id.nullish().transform((value) => value ?? null),
  projectId: id.nullish().transform((value) => value ?? null),
  /**
   * Makes it the property's primary analysis, the one its key figures come from (a property's
   * first analysis is without being asked; false never takes the flag away).
   */
  primary: z.boolean().default(false),
};

/**
 * The analyze request and the saved deal over given inputs schemas: the API passes the same
 * schemas named for its OpenAPI document.
 */
export const analyzeRequestSchema = (inputs: InputSchemas = DEAL_INPUT_SCHEMAS) =>
  byStrategy({}, inputs);
export const dealInputSchema = (inputs: InputSchemas = DEAL_INPUT_SCHEMAS) =>
  byStrategy(DEAL_FIELDS, inputs);

/** `POST /api/deals/analyze`: a strategy and its inputs; nothing is stored. */
export const AnalyzeRequestSchema = analyzeRequestSchema();

/** A saved analysis: a name, the strategy and its inputs, and what it is about. */
export const DealInputSchema = dealInputSchema();

export type CashFinancingInput = z.infer<typeof CashFinancingSchema>;
export type LoanFinancingInput = z.infer<typeof LoanFinancingSchema>;
export type FinancingInput = z.infer<typeof FinancingSchema>;
export type RentalInputsInput = z.infer<typeof RentalInputsSchema>;
export type FlipInputsInput = z.infer<typeof FlipInputsSchema>;
export type RefinanceInput = z.infer<typeof RefinanceSchema>;
export type BrrrrInputsInput = z.infer<typeof BrrrrInputsSchema>;
export type WholesaleInputsInput = z.infer<typeof WholesaleInputsSchema>;
export type UnitInput = z.infer<typeof UnitSchema>;
export type RehabItemInput = z.infer<typeof RehabItemSchema>;
export type CompInput = z.infer<typeof CompSchema>;
export type AnalyzeRequest = z.infer<typeof AnalyzeRequestSchema>;
export type DealInput = z.infer<typeof DealInputSchema>;
