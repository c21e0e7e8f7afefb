/**
 * What each deal metric means and how it was worked out, with the user's own numbers in the
 * formula ("Cap rate = NOI $14,820 ÷ price $185,000 = 8.01 %"), for the analyzer, the printed
 * report and the agent. Money to the dollar (the monthly payment to the cent), percents to two
 * places, a missing value as "—" with the reason. Pure: no I/O.
 */
import { DASH, formatMoney, onFirstUse } from "../format";
import {
  analyzeDeal,
  dealLoan,
  FIFTY_PERCENT_RULE_PCT,
  purchaseLoan,
  SEVENTY_PERCENT_RULE_PCT,
  withDefaults,
  type BrrrrTerms,
  type DealTerms,
  type FlipTerms,
  type PurchaseTerms,
  type RentalTerms,
  type WholesaleTerms,
} from "./analyze";
import type { LoanTerms } from "./finance";
import { adjustedPricePerSqFt, sum, type ItemizedSource } from "./itemized";
import type {
  BrrrrMetrics,
  CompsMetrics,
  DealAnalyses,
  DealInputs,
  DealMetrics,
  FinancingMetrics,
  FlipMetrics,
  RehabMetrics,
  RentalMetrics,
  Strategy,
  UnitMetrics,
  WholesaleMetrics,
  YearRow,
} from "./types";

export interface MetricExplanation {
  label: string;
  /** One line on what the number tells an investor. */
  explanation: string;
  /** The value as the screen shows it: "$1,264.14", "8.01 %", "1.21", "—", "All money back". */
  value: string;
  /** The formula with the user's numbers: "Cap rate = NOI $14,820 ÷ price $185,000 = 8.01 %". */
  formula: string;
  /** Why the metric has no value ("no debt service"); null when it has one. */
  reason: string | null;
}

/** Every metric of a strategy explained; for several strategies, one of theirs. */
export type DealExplanations<S extends Strategy = Strategy> = {
  [K in S]: Record<keyof DealMetrics<K>, MetricExplanation>;
}[S];

const twoPlaces = onFirstUse(
  () => new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);

/**
 * Set while the formulas are written in words for the glossary (`metricDefinitions`): each number
 * gives way to its name, or to nothing where a name is already written before it.
 */
let inWords = false;

const money = (value: number | null | undefined, name = "") =>
  inWords ? name : formatMoney(value);
const cents = (value: number, name = "") => (inWords ? name : formatMoney(value, { cents: true }));
/** "8.01 %": two places always, as the contract's formulas write percents. */
const percent = (value: number | null, name = "") =>
  inWords ? name : value === null ? DASH : `${twoPlaces().format(value)} %`;
/** A count written into a formula: months, payments, years. */
const count = (value: number, name = "") => (inWords ? name : String(value));

const SHOW = {
  money,
  cents,
  percent,
  ratio: (value: number) => twoPlaces().format(value),
  multiple: (value: number) => `${twoPlaces().format(value)}×`,
  count: (value: number) => String(value),
};
type Unit = keyof typeof SHOW;

/** Why a metric is null, and what the screen shows instead of "—" when that says it better. */
interface Missing {
  reason: string;
  shown?: string;
}

/** What a formula can read: the inputs with their defaults, the metrics, the loan, the years. */
interface Context<T, M> {
  terms: T;
  metrics: M;
  /** The loan whose payments are counted: the purchase loan, or a BRRRR's refinance loan. */
  loan: LoanTerms | null;
  years: YearRow[];
  /** The inputs as given: the itemized formulas list their units, items and comps. */
  inputs: ItemizedSource;
}

interface MetricRule<C> {
  label: string;
  explanation: string;
  unit: Unit;
  /** The right-hand side with the user's numbers: "NOI $14,820 ÷ price $185,000". */
  formula: (context: C) => string;
  /** Only the metrics that can be null have one. */
  whyNull?: (context: C) => Missing;
}

type Rules<M, C> = { [K in keyof M]-?: MetricRule<C> };

type PurchaseContext = Context<PurchaseTerms, FinancingMetrics>;
type RentalContext = Context<RentalTerms, RentalMetrics>;
type FlipContext = Context<FlipTerms, FlipMetrics>;
type BrrrrContext = Context<BrrrrTerms, BrrrrMetrics>;
type WholesaleContext = Context<WholesaleTerms, WholesaleMetrics>;

const NO_LOAN = "cash purchase, no loan";
const NO_CASH_INVESTED: Missing = { reason: "no cash invested" };
const NO_INCOME: Missing = { reason: "no gross income" };

function paymentFormula(loan: LoanTerms | null) {
  if (!loan) return NO_LOAN;
  const principal = `loan ${money(loan.principal)}`;
  if (loan.interestOnly)
    return `${principal} × ${percent(loan.interestRatePct, "rate")} ÷ 12, interest only`;
  const payments = 12 * loan.termYears;
  if (loan.interestRatePct === 0)
    return `${principal} ÷ ${count(payments, "n")} payments, no interest`;
  return `${principal} × r ÷ (1 − (1 + r)^−${count(payments, "n")}), r = ${percent(loan.interestRatePct, "rate")} ÷ 12`;
}

function loanAmountFormula({ terms }: PurchaseContext) {
  const { financing } = terms;
  if (financing.type === "cash") return NO_LOAN;
  const purchase = `price ${money(terms.purchasePrice)} × (1 − down ${percent(financing.downPaymentPct)})`;
  if (financing.rehabFinancedPct === 0) return purchase;
  return `${purchase} + rehab ${money(terms.rehabCost)} × ${percent(financing.rehabFinancedPct)} financed`;
}

const purchaseCashFormula = ({ terms, metrics }: PurchaseContext) =>
  `price ${money(terms.purchasePrice)} + rehab ${money(terms.rehabCost)} − loan ${money(metrics.loanAmount)} + closing ${money(terms.closingCosts)} + points ${money(metrics.pointsCost)}`;

const FINANCING_RULES: Rules<FinancingMetrics, PurchaseContext> = {
  loanAmount: {
    label: "Loan amount",
    explanation:
      "What the lender funds: the price less your down payment, plus any financed rehab.",
    unit: "money",
    formula: loanAmountFormula,
  },
  pointsCost: {
    label: "Points",
    explanation: "The lender's upfront fee, a percent of the loan paid at closing.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      terms.financing.type === "cash"
        ? NO_LOAN
        : `loan ${money(metrics.loanAmount)} × ${percent(terms.financing.pointsPct, "points")}`,
  },
  monthlyPayment: {
    label: "Monthly payment",
    explanation: "Principal and interest due on the loan each month.",
    unit: "cents",
    formula: ({ loan }) => paymentFormula(loan),
  },
  totalCashInvested: {
    label: "Total cash invested",
    explanation: "The cash you bring: price and rehab the loan does not cover, closing and points.",
    unit: "money",
    formula: purchaseCashFormula,
  },
};

/** The cash a rental's returns are measured on: the total invested, or what a BRRRR leaves in. */
interface CashIn<C> {
  label: string;
  amount: (context: C) => number;
  /** Why the returns are null when that cash is 0 or less. */
  missing: Missing;
}

function returnRules<C extends RentalContext>(cash: CashIn<C>) {
  const onCash = (context: C) => `${cash.label} ${money(cash.amount(context))}`;
  const whenNoCash = (why: Missing) => (context: C) =>
    cash.amount(context) > 0 ? why : cash.missing;
  const rules: Rules<Pick<RentalMetrics, "cashOnCash" | "irr" | "equityMultiple">, C> = {
    cashOnCash: {
      label: "Cash-on-cash return",
      explanation: "A year's cash flow as a share of the cash you have in the deal.",
      unit: "percent",
      formula: (context) =>
        `cash flow ${money(context.metrics.cashFlowAnnual)} ÷ ${onCash(context)}`,
      whyNull: whenNoCash(cash.missing),
    },
    irr: {
      label: "IRR",
      explanation: "The yearly return over the whole hold, cash flow and sale, timed as they come.",
      unit: "percent",
      formula: (context) => {
        const { years, terms, metrics } = context;
        const flows = `${money(years[0]?.cashFlow)} … ${money(years.at(-1)?.cashFlow)}`;
        const paid = `${cash.label} ${money(-cash.amount(context))}`;
        return `the rate at which ${paid} now, cash flows ${flows} (years 1–${count(terms.holdYears, "n")}) and sale proceeds ${money(metrics.saleProceeds)} in year ${count(terms.holdYears, "n")} are worth $0 today`;
      },
      whyNull: whenNoCash({ reason: "no rate above −100 % makes the cash flows worth $0" }),
    },
    equityMultiple: {
      label: "Equity multiple",
      explanation: "Everything the hold pays back, cash flow and sale, per dollar you put in.",
      unit: "multiple",
      formula: (context) => {
        const cashFlows = context.years.reduce((sum, row) => sum + row.cashFlow, 0);
        return `(cash flows ${money(cashFlows)} + sale proceeds ${money(context.metrics.saleProceeds)}) ÷ ${onCash(context)}`;
      },
      whyNull: whenNoCash(cash.missing),
    },
  };
  return rules;
}

/** What the itemized formulas read: the inputs as given and their own figures. */
interface ItemizedContext {
  inputs: ItemizedSource;
  metrics: Partial<UnitMetrics & RehabMetrics & CompsMetrics>;
}

const unitsOf = (context: ItemizedContext) => context.inputs.units ?? [];
const compsPerSqFt = (context: ItemizedContext) =>
  (context.inputs.comps ?? []).map(adjustedPricePerSqFt);
const subject = (context: ItemizedContext) =>
  `subject ${count(context.inputs.subjectSquareFeet ?? 0)} sq ft`;

const UNIT_RULES: Rules<UnitMetrics, ItemizedContext> = {
  unitCount: {
    label: "Units",
    explanation: "How many units the rent roll lists.",
    unit: "count",
    formula: () => "units in the rent roll",
  },
  averageRentPerUnit: {
    label: "Average rent per unit",
    explanation: "The rent roll's monthly rent, a unit at a time.",
    unit: "money",
    formula: (context) => {
      const units = unitsOf(context);
      return `rents ${money(sum(units.map((unit) => unit.monthlyRent)))} ÷ ${count(units.length)} units`;
    },
  },
  pricePerUnit: {
    label: "Price per unit",
    explanation: "What each unit costs you; the yardstick of multifamily prices.",
    unit: "money",
    formula: (context) =>
      `price ${money(context.inputs.purchasePrice)} ÷ ${count(unitsOf(context).length)} units`,
  },
  lossToLeaseMonthly: {
    label: "Loss to lease",
    explanation: "The rent a month the units give up against the market: room to raise rents.",
    unit: "money",
    formula: (context) => {
      const priced = unitsOf(context).filter((unit) => unit.marketRent !== undefined);
      const market = sum(priced.map((unit) => unit.marketRent!));
      const rents = sum(priced.map((unit) => unit.monthlyRent));
      return `market rents ${money(market)} − their rents ${money(rents)}, over the ${count(priced.length)} units with a market rent`;
    },
  },
};

const REHAB_RULES: Rules<RehabMetrics, ItemizedContext> = {
  rehabSubtotal: {
    label: "Rehab subtotal",
    explanation: "The rehab's line items added up, before the contingency.",
    unit: "money",
    formula: (context) =>
      `quantity × unit cost, summed over ${count(context.inputs.rehabItems?.length ?? 0)} items`,
  },
  rehabContingency: {
    label: "Rehab contingency",
    explanation: "What is set aside for the surprises every rehab has.",
    unit: "money",
    formula: ({ inputs, metrics }) =>
      `subtotal ${money(metrics.rehabSubtotal)} × ${percent(inputs.rehabContingencyPct ?? 0, "contingency")}`,
  },
  rehabCost: {
    label: "Rehab cost",
    explanation: "The rehab the analysis counts: the line items and the contingency.",
    unit: "money",
    formula: ({ metrics }) =>
      `subtotal ${money(metrics.rehabSubtotal)} + contingency ${money(metrics.rehabContingency)}`,
  },
};

const COMPS_RULES: Rules<CompsMetrics, ItemizedContext> = {
  compsPricePerSqFt: {
    label: "Comps' price per sq ft",
    explanation: "What the comparable sales fetched a square foot, adjusted to the subject.",
    unit: "cents",
    formula: (context) =>
      `the mean of (sale price + adjustments) ÷ sq ft over ${count(compsPerSqFt(context).length)} comps`,
  },
  arvFromComps: {
    label: "ARV from comps",
    explanation: "The after-repair value the comps give the subject.",
    unit: "money",
    formula: (context) =>
      `${subject(context)} × comps' price per sq ft ${cents(context.metrics.compsPricePerSqFt ?? 0)}`,
  },
  arvLow: {
    label: "ARV, low",
    explanation: "The after-repair value at the cheapest comp's price a square foot.",
    unit: "money",
    formula: (context) =>
      `${subject(context)} × lowest price per sq ft ${cents(Math.min(...compsPerSqFt(context)))}`,
  },
  arvHigh: {
    label: "ARV, high",
    explanation: "The after-repair value at the dearest comp's price a square foot.",
    unit: "money",
    formula: (context) =>
      `${subject(context)} × highest price per sq ft ${cents(Math.max(...compsPerSqFt(context)))}`,
  },
};

/** Every strategy's itemized rules but the units', which only rentals and BRRRRs have. */
const REHAB_AND_COMPS_RULES = { ...REHAB_RULES, ...COMPS_RULES };

const RENTAL_RULES: Rules<RentalMetrics, RentalContext> = {
  ...FINANCING_RULES,
  grossScheduledIncome: {
    label: "Gross scheduled income",
    explanation: "A full year's rent and other income with the property always let.",
    unit: "money",
    formula: ({ terms }) =>
      `12 × (rent ${money(terms.grossMonthlyRent)} + other income ${money(terms.otherMonthlyIncome)})`,
  },
  vacancyLoss: {
    label: "Vacancy loss",
    explanation: "The income lost while the property stands empty.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `GSI ${money(metrics.grossScheduledIncome)} × vacancy ${percent(terms.vacancyPct)}`,
  },
  effectiveGrossIncome: {
    label: "Effective gross income",
    explanation: "The income you expect to collect in a year.",
    unit: "money",
    formula: ({ metrics }) =>
      `GSI ${money(metrics.grossScheduledIncome)} − vacancy ${money(metrics.vacancyLoss)}`,
  },
  operatingExpenses: {
    label: "Operating expenses",
    explanation: "A year's running costs of the property, without the loan.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `taxes ${money(terms.propertyTaxesAnnual)} + insurance ${money(terms.insuranceAnnual)} + 12 × (HOA ${money(terms.hoaMonthly)} + utilities ${money(terms.utilitiesMonthly)} + other ${money(terms.otherExpensesMonthly)}) + management ${percent(terms.managementPct)} × EGI ${money(metrics.effectiveGrossIncome)} + (maintenance ${percent(terms.maintenancePct)} + capex ${percent(terms.capexPct)}) × GSI ${money(metrics.grossScheduledIncome)}`,
  },
  noi: {
    label: "NOI",
    explanation: "Net operating income: what the property earns before any loan.",
    unit: "money",
    formula: ({ metrics }) =>
      `EGI ${money(metrics.effectiveGrossIncome)} − operating expenses ${money(metrics.operatingExpenses)}`,
  },
  annualDebtService: {
    label: "Annual debt service",
    explanation: "A year of loan payments.",
    unit: "money",
    formula: ({ metrics }) => `12 × monthly payment ${cents(metrics.monthlyPayment)}`,
  },
  cashFlowAnnual: {
    label: "Annual cash flow",
    explanation: "What is left each year after operating expenses and the loan.",
    unit: "money",
    formula: ({ metrics }) =>
      `NOI ${money(metrics.noi)} − debt service ${money(metrics.annualDebtService)}`,
  },
  cashFlowMonthly: {
    label: "Monthly cash flow",
    explanation: "The annual cash flow, a month at a time.",
    unit: "money",
    formula: ({ metrics }) => `annual cash flow ${money(metrics.cashFlowAnnual)} ÷ 12`,
  },
  capRate: {
    label: "Cap rate",
    explanation: "NOI as a share of the price: the yearly return if you paid cash.",
    unit: "percent",
    formula: ({ terms, metrics }) =>
      `NOI ${money(metrics.noi)} ÷ price ${money(terms.purchasePrice)}`,
  },
  dscr: {
    label: "DSCR",
    explanation: "How many times NOI covers the loan payments; lenders look for 1.2 or more.",
    unit: "ratio",
    formula: ({ metrics }) =>
      `NOI ${money(metrics.noi)} ÷ debt service ${money(metrics.annualDebtService)}`,
    whyNull: () => ({ reason: "no debt service" }),
  },
  grm: {
    label: "Gross rent multiplier",
    explanation: "The price in years of gross income; lower is cheaper.",
    unit: "ratio",
    formula: ({ terms, metrics }) =>
      `price ${money(terms.purchasePrice)} ÷ GSI ${money(metrics.grossScheduledIncome)}`,
    whyNull: () => NO_INCOME,
  },
  rentToPricePct: {
    label: "Rent to price (1 % rule)",
    explanation: "A month's income as a share of price and rehab; the 1 % rule wants at least 1 %.",
    unit: "percent",
    formula: ({ terms }) =>
      `(rent ${money(terms.grossMonthlyRent)} + other income ${money(terms.otherMonthlyIncome)}) ÷ (price ${money(terms.purchasePrice)} + rehab ${money(terms.rehabCost)})`,
  },
  fiftyPercentCashFlowMonthly: {
    label: "Monthly cash flow by the 50 % rule",
    explanation: "The quick screen: expenses take half the gross income, the loan the rest.",
    unit: "money",
    formula: ({ metrics }) =>
      `(${FIFTY_PERCENT_RULE_PCT} % × GSI ${money(metrics.grossScheduledIncome)} − debt service ${money(metrics.annualDebtService)}) ÷ 12`,
  },
  breakEvenOccupancyPct: {
    label: "Break-even occupancy",
    explanation: "The share of gross income needed to pay the expenses and the loan.",
    unit: "percent",
    formula: ({ metrics }) =>
      `(operating expenses ${money(metrics.operatingExpenses)} + debt service ${money(metrics.annualDebtService)}) ÷ GSI ${money(metrics.grossScheduledIncome)}`,
    whyNull: () => NO_INCOME,
  },
  saleProceeds: {
    label: "Sale proceeds",
    explanation: "What the sale at the end of the hold leaves after selling costs and the loan.",
    unit: "money",
    formula: ({ terms, years }) => {
      const sale = years.at(-1);
      return `value ${money(sale?.propertyValue)} in year ${count(terms.holdYears, "n")} × (1 − selling costs ${percent(terms.sellingCostsPct)}) − loan balance ${money(sale?.loanBalance)}`;
    },
  },
  ...returnRules<RentalContext>({
    label: "cash invested",
    amount: ({ metrics }) => metrics.totalCashInvested,
    missing: NO_CASH_INVESTED,
  }),
  ...UNIT_RULES,
  ...REHAB_AND_COMPS_RULES,
};

function loanPayoffFormula({ loan, terms }: FlipContext) {
  if (!loan) return NO_LOAN;
  if (loan.interestOnly) return `interest-only loan ${money(loan.principal)}, none of it repaid`;
  return `balance of loan ${money(loan.principal)} after ${count(terms.holdingMonths, "n")} payments`;
}

const FLIP_RULES: Rules<FlipMetrics, FlipContext> = {
  ...FINANCING_RULES,
  totalCashInvested: {
    ...FINANCING_RULES.totalCashInvested,
    explanation:
      "The cash you bring: price and rehab the loan does not cover, closing, points, and the costs and loan payments while you hold.",
    formula: (context) =>
      `${purchaseCashFormula(context)} + holding costs ${money(context.metrics.holdingCosts)} + loan payments ${money(context.metrics.loanPaymentsDuringHold)}`,
  },
  loanPaymentsDuringHold: {
    label: "Loan payments during hold",
    explanation: "The loan payments made until the sale.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `${count(terms.holdingMonths)} months × ${cents(metrics.monthlyPayment, "monthly payment")}`,
  },
  holdingCosts: {
    label: "Holding costs",
    explanation: "Taxes, insurance and utilities until the sale.",
    unit: "money",
    formula: ({ terms }) =>
      `${count(terms.holdingMonths)} months × ${money(terms.holdingCostsMonthly, "monthly holding costs")}`,
  },
  sellingCosts: {
    label: "Selling costs",
    explanation: "Commissions and closing costs of the sale.",
    unit: "money",
    formula: ({ terms }) =>
      `ARV ${money(terms.afterRepairValue)} × ${percent(terms.sellingCostsPct, "selling costs")}`,
  },
  loanPayoff: {
    label: "Loan payoff",
    explanation: "What is still owed on the loan at the sale.",
    unit: "money",
    formula: loanPayoffFormula,
  },
  profit: {
    label: "Profit",
    explanation: "What the sale leaves after its costs, the loan and all the cash you put in.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `ARV ${money(terms.afterRepairValue)} − selling costs ${money(metrics.sellingCosts)} − loan payoff ${money(metrics.loanPayoff)} − cash invested ${money(metrics.totalCashInvested)}`,
  },
  roi: {
    label: "ROI",
    explanation: "Profit as a share of the cash you put in.",
    unit: "percent",
    formula: ({ metrics }) =>
      `profit ${money(metrics.profit)} ÷ cash invested ${money(metrics.totalCashInvested)}`,
    whyNull: () => NO_CASH_INVESTED,
  },
  annualizedRoi: {
    label: "Annualized ROI",
    explanation: "The ROI as a yearly rate, compounded, to compare flips of different lengths.",
    unit: "percent",
    formula: ({ terms, metrics }) =>
      `(1 + ROI ${percent(metrics.roi)})^(12 ÷ ${count(terms.holdingMonths, "months")}) − 1`,
    whyNull: ({ metrics }) =>
      metrics.roi === null ? NO_CASH_INVESTED : { reason: "the whole investment is lost" },
  },
  seventyPercentRuleMaxPrice: {
    label: "Max price by the 70 % rule",
    explanation: "The most to pay: 70 % of the after-repair value, less the rehab.",
    unit: "money",
    formula: ({ terms }) =>
      `${SEVENTY_PERCENT_RULE_PCT} % × ARV ${money(terms.afterRepairValue)} − rehab ${money(terms.rehabCost)}`,
  },
  ...REHAB_AND_COMPS_RULES,
};

const BRRRR_RULES: Rules<BrrrrMetrics, BrrrrContext> = {
  ...RENTAL_RULES,
  monthlyPayment: {
    ...FINANCING_RULES.monthlyPayment,
    explanation: "Principal and interest due each month on the refinance loan.",
  },
  totalCashInvested: {
    ...FINANCING_RULES.totalCashInvested,
    explanation:
      "The cash you bring: price and rehab the loan does not cover, closing, points, and the holding costs and loan payments until the refinance.",
    formula: (context) =>
      `${purchaseCashFormula(context)} + holding costs ${money(context.metrics.holdingCosts)}`,
  },
  purchaseMonthlyPayment: {
    label: "Purchase loan payment",
    explanation: "Principal and interest due each month on the purchase loan until the refinance.",
    unit: "cents",
    formula: ({ terms }) => paymentFormula(purchaseLoan(terms)),
  },
  holdingCosts: {
    label: "Holding costs",
    explanation:
      "The rehab period's cost: taxes, insurance, utilities and the purchase loan's payments until the refinance.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `${count(terms.holdingMonths)} months × (holding costs ${money(terms.holdingCostsMonthly)} + purchase loan payment ${cents(metrics.purchaseMonthlyPayment)})`,
  },
  ...returnRules<BrrrrContext>({
    label: "cash left in deal",
    amount: ({ metrics }) => metrics.cashLeftInDeal,
    missing: {
      reason: "every dollar invested came back at the refinance",
      shown: "All money back",
    },
  }),
  refinanceLoanAmount: {
    label: "Refinance loan",
    explanation: "The new loan on the after-repair value.",
    unit: "money",
    formula: ({ terms }) =>
      `ARV ${money(terms.afterRepairValue)} × LTV ${percent(terms.refinance.ltvPct)}`,
  },
  cashOut: {
    label: "Cash out",
    explanation: "What the refinance hands back once the purchase loan and its costs are paid.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `refinance loan ${money(metrics.refinanceLoanAmount)} − purchase loan ${money(metrics.loanAmount)} − refinance closing ${money(terms.refinance.closingCosts)}`,
  },
  cashLeftInDeal: {
    label: "Cash left in deal",
    explanation:
      "Your cash still in the property after the refinance; 0 or less is all money back.",
    unit: "money",
    formula: ({ metrics }) =>
      `cash invested ${money(metrics.totalCashInvested)} − cash out ${money(metrics.cashOut)}`,
  },
};

const WHOLESALE_RULES: Rules<WholesaleMetrics, WholesaleContext> = {
  buyerMaxPrice: {
    label: "Buyer's max price",
    explanation: "The most an end buyer pays: a share of the after-repair value, less the rehab.",
    unit: "money",
    formula: ({ terms }) =>
      `ARV ${money(terms.afterRepairValue)} × ${percent(terms.maoPct, "buyer's share")} − rehab ${money(terms.rehabCost)}`,
  },
  maxAllowableOffer: {
    label: "Maximum allowable offer",
    explanation: "The most you can contract for and still earn your assignment fee.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `buyer's max price ${money(metrics.buyerMaxPrice)} − assignment fee ${money(terms.assignmentFee)}`,
  },
  assignmentProfit: {
    label: "Assignment profit",
    explanation: "What assigning your contract to the end buyer earns.",
    unit: "money",
    formula: ({ terms, metrics }) =>
      `buyer's max price ${money(metrics.buyerMaxPrice)} − contract price ${money(terms.contractPrice)}`,
    whyNull: () => ({ reason: "no contract price" }),
  },
  ...REHAB_AND_COMPS_RULES,
};

const RULES: { [S in Strategy]: Rules<DealMetrics<S>, Context<DealTerms[S], DealMetrics<S>>> } = {
  rental: RENTAL_RULES,
  flip: FLIP_RULES,
  brrrr: BRRRR_RULES,
  wholesale: WHOLESALE_RULES,
};

/** Every metric a strategy answers, those of the itemized inputs included. */
export const metricNames = (strategy: Strategy) => Object.keys(RULES[strategy]);

/** A metric's label and its value as the results show it ("8.01 %", "$1,264.14", "—"). */
export function metricDisplay(strategy: Strategy, name: string) {
  const rule = (RULES[strategy] as Record<string, MetricRule<never>>)[name];
  if (!rule) return null;
  return {
    label: rule.label,
    show: (value: number | null) => (value === null ? DASH : SHOW[rule.unit](value)),
  };
}

function explainMetric<C>(
  rule: MetricRule<C>,
  context: C,
  value: number | null,
): MetricExplanation {
  const { label, explanation } = rule;
  const formula = `${label} = ${rule.formula(context)}`;
  if (value !== null) {
    const shown = SHOW[rule.unit](value);
    return { label, explanation, value: shown, formula: `${formula} = ${shown}`, reason: null };
  }
  const missing = rule.whyNull?.(context) ?? { reason: "not defined" };
  return {
    label,
    explanation,
    value: missing.shown ?? DASH,
    formula: `${formula} = ${DASH} (${missing.reason})`,
    reason: missing.reason,
  };
}

/**
 * Every metric of a deal explained, keyed by the metric's name in the analysis. A caller that has
 * already run the analysis passes it, so the math runs once per keystroke.
 */
export function explainDeal<S extends Strategy>(
  strategy: S,
  inputs: DealInputs[S],
  analysis: DealAnalyses[S] = analyzeDeal(strategy, inputs),
): DealExplanations<S> {
  const metrics: DealMetrics<S> = analysis.metrics;
  const context = {
    terms: withDefaults(strategy, inputs),
    metrics,
    loan: dealLoan(strategy, inputs),
    years: analysis.years ?? [],
    inputs,
  };
  const rules = RULES[strategy];
  // The itemized metrics are absent when their inputs are, and so are their explanations.
  const names = (Object.keys(rules) as (keyof DealMetrics<S>)[]).filter(
    (name) => metrics[name] !== undefined,
  );
  return Object.fromEntries(
    names.map((name) => [
      name,
      explainMetric(rules[name], context, metrics[name] as number | null),
    ]),
  ) as DealExplanations<S>;
}

/** Deals whose formulas take every branch a definition should show: a financed rehab, a sale. */
const DEFINING_DEALS: { [S in Strategy]: DealInputs[S] } = (() => {
  const financing = {
    type: "loan" as const,
    downPaymentPct: 20,
    interestRatePct: 7,
    termYears: 30,
    pointsPct: 1,
    rehabFinancedPct: 50,
  };
  // Itemized too, so the units', rehab's and comps' figures are defined.
  const itemized = {
    rehabItems: [{ category: "Kitchen", quantity: 1, unitCost: 20_000 }],
    rehabContingencyPct: 10,
    subjectSquareFeet: 1300,
    comps: [{ salePrice: 260_000, squareFeet: 1300, adjustments: 0 }],
  };
  const rental = {
    purchasePrice: 200_000,
    afterRepairValue: 260_000,
    financing,
    units: [
      { name: "A", monthlyRent: 1000, marketRent: 1100 },
      { name: "B", monthlyRent: 1000 },
    ],
    ...itemized,
  };
  return {
    rental,
    flip: { ...rental, holdingMonths: 6 },
    brrrr: {
      ...rental,
      holdingMonths: 6,
      refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30 },
    },
    wholesale: { afterRepairValue: 150_000, contractPrice: 70_000, ...itemized },
  };
})();

/**
 * Each metric's formula in words, as the glossary writes it: the analyzer's own formula with the
 * numbers taken out ("Cap rate = NOI ÷ price"), so the two cannot say different things.
 */
export const metricDefinitions = onFirstUse(() => {
  const definitions = {} as { [S in Strategy]: Partial<Record<string, string>> };
  inWords = true;
  try {
    for (const strategy of Object.keys(RULES) as Strategy[]) {
      const explained = explainDeal(strategy, DEFINING_DEALS[strategy]);
      definitions[strategy] = Object.fromEntries(
        Object.entries(explained).map(([name, { formula }]) => [name, tidy(formula)]),
      );
    }
  } finally {
    inWords = false;
  }
  return definitions;
});

/** A formula in words without the value it ends in, and without the numbers' spaces. */
const tidy = (formula: string) =>
  formula
    .replace(/ = [^=]*$/, "")
    .replace(/\s+/g, " ")
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")")
    .trim();
