/**
 * The auction bid limit (app/domain/auctions/max-bid.ts), against figures worked by hand from the
 * issue's formula: maxBid = (ARV·(1 − selling% − profit%) − rehab − liens − closing − holding)
 * / (1 + premium%), never below 0.
 */
import { describe, expect, it } from "vitest";
import { depositDue, maxBid, maxBidFormula, maxBidHeading } from "~/domain/auctions/max-bid";

describe("what the figure is called", () => {
  it("is the break-even price, not a maximum bid, without a profit", () => {
    // 250,000 × (1 − 0.06) − 40,000 = 195,000: the price at which the flip makes $0.
    const breakEven = maxBid({ estimatedValue: 250000, rehabCost: 40000, sellingCostsPct: 6 });
    expect(breakEven.maxBid).toBe(195000);
    expect(maxBidHeading(breakEven)).toBe("Break-even: no profit");
    expect(maxBidHeading(maxBid({ estimatedValue: 250000, targetProfitPct: 20 }))).toBe("Max bid");
  });
});

describe("the maximum bid", () => {
  it("a flip bought at a sheriff sale, with a 5 % buyer's premium", () => {
    // 250,000 × (1 − 0.06 − 0.20) = 185,000; − 40,000 − 0 − 5,000 − 3,000 = 137,000;
    // ÷ 1.05 = 130,476.19; the premium on it, 6,523.81, brings the outlay back to 137,000.
    const bid = maxBid({
      estimatedValue: 250000,
      rehabCost: 40000,
      closingCosts: 5000,
      holdingCosts: 3000,
      sellingCostsPct: 6,
      targetProfitPct: 20,
      buyerPremiumPct: 5,
    });
    expect(bid.sellingCosts).toBe(15000);
    expect(bid.targetProfit).toBe(50000);
    expect(bid.available).toBe(137000);
    expect(bid.maxBid).toBeCloseTo(130476.190476, 5);
    expect(bid.maxBid + bid.buyerPremium).toBeCloseTo(137000, 9);
    expect(maxBidFormula(bid)).toBe(
      "Max bid = (ARV $250,000 × (1 − selling 6 % − profit 20 %) − rehab $40,000 − liens $0 − closing $5,000 − holding $3,000) ÷ (1 + premium 5 %) = $130,476",
    );
  });

  it("an upset sale bought subject to a surviving mortgage: the lien comes off the bid", () => {
    // 180,000 × (1 − 0.08 − 0.15) = 138,600; − 25,000 rehab − 60,000 lien − 4,000 = 49,600.
    const bid = maxBid({
      estimatedValue: 180000,
      rehabCost: 25000,
      survivingLiens: 60000,
      closingCosts: 4000,
      sellingCostsPct: 8,
      targetProfitPct: 15,
    });
    expect(bid.maxBid).toBeCloseTo(49600, 9);
    expect(bid.buyerPremium).toBe(0);
  });

  it("only the ARV given: every other input is 0, the bid is the ARV", () => {
    expect(maxBid({ estimatedValue: 90000 })).toMatchObject({
      maxBid: 90000,
      rehabCost: 0,
      survivingLiens: 0,
      buyerPremiumPct: 0,
    });
  });

  it("never bids below zero, and says why", () => {
    // 100,000 × 0.9 = 90,000 − 95,000 rehab = −5,000: no bid.
    const bid = maxBid({ estimatedValue: 100000, rehabCost: 95000, targetProfitPct: 10 });
    expect(bid.available).toBe(-5000);
    expect(bid.maxBid).toBe(0);
    expect(bid.buyerPremium).toBe(0);
    expect(maxBidFormula(bid)).toMatch(/= \$0, below zero: no bid$/);
  });
});

describe("the deposit due", () => {
  it("a percent of the planned bid, or the fixed amount", () => {
    expect(depositDue({ depositPct: 10 }, 130476.19)).toBeCloseTo(13047.619, 6);
    expect(depositDue({ depositAmount: 5000 }, 130476.19)).toBe(5000);
    expect(depositDue({}, 100000)).toBeNull();
  });
});
