/**
 * Resources: the glossary covers every figure the analyzer shows and links back to it, its worked
 * examples agree with the app's own math, and every guide file exists with a table of contents.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { maxBid } from "~/domain/auctions/max-bid";
import { analyzeDeal } from "~/domain/deals/analyze";
import { internalRateOfReturn } from "~/domain/deals/finance";
import { explainDeal, metricDefinitions } from "~/domain/deals/formulas";
import { DEAL_STRATEGIES, type Strategy } from "~/domain/deals/types";
import {
  entryBySlug,
  entryForMetric,
  entryForRule,
  GLOSSARY,
  searchGlossary,
} from "~/domain/resources/glossary";
import {
  GUIDES,
  guideMatches,
  guidePath,
  slugify,
  tableOfContents,
} from "~/domain/resources/guides";

/** Every metric each strategy's analyzer shows, as the analyzer itself lists them. */
const SAMPLE = {
  rental: { purchasePrice: 185_000, grossMonthlyRent: 1235 },
  flip: { purchasePrice: 100_000, afterRepairValue: 180_000, rehabCost: 30_000, holdingMonths: 6 },
  brrrr: {
    purchasePrice: 100_000,
    afterRepairValue: 180_000,
    rehabCost: 30_000,
    grossMonthlyRent: 1500,
    refinance: { ltvPct: 75, interestRatePct: 7, termYears: 30 },
  },
  wholesale: { afterRepairValue: 150_000, rehabCost: 25_000 },
} as const;
const metricsOf = (strategy: Strategy) =>
  Object.keys(explainDeal(strategy, SAMPLE[strategy] as never));

describe("the glossary and the analyzer", () => {
  it("has an entry for every metric of every strategy, naming that strategy", () => {
    for (const strategy of DEAL_STRATEGIES) {
      for (const metric of metricsOf(strategy)) {
        const entry = entryForMetric(metric);
        expect(entry, `${strategy}.${metric}`).toBeDefined();
        expect(entry!.strategies, `${strategy}.${metric}`).toContain(strategy);
      }
    }
  });

  it("links only to metrics the analyzer has, each from one entry, with unique slugs", () => {
    const shown = new Set(DEAL_STRATEGIES.flatMap(metricsOf));
    const named = GLOSSARY.flatMap((entry) => entry.metrics);
    for (const metric of named) expect(shown, metric).toContain(metric);
    expect(new Set(named).size).toBe(named.length);
    const slugs = GLOSSARY.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const entry of GLOSSARY) {
      expect(entry.metrics.length > 0 || entry.alsoIn, entry.slug).toBeTruthy();
      for (const strategy of entry.strategies) {
        expect(
          entry.metrics.some((m) => metricsOf(strategy).includes(m)),
          entry.slug,
        ).toBe(true);
      }
    }
    expect(entryForRule("seventy").metrics).toContain("seventyPercentRuleMaxPrice");
    expect(entryForRule("one").metrics).toContain("rentToPricePct");
    expect(entryBySlug("max-bid")?.alsoIn).toBe("auction-max-bid");
  });

  it("writes every entry's formula from the analyzer's, for each strategy it names", () => {
    const definitions = metricDefinitions();
    for (const entry of GLOSSARY) {
      for (const metric of entry.metrics) {
        for (const strategy of entry.strategies) {
          const definition = definitions[strategy][metric];
          if (definition)
            expect(entry.formula, `${entry.slug}: ${strategy}.${metric}`).toContain(definition);
        }
      }
    }
    // The analyzer's formula with the numbers taken out, as the glossary shows it.
    const numbers = explainDeal("rental", {
      purchasePrice: 150_000,
      grossMonthlyRent: 1500,
      vacancyPct: 5,
      maintenancePct: 5,
      capexPct: 5,
      managementPct: 8,
    }).operatingExpenses.formula;
    expect(numbers).toContain("(maintenance 5.00 % + capex 5.00 %) × GSI $18,000");
    expect(entryBySlug("operating-expenses")!.formula).toBe(
      "Operating expenses = taxes + insurance + 12 × (HOA + utilities + other) + management × EGI + (maintenance + capex) × GSI",
    );
  });

  it("applies maintenance and capex to the gross income, as the analyzer does", () => {
    // $1,500 rent: GSI 18,000, EGI 17,100 at 5 % vacancy. Maintenance and capex 10 % × 18,000 =
    // 1,800 (not 10 % × 17,100 = 1,710); management 8 % × 17,100 = 1,368; with taxes 2,400 and
    // insurance 1,200: 6,768; NOI 17,100 − 6,768 = 10,332; less 7,200 of debt service 3,132.
    const { metrics } = analyzeDeal("rental", {
      purchasePrice: 150_000,
      grossMonthlyRent: 1500,
      vacancyPct: 5,
      maintenancePct: 5,
      capexPct: 5,
      managementPct: 8,
      propertyTaxesAnnual: 2400,
      insuranceAnnual: 1200,
    });
    expect(metrics.operatingExpenses).toBeCloseTo(6768, 8);
    expect(metrics.noi).toBeCloseTo(10_332, 8);
    expect(entryBySlug("operating-expenses")!.example).toContain("= $6,768");
    expect(entryBySlug("noi")!.example).toContain("$10,332");
    expect(entryBySlug("cash-flow")!.example).toContain("$3,132 a year");
    expect(entryBySlug("break-even-occupancy")!.example).toContain(
      `${(((6768 + 7200) / 18_000) * 100).toFixed(1)} %`,
    );
  });

  it("shows a BRRRR's rehab period as holding costs and the purchase loan's payment", () => {
    expect(entryForMetric("holdingCosts")!.strategies).toEqual(["flip", "brrrr"]);
    expect(entryForMetric("holdingCosts")!.formula).toContain(
      "Holding costs = months × (holding costs + purchase loan payment) (BRRRR)",
    );
    expect(entryForMetric("purchaseMonthlyPayment")!.slug).toBe("loan");
  });

  it("worked examples agree with the app's own math", () => {
    expect(explainDeal("rental", SAMPLE.rental).capRate.formula).toContain("= 8.01 %");
    expect(entryBySlug("cap-rate")!.example).toContain("8.01 %");
    const loan = explainDeal("rental", {
      purchasePrice: 250_000,
      grossMonthlyRent: 2000,
      financing: { type: "loan", downPaymentPct: 20, interestRatePct: 6.5, termYears: 30 },
    });
    expect(loan.monthlyPayment.value).toBe("$1,264.14");
    expect(entryBySlug("loan")!.example).toContain("$1,264.14");
    const irr = internalRateOfReturn([-50_000, 4000, 4000, 4000, 4000, 74_000])!;
    expect(irr * (Math.abs(irr) < 1 ? 100 : 1)).toBeCloseTo(14.05, 1);
    expect(entryBySlug("irr")!.example).toContain("14.0 %");
    const bid = maxBid({
      estimatedValue: 250_000,
      rehabCost: 40_000,
      closingCosts: 5000,
      holdingCosts: 3000,
      sellingCostsPct: 6,
      targetProfitPct: 20,
      buyerPremiumPct: 5,
    });
    expect(Math.round(bid.maxBid)).toBe(130_476);
    expect(entryBySlug("max-bid")!.example).toContain("$130,476");
    const wholesale = explainDeal("wholesale", SAMPLE.wholesale);
    expect(wholesale.buyerMaxPrice.value).toBe("$80,000");
    expect(entryBySlug("mao")!.example).toContain("= $80,000");
  });

  it("is searched by term, other names and text", () => {
    const dscr = searchGlossary("dscr").map((e) => e.slug);
    expect(dscr).toContain("dscr");
    expect(dscr).not.toContain("grm");
    expect(searchGlossary("Buy rehab").map((e) => e.slug)).toContain("brrrr");
    expect(searchGlossary("")).toHaveLength(GLOSSARY.length);
    expect(searchGlossary("zzz")).toEqual([]);
  });
});

describe("the guides", () => {
  const textOf = (slug: string) =>
    readFileSync(new URL(`../../public${guidePath(slug)}`, import.meta.url), "utf8");

  it("each exist with sections, whose anchors are unique", () => {
    for (const guide of GUIDES) {
      const toc = tableOfContents(textOf(guide.slug));
      expect(toc.length, guide.slug).toBeGreaterThanOrEqual(4);
      expect(new Set(toc.map((entry) => entry.id)).size).toBe(toc.length);
    }
    expect(slugify("1. Buy below value")).toBe("1-buy-below-value");
    expect(tableOfContents("## A\n```\n## not a heading\n```\n### B *c*")).toEqual([
      { depth: 2, text: "A", id: "a" },
      { depth: 3, text: "B c", id: "b-c" },
    ]);
  });

  it("are found by the words in them", () => {
    const found = GUIDES.filter((g) => guideMatches(g, textOf(g.slug), "honour STOP"));
    expect(found.map((g) => g.slug)).toEqual(["working-leads"]);
    const seasoning = GUIDES.filter((g) => guideMatches(g, textOf(g.slug), "seasoning"));
    expect(seasoning.map((g) => g.slug)).toEqual(["brrrr-step-by-step"]);
  });
});
