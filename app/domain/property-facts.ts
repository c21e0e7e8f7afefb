/**
 * A property's facts as its page shows and edits them: how each is typed and shown, and which of
 * them a submitted form changed. The page saves one fact as it is left (with JavaScript) or every
 * fact at once (without), and both are read here, so an unchanged fact keeps its exact value
 * (a tax of $1,234.56 shown as "$1,235" is not rounded by saving the form around it).
 */
import { formatCount, formatMoney } from "./format";
import type { PropertyInput } from "./workspace";

/**
 * How a fact is typed and shown: money ("$185,000"), a count ("1,320"), a year ("1948"), a day,
 * or text.
 */
export type FactKind = "money" | "count" | "year" | "day" | "text";

export interface Fact {
  key: keyof PropertyInput;
  label: string;
  kind: FactKind;
}

/** The figures beside the property's status, which fill a new analysis. */
export const MAIN_FACTS: Fact[] = [
  { key: "listPrice", label: "Price", kind: "money" },
  { key: "rentEstimate", label: "Rent / month", kind: "money" },
  { key: "arv", label: "ARV", kind: "money" },
  { key: "propertyTaxesAnnual", label: "Taxes / year", kind: "money" },
  { key: "beds", label: "Beds", kind: "count" },
  { key: "baths", label: "Baths", kind: "count" },
  { key: "squareFeet", label: "Sq ft", kind: "count" },
];
export const NOTES_FACT: Fact = { key: "notes", label: "Notes", kind: "text" };
export const VALUATION_FACTS: Fact[] = [
  { key: "estimatedValue", label: "Estimated value", kind: "money" },
  { key: "estimatedEquity", label: "Equity", kind: "money" },
  { key: "loanBalance", label: "Loan balance", kind: "money" },
  { key: "lastSalePrice", label: "Last sale price", kind: "money" },
  { key: "lastSaleDate", label: "Last sale date", kind: "day" },
];
export const LISTING_FACTS: Fact[] = [
  { key: "externalId", label: "MLS # / listing id", kind: "text" },
  { key: "daysOnMarket", label: "Days on market", kind: "count" },
  { key: "hoaMonthly", label: "HOA / month", kind: "money" },
  { key: "sourcePropertyType", label: "Type as listed", kind: "text" },
  { key: "source", label: "Source", kind: "text" },
];
export const LISTING_URL_FACT: Fact = { key: "listingUrl", label: "Listing URL", kind: "text" };
export const PARCEL_FACTS: Fact[] = [
  { key: "apn", label: "APN", kind: "text" },
  { key: "county", label: "County", kind: "text" },
  { key: "lotSize", label: "Lot (sq ft)", kind: "count" },
  { key: "yearBuilt", label: "Year built", kind: "year" },
];

const TYPED_FACTS = [
  ...MAIN_FACTS,
  NOTES_FACT,
  ...VALUATION_FACTS,
  ...LISTING_FACTS,
  LISTING_URL_FACT,
  ...PARCEL_FACTS,
];

/** The facts chosen from a few values rather than typed: the field's value is the option's. */
const CHOSEN_FACTS = ["status", "ownerOccupied", "listingStatus", "assigneeId"] as const;

/** A fact's text in its field: empty when unknown. */
export function factText(value: unknown, kind: FactKind = "count") {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && kind !== "year")
    return kind === "money" ? formatMoney(value) : formatCount(value);
  return String(value);
}

/** A chosen fact's option value: "" for not known, booleans as "true" and "false". */
export const choiceText = (value: unknown) =>
  value === null || value === undefined ? "" : String(value);

/** A chosen fact as saved, from its option value. */
function chosen(key: (typeof CHOSEN_FACTS)[number], text: string) {
  if (key === "status") return text;
  if (!text) return null;
  return key === "ownerOccupied" ? text === "true" : text;
}

/**
 * The facts a form sent that differ from the property's: typed ones as typed (empty clears;
 * numbers are read by the schema), chosen ones as their values. A fact the form did not send,
 * or sent as shown, is left out.
 */
export function changedFacts(
  property: PropertyInput,
  form: FormData | Record<string, unknown>,
): Partial<Record<keyof PropertyInput, unknown>> {
  const sent = (key: string) => (form instanceof FormData ? form.get(key) : form[key]);
  const changed: Partial<Record<keyof PropertyInput, unknown>> = {};
  for (const fact of TYPED_FACTS) {
    const text = sent(fact.key);
    if (typeof text !== "string") continue;
    if (text.trim() === factText(property[fact.key], fact.kind).trim()) continue;
    changed[fact.key] = text.trim() || null;
  }
  for (const key of CHOSEN_FACTS) {
    const text = sent(key);
    if (typeof text === "string" && text !== choiceText(property[key]))
      changed[key] = chosen(key, text);
  }
  return changed;
}
