/**
 * What the deal analyzer accepts, checked the same way by the API, the agent's tools and the
 * analyzer's form: each strategy's inputs, the analyze request and a saved deal. Numbers must be
 * numbers (the API does not read "$125,000"; the form does, through form.ts), unknown
 * input names are dropped, and an optional input sent as null counts as left out, so the stored
 * inputs hold only what was given and analyze.ts fills the defaults. Pure: no I/O.
 */
import { z } from "zod";
// Plain-language messages for every schema below (see validation.ts).
import type { DealInputs, Strategy } from "./types";

/** An input that may be left out or sent as null; both mean "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();

const MAX_MONEY = 1e12;
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

const purchase = {
  purchasePrice: price,
  closingCosts: optional(money),
  rehabCost: optional(money),
  afterRepairValue: optional(money),
  financing: optional(FinancingSchema),
};

const rental = {
  ...purchase,
  grossMonthlyRent: money,
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

export const RentalInputsSchema = z.object(rental);

export const FlipInputsSchema = z.object({
  ...purchase,
  holdingMonths: months,
  holdingCostsMonthly: optional(money),
  sellingCostsPct: optional(percent),
});

export const RefinanceSchema = z.object({
  ltvPct: percent,
  interestRatePct: percent,
  termYears: years,
  closingCosts: optional(money),
});

export const BrrrrInputsSchema = z.object({
  ...rental,
  holdingMonths: optional(rehabMonths),
  holdingCostsMonthly: optional(money),
  refinance: RefinanceSchema,
});

export const WholesaleInputsSchema = z.object({
  afterRepairValue: money,
  rehabCost: optional(money),
  maoPct: optional(percent),
  assignmentFee: optional(money),
  contractPrice: optional(money),
});

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
export type AnalyzeRequest = z.infer<typeof AnalyzeRequestSchema>;
export type DealInput = z.infer<typeof DealInputSchema>;
