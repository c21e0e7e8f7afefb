/**
 * The deal analyzer's vocabulary: the four strategies, what an investor enters for each (as the
 * API takes it; analyze.ts fills the defaults) and the metrics each analysis answers. Money is
 * dollars; every `…Pct` input and percent metric is a percent number (7.5 means 7.5 %).
 */

export const DEAL_STRATEGIES = ["rental", "flip", "brrrr", "wholesale"] as const;
export type Strategy = (typeof DEAL_STRATEGIES)[number];

export interface CashFinancing {
  type: "cash";
}

export interface LoanFinancing {
  type: "loan";
  downPaymentPct: number;
  interestRatePct: number;
  termYears: number;
  /** Lender's points, a percent of the loan paid at closing (0). */
  pointsPct?: number;
  /** Interest only: the payment covers interest and the balance never falls (false). */
  interestOnly?: boolean;
  /** The share of the rehab the lender funds on top of the purchase loan (0). */
  rehabFinancedPct?: number;
}

export type Financing = CashFinancing | LoanFinancing;

/** One unit of a rent roll (rental, BRRRR). */
export interface Unit {
  name: string;
  beds?: number;
  baths?: number;
  monthlyRent: number;
  /** What the unit would let for today; its gap to `monthlyRent` is the loss to lease. */
  marketRent?: number;
}

/** One line of a rehab budget. */
export interface RehabItem {
  category: string;
  description?: string;
  /** (1) */
  quantity?: number;
  unitCost: number;
}

/** A comparable sale; `adjustments` (0) is what the subject is worth more (+) or less (−). */
export interface Comp {
  address?: string;
  salePrice: number;
  squareFeet: number;
  adjustments?: number;
}

/**
 * A line-item rehab (instead of `rehabCost`) and comps to the after-repair value (used when
 * `afterRepairValue` is left out): every strategy takes both.
 */
export interface ItemizedInputs {
  rehabItems?: RehabItem[];
  /** A percent of the items' sum added for the unforeseen (0). */
  rehabContingencyPct?: number;
  subjectSquareFeet?: number;
  comps?: Comp[];
}

/** Financing with its defaults filled in: what the math reads. */
export type FinancingTerms = CashFinancing | Required<LoanFinancing>;

/** What every strategy but wholesale starts from. Without `financing` the purchase is cash. */
export interface PurchaseInputs extends ItemizedInputs {
  purchasePrice: number;
  closingCosts?: number;
  rehabCost?: number;
  /** Defaults to the comps' ARV, else the purchase price. */
  afterRepairValue?: number;
  financing?: Financing;
}

export interface RentalInputs extends PurchaseInputs {
  /** Required unless `units` are given, which it then must not be: their rents' sum. */
  grossMonthlyRent?: number;
  units?: Unit[];
  otherMonthlyIncome?: number;
  vacancyPct?: number;
  propertyTaxesAnnual?: number;
  insuranceAnnual?: number;
  hoaMonthly?: number;
  utilitiesMonthly?: number;
  otherExpensesMonthly?: number;
  /** A percent of the effective gross income. */
  managementPct?: number;
  /** A percent of the gross scheduled income, as is `capexPct`. */
  maintenancePct?: number;
  capexPct?: number;
  /** The projection's length and the year of the sale (5). */
  holdYears?: number;
  appreciationPct?: number;
  rentGrowthPct?: number;
  expenseGrowthPct?: number;
  /** A percent of the sale price at the end of the hold. */
  sellingCostsPct?: number;
}

export interface FlipInputs extends PurchaseInputs {
  holdingMonths: number;
  /** Taxes, insurance and utilities while the flip is held; not the loan. */
  holdingCostsMonthly?: number;
  /** A percent of the after-repair value. */
  sellingCostsPct?: number;
}

/** The refinance of a BRRRR, always an amortizing loan on the after-repair value. */
export interface Refinance {
  ltvPct: number;
  interestRatePct: number;
  termYears: number;
  closingCosts?: number;
}

export interface BrrrrInputs extends RentalInputs {
  refinance: Refinance;
  /** The rehab period: months from the purchase to the refinance (0). */
  holdingMonths?: number;
  /** Taxes, insurance and utilities until the refinance; not the loan (0). */
  holdingCostsMonthly?: number;
}

export interface WholesaleInputs extends ItemizedInputs {
  /** Required unless `comps` are given. */
  afterRepairValue?: number;
  rehabCost?: number;
  /** The share of the after-repair value the end buyer pays at most, before rehab (70). */
  maoPct?: number;
  assignmentFee?: number;
  contractPrice?: number | null;
}

/** The four financing figures of every strategy that buys. */
export interface FinancingMetrics {
  loanAmount: number;
  pointsCost: number;
  monthlyPayment: number;
  totalCashInvested: number;
}

/** A rent roll's figures: present when `units` are given, absent otherwise. */
export interface UnitMetrics {
  unitCount: number;
  averageRentPerUnit: number;
  pricePerUnit: number;
  lossToLeaseMonthly: number;
}

/** A line-item rehab's figures: present when `rehabItems` are given, absent otherwise. */
export interface RehabMetrics {
  rehabSubtotal: number;
  rehabContingency: number;
  rehabCost: number;
}

/** The comps' figures: present when `comps` are given, absent otherwise. */
export interface CompsMetrics {
  compsPricePerSqFt: number;
  arvFromComps: number;
  arvLow: number;
  arvHigh: number;
}

/** The figures of the itemized inputs a deal gives, each group present only when given. */
export type ItemizedMetrics = Partial<UnitMetrics & RehabMetrics & CompsMetrics>;

export interface RentalMetrics extends FinancingMetrics, ItemizedMetrics {
  grossScheduledIncome: number;
  vacancyLoss: number;
  effectiveGrossIncome: number;
  operatingExpenses: number;
  noi: number;
  annualDebtService: number;
  cashFlowAnnual: number;
  cashFlowMonthly: number;
  capRate: number;
  cashOnCash: number | null;
  dscr: number | null;
  grm: number | null;
  rentToPricePct: number;
  fiftyPercentCashFlowMonthly: number;
  breakEvenOccupancyPct: number | null;
  saleProceeds: number;
  irr: number | null;
  equityMultiple: number | null;
}

export interface FlipMetrics extends FinancingMetrics, Partial<RehabMetrics & CompsMetrics> {
  loanPaymentsDuringHold: number;
  holdingCosts: number;
  sellingCosts: number;
  loanPayoff: number;
  profit: number;
  roi: number | null;
  annualizedRoi: number | null;
  seventyPercentRuleMaxPrice: number;
}

export interface BrrrrMetrics extends RentalMetrics {
  /** The purchase loan's payment, made until the refinance; `monthlyPayment` is the new loan's. */
  purchaseMonthlyPayment: number;
  /** The rehab period's cost: its months × (holding costs + the purchase loan's payment). */
  holdingCosts: number;
  refinanceLoanAmount: number;
  cashOut: number;
  cashLeftInDeal: number;
}

export interface WholesaleMetrics extends Partial<RehabMetrics & CompsMetrics> {
  buyerMaxPrice: number;
  maxAllowableOffer: number;
  assignmentProfit: number | null;
}

/** One year of a rental's projection; `loanBalance` and `propertyValue` are at the year's end. */
export interface YearRow {
  year: number;
  noi: number;
  cashFlow: number;
  loanBalance: number;
  propertyValue: number;
}

export interface RentalAnalysis {
  strategy: "rental";
  metrics: RentalMetrics;
  years: YearRow[];
}

export interface FlipAnalysis {
  strategy: "flip";
  metrics: FlipMetrics;
  years?: undefined;
}

export interface BrrrrAnalysis {
  strategy: "brrrr";
  metrics: BrrrrMetrics;
  years: YearRow[];
}

export interface WholesaleAnalysis {
  strategy: "wholesale";
  metrics: WholesaleMetrics;
  years?: undefined;
}

export type Analysis = RentalAnalysis | FlipAnalysis | BrrrrAnalysis | WholesaleAnalysis;

/** Each strategy's inputs, analysis and metrics, so one function can serve all four. */
export interface DealInputs {
  rental: RentalInputs;
  flip: FlipInputs;
  brrrr: BrrrrInputs;
  wholesale: WholesaleInputs;
}

export interface DealAnalyses {
  rental: RentalAnalysis;
  flip: FlipAnalysis;
  brrrr: BrrrrAnalysis;
  wholesale: WholesaleAnalysis;
}

export type DealMetrics<S extends Strategy = Strategy> = DealAnalyses[S]["metrics"];
