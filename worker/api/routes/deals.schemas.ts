import { z } from "@hono/zod-openapi";
import {
  BrrrrInputsSchema,
  FlipInputsSchema,
  RentalInputsSchema,
  WholesaleInputsSchema,
} from "../../../app/domain/deals/inputs";
import { CRITERION_NAMES, type CriterionName } from "../../../app/domain/deals/criteria";
import type {
  BrrrrMetrics,
  FinancingMetrics,
  FlipMetrics,
  RentalMetrics,
  WholesaleMetrics,
  YearRow,
} from "../../../app/domain/deals/types";
import { dealCriteria, deals } from "../../db/schema";
import { createSelectSchema, exactly } from "../shared-schemas";

/**
 * Each strategy's inputs schema (the same rules), named once in the OpenAPI document: the deals'
 * requests are built over these too.
 */
export const DealInputSchemas = {
  rental: RentalInputsSchema.openapi("RentalInputs"),
  flip: FlipInputsSchema.openapi("FlipInputs"),
  brrrr: BrrrrInputsSchema.openapi("BrrrrInputs"),
  wholesale: WholesaleInputsSchema.openapi("WholesaleInputs"),
};

const figure = z.number();
const maybeFigure = z.number().nullable();
const METRICS_NOTE =
  "Unrounded. Money in dollars, percents as percent numbers (7.5 = 7.5 %); null where the metric is undefined.";

const FINANCING_METRICS = {
  loanAmount: figure,
  pointsCost: figure,
  monthlyPayment: figure,
  totalCashInvested: figure,
};
exactly<FinancingMetrics>()(z.object(FINANCING_METRICS));

/** Present only when their inputs are given (units, rehabItems, comps): absent, never null. */
const absentUnlessGiven = (description: string) => figure.optional().openapi({ description });
const REHAB_AND_COMPS_METRICS = {
  rehabSubtotal: absentUnlessGiven("With rehabItems: Σ quantity × unitCost"),
  rehabContingency: absentUnlessGiven("With rehabItems: rehabSubtotal × rehabContingencyPct / 100"),
  rehabCost: absentUnlessGiven("With rehabItems: rehabSubtotal + rehabContingency"),
  compsPricePerSqFt: absentUnlessGiven(
    "With comps: the mean of each comp's (salePrice + adjustments) / squareFeet",
  ),
  arvFromComps: absentUnlessGiven("With comps: subjectSquareFeet × compsPricePerSqFt"),
  arvLow: absentUnlessGiven("With comps: subjectSquareFeet × the lowest adjusted $/sq ft"),
  arvHigh: absentUnlessGiven("With comps: subjectSquareFeet × the highest adjusted $/sq ft"),
};
const UNIT_METRICS = {
  unitCount: absentUnlessGiven("With units: how many"),
  averageRentPerUnit: absentUnlessGiven("With units: Σ monthlyRent / unitCount"),
  pricePerUnit: absentUnlessGiven("With units: purchasePrice / unitCount"),
  lossToLeaseMonthly: absentUnlessGiven(
    "With units: Σ (marketRent − monthlyRent) over the units that give a marketRent (0 when none)",
  ),
};

const RENTAL_METRICS = {
  ...FINANCING_METRICS,
  grossScheduledIncome: figure,
  vacancyLoss: figure,
  effectiveGrossIncome: figure,
  operatingExpenses: figure,
  noi: figure,
  annualDebtService: figure,
  cashFlowAnnual: figure,
  cashFlowMonthly: figure,
  capRate: figure,
  cashOnCash: maybeFigure,
  dscr: maybeFigure,
  grm: maybeFigure,
  rentToPricePct: figure,
  fiftyPercentCashFlowMonthly: figure,
  breakEvenOccupancyPct: maybeFigure,
  saleProceeds: figure,
  irr: maybeFigure,
  equityMultiple: maybeFigure,
  ...UNIT_METRICS,
  ...REHAB_AND_COMPS_METRICS,
};

export const RentalMetricsSchema = exactly<RentalMetrics>()(
  z.object(RENTAL_METRICS).openapi("RentalMetrics", { description: METRICS_NOTE }),
);

export const FlipMetricsSchema = exactly<FlipMetrics>()(
  z
    .object({
      ...FINANCING_METRICS,
      loanPaymentsDuringHold: figure,
      holdingCosts: figure,
      sellingCosts: figure,
      loanPayoff: figure,
      profit: figure,
      roi: maybeFigure,
      annualizedRoi: maybeFigure,
      seventyPercentRuleMaxPrice: figure,
      ...REHAB_AND_COMPS_METRICS,
    })
    .openapi("FlipMetrics", { description: METRICS_NOTE }),
);

export const BrrrrMetricsSchema = exactly<BrrrrMetrics>()(
  z
    .object({
      ...RENTAL_METRICS,
      purchaseMonthlyPayment: figure,
      holdingCosts: figure,
      refinanceLoanAmount: figure,
      cashOut: figure,
      cashLeftInDeal: figure,
    })
    .openapi("BrrrrMetrics", { description: METRICS_NOTE }),
);

export const WholesaleMetricsSchema = exactly<WholesaleMetrics>()(
  z
    .object({
      buyerMaxPrice: figure,
      maxAllowableOffer: figure,
      assignmentProfit: maybeFigure,
      ...REHAB_AND_COMPS_METRICS,
    })
    .openapi("WholesaleMetrics", { description: METRICS_NOTE }),
);

export const DealYearSchema = exactly<YearRow>()(
  z
    .object({
      year: figure,
      noi: figure,
      cashFlow: figure,
      loanBalance: figure.openapi({ description: "At the end of the year" }),
      propertyValue: figure.openapi({ description: "At the end of the year" }),
    })
    .openapi("DealYear"),
);
const projection = z.array(DealYearSchema);

/** The user's buy box as saved: every criterion, null where none is set. */
export const DealCriteriaSchema = createSelectSchema(dealCriteria)
  .omit({ userId: true, updatedAt: true })
  .openapi("DealCriteria");

const DealCriterionCheckSchema = z
  .object({
    name: z.enum(CRITERION_NAMES as [CriterionName, ...CriterionName[]]),
    target: figure,
    value: maybeFigure.openapi({ description: "The analysis's figure; null (no figure) fails" }),
    pass: z.boolean(),
  })
  .openapi("DealCriterionCheck");

/** How an analysis measures up to the user's buy box: in every analysis answer. */
const VERDICT = {
  criteria: z.array(DealCriterionCheckSchema).openapi({
    description: "The user's criteria that apply to the strategy, each with the analysis's figure",
  }),
  meetsCriteria: z.boolean().nullable().openapi({
    description: "Whether every criterion that applies passes; null when none applies",
  }),
};

export const DealAnalysisSchema = z
  .discriminatedUnion("strategy", [
    z
      .object({
        strategy: z.literal("rental"),
        metrics: RentalMetricsSchema,
        years: projection,
        ...VERDICT,
      })
      .openapi("RentalAnalysis"),
    z
      .object({ strategy: z.literal("flip"), metrics: FlipMetricsSchema, ...VERDICT })
      .openapi("FlipAnalysis"),
    z
      .object({
        strategy: z.literal("brrrr"),
        metrics: BrrrrMetricsSchema,
        years: projection,
        ...VERDICT,
      })
      .openapi("BrrrrAnalysis"),
    z
      .object({ strategy: z.literal("wholesale"), metrics: WholesaleMetricsSchema, ...VERDICT })
      .openapi("WholesaleAnalysis"),
  ])
  .openapi("DealAnalysis");

const sensitivityAxis = z
  .object({ input: z.string(), values: z.array(figure) })
  .openapi("DealSensitivityAxis");
export const DealSensitivitySchema = z
  .object({
    metric: z.string(),
    rows: sensitivityAxis,
    columns: sensitivityAxis.nullable(),
    cells: z.array(z.array(maybeFigure)).openapi({
      description:
        "cells[row][column], unrounded; one column when the request has no columns; null where the metric is null or absent",
    }),
  })
  .openapi("DealSensitivity");

export const DealRecordSchema = createSelectSchema(deals).pick({
  id: true,
  name: true,
  propertyId: true,
  projectId: true,
  primary: true,
  createdAt: true,
  updatedAt: true,
});
/** In one-deal answers; lists leave the projection out. */
const optionalProjection = projection.optional().openapi({
  description: "The yearly projection; in one-deal answers, not in lists",
});

export const DealSchema = z
  .discriminatedUnion("strategy", [
    DealRecordSchema.extend({
      strategy: z.literal("rental"),
      inputs: DealInputSchemas.rental,
      metrics: RentalMetricsSchema,
      years: optionalProjection,
      ...VERDICT,
    }).openapi("RentalDeal"),
    DealRecordSchema.extend({
      strategy: z.literal("flip"),
      inputs: DealInputSchemas.flip,
      metrics: FlipMetricsSchema,
      ...VERDICT,
    }).openapi("FlipDeal"),
    DealRecordSchema.extend({
      strategy: z.literal("brrrr"),
      inputs: DealInputSchemas.brrrr,
      metrics: BrrrrMetricsSchema,
      years: optionalProjection,
      ...VERDICT,
    }).openapi("BrrrrDeal"),
    DealRecordSchema.extend({
      strategy: z.literal("wholesale"),
      inputs: DealInputSchemas.wholesale,
      metrics: WholesaleMetricsSchema,
      ...VERDICT,
    }).openapi("WholesaleDeal"),
  ])
  .openapi("Deal");

/** A deal in a property's list of analyses: its key figures as saved. */
export const AnalysisSummarySchema = createSelectSchema(deals)
  .pick({
    id: true,
    name: true,
    strategy: true,
    primary: true,
    cashFlowMonthly: true,
    capRate: true,
    cashOnCash: true,
    updatedAt: true,
  })
  .openapi("AnalysisSummary");

export const PrimaryAnalysisSchema = AnalysisSummarySchema.omit({
  primary: true,
  updatedAt: true,
})
  .extend({
    meetsCriteria: z.boolean().nullable().openapi({
      description:
        "Whether it meets the user's buy box as it is now; null when no criterion applies to its strategy",
    }),
  })
  .openapi("PrimaryAnalysis", {
    description:
      "The property's primary analysis (the deal flagged primary, else its most recently changed one), its key figures (null for flips and wholesale deals) and its buy-box verdict",
  });
