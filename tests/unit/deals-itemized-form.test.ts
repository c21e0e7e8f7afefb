/**
 * The analyzer's itemized editors' logic (app/domain/deals/itemized-form.ts, through form.ts):
 * cells read back as the contract's lists, with each bad cell named by the path the API names it
 * by; rows pasted from a spreadsheet; the totals rows; the switches that start and end a list.
 * Worked by hand.
 */
import { describe, expect, it } from "vitest";
import { readDealForm, typedAt, type DealFormValues } from "~/domain/deals/form";
import {
  compsArv,
  itemizedProblemLabels,
  emptyUnit,
  parsePastedRows,
  readItemizedForm,
  rehabLineOf,
  rehabLineTotal,
  rehabTotals,
  splitSheetRows,
  startComps,
  startRehabLines,
  startUnits,
  stopComps,
  stopRehabLines,
  stopUnits,
  templateOf,
  UNIT_COLUMNS,
  unitTotals,
  type UnitRow,
} from "~/domain/deals/itemized-form";

const unit = (name: string, monthlyRent: string, extra: Partial<UnitRow> = {}): UnitRow => ({
  ...emptyUnit(1),
  name,
  monthlyRent,
  ...extra,
});

/** A cash rental at $300,000; every other figure at the contract's defaults. */
const rental = (itemized: DealFormValues["itemized"], fields = {}): DealFormValues => ({
  fields: { purchasePrice: "300,000", ...fields },
  financed: false,
  interestOnly: false,
  itemized,
});

describe("the itemized cells as the contract's inputs", () => {
  it("reads numbers as people type them and leaves empty optional cells out", () => {
    const read = readItemizedForm({
      units: [unit("1A", "$1,000", { beds: "2", marketRent: "1,100" })],
      rehabItems: [{ category: " Roof ", description: "", quantity: "", unitCost: "12,000" }],
      rehabContingencyPct: "10%",
      subjectSquareFeet: "1,500",
      comps: [{ address: "12 Elm St", salePrice: "$300,000", squareFeet: "1500", adjustments: "" }],
    });
    expect(read.unreadable).toEqual([]);
    expect(read.inputs).toEqual({
      units: [{ name: "1A", beds: 2, monthlyRent: 1000, marketRent: 1100 }],
      rehabItems: [{ category: "Roof", unitCost: 12000 }],
      rehabContingencyPct: 10,
      subjectSquareFeet: 1500,
      comps: [{ address: "12 Elm St", salePrice: 300000, squareFeet: 1500 }],
    });
  });

  it("names each bad cell by the path the API's schema uses, with the form's messages", () => {
    const reading = readDealForm(
      "rental",
      rental({ units: [unit("1A", "1000"), unit("", "12x", { baths: "-1" })] }),
    );
    expect(reading.ok).toBe(false);
    expect(reading.errors).toEqual({
      "units.1.monthlyRent": "Type a number, like 125,000 or 7.5",
      "units.1.name": "Required",
      "units.1.baths": expect.stringMatching(/0/),
    });
    expect(typedAt(rental({ units: [unit("1A", "12x")] }), "units.0.monthlyRent")).toBe("12x");
  });

  it("takes the units' rents as the gross rent: a typed gross rent is not sent beside them", () => {
    // 1,000 + 1,050 = 2,050 a month; GSI 24,600; cash, so cash flow = NOI.
    const reading = readDealForm(
      "rental",
      rental({ units: [unit("1A", "1000"), unit("1B", "1050")] }, { grossMonthlyRent: "1650" }),
    );
    expect(reading.ok).toBe(true);
    expect(reading.inputs).not.toHaveProperty("grossMonthlyRent");
    expect(reading.inputs.units).toHaveLength(2);
  });

  it("asks for the subject's square feet beside comps, as the API does", () => {
    const reading = readDealForm(
      "flip",
      rental(
        { comps: [{ address: "", salePrice: "300000", squareFeet: "1500", adjustments: "" }] },
        { holdingMonths: "6" },
      ),
    );
    expect(reading.errors.subjectSquareFeet).toBe(
      "Give subjectSquareFeet with comps: the ARV is its square feet at their price",
    );
  });
});

describe("the tables' totals", () => {
  it("adds the units' rents and the loss to lease of those with a market rent", () => {
    // 1,000 + 1,050 + 950 = 3,000; average 1,000; loss (1,100 − 1,000) + (1,000 − 1,050) = 50.
    expect(
      unitTotals([
        unit("1A", "1000", { marketRent: "1100" }),
        unit("1B", "1,050", { marketRent: "1000" }),
        unit("2A", "950"),
      ]),
    ).toEqual({ unitCount: 3, totalRent: 3000, averageRent: 1000, lossToLease: 50 });
  });

  it("totals a rehab line once its cells are numbers (an empty quantity is 1)", () => {
    const line = { category: "Flooring", description: "LVP", quantity: "1,200", unitCost: "4.50" };
    expect(rehabLineTotal(line)).toBe(5400);
    expect(rehabLineTotal({ ...line, quantity: "" })).toBe(4.5);
    expect(rehabLineTotal({ ...line, unitCost: "" })).toBeNull();
  });

  it("adds the rehab lines and the contingency on the subtotal", () => {
    // 12,000 + 1,200 × 4.50 = 17,400; 10 % is 1,740; 19,140. The line without a cost adds 0.
    expect(
      rehabTotals({
        rehabContingencyPct: "10%",
        rehabItems: [
          { category: "Roof", description: "", quantity: "", unitCost: "$12,000" },
          { category: "Flooring", description: "LVP", quantity: "1,200", unitCost: "4.50" },
          { category: "Paint", description: "", quantity: "1", unitCost: "" },
        ],
      }),
    ).toEqual({ subtotal: 17_400, contingency: 1740, total: 19_140 });
  });

  it("works out the comps' ARV and range as the API does", () => {
    // $/sq ft 200, (280,000 + 7,000) / 1,400 = 205, (330,000 − 16,500) / 1,650 = 190; mean
    // 198.333…; × 1,500 = 297,500; low 285,000; high 307,500. The unreadable comp is left out.
    const arv = compsArv({
      subjectSquareFeet: "1,500",
      comps: [
        { address: "12 Elm St", salePrice: "300,000", squareFeet: "1500", adjustments: "" },
        { address: "40 Oak Ave", salePrice: "280000", squareFeet: "1400", adjustments: "7,000" },
        { address: "9 Pine Ct", salePrice: "330000", squareFeet: "1650", adjustments: "-16500" },
        { address: "", salePrice: "", squareFeet: "", adjustments: "" },
      ],
    });
    expect(arv?.perSqFt).toEqual([200, 205, 190, null]);
    expect(arv?.arvFromComps).toBeCloseTo(297_500, 6);
    expect(arv?.arvLow).toBe(285_000);
    expect(arv?.arvHigh).toBe(307_500);
    expect(compsArv({ comps: [], subjectSquareFeet: "1500" })).toBeNull();
  });
});

describe("rows pasted from a spreadsheet", () => {
  const paste = (text: string) =>
    parsePastedRows(text, UNIT_COLUMNS, emptyUnit, ["name", "monthlyRent"]);

  it("reads rows without a header in the table's column order", () => {
    expect(paste("1A\t2\t1\t$1,000\t1100\n1B\t2\t1\t1050\n")).toEqual({
      ok: true,
      rows: [
        { name: "1A", beds: "2", baths: "1", monthlyRent: "$1,000", marketRent: "1100" },
        { name: "1B", beds: "2", baths: "1", monthlyRent: "1050", marketRent: "" },
      ],
    });
  });

  it("matches a header row's names to columns, ignoring the ones it does not know", () => {
    const pasted = "Unit\tRent\tNotes\tBeds\r\n1A\t1000\tcorner\t2\r\n\r\n2B\t950\t\t1\r\n";
    expect(paste(pasted)).toEqual({
      ok: true,
      rows: [
        { name: "1A", beds: "2", baths: "", monthlyRent: "1000", marketRent: "" },
        { name: "2B", beds: "1", baths: "", monthlyRent: "950", marketRent: "" },
      ],
    });
  });

  it("reports every bad cell by the spreadsheet's row, and applies none of them", () => {
    // Row 4's empty name is named after its place; row 5's missing rent is never guessed.
    expect(paste("Unit\tRent\n1A\t1000\n1B\tabc\n\t900\n2C")).toEqual({
      ok: false,
      problems: ["Row 3, rent / month: “abc” is not a number", "Row 5, rent / month: missing"],
    });
    expect(paste("1A\t2\t1\t1000\t1100\textra")).toEqual({
      ok: false,
      problems: ["Row 1: 6 cells, more than the 5 columns"],
    });
    expect(paste("1A\t\t\t\t")).toEqual({ ok: false, problems: ["Row 1, rent / month: missing"] });
    expect(paste("Unit\tRent\n")).toEqual({
      ok: false,
      problems: ["Only a header row was pasted"],
    });
  });

  it("keeps a quoted cell's tabs, line breaks and quotes, as spreadsheets copy them", () => {
    expect(splitSheetRows('"Unit ""A""\n(rear)"\t1000\nB\t900')).toEqual([
      ['Unit "A"\n(rear)', "1000"],
      ["B", "900"],
    ]);
  });
});

describe("switching a list on and off", () => {
  it("starts the units from the gross rent typed, and ends them with their rents' sum", () => {
    const started = startUnits(rental(undefined, { grossMonthlyRent: "1,650" }));
    expect(started.itemized?.units).toEqual([unit("Unit 1", "1,650")]);
    expect(started.fields.grossMonthlyRent).toBe("");
    const two = {
      ...started,
      itemized: { units: [unit("1A", "1,000"), unit("1B", "1050.5")] },
    };
    const ended = stopUnits(two);
    expect(ended.itemized).toBeUndefined();
    expect(ended.fields.grossMonthlyRent).toBe("2050.5");
  });

  it("starts the rehab from its cost as one line, and ends it at the total with contingency", () => {
    const started = startRehabLines(rental(undefined, { rehabCost: "20000" }));
    expect(started.itemized?.rehabItems).toEqual([
      { category: "Other", description: "", quantity: "1", unitCost: "20000" },
    ]);
    // 12,000 + 2 × 1,250 = 14,500; + 10 % = 15,950.
    const ended = stopRehabLines({
      ...started,
      itemized: {
        rehabContingencyPct: "10",
        rehabItems: [
          { category: "Roof", description: "", quantity: "1", unitCost: "12000" },
          { category: "Paint", description: "", quantity: "2", unitCost: "1250" },
        ],
      },
    });
    expect(ended.fields.rehabCost).toBe("15950");
    expect(ended.itemized).toBeUndefined();
  });

  it("ends the comps with their ARV as the typed one, unless an ARV was typed", () => {
    const started = startComps(rental(undefined));
    expect(started.itemized).toEqual({
      comps: [{ address: "", salePrice: "", squareFeet: "", adjustments: "" }],
      subjectSquareFeet: "",
    });
    const priced = {
      ...started,
      itemized: {
        subjectSquareFeet: "1500",
        comps: [{ address: "", salePrice: "300000", squareFeet: "1500", adjustments: "" }],
      },
    };
    expect(stopComps(priced).fields.afterRepairValue).toBe("300000");
    const typed = { ...priced, fields: { ...priced.fields, afterRepairValue: "310,000" } };
    expect(stopComps(typed).fields.afterRepairValue).toBe("310,000");
  });
});

describe("rehab line templates", () => {
  const flooring = { category: "Flooring", description: "LVP", quantity: "1,200", unitCost: "4.5" };

  it("saves a line as the API takes a rehab line, and adds a template back as a line", () => {
    expect(templateOf(flooring)).toEqual({
      category: "Flooring",
      description: "LVP",
      quantity: 1200,
      unitCost: 4.5,
    });
    expect(
      rehabLineOf({ category: "Roof", description: null, quantity: null, unitCost: 12000 }),
    ).toEqual({ category: "Roof", description: "", quantity: "1", unitCost: "12000" });
  });

  it("says why a line cannot be saved yet", () => {
    expect(templateOf({ ...flooring, unitCost: "" })).toBe("Give the line a unit cost first");
    expect(templateOf({ ...flooring, category: " " })).toBe("Give the line a category first");
    expect(templateOf({ ...flooring, quantity: "lots" })).toBe("Fix the line's figures first");
  });
});

describe("the analyzer's summary of problems", () => {
  it("names the itemized lists with a problem", () => {
    expect(
      itemizedProblemLabels({
        purchasePrice: "Required",
        "units.0.monthlyRent": "Required",
        subjectSquareFeet:
          "Give subjectSquareFeet with comps: the ARV is its square feet at their price",
      }),
    ).toEqual(["the units", "the comps"]);
  });
});
