/**
 * The Auctions screens' own rules (app/features/auctions/auction-fields.ts, auction-checks.ts and
 * month.ts): times
 * typed as the clock reads where the sale is, across a DST change; the form read back as the API's
 * input; the calculator's first figures and where they came from; the month grid.
 */
import { describe, expect, it } from "vitest";
import { auctionInputOf, checkAuction, readBidForm } from "~/features/auctions/auction-checks";
import {
  auctionBodyOf,
  auctionFormValues,
  bidStart,
  instantOf,
  newAuctionValues,
  wallClock,
} from "~/features/auctions/auction-fields";
import { dayRange, monthGrid, monthOf, shiftMonth } from "~/features/auctions/month";
import { ALL_WRITTEN, auctionCount, syncOutcome } from "~/features/auctions/notices";
import { failureText, ServiceError } from "~/lib/api/workspace";
import { isoDay } from "~/domain/dates";
import type { Auction } from "~/lib/api/auctions";

/** A sheriff sale in Dayton, Ohio (New York's zone), set for Thursday, April 1, 2027 at 10:00. */
const auction: Auction = {
  id: "a1",
  saleType: "sheriff",
  saleAt: "2027-04-01T14:00:00.000Z",
  saleTimeKnown: true,
  timeZone: "America/New_York",
  currentSaleAt: "2027-04-01T14:00:00.000Z",
  address: "12 Oak St",
  city: "Dayton",
  county: "Montgomery",
  state: "OH",
  zip: "45402",
  caseNumber: "2026 CV 01234",
  apn: null,
  propertyId: "p1",
  projectId: null,
  dealId: null,
  attorneyContactId: null,
  auctioneerContactId: null,
  venue: "41 N Perry St",
  onlineUrl: null,
  openingBid: 80000,
  depositAmount: null,
  depositPct: 10,
  depositDueAt: "2027-03-31T21:00:00.000Z",
  balanceDueDays: 30,
  buyerPremiumPct: null,
  plannedBid: 120000,
  bidInputs: null,
  status: "upcoming",
  assigneeId: null,
  postponedTo: null,
  winningBid: null,
  notes: null,
  depositDue: 12000,
  createdAt: "2027-03-01T12:00:00.000Z",
  updatedAt: "2027-03-01T12:00:00.000Z",
};

describe("times read where the sale is", () => {
  it("a day and time in the sale's zone are an instant, on either side of a DST change", () => {
    // Chicago moves to daylight time on Sunday, March 14, 2027: 10:00 is 16:00 UTC before, 15:00 after.
    expect(instantOf("2027-03-12", "10:00", "America/Chicago")).toBe("2027-03-12T16:00:00.000Z");
    expect(instantOf("2027-03-15", "10:00", "America/Chicago")).toBe("2027-03-15T15:00:00.000Z");
    expect(wallClock("2027-03-15T15:00:00.000Z", "America/Chicago")).toEqual({
      day: "2027-03-15",
      time: "10:00",
    });
    // The same instant on a Phoenix clock (no daylight time): 08:00.
    expect(wallClock("2027-03-15T15:00:00.000Z", "America/Phoenix").time).toBe("08:00");
  });

  it("leaves what cannot be read for the schema to refuse, and no day as not given", () => {
    expect(instantOf("", "10:00", "America/Chicago")).toBe("");
    expect(instantOf("2027-03-15", "", "America/Chicago")).toBe("2027-03-15T");
    expect(instantOf("2027-03-15", "10:00", "Mars/Olympus")).toBe("2027-03-15T10:00");
  });
});

describe("the auction form", () => {
  it("shows a saved auction as its clock reads, and sends it back unchanged", () => {
    const values = auctionFormValues(auction);
    expect(values).toMatchObject({
      saleAt: "2027-04-01",
      saleTime: "10:00",
      depositDueAt: "2027-03-31",
      depositDueTime: "17:00",
      depositMode: "percent",
      depositPct: "10",
      openingBid: "80000",
    });
    const body = auctionBodyOf(values, null);
    expect(body).toMatchObject({
      saleAt: auction.saleAt,
      depositDueAt: auction.depositDueAt,
      postponedTo: "",
      depositPct: "10",
      depositAmount: "",
      bidInputs: null,
    });
    expect(body).not.toHaveProperty("saleTime");
    expect(body).not.toHaveProperty("depositMode");
  });

  it("sends the one deposit chosen, and the winning bid only for a sale won or sold", () => {
    const values = {
      ...auctionFormValues(auction),
      depositMode: "amount",
      depositAmount: "$10,000",
      winningBid: "95,000",
    };
    expect(auctionBodyOf(values, null)).toMatchObject({ depositAmount: "$10,000", depositPct: "" });
    expect(auctionBodyOf(values, null).winningBid).toBe("");
    expect(auctionBodyOf({ ...values, status: "won" }, null).winningBid).toBe("95,000");
  });

  it("starts a new auction from a property, in its state's zone", () => {
    const values = newAuctionValues(
      { id: "p1", address: "9 Elm St", city: "Austin", state: "TX", zip: "78701" },
      "America/New_York",
      "d1",
    );
    expect(values).toMatchObject({
      address: "9 Elm St",
      city: "Austin",
      state: "TX",
      zip: "78701",
      propertyId: "p1",
      dealId: "d1",
      timeZone: "America/Chicago",
      status: "upcoming",
    });
    expect(newAuctionValues(null, "America/Denver").timeZone).toBe("America/Denver");
  });

  it("checks the rules across fields as the API does: a postponement comes after the sale", () => {
    const early = checkAuction({
      ...auctionInputOf(auction),
      status: "postponed",
      postponedTo: "2027-03-30T14:00:00.000Z",
    });
    expect(early.ok).toBe(false);
    expect(!early.ok && early.problems.map((p) => p.field)).toEqual(["postponedTo"]);
    expect(
      checkAuction({
        ...auctionInputOf(auction),
        status: "postponed",
        postponedTo: "2027-05-06T14:00:00.000Z",
      }).ok,
    ).toBe(true);
  });

  it("writes back only the fields a client sends", () => {
    const input = auctionInputOf(auction);
    expect(input).toMatchObject({ saleType: "sheriff", depositPct: 10, plannedBid: 120000 });
    for (const key of ["id", "currentSaleAt", "depositDue", "createdAt", "updatedAt"])
      expect(input).not.toHaveProperty(key);
  });
});

describe("the max-bid calculator", () => {
  const flip = {
    name: "Oak St flip",
    strategy: "flip",
    inputs: {
      purchasePrice: 150000,
      rehabCost: 40000,
      closingCosts: 5000,
      holdingMonths: 6,
      holdingCostsMonthly: 500,
      sellingCostsPct: 6,
    },
  };

  it("starts from the inputs saved with the auction before anything else", () => {
    const saved = {
      estimatedValue: 250000,
      rehabCost: 1,
      survivingLiens: 0,
      closingCosts: 0,
      holdingCosts: 0,
      sellingCostsPct: 0,
      targetProfitPct: 20,
      buyerPremiumPct: 0,
    };
    const start = bidStart({
      saved,
      property: { arv: 1, estimatedValue: null },
      deal: flip,
      buyerPremiumPct: 5,
    });
    expect(start.values).toMatchObject({ estimatedValue: "250000", rehabCost: "1" });
    expect(start.from).toEqual(["the inputs saved with this auction"]);
  });

  it("else from the analysis, the property's ARV and the auction's premium, saying so", () => {
    const start = bidStart({
      saved: null,
      property: { arv: 265000, estimatedValue: 240000 },
      deal: flip,
      buyerPremiumPct: 5,
    });
    expect(start.values).toEqual({
      estimatedValue: "265000",
      rehabCost: "40000",
      survivingLiens: "",
      closingCosts: "5000",
      // 6 months × $500.
      holdingCosts: "3000",
      sellingCostsPct: "6",
      targetProfitPct: "",
      buyerPremiumPct: "5",
    });
    expect(start.from).toEqual([
      "the analysis “Oak St flip”",
      "the property's ARV",
      "the auction's buyer's premium",
    ]);
    // A rental's selling costs are of a sale years later: not the auction's.
    const rental = bidStart({
      saved: null,
      property: { arv: null, estimatedValue: 240000 },
      deal: {
        ...flip,
        strategy: "rental",
        inputs: { afterRepairValue: 250000, sellingCostsPct: 6 },
      },
      buyerPremiumPct: null,
    });
    expect(rental.values.estimatedValue).toBe("250000");
    expect(rental.values.sellingCostsPct).toBe("");
    expect(
      bidStart({
        saved: null,
        property: { arv: null, estimatedValue: 240000 },
        deal: null,
        buyerPremiumPct: null,
      }).from,
    ).toEqual(["the property's estimated value"]);
  });

  it("fills what is still empty from the user's own selling costs and profit", () => {
    const defaults = { sellingCostsPct: 8, targetProfitPct: 15 };
    const fresh = bidStart({
      saved: null,
      property: { arv: 265000, estimatedValue: null },
      deal: null,
      buyerPremiumPct: null,
      defaults,
    });
    expect(fresh.values).toMatchObject({ sellingCostsPct: "8", targetProfitPct: "15" });
    expect(fresh.from).toEqual(["the property's ARV", "your defaults"]);
    // The flip's own 6 % selling costs come first; the profit is the user's.
    const fromFlip = bidStart({
      saved: null,
      property: null,
      deal: flip,
      buyerPremiumPct: null,
      defaults,
    });
    expect(fromFlip.values).toMatchObject({ sellingCostsPct: "6", targetProfitPct: "15" });
    // Inputs saved with the auction are never overridden.
    const kept = bidStart({
      saved: { estimatedValue: 1, targetProfitPct: 0, sellingCostsPct: 0 },
      property: null,
      deal: null,
      buyerPremiumPct: null,
      defaults,
    });
    expect(kept.values).toMatchObject({ sellingCostsPct: "0", targetProfitPct: "0" });
  });

  it("reads figures as people type them, and names the field that is wrong", () => {
    const blank = bidStart({ saved: null, property: null, deal: null, buyerPremiumPct: null });
    const read = readBidForm({
      ...blank.values,
      estimatedValue: "$250,000",
      targetProfitPct: "20%",
    });
    expect(read).toEqual({
      ok: true,
      inputs: {
        estimatedValue: 250000,
        rehabCost: 0,
        survivingLiens: 0,
        closingCosts: 0,
        holdingCosts: 0,
        sellingCostsPct: 0,
        targetProfitPct: 20,
        buyerPremiumPct: 0,
      },
    });
    const missing = readBidForm(blank.values);
    expect(!missing.ok && missing.errors).toEqual({
      estimatedValue: "Give the after-repair value (ARV)",
    });
    const wrong = readBidForm({ ...blank.values, estimatedValue: "250000", rehabCost: "lots" });
    expect(!wrong.ok && Object.keys(wrong.errors)).toEqual(["rehabCost"]);
  });
});

describe("the month calendar", () => {
  it("shows whole weeks from Sunday, with the days of the months either side", () => {
    // April 1, 2027 is a Thursday; April ends on a Friday.
    const april = monthGrid("2027-04");
    expect(april.title).toBe("April 2027");
    expect(april.days).toHaveLength(35);
    expect(april.days[0]).toBe("2027-03-28");
    expect(april.days.at(-1)).toBe("2027-05-01");
    expect(isoDay(april.start)).toBe("2027-03-28");
    expect(isoDay(april.end)).toBe("2027-05-02");
    // February 2026 starts on a Sunday and has 28 days: four weeks exactly.
    expect(monthGrid("2026-02").days).toHaveLength(28);
  });

  it("reads the month from the query string, and moves across years", () => {
    const today = new Date(2027, 2, 17);
    expect(monthOf("2027-11", today)).toBe("2027-11");
    expect(monthOf("2027-13", today)).toBe("2027-03");
    expect(monthOf(null, today)).toBe("2027-03");
    expect(shiftMonth("2027-12", 1)).toBe("2028-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
  });

  it("filters sales by whole local days, the last one included", () => {
    const range = dayRange("2027-04-01", "2027-04-02");
    expect(new Date(range.from!)).toEqual(new Date(2027, 3, 1));
    expect(new Date(range.to!)).toEqual(new Date(2027, 3, 3));
    expect(dayRange("", "")).toEqual({ from: undefined, to: undefined });
  });
});

describe("what the screens say", () => {
  it("counts auctions in words", () => {
    expect(auctionCount(1)).toBe("1 auction");
    expect(auctionCount(0)).toBe("0 auctions");
    expect(auctionCount(12)).toBe("12 auctions");
  });

  it("says what a Google Calendar sync left, and why", () => {
    expect(syncOutcome({ synced: 10, failed: 0, pending: 0 })).toBe(ALL_WRITTEN);
    expect(syncOutcome({ synced: 3, failed: 1, pending: 2, message: "Rate limit exceeded" })).toBe(
      "2 auctions not written to Google Calendar yet: Rate limit exceeded.",
    );
  });

  it("names a failed call with what the server said", () => {
    const error = new ServiceError("Failed to import auctions", {
      message: "Every row is invalid",
      statusCode: 400,
    });
    expect(failureText(error)).toBe("Failed to import auctions: Every row is invalid");
  });
});
