/**
 * The deal analyzer's fields, grouped as its form shows them for each strategy, without the form's
 * reading and checking (form.ts, which re-exports these): the chat's handover card downloads no
 * zod, so the chat's first load stays small. Pure: no I/O.
 */
import type { Strategy } from "./types";

export type FieldUnit = "money" | "percent" | "years" | "months";

export interface FieldSpec {
  /** The input's path in the contract: "purchasePrice", "financing.termYears". */
  path: string;
  label: string;
  unit: FieldUnit;
  /** Required by the contract (no default). */
  required?: boolean;
  /** A short hint under the field. */
  hint?: string;
}

export interface FieldGroup {
  id: "purchase" | "financing" | "income" | "expenses" | "refinance" | "projection" | "offer";
  title: string;
  fields: readonly FieldSpec[];
}

const money = (path: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  path,
  label,
  unit: "money",
  ...extra,
});
const percent = (path: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  path,
  label,
  unit: "percent",
  ...extra,
});

const PURCHASE: FieldGroup = {
  id: "purchase",
  title: "Purchase",
  fields: [
    money("purchasePrice", "Purchase price", { required: true }),
    money("closingCosts", "Closing costs"),
    money("rehabCost", "Rehab cost"),
    money("afterRepairValue", "After repair value (ARV)", { hint: "Empty: the purchase price" }),
  ],
};

/** The loan's fields; whether there is a loan at all is the form's `financing` choice. */
export const LOAN_FIELDS: readonly FieldSpec[] = [
  percent("financing.downPaymentPct", "Down payment", { required: true }),
  percent("financing.interestRatePct", "Interest rate", { required: true }),
  { path: "financing.termYears", label: "Term", unit: "years", required: true },
  percent("financing.pointsPct", "Points"),
  percent("financing.rehabFinancedPct", "Rehab financed"),
];

const FINANCING: FieldGroup = { id: "financing", title: "Financing", fields: LOAN_FIELDS };

const INCOME: FieldGroup = {
  id: "income",
  title: "Income",
  fields: [
    money("grossMonthlyRent", "Gross rent / month", { required: true }),
    money("otherMonthlyIncome", "Other income / month", { hint: "Laundry, parking, storage" }),
    percent("vacancyPct", "Vacancy"),
  ],
};

const EXPENSES: FieldGroup = {
  id: "expenses",
  title: "Expenses",
  fields: [
    money("propertyTaxesAnnual", "Property taxes / year"),
    money("insuranceAnnual", "Insurance / year"),
    money("hoaMonthly", "HOA / month"),
    money("utilitiesMonthly", "Utilities / month"),
    money("otherExpensesMonthly", "Other / month"),
    percent("managementPct", "Management", { hint: "Of collected rent" }),
    percent("maintenancePct", "Maintenance", { hint: "Of gross rent" }),
    percent("capexPct", "Capital expenditures", { hint: "Of gross rent" }),
  ],
};

const PROJECTION: FieldGroup = {
  id: "projection",
  title: "Projection and sale",
  fields: [
    { path: "holdYears", label: "Hold", unit: "years" },
    percent("appreciationPct", "Appreciation / year"),
    percent("rentGrowthPct", "Rent growth / year"),
    percent("expenseGrowthPct", "Expense growth / year"),
    percent("sellingCostsPct", "Selling costs", { hint: "Of the sale price" }),
  ],
};

const REFINANCE: FieldGroup = {
  id: "refinance",
  title: "Rehab and refinance",
  fields: [
    {
      path: "holdingMonths",
      label: "Months until refinance",
      unit: "months",
      hint: "The rehab; the purchase loan is paid meanwhile",
    },
    money("holdingCostsMonthly", "Holding costs / month", {
      hint: "Taxes, insurance, utilities; not the loan",
    }),
    percent("refinance.ltvPct", "Loan to value", { required: true, hint: "Of the ARV" }),
    percent("refinance.interestRatePct", "Interest rate", { required: true }),
    { path: "refinance.termYears", label: "Term", unit: "years", required: true },
    money("refinance.closingCosts", "Closing costs"),
  ],
};

const FLIP: FieldGroup = {
  id: "projection",
  title: "Holding and sale",
  fields: [
    { path: "holdingMonths", label: "Holding period", unit: "months", required: true },
    money("holdingCostsMonthly", "Holding costs / month", {
      hint: "Taxes, insurance, utilities; not the loan",
    }),
    percent("sellingCostsPct", "Selling costs", { hint: "Of the ARV" }),
  ],
};

const OFFER: FieldGroup = {
  id: "offer",
  title: "Offer",
  fields: [
    money("afterRepairValue", "After repair value (ARV)", { required: true }),
    money("rehabCost", "Rehab cost"),
    percent("maoPct", "Buyer's max, of ARV", { hint: "70 % is the usual rule" }),
    money("assignmentFee", "Assignment fee"),
    money("contractPrice", "Your contract price", { hint: "Empty until you have one" }),
  ],
};

/** Each strategy's groups, in the order the form shows them. */
export const FORM_GROUPS: Record<Strategy, readonly FieldGroup[]> = {
  rental: [PURCHASE, FINANCING, INCOME, EXPENSES, PROJECTION],
  flip: [PURCHASE, FINANCING, FLIP],
  brrrr: [PURCHASE, FINANCING, INCOME, EXPENSES, REFINANCE, PROJECTION],
  wholesale: [OFFER],
};
