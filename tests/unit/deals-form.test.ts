/**
 * The analyzer's form and judgement (app/domain/deals/form.ts, judge.ts): text read as the
 * contract's inputs, checked by the API's own schema, and the rules of thumb and Compare's marks.
 */
import { describe, expect, it } from "vitest";
import {
  formOfInputs,
  inputsOfForm,
  newDealForm,
  readDealForm,
  type DealFormValues,
} from "~/domain/deals/form";
import { bestColumns, directionOf, rankedValue, ruleChecks } from "~/domain/deals/judge";

const form = (fields: Record<string, string>, financed = false): DealFormValues => ({
  fields,
  financed,
  interestOnly: false,
});

describe("a saved analysis's itemized inputs in the form", () => {
  /** Rents 1,000 + 1,050 = 2,050 a month; the rehab 12,000 + 10 %; the ARV from one comp. */
  const saved = {
    purchasePrice: 300000,
    units: [
      { name: "1A", beds: 2, baths: 1, monthlyRent: 1000, marketRent: 1100 },
      { name: "1B", monthlyRent: 1050 },
    ],
    rehabItems: [{ category: "Roof", unitCost: 12000 }],
    rehabContingencyPct: 10,
    subjectSquareFeet: 1500,
    comps: [{ address: "12 Elm St", salePrice: 300000, squareFeet: 1500 }],
    financing: { type: "cash" },
    refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30 },
  };

  it("keeps them through opening and saving, instead of their figures", () => {
    const opened = formOfInputs("brrrr", saved);
    // As the text of their cells, for the analyzer's tables to edit.
    expect(opened.itemized).toEqual({
      units: [
        { name: "1A", beds: "2", baths: "1", monthlyRent: "1000", marketRent: "1100" },
        { name: "1B", beds: "", baths: "", monthlyRent: "1050", marketRent: "" },
      ],
      rehabItems: [{ category: "Roof", description: "", quantity: "", unitCost: "12000" }],
      rehabContingencyPct: "10",
      subjectSquareFeet: "1500",
      comps: [{ address: "12 Elm St", salePrice: "300000", squareFeet: "1500", adjustments: "" }],
    });
    // Their parts are not fields of the form ("units.0.monthlyRent" is no field anyone types).
    expect(
      Object.keys(opened.fields).filter((path) => /^(units|rehabItems|comps)\b/.test(path)),
    ).toEqual([]);
    const reading = readDealForm("brrrr", opened);
    expect(reading.errors).toEqual({});
    expect(reading.inputs).toMatchObject({
      units: saved.units,
      rehabItems: saved.rehabItems,
      comps: saved.comps,
      subjectSquareFeet: 1500,
    });
    expect(reading.inputs).not.toHaveProperty("grossMonthlyRent");
    expect(reading.inputs).not.toHaveProperty("rehabCost");
  });

  it("has none for an analysis without them", () => {
    expect(formOfInputs("rental", { purchasePrice: 1, grossMonthlyRent: 1 })).not.toHaveProperty(
      "itemized",
    );
  });
});

describe("the form's text as inputs", () => {
  it("reads figures as people type them, leaves empty fields to the defaults", () => {
    const { inputs, unreadable } = inputsOfForm(
      "rental",
      form({
        purchasePrice: "$185,000",
        grossMonthlyRent: "1,650",
        vacancyPct: "5%",
        hoaMonthly: " ",
      }),
    );
    expect(unreadable).toEqual([]);
    expect(inputs).toEqual({
      purchasePrice: 185000,
      grossMonthlyRent: 1650,
      vacancyPct: 5,
      financing: { type: "cash" },
    });
  });

  it("nests the loan's fields and its switch, and reads only the strategy's own fields", () => {
    const { inputs } = inputsOfForm("flip", {
      fields: {
        purchasePrice: "100000",
        holdingMonths: "6",
        grossMonthlyRent: "1500", // a rental's field: not a flip's input
        "financing.downPaymentPct": "10",
        "financing.interestRatePct": "11",
        "financing.termYears": "1",
      },
      financed: true,
      interestOnly: true,
    });
    expect(inputs).toEqual({
      purchasePrice: 100000,
      holdingMonths: 6,
      financing: {
        type: "loan",
        downPaymentPct: 10,
        interestRatePct: 11,
        termYears: 1,
        interestOnly: true,
      },
    });
  });

  it("names what is not a number, what is missing and what is out of range, by path", () => {
    const reading = readDealForm(
      "rental",
      form({ purchasePrice: "12x", vacancyPct: "120", "financing.termYears": "600" }, true),
    );
    expect(reading.ok).toBe(false);
    expect(reading.errors).toMatchObject({
      purchasePrice: "Type a number, like 125,000 or 7.5",
      grossMonthlyRent: "Required",
      vacancyPct: "Use 100 or less",
      "financing.termYears": "Use 50 or less",
      "financing.downPaymentPct": "Required",
    });
  });

  it("gives the checked inputs when the form adds up", () => {
    const reading = readDealForm(
      "wholesale",
      form({ afterRepairValue: "200000", rehabCost: "30000" }),
    );
    expect(reading).toMatchObject({
      ok: true,
      checked: { afterRepairValue: 200000, rehabCost: 30000 },
    });
  });

  it("prefills a new analysis from the property: price (or value), ARV, rent, taxes", () => {
    const fields = newDealForm({
      estimatedValue: 150000,
      arv: 210000,
      rentEstimate: 1400,
      propertyTaxesAnnual: 2100,
    }).fields;
    expect(fields).toMatchObject({
      purchasePrice: "150000",
      afterRepairValue: "210000",
      grossMonthlyRent: "1400",
      propertyTaxesAnnual: "2100",
      vacancyPct: "5",
    });
  });

  it("opens saved inputs as they were, with the other strategies' fields at their starting figures", () => {
    const saved = {
      purchasePrice: 185000,
      grossMonthlyRent: 1650,
      financing: {
        type: "loan",
        downPaymentPct: 25,
        interestRatePct: 7,
        termYears: 30,
        interestOnly: false,
      },
    };
    const opened = formOfInputs("rental", saved);
    expect(opened.financed).toBe(true);
    expect(opened.fields).toMatchObject({
      purchasePrice: "185000",
      "financing.downPaymentPct": "25",
    });
    // The rental had no vacancy (0 by the contract): it stays empty, not the starting 5 %.
    expect(opened.fields.vacancyPct).toBeUndefined();
    // Switched to BRRRR, the refinance starts at its usual terms.
    expect(opened.fields["refinance.ltvPct"]).toBe("75");
    expect(inputsOfForm("rental", opened).inputs).toEqual(saved);
  });
});

describe("a BRRRR's rehab period on the form", () => {
  it("asks for the months until the refinance and their holding costs", () => {
    const typed = form({
      purchasePrice: "150,000",
      grossMonthlyRent: "1,500",
      holdingMonths: "4",
      holdingCostsMonthly: "$350",
      "refinance.ltvPct": "75",
      "refinance.interestRatePct": "7",
      "refinance.termYears": "30",
    });
    const reading = readDealForm("brrrr", typed);
    expect(reading.ok && reading.checked).toMatchObject({
      holdingMonths: 4,
      holdingCostsMonthly: 350,
    });
    const tooLong = readDealForm("brrrr", form({ ...typed.fields, holdingMonths: "61" }));
    expect(tooLong.errors.holdingMonths).toBe("Use 60 or less");
    // A saved BRRRR from before keeps no rehab period (0), not the flip's starting 6 months.
    expect(formOfInputs("brrrr", { purchasePrice: 1 }).fields.holdingMonths).toBeUndefined();
  });
});

describe("rules of thumb", () => {
  it("the 70 % rule: price at most 70 % of ARV less rehab (Investopedia: 150,000 ARV, 25,000 rehab → 80,000)", () => {
    const [pass] = ruleChecks("flip", {
      purchasePrice: 80000,
      afterRepairValue: 150000,
      rehabCost: 25000,
    });
    expect(pass).toMatchObject({ id: "seventy", pass: true });
    expect(pass!.detail).toBe("Price $80,000 ≤ 70 % × ARV $150,000 − rehab $25,000 = $80,000");
    const [fail] = ruleChecks("flip", {
      purchasePrice: 80001,
      afterRepairValue: 150000,
      rehabCost: 25000,
    });
    expect(fail).toMatchObject({ pass: false });
  });

  it("the 1 % rule on rentals and BRRRR; no 70 % rule on a rental bought as it stands", () => {
    expect(ruleChecks("rental", { purchasePrice: 150000 }, 1.0)).toEqual([
      expect.objectContaining({ id: "one", pass: true }),
    ]);
    expect(ruleChecks("brrrr", { purchasePrice: 150000, afterRepairValue: 250000 }, 0.9)).toEqual([
      expect.objectContaining({ id: "seventy", pass: true }),
      expect.objectContaining({ id: "one", pass: false }),
    ]);
    expect(ruleChecks("wholesale", { afterRepairValue: 200000 })).toEqual([]);
    // The 70 % rule is a flipper's: a rental with a rehab is not failed by it.
    expect(
      ruleChecks(
        "rental",
        { purchasePrice: 150000, afterRepairValue: 160000, rehabCost: 20000 },
        1.0,
      ),
    ).toEqual([expect.objectContaining({ id: "one" })]);
  });
});

describe("Compare's best value per row", () => {
  it("marks the highest where more is better, the lowest where less is, ties all", () => {
    expect([...bestColumns([8.1, 6.2, 8.1], "capRate")]).toEqual([0, 2]);
    expect([...bestColumns([55000, 37000, null], "totalCashInvested")]).toEqual([1]);
  });

  it("ranks a BRRRR with all its money back above any return (its CoC, IRR, multiple are null)", () => {
    const allBack = { cashLeftInDeal: -2500, cashOnCash: null, irr: null, capRate: 8 };
    const someLeft = { cashLeftInDeal: 20000, cashOnCash: 14.2, irr: 18, capRate: 9 };
    const row = (name: string) =>
      bestColumns([rankedValue(allBack, name), rankedValue(someLeft, name)], name);
    expect([...row("cashOnCash")]).toEqual([0]);
    expect([...row("irr")]).toEqual([0]);
    expect([...row("capRate")]).toEqual([1]);
    // A rental without cash invested has no such excuse: its null stays out of the ranking.
    expect(rankedValue({ cashOnCash: null }, "cashOnCash")).toBeNull();
  });

  it("marks nothing with fewer than two values, all equal, or on a neutral figure", () => {
    expect(bestColumns([5, null], "capRate").size).toBe(0);
    expect(bestColumns([5, 5], "capRate").size).toBe(0);
    expect(bestColumns([100000, 150000], "loanAmount").size).toBe(0);
    expect(directionOf("grm")).toBe("lower");
    expect(directionOf("irr")).toBe("higher");
  });
});
