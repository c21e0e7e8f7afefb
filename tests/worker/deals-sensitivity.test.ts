/**
 * `POST /api/deals/sensitivity` inside workerd: a 15 × 15 grid's answer shape, its cells equal to
 * what `POST /api/deals/analyze` answers for the substituted inputs, and the 400s naming the field.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { account } from "./helpers";

type ErrorBody = { error: { code: string; details?: { field: string; message: string }[] } };
interface Grid {
  metric: string;
  rows: { input: string; values: number[] };
  columns: { input: string; values: number[] } | null;
  cells: (number | null)[][];
}

const RENTAL = {
  purchasePrice: 250_000,
  grossMonthlyRent: 2000,
  vacancyPct: 5,
  propertyTaxesAnnual: 3000,
  financing: { type: "loan", downPaymentPct: 20, interestRatePct: 6.5, termYears: 30 },
};
const fifteen = (start: number, step: number) =>
  Array.from({ length: 15 }, (_, index) => start + index * step);

let alice: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  alice = await account();
});

const grid = (json: unknown) =>
  alice.call<{ data: Grid } & ErrorBody>("/deals/sensitivity", { method: "POST", json });

describe("POST /api/deals/sensitivity", () => {
  it("answers a 15 × 15 grid whose cells are what analyze answers", async () => {
    const rows = { input: "purchasePrice", values: fifteen(180_000, 10_000) };
    const columns = { input: "financing.interestRatePct", values: fifteen(4, 0.5) };
    const { status, body } = await grid({
      strategy: "rental",
      inputs: RENTAL,
      metric: "cashOnCash",
      rows,
      columns,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ metric: "cashOnCash", rows, columns });
    expect(body.data.cells).toHaveLength(15);
    expect(body.data.cells.every((line) => line.length === 15)).toBe(true);
    // Two cells checked through the analyze endpoint itself: a corner and the middle.
    for (const [row, column] of [
      [0, 14],
      [7, 7],
    ] as const) {
      const analyzed = await alice.call<{ data: { metrics: Record<string, number> } }>(
        "/deals/analyze",
        {
          method: "POST",
          json: {
            strategy: "rental",
            inputs: {
              ...RENTAL,
              purchasePrice: rows.values[row],
              financing: { ...RENTAL.financing, interestRatePct: columns.values[column] },
            },
          },
        },
      );
      expect(body.data.cells[row]![column]).toBe(analyzed.body.data.metrics.cashOnCash);
    }
  });

  it("answers one column and columns null without columns", async () => {
    const { status, body } = await grid({
      strategy: "flip",
      inputs: {
        purchasePrice: 150_000,
        afterRepairValue: 250_000,
        rehabCost: 30_000,
        holdingMonths: 6,
      },
      metric: "profit",
      rows: { input: "afterRepairValue", values: [240_000, 250_000] },
    });
    expect(status).toBe(200);
    expect(body.data.columns).toBeNull();
    // Cash flip: profit = ARV − 180,000.
    expect(body.data.cells).toEqual([[60_000], [70_000]]);
  });

  it.each([
    ["an unknown input path", { rows: { input: "price", values: [1] } }, "rows.input"],
    [
      "an unknown column path",
      { columns: { input: "financing.type", values: [1] } },
      "columns.input",
    ],
    ["an unknown metric", { metric: "profit" }, "metric"],
    [
      "16 values",
      { rows: { input: "vacancyPct", values: fifteen(0, 1).concat(15) } },
      "rows.values",
    ],
    ["no values", { rows: { input: "vacancyPct", values: [] } }, "rows.values"],
    ["a value out of range", { rows: { input: "vacancyPct", values: [5, 101] } }, "rows.values.1"],
    ["bad base inputs", { inputs: { ...RENTAL, purchasePrice: -1 } }, "inputs.purchasePrice"],
  ])("%s is 400 naming it", async (_, fields, field) => {
    const { status, body } = await grid({
      strategy: "rental",
      inputs: RENTAL,
      metric: "noi",
      rows: { input: "vacancyPct", values: [5] },
      ...fields,
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details!.map((detail) => detail.field)).toContain(field);
  });
});
