/**
 * The what-if grid: every cell is `analyzeDeal` of the inputs with its row's and column's values
 * put in (the invariant, checked cell by cell and unrounded), and its refusals name the field.
 */
import { describe, expect, it } from "vitest";
import { analyzeDeal } from "~/domain/deals/analyze";
import {
  axisText,
  defaultAxes,
  defaultAxisValues,
  isInputPath,
  parseAxisValues,
  sensitivityGrid,
  sensitivityInputs,
  SensitivityRequestSchema,
  type SensitivityRequest,
} from "~/domain/deals/sensitivity";
import type { RentalInputs } from "~/domain/deals/types";

const rental: RentalInputs = {
  purchasePrice: 250_000,
  closingCosts: 5000,
  financing: { type: "loan", downPaymentPct: 20, interestRatePct: 6.5, termYears: 30 },
  grossMonthlyRent: 2000,
  vacancyPct: 5,
  propertyTaxesAnnual: 3000,
  insuranceAnnual: 1200,
  managementPct: 8,
  appreciationPct: 3,
};

const request = (fields: Partial<SensitivityRequest>): SensitivityRequest =>
  SensitivityRequestSchema.parse({
    strategy: "rental",
    inputs: rental,
    metric: "cashFlowMonthly",
    rows: { input: "purchasePrice", values: [200_000, 250_000, 300_000] },
    ...fields,
  });

const grid = (fields: Partial<SensitivityRequest>) => {
  const result = sensitivityGrid(request(fields));
  if (result.problems) throw new Error(JSON.stringify(result.problems));
  return result.grid;
};

const problems = (fields: Partial<SensitivityRequest>) => sensitivityGrid(request(fields)).problems;

/** 15 values from `start`, `step` apart. */
const fifteen = (start: number, step: number) =>
  Array.from({ length: 15 }, (_, index) => start + index * step);

describe("the sensitivity grid", () => {
  it("makes every cell of a 15 × 15 grid the analysis of the substituted inputs, exactly", () => {
    const prices = fifteen(180_000, 10_000);
    const rates = fifteen(4, 0.5);
    const { cells, rows, columns } = grid({
      metric: "irr",
      rows: { input: "purchasePrice", values: prices },
      columns: { input: "financing.interestRatePct", values: rates },
    });
    expect(rows.values).toEqual(prices);
    expect(columns!.values).toEqual(rates);
    expect(cells).toHaveLength(15);
    prices.forEach((purchasePrice, row) => {
      expect(cells[row]).toHaveLength(15);
      rates.forEach((interestRatePct, column) => {
        const financing = { ...rental.financing!, interestRatePct } as RentalInputs["financing"];
        const { metrics } = analyzeDeal("rental", { ...rental, purchasePrice, financing });
        expect(cells[row]![column]).toBe(metrics.irr);
      });
    });
  });

  it("answers one column without columns, and the base inputs' value where a row keeps them", () => {
    const { cells, columns } = grid({
      rows: { input: "grossMonthlyRent", values: [1800, 2000, 2200] },
    });
    expect(columns).toBeNull();
    expect(cells.map((line) => line.length)).toEqual([1, 1, 1]);
    expect(cells[1]![0]).toBe(analyzeDeal("rental", rental).metrics.cashFlowMonthly);
    // 200 more rent a month, less 5 % vacancy and 8 % management of what is collected:
    // 200 × 0.95 × 0.92 = 174.80 more cash flow.
    expect(cells[2]![0]! - cells[1]![0]!).toBeCloseTo(174.8, 9);
  });

  it("varies a unit's rent, a rehab item and an itemized metric like any input", () => {
    const units = [
      { name: "A", monthlyRent: 1000 },
      { name: "B", monthlyRent: 1100 },
    ];
    const { grossMonthlyRent: _rent, ...rest } = rental;
    const { cells } = grid({
      inputs: { ...rest, units },
      metric: "averageRentPerUnit",
      rows: { input: "units.1.monthlyRent", values: [900, 1300] },
    });
    // (1,000 + 900) / 2 = 950; (1,000 + 1,300) / 2 = 1,150.
    expect(cells).toEqual([[950], [1150]]);
  });

  it("answers null where the metric is null or absent", () => {
    // Cash: no debt service, no DSCR; no units, no price per unit.
    const cash = { ...rental, financing: { type: "cash" } };
    expect(grid({ inputs: cash, metric: "dscr" }).cells).toEqual([[null], [null], [null]]);
    expect(grid({ metric: "pricePerUnit" }).cells).toEqual([[null], [null], [null]]);
  });

  it("knows the inputs' number paths of each strategy, and nothing else", () => {
    expect(isInputPath("rental", "purchasePrice")).toBe(true);
    expect(isInputPath("rental", "financing.interestRatePct")).toBe(true);
    expect(isInputPath("rental", "units.3.marketRent")).toBe(true);
    expect(isInputPath("brrrr", "refinance.ltvPct")).toBe(true);
    expect(isInputPath("flip", "comps.0.adjustments")).toBe(true);
    expect(isInputPath("flip", "grossMonthlyRent")).toBe(false);
    expect(isInputPath("rental", "financing")).toBe(false);
    expect(isInputPath("rental", "financing.type")).toBe(false);
    expect(isInputPath("rental", "units.name")).toBe(false);
    expect(isInputPath("rental", "toString")).toBe(false);
    expect(isInputPath("rental", "__proto__.x")).toBe(false);
    expect(isInputPath("wholesale", "purchasePrice")).toBe(false);
  });

  it("refuses an unknown path or metric, naming it", () => {
    expect(
      problems({
        metric: "profit",
        rows: { input: "price", values: [1] },
        columns: { input: "financing.rate", values: [1] },
      }),
    ).toEqual([
      { field: "rows.input", message: '"price" is not a number among a rental deal\'s inputs' },
      {
        field: "columns.input",
        message: '"financing.rate" is not a number among a rental deal\'s inputs',
      },
      { field: "metric", message: '"profit" is not a metric of a rental deal' },
    ]);
  });

  it("names the value that makes the inputs invalid, or the inputs' own field", () => {
    expect(problems({ rows: { input: "vacancyPct", values: [5, 150] } })).toEqual([
      { field: "rows.values.1", message: "inputs.vacancyPct: Use 100 or less" },
    ]);
    expect(
      problems({
        rows: { input: "vacancyPct", values: [5] },
        columns: { input: "financing.termYears", values: [30, 0] },
      }),
    ).toEqual([
      { field: "columns.values.1", message: "inputs.financing.termYears: Use 1 or more" },
    ]);
    expect(problems({ inputs: { ...rental, insuranceAnnual: -1 } })).toEqual([
      { field: "inputs.insuranceAnnual", message: "Use 0 or more" },
    ]);
  });

  it("takes 1 to 15 values an axis", () => {
    const parse = (values: number[]) =>
      SensitivityRequestSchema.safeParse({
        strategy: "rental",
        inputs: rental,
        metric: "noi",
        rows: { input: "purchasePrice", values },
      }).success;
    expect(parse([])).toBe(false);
    expect(parse(fifteen(1, 1))).toBe(true);
    expect(parse(fifteen(1, 1).concat(16))).toBe(false);
  });
});

describe("the analyzer's grid: its inputs and default values", () => {
  it("offers the strategy's fields a cell can take, the loan's only when financed", () => {
    const paths = sensitivityInputs("rental", rental).map((choice) => choice.path);
    expect(paths).toContain("financing.interestRatePct");
    expect(paths.slice(0, 3)).toEqual(["purchasePrice", "closingCosts", "rehabCost"]);
    const cash = sensitivityInputs("rental", { ...rental, financing: { type: "cash" } });
    expect(cash.map((choice) => choice.path)).not.toContain("financing.interestRatePct");
    // Beside units the gross rent is their sum, and beside rehab lines the rehab cost theirs.
    const itemized = sensitivityInputs("rental", {
      ...rental,
      units: [{ name: "A", monthlyRent: 1000 }],
      rehabItems: [{ category: "Roof", quantity: 1, unitCost: 9000 }],
    }).map((choice) => choice.path);
    expect(itemized).not.toContain("grossMonthlyRent");
    expect(itemized).not.toContain("rehabCost");
    expect(sensitivityInputs("wholesale", {}).map((choice) => choice.path)).toEqual([
      "afterRepairValue",
      "rehabCost",
      "maoPct",
      "assignmentFee",
      "contractPrice",
    ]);
  });

  it("varies the price against the rate by default, else the next inputs an investor tries", () => {
    expect(defaultAxes(sensitivityInputs("rental", rental))).toEqual({
      rows: "purchasePrice",
      columns: "financing.interestRatePct",
    });
    const cash = sensitivityInputs("rental", { ...rental, financing: { type: "cash" } });
    expect(defaultAxes(cash)).toEqual({ rows: "purchasePrice", columns: "grossMonthlyRent" });
    expect(defaultAxes(sensitivityInputs("wholesale", {}))).toEqual({
      rows: "afterRepairValue",
      columns: "rehabCost",
    });
  });

  it("steps ±10 % for money and 1 point for rates, the current value exactly in the middle", () => {
    // 5 % of $185,000 is $9,250 a step.
    expect(defaultAxisValues(185_000, "money")).toEqual([
      166_500, 175_750, 185_000, 194_250, 203_500,
    ]);
    expect(defaultAxisValues(6.5, "percent")).toEqual([4.5, 5.5, 6.5, 7.5, 8.5]);
    // Never below 0 (a rate) or 1 (months): the current value moves off the middle instead.
    expect(defaultAxisValues(1, "percent")).toEqual([0, 1, 2, 3, 4]);
    expect(defaultAxisValues(0, "money")).toEqual([0, 2500, 5000, 7500, 10_000]);
    expect(defaultAxisValues(2, "months")).toEqual([1, 2, 3, 4, 5]);
    // 0.1 + 0.2 is not written 0.30000000000000004.
    expect(defaultAxisValues(0.1, "percent")).toEqual([0.1, 1.1, 2.1, 3.1, 4.1]);
  });

  it("reads the values a user types, separated by semicolons, and says what it cannot read", () => {
    expect(parseAxisValues("$150,000; 175,000 ;200000")).toEqual({
      values: [150_000, 175_000, 200_000],
    });
    expect(parseAxisValues(axisText([166_500, 7.25]))).toEqual({ values: [166_500, 7.25] });
    expect(axisText([166_500, 7.25])).toBe("166,500; 7.25");
    expect(parseAxisValues(" ; ")).toEqual({ error: "Type at least one value" });
    expect(parseAxisValues("1; two; 3")).toEqual({
      error: "“two” is not a number: separate values with ;",
    });
    expect(parseAxisValues(Array.from({ length: 16 }, (_, i) => i).join(";"))).toEqual({
      error: "Type at most 15 values",
    });
  });
});
