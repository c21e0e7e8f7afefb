/**
 * The analyzer's form: which inputs each strategy asks for, grouped as DealCheck groups them
 * (purchase, financing, income, expenses, refinance, projection), the text a person types into
 * each, and the contract's inputs read back from that text ("$125,000" and "7.5%" welcome). The
 * ranges are checked by the API's own schema (inputs.ts). Pure: no I/O.
 */
import { parseNumberLike } from "../format";
import { firstPerField } from "../problems";
import { fieldProblems } from "../validation";
import { DEAL_INPUT_SCHEMAS } from "./inputs";
import { FORM_GROUPS } from "./form-fields";
import {
  itemizedFormOf,
  itemizedText,
  readItemizedForm,
  rehabTotals,
  unitTotals,
  type ItemizedForm,
} from "./itemized-form";
import type { DealInputs, Strategy } from "./types";

export * from "./form-fields";

/** What the form holds: the text of each field by path, and the loan's two switches. */
export interface DealFormValues {
  fields: Record<string, string>;
  financed: boolean;
  interestOnly: boolean;
  /**
   * The itemized inputs (units, rehab lines, comps) as their cells' text, edited in the analyzer or
   * as a saved analysis gives them, and sent with every save, so that opening and saving an
   * analysis never drops them. While units or rehab lines are given, the figure they stand for (the
   * gross rent, the rehab cost) is theirs, not a field's.
   */
  itemized?: ItemizedForm;
}

/** The field each itemized list stands for while it is given. */
export const ITEMIZED_FIGURES = { units: "grossMonthlyRent", rehabItems: "rehabCost" } as const;

/** The field paths the form's itemized lists take the place of. */
const replacedFields = (form: DealFormValues) =>
  Object.entries(ITEMIZED_FIGURES)
    .filter(([list]) => form.itemized?.[list as keyof typeof ITEMIZED_FIGURES] !== undefined)
    .map(([, path]) => path as string);

/**
 * What a field an itemized list stands for amounts to while the list is given (the units' rents,
 * the rehab lines' total), for the form to show in its place; undefined for any other field.
 */
export function itemizedFigure(form: DealFormValues, path: string): number | undefined {
  const { units, rehabItems } = form.itemized ?? {};
  if (path === ITEMIZED_FIGURES.units && units) return unitTotals(units).totalRent;
  if (path === ITEMIZED_FIGURES.rehabItems && rehabItems) return rehabTotals(form.itemized!).total;
  return undefined;
}

/** The text at a path of the form: a field's, or an itemized cell's ("units.0.monthlyRent"). */
export const typedAt = (form: DealFormValues, path: string) =>
  form.fields[path] ?? itemizedText(form.itemized, path);

/** The itemized inputs' names, as `DealFormValues.itemized` keeps them. */
const ITEMIZED_KEYS = [
  "units",
  "rehabItems",
  "rehabContingencyPct",
  "subjectSquareFeet",
  "comps",
] as const;

/**
 * A new analysis's starting figures: the assumptions DealCheck users start from (a 20 %-down,
 * 30-year loan; 5 % vacancy, 8 % management, 5 % maintenance and capex), which the user changes.
 */
export const STARTING_FIELDS: Record<string, string> = {
  "financing.downPaymentPct": "20",
  "financing.interestRatePct": "7",
  "financing.termYears": "30",
  vacancyPct: "5",
  managementPct: "8",
  maintenancePct: "5",
  capexPct: "5",
  holdYears: "5",
  appreciationPct: "3",
  rentGrowthPct: "2",
  expenseGrowthPct: "2",
  sellingCostsPct: "6",
  holdingMonths: "6",
  "refinance.ltvPct": "75",
  "refinance.interestRatePct": "7",
  "refinance.termYears": "30",
  maoPct: "70",
};

/** The figures a property already knows, for a new analysis of it. */
export interface PropertyFigures {
  listPrice?: number | null;
  estimatedValue?: number | null;
  arv?: number | null;
  rentEstimate?: number | null;
  propertyTaxesAnnual?: number | null;
}

const text = (value: number | null | undefined) => (value == null ? undefined : String(value));

/** A new analysis: the starting assumptions, with the property's own price, ARV, rent and taxes. */
export function newDealForm(property?: PropertyFigures): DealFormValues {
  const known: Record<string, string | undefined> = {
    purchasePrice: text(property?.listPrice ?? property?.estimatedValue),
    afterRepairValue: text(property?.arv),
    grossMonthlyRent: text(property?.rentEstimate),
    propertyTaxesAnnual: text(property?.propertyTaxesAnnual),
  };
  const fields = { ...STARTING_FIELDS };
  for (const [path, value] of Object.entries(known)) if (value !== undefined) fields[path] = value;
  return { fields, financed: true, interestOnly: false };
}

/** The paths a strategy reads, the loan's only when financed. */
export function formPaths(strategy: Strategy, financed: boolean) {
  return FORM_GROUPS[strategy]
    .filter((group) => financed || group.id !== "financing")
    .flatMap((group) => group.fields.map((field) => field.path));
}

/** Sets "financing.termYears" (at most two levels deep, as the contract's inputs are). */
function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const dot = path.indexOf(".");
  if (dot < 0) {
    target[path] = value;
    return;
  }
  const inner = (target[path.slice(0, dot)] ??= {}) as Record<string, unknown>;
  inner[path.slice(dot + 1)] = value;
}

/**
 * The contract's inputs from the form's text: each field read as a number (empty fields are
 * left out, for the contract's defaults); a field that is not a number is named in `unreadable`
 * and left out too, so the schema then names a required one as missing.
 */
export function inputsOfForm(strategy: Strategy, form: DealFormValues) {
  const inputs: Record<string, unknown> = {};
  const unreadable: string[] = [];
  const financed = strategy !== "wholesale" && form.financed;
  const replaced = replacedFields(form);
  for (const path of formPaths(strategy, financed)) {
    if (replaced.includes(path)) continue;
    const typed = form.fields[path]?.trim() ?? "";
    if (!typed) continue;
    const value = parseNumberLike(typed);
    if (value === null) unreadable.push(path);
    else setPath(inputs, path, value);
  }
  const itemized = readItemizedForm(form.itemized ?? {});
  Object.assign(inputs, itemized.inputs);
  unreadable.push(...itemized.unreadable);
  if (strategy !== "wholesale") {
    const financing = (inputs.financing ?? {}) as Record<string, unknown>;
    inputs.financing = financed
      ? { ...financing, type: "loan", interestOnly: form.interestOnly }
      : { type: "cash" };
  }
  return { inputs, unreadable };
}

/**
 * The form for saved inputs: each number as its text, the loan's switches as they were. The other
 * strategies' fields start from the starting figures, so switching a saved rental to BRRRR asks
 * only for what the rental did not have (its refinance has its usual terms).
 */
export function formOfInputs(strategy: Strategy, inputs: Record<string, unknown>): DealFormValues {
  const own = new Set(formPaths(strategy, true));
  const fields: Record<string, string> = Object.fromEntries(
    Object.entries(STARTING_FIELDS).filter(([path]) => !own.has(path)),
  );
  const walk = (value: unknown, path: string) => {
    if (typeof value === "number") fields[path] = String(value);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
  };
  const itemized = Object.fromEntries(
    ITEMIZED_KEYS.filter((key) => inputs[key] !== undefined).map((key) => [key, inputs[key]]),
  );
  walk(
    Object.fromEntries(
      Object.entries(inputs).filter(([key]) => !(ITEMIZED_KEYS as readonly string[]).includes(key)),
    ),
    "",
  );
  const financing = inputs.financing as { type?: string; interestOnly?: boolean } | undefined;
  return {
    fields,
    financed: financing?.type === "loan",
    interestOnly: financing?.interestOnly === true,
    ...(Object.keys(itemized).length > 0 && { itemized: itemizedFormOf(itemized) }),
  };
}

/** What the form's text amounts to: the inputs a save sends, and the checked ones, or why not. */
export type DealFormReading<S extends Strategy = Strategy> =
  | {
      ok: true;
      inputs: Record<string, unknown>;
      checked: DealInputs[S];
      errors: Record<string, never>;
    }
  | { ok: false; inputs: Record<string, unknown>; errors: Record<string, string> };

/**
 * Reads and checks the form as the API will (the same schema), with a message by field path:
 * text that is not a number says so, a missing required figure is "Required".
 */
export function readDealForm<S extends Strategy>(
  strategy: S,
  form: DealFormValues,
): DealFormReading<S> {
  const { inputs, unreadable } = inputsOfForm(strategy, form);
  const errors: Record<string, string> = {};
  for (const path of unreadable) errors[path] = "Type a number, like 125,000 or 7.5";
  const parsed = DEAL_INPUT_SCHEMAS[strategy].safeParse(inputs);
  if (!parsed.success) {
    for (const [path, message] of Object.entries(firstPerField(fieldProblems(parsed.error))))
      errors[path] ??= message;
  }
  if (parsed.success && unreadable.length === 0)
    return { ok: true, inputs, checked: parsed.data as DealInputs[S], errors: {} };
  return { ok: false, inputs, errors };
}
