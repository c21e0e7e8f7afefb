import { describe, expect, it } from "vitest";
import { analyzeDeal } from "~/domain/deals/analyze";
import { AnalyzeRequestSchema, DealInputSchema, type AnalyzeRequest } from "~/domain/deals/inputs";
import type { DealInputs } from "~/domain/deals/types";
import { fieldProblems } from "~/domain/validation";

const loan = { type: "loan", downPaymentPct: 20, interestRatePct: 6.5, termYears: 30 };
const rental = { purchasePrice: 250000, grossMonthlyRent: 2000, financing: loan };

/** The problems of a request the schema refuses, as the API's 400 lists them. */
function problems(request: unknown) {
  const parsed = AnalyzeRequestSchema.safeParse(request);
  if (parsed.success) throw new Error("expected a refusal");
  return fieldProblems(parsed.error);
}

describe("AnalyzeRequestSchema", () => {
  it("parses to what the math takes, dropping unknown names and null optional inputs", () => {
    const parsed = AnalyzeRequestSchema.parse({
      strategy: "rental",
      inputs: { ...rental, vacancyPct: null, favouriteColour: "blue" },
    });
    expect(parsed).toEqual({ strategy: "rental", inputs: rental });
    const inputs: DealInputs["rental"] | undefined =
      parsed.strategy === "rental" ? parsed.inputs : undefined;
    expect(analyzeDeal("rental", inputs!).metrics.loanAmount).toBe(200000);
    const request: AnalyzeRequest = parsed;
    expect(analyzeDeal(request.strategy, request.inputs).strategy).toBe("rental");
  });

  it("names each refused field by its path, in plain words", () => {
    expect(
      problems({
        strategy: "rental",
        inputs: {
          purchasePrice: "$125,000",
          vacancyPct: 101,
          appreciationPct: -99.5,
          holdYears: 0,
          financing: { ...loan, termYears: 600, pointsPct: -1 },
        },
      }),
    ).toEqual([
      { field: "inputs.purchasePrice", message: "“$125,000” is not a number" },
      { field: "inputs.financing.termYears", message: "Use 50 or less" },
      { field: "inputs.financing.pointsPct", message: "Use 0 or more" },
      { field: "inputs.vacancyPct", message: "Use 100 or less" },
      { field: "inputs.holdYears", message: "Use 1 or more" },
      { field: "inputs.appreciationPct", message: "Use -99 or more" },
      // The rent may be given as units instead, so it is checked across fields, last.
      { field: "inputs.grossMonthlyRent", message: "Required" },
    ]);
  });

  it("keeps growth between −99 and 100 %, and the term and hold whole numbers", () => {
    const ok = (inputs: object) =>
      AnalyzeRequestSchema.safeParse({ strategy: "rental", inputs: { ...rental, ...inputs } })
        .success;
    expect(ok({ appreciationPct: -99, rentGrowthPct: 100, expenseGrowthPct: -3 })).toBe(true);
    expect(ok({ rentGrowthPct: 101 })).toBe(false);
    expect(ok({ holdYears: 50 })).toBe(true);
    expect(ok({ holdYears: 51 })).toBe(false);
    expect(ok({ financing: { ...loan, termYears: 29.5 } })).toBe(false);
  });

  it("asks each strategy for its own required inputs", () => {
    expect(problems({ strategy: "flip", inputs: { purchasePrice: 1 } })).toEqual([
      { field: "inputs.holdingMonths", message: "Required" },
    ]);
    expect(
      problems({ strategy: "flip", inputs: { purchasePrice: 1, holdingMonths: 121 } }),
    ).toEqual([{ field: "inputs.holdingMonths", message: "Use 120 or less" }]);
    expect(problems({ strategy: "brrrr", inputs: rental })).toEqual([
      { field: "inputs.refinance", message: "Required" },
    ]);
    expect(
      problems({ strategy: "brrrr", inputs: { ...rental, refinance: { ltvPct: 75 } } }),
    ).toEqual([
      { field: "inputs.refinance.interestRatePct", message: "Required" },
      { field: "inputs.refinance.termYears", message: "Required" },
    ]);
    const refinance = { ltvPct: 75, interestRatePct: 7, termYears: 30 };
    const brrrr = (extra: object) => ({
      strategy: "brrrr",
      inputs: { ...rental, refinance, ...extra },
    });
    expect(AnalyzeRequestSchema.safeParse(brrrr({ holdingMonths: 0 })).success).toBe(true);
    expect(AnalyzeRequestSchema.safeParse(brrrr({ holdingMonths: 60 })).success).toBe(true);
    expect(problems(brrrr({ holdingMonths: 61, holdingCostsMonthly: -1 }))).toEqual([
      { field: "inputs.holdingMonths", message: "Use 60 or less" },
      { field: "inputs.holdingCostsMonthly", message: expect.stringMatching(/0/) },
    ]);
    expect(problems(brrrr({ holdingMonths: 2.5 }))).toEqual([
      { field: "inputs.holdingMonths", message: expect.stringMatching(/whole number/i) },
    ]);
    expect(problems({ strategy: "wholesale", inputs: {} })).toEqual([
      { field: "inputs.afterRepairValue", message: "Required" },
    ]);
    expect(
      problems({ strategy: "rental", inputs: { ...rental, financing: { type: "lease" } } }),
    ).toEqual([{ field: "inputs.financing.type", message: "“lease” is not one of: cash, loan" }]);
    expect(problems({ inputs: rental })).toEqual([{ field: "strategy", message: "Required" }]);
  });
});

describe("DealInputSchema", () => {
  it("trims the name, defaults the links and the primary flag", () => {
    expect(
      DealInputSchema.parse({
        name: "  Maple ",
        strategy: "wholesale",
        inputs: { afterRepairValue: 1 },
      }),
    ).toEqual({
      name: "Maple",
      strategy: "wholesale",
      inputs: { afterRepairValue: 1 },
      propertyId: null,
      projectId: null,
      primary: false,
    });
    const refused = DealInputSchema.safeParse({
      name: " ",
      strategy: "wholesale",
      inputs: { afterRepairValue: -1 },
      primary: "yes",
    });
    expect(refused.success || fieldProblems(refused.error)).toEqual([
      { field: "name", message: "Give the analysis a name" },
      { field: "primary", message: "“yes” is not true or false" },
      { field: "inputs.afterRepairValue", message: "Use 0 or more" },
    ]);
  });
});
