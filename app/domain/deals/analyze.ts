/**
 * The deal analysis contract: every metric of a rental, flip, BRRRR or wholesale deal, unrounded,
 * from inputs the API has already checked. Shared by the analyzer screen, the API and the agent's
 * tools. Pure: no I/O.
 *
 * Where the contract leaves room, it is read literally:
 * - Debt service stays the same every projected year, even when the hold outlives the loan (the
 *   balance then stays at 0); a flip's loan payments are counted for every month held.
 * - An interest-only loan's balance is its principal for as long as it is held.
 * - IRR is null when the flows have no sign change, when C₀ ≤ 0, and when no rate above −100 %
 *   solves them (possible only with several sign changes); of several rates, the nearest 0 %.
 * - A flip's `annualizedRoi` is null when `roi` is.
 * - A BRRRR's refinance is a new amortizing loan without points; the purchase loan's payment and
 *   interest-only flag play no part once it is refinanced at time 0.
 * - A wholesale contract price of 0 is a price (profit = buyer's max price); only a missing one
 *   makes `assignmentProfit` null.
 */
import {
  internalRateOfReturn,
  loanAmount,
  loanBalance,
  monthlyPayment,
  pointsCost,
  type LoanTerms,
} from "./finance";
import { itemizedMetrics, itemizedTotals } from "./itemized";
import type {
  BrrrrAnalysis,
  BrrrrInputs,
  DealAnalyses,
  DealInputs,
  FinancingTerms,
  FlipAnalysis,
  FlipInputs,
  PurchaseInputs,
  RentalAnalysis,
  RentalInputs,
  Strategy,
  WholesaleAnalysis,
  WholesaleInputs,
  YearRow,
} from "./types";

export const DEFAULT_HOLD_YEARS = 5;
/** The 70 % rule: pay at most 70 % of the after-repair value, less the rehab. */
export const SEVENTY_PERCENT_RULE_PCT = 70;
/** A wholesaler's end buyer is assumed to follow the 70 % rule unless told otherwise. */
export const DEFAULT_MAO_PCT = SEVENTY_PERCENT_RULE_PCT;
/** The 50 % rule: operating expenses take about half the gross income. */
export const FIFTY_PERCENT_RULE_PCT = 50;

const CASH = { type: "cash" } as const;

// Objects are put together with Object.assign rather than spread ({ ...a, b }): V8 builds a spread
// followed by more properties tens of times slower, and the screen recalculates on every keystroke.

function withFinancingDefaults(financing: PurchaseInputs["financing"]): FinancingTerms {
  if (!financing || financing.type === "cash") return CASH;
  return {
    type: "loan",
    downPaymentPct: financing.downPaymentPct,
    interestRatePct: financing.interestRatePct,
    termYears: financing.termYears,
    pointsPct: financing.pointsPct ?? 0,
    interestOnly: financing.interestOnly ?? false,
    rehabFinancedPct: financing.rehabFinancedPct ?? 0,
  };
}

/**
 * The rehab and ARV as given, else from the rehab items and the comps, and the itemized figures,
 * which every analysis answers after its own.
 */
function withPurchaseDefaults(inputs: PurchaseInputs & Pick<RentalInputs, "units">) {
  const itemized = itemizedMetrics(inputs);
  const totals = itemizedTotals(inputs, itemized);
  return {
    purchasePrice: inputs.purchasePrice,
    closingCosts: inputs.closingCosts ?? 0,
    rehabCost: totals.rehabCost ?? 0,
    afterRepairValue: totals.afterRepairValue ?? inputs.purchasePrice,
    financing: withFinancingDefaults(inputs.financing),
    itemized,
  };
}
export type PurchaseTerms = ReturnType<typeof withPurchaseDefaults>;

function withRentalDefaults(inputs: RentalInputs) {
  const terms = withPurchaseDefaults(inputs);
  return Object.assign(terms, {
    // The schema asks for the rent or the units; 0 only for inputs it never saw.
    grossMonthlyRent: itemizedTotals(inputs, terms.itemized).grossMonthlyRent ?? 0,
    otherMonthlyIncome: inputs.otherMonthlyIncome ?? 0,
    vacancyPct: inputs.vacancyPct ?? 0,
    propertyTaxesAnnual: inputs.propertyTaxesAnnual ?? 0,
    insuranceAnnual: inputs.insuranceAnnual ?? 0,
    hoaMonthly: inputs.hoaMonthly ?? 0,
    utilitiesMonthly: inputs.utilitiesMonthly ?? 0,
    otherExpensesMonthly: inputs.otherExpensesMonthly ?? 0,
    managementPct: inputs.managementPct ?? 0,
    maintenancePct: inputs.maintenancePct ?? 0,
    capexPct: inputs.capexPct ?? 0,
    holdYears: inputs.holdYears ?? DEFAULT_HOLD_YEARS,
    appreciationPct: inputs.appreciationPct ?? 0,
    rentGrowthPct: inputs.rentGrowthPct ?? 0,
    expenseGrowthPct: inputs.expenseGrowthPct ?? 0,
    sellingCostsPct: inputs.sellingCostsPct ?? 0,
  });
}
export type RentalTerms = ReturnType<typeof withRentalDefaults>;

function withFlipDefaults(inputs: FlipInputs) {
  return Object.assign(withPurchaseDefaults(inputs), {
    holdingMonths: inputs.holdingMonths,
    holdingCostsMonthly: inputs.holdingCostsMonthly ?? 0,
    sellingCostsPct: inputs.sellingCostsPct ?? 0,
  });
}
export type FlipTerms = ReturnType<typeof withFlipDefaults>;

function withBrrrrDefaults(inputs: BrrrrInputs) {
  const { refinance } = inputs;
  return Object.assign(withRentalDefaults(inputs), {
    holdingMonths: inputs.holdingMonths ?? 0,
    holdingCostsMonthly: inputs.holdingCostsMonthly ?? 0,
    refinance: {
      ltvPct: refinance.ltvPct,
      interestRatePct: refinance.interestRatePct,
      termYears: refinance.termYears,
      closingCosts: refinance.closingCosts ?? 0,
    },
  });
}
export type BrrrrTerms = ReturnType<typeof withBrrrrDefaults>;

function withWholesaleDefaults(inputs: WholesaleInputs) {
  const itemized = itemizedMetrics(inputs);
  const totals = itemizedTotals(inputs, itemized);
  return {
    // The schema asks for the ARV or the comps; 0 only for inputs it never saw.
    afterRepairValue: totals.afterRepairValue ?? 0,
    rehabCost: totals.rehabCost ?? 0,
    maoPct: inputs.maoPct ?? DEFAULT_MAO_PCT,
    assignmentFee: inputs.assignmentFee ?? 0,
    contractPrice: inputs.contractPrice ?? null,
    itemized,
  };
}
export type WholesaleTerms = ReturnType<typeof withWholesaleDefaults>;

export interface DealTerms {
  rental: RentalTerms;
  flip: FlipTerms;
  brrrr: BrrrrTerms;
  wholesale: WholesaleTerms;
}

const DEFAULTS: { [S in Strategy]: (inputs: DealInputs[S]) => DealTerms[S] } = {
  rental: withRentalDefaults,
  flip: withFlipDefaults,
  brrrr: withBrrrrDefaults,
  wholesale: withWholesaleDefaults,
};

/** The inputs with every default of the contract filled in: what the formulas read. */
export function withDefaults<S extends Strategy>(strategy: S, inputs: DealInputs[S]) {
  return DEFAULTS[strategy](inputs);
}

/** The purchase loan; null when paid in cash, or when the down payment leaves nothing to borrow. */
export function purchaseLoan(terms: PurchaseTerms): LoanTerms | null {
  const { financing } = terms;
  if (financing.type === "cash") return null;
  const principal = loanAmount(terms.purchasePrice, terms.rehabCost, financing);
  if (principal === 0) return null;
  return {
    principal,
    interestRatePct: financing.interestRatePct,
    termYears: financing.termYears,
    interestOnly: financing.interestOnly,
  };
}

const refinanceLoan = (terms: BrrrrTerms): LoanTerms => ({
  principal: (terms.afterRepairValue * terms.refinance.ltvPct) / 100,
  interestRatePct: terms.refinance.interestRatePct,
  termYears: terms.refinance.termYears,
  interestOnly: false,
});

/**
 * The loan whose payments the analysis counts, for the amortisation schedule: the purchase loan,
 * or a BRRRR's refinance loan; null for a cash purchase and for wholesale.
 */
export function dealLoan<S extends Strategy>(strategy: S, inputs: DealInputs[S]): LoanTerms | null {
  const terms: DealTerms[Strategy] = withDefaults(strategy, inputs);
  if (!("financing" in terms)) return null;
  return "refinance" in terms ? refinanceLoan(terms) : purchaseLoan(terms);
}

/** The four financing figures; `totalCashInvested` before a flip's holding costs. */
function purchaseMetrics(terms: PurchaseTerms) {
  const amount = loanAmount(terms.purchasePrice, terms.rehabCost, terms.financing);
  const points = pointsCost(amount, terms.financing);
  const loan = purchaseLoan(terms);
  return {
    loanAmount: amount,
    pointsCost: points,
    monthlyPayment: monthlyPayment(loan),
    totalCashInvested: terms.purchasePrice + terms.rehabCost - amount + terms.closingCosts + points,
  };
}

/** A year's income and operating expenses; year 1 is the metrics' own, later ones grown. */
function operatingYear(terms: RentalTerms, year: number) {
  const incomeGrowth = (1 + terms.rentGrowthPct / 100) ** (year - 1);
  const expenseGrowth = (1 + terms.expenseGrowthPct / 100) ** (year - 1);
  const grossScheduledIncome =
    12 * (terms.grossMonthlyRent + terms.otherMonthlyIncome) * incomeGrowth;
  const vacancyLoss = (grossScheduledIncome * terms.vacancyPct) / 100;
  const effectiveGrossIncome = grossScheduledIncome - vacancyLoss;
  const fixedExpenses =
    (terms.propertyTaxesAnnual +
      terms.insuranceAnnual +
      12 * (terms.hoaMonthly + terms.utilitiesMonthly + terms.otherExpensesMonthly)) *
    expenseGrowth;
  const operatingExpenses =
    fixedExpenses +
    (effectiveGrossIncome * terms.managementPct) / 100 +
    (grossScheduledIncome * (terms.maintenancePct + terms.capexPct)) / 100;
  return {
    grossScheduledIncome,
    vacancyLoss,
    effectiveGrossIncome,
    operatingExpenses,
    noi: effectiveGrossIncome - operatingExpenses,
  };
}

/** What the investor owns of the property at the end of a projected year: value less the loan. */
export const equityOf = (row: YearRow) => row.propertyValue - row.loanBalance;

/** What the property is worth at the end of a year of the hold. */
const propertyValue = (terms: RentalTerms, year: number) =>
  terms.afterRepairValue * (1 + terms.appreciationPct / 100) ** year;

function projectYears(
  terms: RentalTerms,
  loan: LoanTerms | null,
  annualDebtService: number,
): YearRow[] {
  return Array.from({ length: terms.holdYears }, (_, index) => {
    const year = index + 1;
    const { noi } = operatingYear(terms, year);
    return {
      year,
      noi,
      cashFlow: noi - annualDebtService,
      loanBalance: loanBalance(loan, 12 * year),
      propertyValue: propertyValue(terms, year),
    };
  });
}

const percentOf = (part: number, whole: number) => (part / whole) * 100;
/** A return on the cash invested, in percent; null when no cash is invested. */
const returnOn = (amount: number, cashInvested: number) =>
  cashInvested > 0 ? percentOf(amount, cashInvested) : null;

/**
 * A rental's own metrics and projection, for a loan and the cash the investor has in the deal
 * (C₀): the purchase's total cash invested, or what a BRRRR leaves in after the refinance.
 */
function rentalMetrics(terms: RentalTerms, loan: LoanTerms | null, cashInvested: number) {
  const income = operatingYear(terms, 1);
  const { grossScheduledIncome: gsi, operatingExpenses, noi } = income;
  const annualDebtService = 12 * monthlyPayment(loan);
  const cashFlowAnnual = noi - annualDebtService;

  const years = projectYears(terms, loan, annualDebtService);
  const saleYear = terms.holdYears;
  const saleProceeds =
    propertyValue(terms, saleYear) * (1 - terms.sellingCostsPct / 100) -
    loanBalance(loan, 12 * saleYear);
  const flows = years.map((row) =>
    row.year === saleYear ? row.cashFlow + saleProceeds : row.cashFlow,
  );
  const returned = flows.reduce((sum, flow) => sum + flow, 0);

  const metrics = {
    grossScheduledIncome: gsi,
    vacancyLoss: income.vacancyLoss,
    effectiveGrossIncome: income.effectiveGrossIncome,
    operatingExpenses,
    noi,
    annualDebtService,
    cashFlowAnnual,
    cashFlowMonthly: cashFlowAnnual / 12,
    capRate: percentOf(noi, terms.purchasePrice),
    cashOnCash: returnOn(cashFlowAnnual, cashInvested),
    dscr: annualDebtService === 0 ? null : noi / annualDebtService,
    grm: gsi === 0 ? null : terms.purchasePrice / gsi,
    rentToPricePct: percentOf(
      terms.grossMonthlyRent + terms.otherMonthlyIncome,
      terms.purchasePrice + terms.rehabCost,
    ),
    fiftyPercentCashFlowMonthly: ((FIFTY_PERCENT_RULE_PCT / 100) * gsi - annualDebtService) / 12,
    breakEvenOccupancyPct: gsi === 0 ? null : percentOf(operatingExpenses + annualDebtService, gsi),
    saleProceeds,
    irr: cashInvested > 0 ? internalRateOfReturn([-cashInvested, ...flows]) : null,
    equityMultiple: cashInvested > 0 ? returned / cashInvested : null,
  };
  return { metrics, years };
}

export function analyzeRental(inputs: RentalInputs): RentalAnalysis {
  const terms = withRentalDefaults(inputs);
  const purchase = purchaseMetrics(terms);
  const { metrics, years } = rentalMetrics(terms, purchaseLoan(terms), purchase.totalCashInvested);
  return { strategy: "rental", metrics: Object.assign(purchase, metrics, terms.itemized), years };
}

export function analyzeFlip(inputs: FlipInputs): FlipAnalysis {
  const terms = withFlipDefaults(inputs);
  const purchase = purchaseMetrics(terms);
  const loanPaymentsDuringHold = terms.holdingMonths * purchase.monthlyPayment;
  const holdingCosts = terms.holdingMonths * terms.holdingCostsMonthly;
  const totalCashInvested = purchase.totalCashInvested + holdingCosts + loanPaymentsDuringHold;
  const sellingCosts = (terms.afterRepairValue * terms.sellingCostsPct) / 100;
  const loanPayoff = loanBalance(purchaseLoan(terms), terms.holdingMonths);
  const profit = terms.afterRepairValue - sellingCosts - loanPayoff - totalCashInvested;
  const roi = returnOn(profit, totalCashInvested);
  return {
    strategy: "flip",
    metrics: Object.assign(
      purchase,
      {
        totalCashInvested,
        loanPaymentsDuringHold,
        holdingCosts,
        sellingCosts,
        loanPayoff,
        profit,
        roi,
        annualizedRoi:
          roi === null || roi <= -100
            ? null
            : ((1 + roi / 100) ** (12 / terms.holdingMonths) - 1) * 100,
        seventyPercentRuleMaxPrice:
          (SEVENTY_PERCENT_RULE_PCT / 100) * terms.afterRepairValue - terms.rehabCost,
      },
      terms.itemized,
    ),
  };
}

/**
 * A BRRRR: bought, held `holdingMonths` for the rehab (paying the purchase loan and the holding
 * costs, which the cash invested carries), then refinanced at the projection's time 0: the
 * purchase loan is paid off at its full amount from the new loan, whose payment every rental
 * metric then carries, and the cash left in the deal is C₀.
 */
export function analyzeBrrrr(inputs: BrrrrInputs): BrrrrAnalysis {
  const terms = withBrrrrDefaults(inputs);
  const purchase = purchaseMetrics(terms);
  const purchaseMonthlyPayment = purchase.monthlyPayment;
  const holdingCosts = terms.holdingMonths * (terms.holdingCostsMonthly + purchaseMonthlyPayment);
  const totalCashInvested = purchase.totalCashInvested + holdingCosts;
  const loan = refinanceLoan(terms);
  const cashOut = loan.principal - purchase.loanAmount - terms.refinance.closingCosts;
  const cashLeftInDeal = totalCashInvested - cashOut;
  const { metrics, years } = rentalMetrics(terms, loan, cashLeftInDeal);
  return {
    strategy: "brrrr",
    metrics: Object.assign(
      purchase,
      { monthlyPayment: monthlyPayment(loan) },
      metrics,
      {
        totalCashInvested,
        purchaseMonthlyPayment,
        holdingCosts,
        refinanceLoanAmount: loan.principal,
        cashOut,
        cashLeftInDeal,
      },
      terms.itemized,
    ),
    years,
  };
}

export function analyzeWholesale(inputs: WholesaleInputs): WholesaleAnalysis {
  const terms = withWholesaleDefaults(inputs);
  const buyerMaxPrice = (terms.afterRepairValue * terms.maoPct) / 100 - terms.rehabCost;
  return {
    strategy: "wholesale",
    metrics: Object.assign(
      {
        buyerMaxPrice,
        maxAllowableOffer: buyerMaxPrice - terms.assignmentFee,
        assignmentProfit: terms.contractPrice === null ? null : buyerMaxPrice - terms.contractPrice,
      },
      terms.itemized,
    ),
  };
}

const ANALYZERS: { [S in Strategy]: (inputs: DealInputs[S]) => DealAnalyses[S] } = {
  rental: analyzeRental,
  flip: analyzeFlip,
  brrrr: analyzeBrrrr,
  wholesale: analyzeWholesale,
};

/** `{ strategy, metrics, years? }` for a deal whose inputs the API has validated. */
export function analyzeDeal<S extends Strategy>(strategy: S, inputs: DealInputs[S]) {
  return ANALYZERS[strategy](inputs);
}

/** A metric by name: null when it is null, or absent (an itemized metric without its inputs). */
export function metricValue(metrics: object, name: string): number | null {
  const value: unknown = (metrics as Record<string, unknown>)[name];
  return typeof value === "number" ? value : null;
}
