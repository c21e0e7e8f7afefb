/**
 * The auction's rules beside the bid (app/domain/auctions): the deposit on the planned bid, the
 * 72-hour deadline, the countdown, the sale time in two zones across a DST change, times read from
 * a county list, the input rules, and the calendar events an auction stands for.
 */
import { describe, expect, it } from "vitest";
import {
  AuctionInputSchema,
  auctionDepositDue,
  countdown,
  dueWithin72Hours,
} from "~/domain/auctions/auction";
import { auctionEvents, type AuctionDates } from "~/domain/auctions/calendar";
import { mapColumns, readAuctions } from "~/domain/imports/file";
import { readCsvTable } from "~/domain/imports/table";
import { zoneOfState } from "~/domain/auctions/state-zones";
import { localTimeToIso, saleTimeInZones } from "~/domain/auctions/time-zones";

const HOUR = 3_600_000;
const NOW = Date.parse("2027-03-01T12:00:00Z");

describe("the deposit due", () => {
  it("is the amount, or the percent of the planned bid, and unknown without a planned bid", () => {
    expect(auctionDepositDue({ depositAmount: 5000, depositPct: null, plannedBid: null })).toBe(
      5000,
    );
    expect(auctionDepositDue({ depositAmount: null, depositPct: 10, plannedBid: 87500 })).toBe(
      8750,
    );
    expect(auctionDepositDue({ depositAmount: null, depositPct: 10, plannedBid: null })).toBeNull();
    expect(
      auctionDepositDue({ depositAmount: null, depositPct: null, plannedBid: 87500 }),
    ).toBeNull();
  });
});

describe("deadlines", () => {
  it("are highlighted from 72 hours before until they pass", () => {
    const at = (hours: number) => new Date(NOW + hours * HOUR).toISOString();
    expect(dueWithin72Hours(at(72), NOW)).toBe(true);
    expect(dueWithin72Hours(at(1), NOW)).toBe(true);
    expect(dueWithin72Hours(at(72.1), NOW)).toBe(false);
    expect(dueWithin72Hours(at(-1), NOW)).toBe(false);
    expect(dueWithin72Hours(null, NOW)).toBe(false);
  });

  it("count down in days and hours, then hours and minutes, then minutes", () => {
    const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
    expect(countdown(at(3 * 1440 + 4 * 60 + 59), NOW)).toBe("in 3 d 4 h");
    expect(countdown(at(5 * 60 + 20), NOW)).toBe("in 5 h 20 min");
    expect(countdown(at(12), NOW)).toBe("in 12 min");
    expect(countdown(at(-1), NOW)).toBe("past");
  });
});

describe("the sale time in two zones", () => {
  it("shows the sale's own clock only when it reads differently from the viewer's", () => {
    // 10:00 in Phoenix (MST all year). In January Denver is on MST too: one clock.
    const winter = saleTimeInZones("2027-01-14T17:00:00Z", "America/Phoenix", "America/Denver");
    expect(winter).toEqual({ viewer: "Thu, Jan 14, 2027, 10:00 AM MST", local: null });
    // In July Denver has moved to MDT: the viewer reads 11:00, the sale is at 10:00 there.
    const summer = saleTimeInZones("2027-07-15T17:00:00Z", "America/Phoenix", "America/Denver");
    expect(summer).toEqual({
      viewer: "Thu, Jul 15, 2027, 11:00 AM MDT",
      local: "Thu, Jul 15, 2027, 10:00 AM MST",
    });
  });

  it("across the night clocks change, a viewer abroad sees the sale's local hour kept", () => {
    // A sheriff sale at 10:00 in Pittsburgh on the Monday after the US springs forward
    // (2027-03-14), seen from London, which changes only on 2027-03-28: 14:00 GMT, not 15:00.
    const times = saleTimeInZones("2027-03-15T14:00:00Z", "America/New_York", "Europe/London");
    expect(times).toEqual({
      viewer: "Mon, Mar 15, 2027, 2:00 PM GMT",
      local: "Mon, Mar 15, 2027, 10:00 AM EDT",
    });
  });
});

describe("times read from a county list", () => {
  it("are read on the sale's clock, with the offset of that day", () => {
    expect(localTimeToIso("2027-03-12 10:00", "America/New_York")).toBe("2027-03-12T15:00:00.000Z");
    // After the change to daylight time: −4 h.
    expect(localTimeToIso("3/15/2027 10:00 AM", "America/New_York")).toBe(
      "2027-03-15T14:00:00.000Z",
    );
    // Chicago is on CDT (−5 h) until 2027-11-07, on CST (−6 h) after.
    expect(localTimeToIso("11/2/2027 1:30 PM", "America/Chicago")).toBe("2027-11-02T18:30:00.000Z");
    expect(localTimeToIso("11/9/2027 1:30 PM", "America/Chicago")).toBe("2027-11-09T19:30:00.000Z");
    expect(localTimeToIso("2027-03-15T10:00:00-04:00", "America/Chicago")).toBe(
      "2027-03-15T10:00:00-04:00",
    );
  });

  it("refuse a date without a time and a time that does not exist", () => {
    expect(localTimeToIso("3/15/2027", "America/New_York")).toBeNull();
    expect(localTimeToIso("2/30/2027 10:00 AM", "America/New_York")).toBeNull();
    expect(localTimeToIso("13:00 PM 1/1/2027", "America/New_York")).toBeNull();
  });

  it("a state gives its main zone, by code or by name", () => {
    expect(zoneOfState("PA")).toBe("America/New_York");
    expect(zoneOfState("arizona")).toBe("America/Phoenix");
    expect(zoneOfState("New Mexico")).toBe("America/Denver");
    expect(zoneOfState("Ontario")).toBeNull();
  });
});

describe("a county list", () => {
  it("maps its headers, reads its times on the sale's clock and its money, and names the bad row", () => {
    const table = readCsvTable(
      [
        "Sale Type,Sale Date,Property Address,County,State,Case No,Opening Bid,Deposit %,Auctioneer",
        'Sheriff Sale,3/15/2027 10:00 AM,12 Oak St,Allegheny,PA,MG-1,"$48,000",10%,J. Smith',
        "Trustee's sale,2027-03-20 13:00,5 Bay Rd,Maricopa,AZ,TS-77,$210000,,",
        "Garage sale,3/22/2027 9:00 AM,1 Elm St,Allegheny,PA,,,,",
      ].join("\n"),
    );
    const mapping = mapColumns(table, "auctions");
    expect(mapping.columns.find((c) => c.header === "Auctioneer")!.target).toBe("ignore");
    const { rows, problems } = readAuctions(table, mapping);
    expect(rows.map(({ auction }) => [auction.saleType, auction.saleAt, auction.timeZone])).toEqual(
      [
        ["sheriff", "2027-03-15T14:00:00.000Z", "America/New_York"],
        ["trustee", "2027-03-20T20:00:00.000Z", "America/Phoenix"],
      ],
    );
    expect(rows[0]!.auction).toMatchObject({
      openingBid: 48000,
      depositPct: 10,
      caseNumber: "MG-1",
    });
    expect(problems).toEqual([
      { row: 4, message: expect.stringMatching(/^Row 4, Sale Type: Choose the sale type/) },
    ]);
  });

  it("needs the sale's time zone or state", () => {
    const table = readCsvTable(
      "Sale type,Sale date,Address\nsheriff,3/15/2027 10:00 AM,1 Elm St\n",
    );
    const { problems } = readAuctions(table, mapColumns(table, "auctions"));
    expect(problems[0]!.message).toMatch(/time zone/);
  });
});

describe("the input rules", () => {
  const base = {
    saleType: "upset",
    saleAt: "2027-09-13T10:00:00-04:00",
    address: "8 Cedar Ct",
    state: "PA",
  };
  it("fill every field, the zone from the state, and keep the time with its offset", () => {
    const input = AuctionInputSchema.parse(base);
    expect(input).toMatchObject({
      timeZone: "America/New_York",
      status: "upcoming",
      postponedTo: null,
      bidInputs: null,
    });
  });

  it("take the max-bid inputs with their defaults", () => {
    const input = AuctionInputSchema.parse({ ...base, bidInputs: { estimatedValue: 100000 } });
    expect(input.bidInputs).toEqual({
      estimatedValue: 100000,
      rehabCost: 0,
      survivingLiens: 0,
      closingCosts: 0,
      holdingCosts: 0,
      sellingCostsPct: 0,
      targetProfitPct: 0,
      buyerPremiumPct: 0,
    });
  });
});

describe("the calendar events of an auction", () => {
  const auction: AuctionDates = {
    id: "a1",
    saleType: "sheriff",
    status: "upcoming",
    currentSaleAt: "2027-03-15T14:00:00.000Z",
    saleTimeKnown: true,
    postponedTo: null,
    timeZone: "America/New_York",
    depositDueAt: "2027-03-15T21:00:00.000Z",
    address: "12 Oak St",
    city: "Pittsburgh",
    state: "PA",
    zip: "15212",
    venue: "Courthouse, Room 1",
    onlineUrl: null,
    caseNumber: "MG-1",
    propertyId: "p1",
    projectId: null,
  };

  it("are the sale's day, all day, while a county list has not posted its hour", () => {
    // 2027-03-15 00:00 in New York (EDT, UTC−4): the day's start, its hour not known.
    const { sale } = auctionEvents({
      ...auction,
      currentSaleAt: "2027-03-15T04:00:00.000Z",
      saleTimeKnown: false,
    });
    expect(sale).toMatchObject({
      allDay: true,
      start: { date: "2027-03-15" },
      end: { date: "2027-03-16" },
    });
  });

  it("are the sale for an hour and the half hour ending at the deposit deadline", () => {
    const { sale, deposit } = auctionEvents(auction);
    expect(sale).toMatchObject({
      id: "auction-sale-a1",
      summary: "Sheriff sale: 12 Oak St",
      location: "Courthouse, Room 1, 12 Oak St, Pittsburgh, PA 15212",
      description: "Case MG-1.",
      start: { dateTime: "2027-03-15T14:00:00.000Z", timeZone: "America/New_York" },
      end: { dateTime: "2027-03-15T15:00:00.000Z" },
      auctionId: "a1",
      propertyId: "p1",
      readOnly: true,
    });
    expect(deposit).toMatchObject({
      id: "auction-deposit-a1",
      summary: "Deposit due: 12 Oak St",
      start: { dateTime: "2027-03-15T20:30:00.000Z" },
      end: { dateTime: "2027-03-15T21:00:00.000Z" },
    });
  });

  it("drop the sale once cancelled, and the deposit once lost or sold to another", () => {
    expect(auctionEvents({ ...auction, status: "cancelled" })).toEqual({
      sale: null,
      deposit: null,
    });
    const lost = auctionEvents({ ...auction, status: "lost" });
    expect(lost.sale).not.toBeNull();
    expect(lost.deposit).toBeNull();
    expect(auctionEvents({ ...auction, status: "won" }).deposit).not.toBeNull();
  });
});
