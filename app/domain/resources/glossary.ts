/**
 * The glossary: every figure the app computes, in our own words, with the formula as the app works
 * it out and the analyzer metrics that use it. Each analyzer metric names its entry
 * (`entryForMetric`), so the two link both ways; a unit test checks that every metric has one. An
 * entry's formula is written from the analyzer's own (formulas.ts), so the two cannot differ.
 * Pure: no I/O.
 */
import { metricDefinitions } from "../deals/formulas";
import { onFirstUse } from "../format";
import type { Strategy } from "../deals/types";
import { modulePath } from "../modules";
import { label as strategyLabel } from "../workspace";

export interface GlossaryEntry {
  slug: string;
  term: string;
  /** Other names people search by. */
  aka?: string[];
  definition: string;
  /** The formula as the app computes it: its metrics' formulas in the analyzer, in words. */
  formula: string;
  /** A worked example with round numbers. */
  example: string;
  /** The analyzer metrics (by their key) that show this figure, and the strategies that have them. */
  metrics: readonly string[];
  strategies: readonly Strategy[];
  /** Where else in AI42 it is worked out. */
  alsoIn?: "auction-max-bid";
}

/** An entry as written here: a figure the analyzer has takes its formula from the analyzer. */
type EntrySource = Omit<GlossaryEntry, "formula"> & {
  /** Only for a figure the analyzer does not have. */
  formula?: string;
  /** When the rule passes, said after the formula. */
  passes?: string;
};

const RENTAL: Strategy[] = ["rental", "brrrr"];
const ALL: Strategy[] = ["rental", "flip", "brrrr"];

const SOURCES: readonly EntrySource[] = [
  {
    slug: "gross-income",
    term: "Gross and effective gross income",
    aka: ["GSI", "EGI", "vacancy"],
    definition:
      "What the property would bring in a year if every unit were let all year (gross scheduled income), less the rent you expect to lose to empty months and bad debt (vacancy loss). What is left is the effective gross income: the money that actually arrives.",
    example: "$1,500 rent × 12 = $18,000; at 5 % vacancy, $900 lost; effective gross $17,100.",
    metrics: ["grossScheduledIncome", "vacancyLoss", "effectiveGrossIncome"],
    strategies: RENTAL,
  },
  {
    slug: "operating-expenses",
    term: "Operating expenses",
    aka: ["opex"],
    definition:
      "Everything it costs to run the property for a year, before any loan: taxes, insurance, repairs, capital reserves, management, utilities you pay, HOA. Maintenance and capex are set aside from the gross scheduled income, management is paid on the rent collected. Loan payments are not operating expenses.",
    example:
      "$2,400 taxes + $1,200 insurance + 10 % of the $18,000 gross for maintenance and capex ($1,800) + 8 % of the $17,100 collected for management ($1,368) = $6,768.",
    metrics: ["operatingExpenses"],
    strategies: RENTAL,
  },
  {
    slug: "noi",
    term: "Net operating income (NOI)",
    aka: ["NOI"],
    definition:
      "What the property earns in a year after running costs and before the loan. It belongs to the building, not to how you paid for it, which is why cap rate and DSCR start from it.",
    example: "$17,100 − $6,768 = $10,332 a year.",
    metrics: ["noi"],
    strategies: RENTAL,
  },
  {
    slug: "cap-rate",
    term: "Capitalization rate (cap rate)",
    aka: ["cap"],
    definition:
      "NOI as a share of the price: the yield you would earn buying the property for cash. Use it to compare buildings with each other and with the market's going rate; a higher cap rate means more income per dollar and usually more risk.",
    example: "NOI $14,820 on a $185,000 price: 14,820 ÷ 185,000 = 8.01 %.",
    metrics: ["capRate"],
    strategies: RENTAL,
  },
  {
    slug: "loan",
    term: "Loan, points and debt service",
    aka: ["mortgage", "P&I", "monthly payment", "debt service"],
    definition:
      "The loan is the price less your down payment; points are the lender's fee, a percent of the loan paid up front. The monthly payment repays it over its term at its rate (or pays only interest); twelve of them are the annual debt service.",
    example: "$200,000 at 6.5 % over 30 years: $1,264.14 a month, $15,169.68 a year.",
    metrics: [
      "loanAmount",
      "pointsCost",
      "monthlyPayment",
      "annualDebtService",
      "purchaseMonthlyPayment",
    ],
    strategies: ALL,
  },
  {
    slug: "cash-flow",
    term: "Cash flow",
    definition:
      "What is left for you after running costs and the loan: the money in your pocket each month or year. Negative cash flow means you feed the property.",
    example: "NOI $10,332 − debt service $7,200 = $3,132 a year, $261 a month.",
    metrics: ["cashFlowAnnual", "cashFlowMonthly"],
    strategies: RENTAL,
  },
  {
    slug: "cash-invested",
    term: "Total cash invested",
    aka: ["cash to close", "out of pocket"],
    definition:
      "Every dollar you put in to buy and fix the property: the down payment, closing costs, points and the rehab you pay for, and for a flip or a BRRRR what the months until the sale or the refinance cost. Returns such as cash-on-cash and ROI are measured against it.",
    example:
      "$200,000 price + $10,000 rehab − $160,000 loan + $4,000 closing + $1,600 points = $55,600.",
    metrics: ["totalCashInvested"],
    strategies: ALL,
  },
  {
    slug: "cash-on-cash",
    term: "Cash-on-cash return (CoC)",
    aka: ["CoC"],
    definition:
      "The first year's cash flow as a share of the cash you put in: what your own money earns this year, loan included. Unlike cap rate it changes with how you finance.",
    example: "$3,132 ÷ $55,600 = 5.63 %.",
    metrics: ["cashOnCash"],
    strategies: RENTAL,
  },
  {
    slug: "dscr",
    term: "Debt service coverage ratio (DSCR)",
    aka: ["DSCR"],
    definition:
      "How many times the NOI covers the loan payments. Lenders look for about 1.2 or more; below 1.0 the rent does not pay the loan.",
    example: "$10,332 ÷ $7,200 ≈ 1.43.",
    metrics: ["dscr"],
    strategies: RENTAL,
  },
  {
    slug: "grm",
    term: "Gross rent multiplier (GRM)",
    aka: ["GRM"],
    definition:
      "The price as a number of years of gross rent: a quick screen that ignores expenses. Lower is cheaper for the rent.",
    example: "$150,000 ÷ $18,000 = 8.33.",
    metrics: ["grm"],
    strategies: RENTAL,
  },
  {
    slug: "one-percent-rule",
    term: "1 % rule",
    aka: ["rent to price", "one percent rule"],
    definition:
      "A first screen for rentals: a month's rent should be at least 1 % of what you pay for the property and its repairs. It passes or fails before you look at expenses.",
    example: "$1,500 ÷ ($120,000 + $20,000) = 1.07 %: passes.",
    passes: "passes at 1 % or more",
    metrics: ["rentToPricePct"],
    strategies: RENTAL,
  },
  {
    slug: "fifty-percent-rule",
    term: "50 % rule",
    aka: ["fifty percent rule"],
    definition:
      "A rule of thumb that operating expenses eat about half the gross rent. The cash flow it gives is a sanity check on your own expense figures.",
    example: "(50 % × $18,000 − $7,200) ÷ 12 = $150 a month.",
    metrics: ["fiftyPercentCashFlowMonthly"],
    strategies: RENTAL,
  },
  {
    slug: "break-even-occupancy",
    term: "Break-even occupancy",
    definition:
      "The share of the year the property must be let to pay its running costs and the loan. Above about 85 % leaves little room for a bad year.",
    example: "($6,768 + $7,200) ÷ $18,000 = 77.6 %.",
    metrics: ["breakEvenOccupancyPct"],
    strategies: RENTAL,
  },
  {
    slug: "sale-proceeds",
    term: "Sale, selling costs and loan payoff",
    aka: ["exit"],
    definition:
      "What a sale leaves you: the price less agent commissions and closing costs (selling costs) and less what is still owed on the loan (payoff).",
    example: "$250,000 − 8 % ($20,000) − $150,000 owed = $80,000.",
    metrics: ["saleProceeds", "sellingCosts", "loanPayoff"],
    strategies: ALL,
  },
  {
    slug: "irr",
    term: "Internal rate of return (IRR)",
    aka: ["IRR"],
    definition:
      "The yearly return that makes everything you put in and everything you get out over the hold (each year's cash flow and the sale at the end) worth the same today. It rewards money back sooner and lets holds of different lengths be compared.",
    example: "$50,000 in, $4,000 a year for 5 years, $70,000 back at the end: about 14.0 %.",
    metrics: ["irr"],
    strategies: RENTAL,
  },
  {
    slug: "equity-multiple",
    term: "Equity multiple",
    definition:
      "Everything you got back over the hold, cash flow and sale, divided by what you put in. 2.0× means you doubled your money, however long it took.",
    example: "($20,000 + $70,000) ÷ $50,000 = 1.80×.",
    metrics: ["equityMultiple"],
    strategies: RENTAL,
  },
  {
    slug: "holding-costs",
    term: "Holding costs",
    definition:
      "What the property costs while it earns nothing: taxes, insurance, utilities and the loan payments during the months of a flip, or of a BRRRR's rehab until the refinance. They are cash you need, so they count in the cash invested.",
    example:
      "$600 a month for 6 months = $3,600, plus 6 loan payments; six months of rehab on $170,000 of hard money at 11 % interest only add 6 × $1,558.33 = $9,350.",
    metrics: ["holdingCosts", "loanPaymentsDuringHold"],
    strategies: ["flip", "brrrr"],
  },
  {
    slug: "roi",
    term: "Profit and return on investment (ROI)",
    aka: ["ROI", "annualized ROI"],
    definition:
      "A flip's profit is the sale less everything it cost; ROI is that profit as a share of the cash you put in. Annualized ROI stretches or squeezes it to a year so a 4-month and a 12-month flip compare.",
    example: "$30,000 profit on $60,000 in over 6 months: ROI 50 %, annualized 125 %.",
    metrics: ["profit", "roi", "annualizedRoi"],
    strategies: ["flip"],
  },
  {
    slug: "seventy-percent-rule",
    term: "70 % rule",
    aka: ["seventy percent rule"],
    definition:
      "A flipper's ceiling: pay no more than 70 % of the after-repair value (ARV) less the rehab. The 30 % left covers costs and profit.",
    example: "ARV $250,000 × 70 % − $25,000 rehab = $150,000.",
    passes: "a flip passes when the price is at most that",
    metrics: ["seventyPercentRuleMaxPrice"],
    strategies: ["flip"],
  },
  {
    slug: "brrrr",
    term: "BRRRR: refinance, cash out, cash left in",
    aka: ["BRRRR", "buy rehab rent refinance repeat", "cash-out refinance"],
    definition:
      "Buy, Rehab, Rent, Refinance, Repeat: buy below value, fix it, let it, then refinance at the new value to pull your cash back out for the next deal. What matters is how much of your money stays in.",
    example:
      "ARV $150,000 × 80 % = $120,000; $64,000 owed: $56,000 out; $46,000 in: −$10,000 left, all money back.",
    metrics: ["refinanceLoanAmount", "cashOut", "cashLeftInDeal"],
    strategies: ["brrrr"],
  },
  {
    slug: "mao",
    term: "Maximum allowable offer (MAO)",
    aka: ["MAO", "buyer's max price"],
    definition:
      "A wholesaler's highest offer: what an end buyer (a flipper using the 70 % rule) will pay, less the fee you want to keep.",
    example: "$150,000 × 70 % − $25,000 = $80,000; less a $10,000 fee: MAO $70,000.",
    metrics: ["buyerMaxPrice", "maxAllowableOffer"],
    strategies: ["wholesale"],
  },
  {
    slug: "assignment-fee",
    term: "Assignment fee and profit",
    aka: ["wholesale fee"],
    definition:
      "What a wholesaler earns by selling the contract (not the property) to a buyer: the buyer's price less your contract price.",
    example: "Contract at $70,000, assigned for $80,000: $10,000.",
    metrics: ["assignmentProfit"],
    strategies: ["wholesale"],
  },
  {
    slug: "max-bid",
    term: "Maximum bid at auction",
    aka: ["max bid", "auction bid"],
    definition:
      "The most to bid at a foreclosure or tax sale so that, after repairs, liens that survive the sale, costs and the auctioneer's premium, your target profit is still there.",
    formula:
      "Max bid = (ARV × (1 − selling % − profit %) − rehab − surviving liens − closing − holding) ÷ (1 + buyer's premium %), never below 0",
    example:
      "$250,000 × (1 − 6 % − 20 %) − $40,000 − $5,000 − $3,000 = $137,000; ÷ 1.05 = $130,476.",
    metrics: [],
    strategies: [],
    alsoIn: "auction-max-bid",
  },
];

/**
 * An entry's metrics' formulas from the analyzer, in words; a metric the strategies work out
 * differently gets each way, with the strategies it belongs to.
 */
function formulaOf(entry: EntrySource) {
  const definitions = metricDefinitions();
  const parts = entry.metrics.flatMap((metric) => {
    const ways = new Map<string, Strategy[]>();
    for (const strategy of entry.strategies) {
      const definition = definitions[strategy][metric];
      if (definition) ways.set(definition, [...(ways.get(definition) ?? []), strategy]);
    }
    if (ways.size < 2) return [...ways.keys()];
    return [...ways].map(
      ([definition, strategies]) => `${definition} (${strategies.map(strategyLabel).join(", ")})`,
    );
  });
  return [...parts, ...(entry.passes ? [entry.passes] : [])].join("; ");
}

/**
 * Each entry's formula is written on its first read: that works every strategy's analysis out in
 * words, about 25 ms of a phone's main thread, which the pages that only link to an entry (a
 * property's rules of thumb, the max-bid calculator) paid while their scripts were evaluated.
 */
export const GLOSSARY: readonly GlossaryEntry[] = SOURCES.map((source) => {
  const { passes: _passes, formula, ...entry } = source;
  const formulaOnce = onFirstUse(() => formula ?? formulaOf(source));
  return {
    ...entry,
    get formula() {
      return formulaOnce();
    },
  };
});

const byMetric = new Map(GLOSSARY.flatMap((entry) => entry.metrics.map((m) => [m, entry])));

/** The entry explaining an analyzer metric (by its key). */
export const entryForMetric = (metric: string) => byMetric.get(metric);

/** The entry for a rule of thumb the analyzer judges ("seventy", "one"). */
export const entryForRule = (rule: "seventy" | "one") =>
  GLOSSARY.find((e) => e.slug === (rule === "one" ? "one-percent-rule" : "seventy-percent-rule"))!;

export const entryBySlug = (slug: string) => GLOSSARY.find((entry) => entry.slug === slug);

/** The glossary open at an entry (its slug). */
export const glossaryPath = (slug: string) =>
  modulePath("resources", { tab: "glossary", term: slug });

/** Entries whose term, other names or text contain the words (all of them, any case). */
export function searchGlossary(query: string): readonly GlossaryEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return GLOSSARY;
  return GLOSSARY.filter((entry) => {
    const text = [entry.term, ...(entry.aka ?? []), entry.definition, entry.formula]
      .join(" ")
      .toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
