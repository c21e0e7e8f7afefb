import { describe, expect, it } from "vitest";
import { changedFacts, factText } from "~/domain/property-facts";
import { propertyInputOf, PropertyInputSchema, type PropertyInput } from "~/domain/workspace";

const property = propertyInputOf(
  PropertyInputSchema.parse({
    address: "12 Alder St",
    listPrice: 185_000,
    propertyTaxesAnnual: 1234.56,
    beds: 3,
    ownerOccupied: false,
    listingStatus: "pending",
    status: "analyzing",
    notes: "Roof is new",
  }),
) as PropertyInput;

/** A form as a page sends it: each field's text as shown, with the changes made. */
function formOf(changes: Record<string, string> = {}) {
  const form = new FormData();
  const shown: Record<string, string> = {
    listPrice: factText(property.listPrice, "money"),
    propertyTaxesAnnual: factText(property.propertyTaxesAnnual, "money"),
    beds: factText(property.beds, "count"),
    arv: "",
    notes: "Roof is new",
    status: "analyzing",
    ownerOccupied: "false",
    listingStatus: "pending",
  };
  for (const [key, text] of Object.entries({ ...shown, ...changes })) form.set(key, text);
  return form;
}

describe("changedFacts", () => {
  it("leaves out every fact sent as it is shown, so a rounded figure keeps its cents", () => {
    expect(factText(1234.56, "money")).toBe("$1,235");
    expect(changedFacts(property, formOf())).toEqual({});
  });

  it("takes a typed fact as typed, and an emptied one as cleared", () => {
    expect(changedFacts(property, formOf({ listPrice: "$179,500", notes: "  " }))).toEqual({
      listPrice: "$179,500",
      notes: null,
    });
  });

  it("reads chosen facts as their values: booleans, none for not known", () => {
    expect(
      changedFacts(property, formOf({ ownerOccupied: "true", listingStatus: "", status: "owned" })),
    ).toEqual({ ownerOccupied: true, listingStatus: null, status: "owned" });
  });

  it("changes only what a form names (one field saved as it is left)", () => {
    const form = new FormData();
    form.set("arv", "250,000");
    expect(changedFacts(property, form)).toEqual({ arv: "250,000" });
  });
});
