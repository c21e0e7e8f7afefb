/**
 * The dashboard inside workerd with real local D1: each section reads its module for the user's
 * today, and only the user's rows; a bad date is a 400.
 */
import { describe, expect, it } from "vitest";
import { account, type Caller } from "./helpers";

type Data<T> = { data: T };
type Row = Record<string, unknown> & { id: string };
interface Dashboard {
  routeStops: { name: string; stops: { label: string; arriveAt: string | null }[] }[];
  auctions: { items: Row[]; total: number };
  deposits: Row[];
  followUps: { items: Row[]; total: number };
  pipeline: { status: string; count: number; value: number }[];
  portfolio: {
    properties: { address: string; cashFlowMonthly: number; capRate: number | null }[];
    count: number;
    cashFlowMonthly: number;
    averageCapRate: number | null;
  };
  leads: { total: number; funnel: { steps: { stage: string; count: number }[] } };
  research: Row[];
  documents: { title: string }[];
}

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const dayOf = (iso: string) => iso.slice(0, 10);

async function seed(call: Caller) {
  const today = dayOf(new Date().toISOString());
  await call("/projects", {
    method: "POST",
    json: { name: "Elm flip", status: "under_contract", purchasePrice: 120000, budget: 30000 },
  });
  await call("/projects", {
    method: "POST",
    json: { name: "Oak rental", status: "under_contract", budget: 90000 },
  });
  await call("/projects", { method: "POST", json: { name: "Ash lot", status: "prospecting" } });
  const soon = await call<Data<Row>>("/auctions", {
    method: "POST",
    json: {
      saleType: "sheriff",
      saleAt: inDays(3),
      address: "5 Lake Rd",
      state: "OH",
      depositDueAt: inDays(2),
      depositAmount: 5000,
    },
  });
  expect(soon.status).toBe(201);
  await call("/auctions", {
    method: "POST",
    json: { saleType: "tax", saleAt: inDays(20), address: "9 Far Rd", state: "OH" },
  });
  await call("/marketing/leads", {
    method: "POST",
    json: { firstName: "Due", followUpOn: dayOf(inDays(-1)), status: "contacted" },
  });
  await call("/marketing/leads", {
    method: "POST",
    json: { firstName: "Later", followUpOn: dayOf(inDays(5)) },
  });
  const imported = await call<Data<{ ids: string[] }>>("/data/properties", {
    method: "POST",
    json: [
      { address: "1 Rent St", city: "Dayton", state: "OH" },
      { address: "2 Rent St", city: "Dayton", state: "OH" },
    ],
  });
  for (const [i, propertyId] of imported.body.data.ids.entries()) {
    const deal = await call("/deals", {
      method: "POST",
      json: {
        name: `Rental ${i + 1}`,
        strategy: "rental",
        inputs: { purchasePrice: 150000 + i * 50000, grossMonthlyRent: 1600 + i * 400 },
        propertyId,
        primary: true,
      },
    });
    expect(deal.status).toBe(201);
  }
  const route = await call("/routes", {
    method: "POST",
    json: {
      name: "Today's drive-bys",
      date: today,
      departAt: `${today}T09:00:00Z`,
      start: { label: "Home", lat: 39.76, lng: -84.19 },
      stops: [
        { id: "a", label: "1 Rent St", lat: 39.77, lng: -84.2 },
        { id: "b", label: "2 Rent St", lat: 39.78, lng: -84.21 },
      ],
    },
  });
  expect(route.status).toBe(201);
  await call("/data/entries", { method: "POST", json: { title: "Offer checklist" } });
  return today;
}

describe("the dashboard", () => {
  it("reads every module for the user's today, and only the user's rows", async () => {
    const { call } = await account();
    const other = await account();
    const today = await seed(call);
    await seed(other.call);
    const { status, body } = await call<Data<Dashboard>>(`/dashboard?date=${today}`);
    expect(status).toBe(200);
    const d = body.data;

    expect(d.routeStops).toHaveLength(1);
    expect(d.routeStops[0]!.name).toBe("Today's drive-bys");
    expect(d.routeStops[0]!.stops.map((s) => s.label).sort()).toEqual(["1 Rent St", "2 Rent St"]);
    expect(d.routeStops[0]!.stops.every((s) => s.arriveAt)).toBe(true);

    // The sale in 3 days is within 14; the one in 20 is not. Its deposit falls due in 2 days.
    expect(d.auctions.total).toBe(1);
    expect(d.auctions.items.map((a) => a.address)).toEqual(["5 Lake Rd"]);
    expect(d.deposits.map((a) => a.address)).toEqual(["5 Lake Rd"]);

    expect(d.followUps.total).toBe(1);
    expect(d.followUps.items.map((l) => l.firstName)).toEqual(["Due"]);
    expect(d.leads.total).toBe(2);
    expect(d.leads.funnel.steps.map((s) => s.count)).toEqual([2, 1, 0, 0, 0]);

    // Under contract: $120,000 (a price) + $90,000 (a budget, no price); prospecting: nothing.
    const stage = (s: string) => d.pipeline.find((p) => p.status === s);
    expect(stage("under_contract")).toEqual({ status: "under_contract", count: 2, value: 210000 });
    expect(stage("prospecting")).toEqual({ status: "prospecting", count: 1, value: 0 });

    // The portfolio's figures are the properties' own primary analyses, summed and averaged.
    const listed =
      await call<
        Data<{ address: string; primaryAnalysis: { cashFlowMonthly: number; capRate: number } }[]>
      >("/data/properties");
    const own = listed.body.data.map((p) => p.primaryAnalysis);
    expect(d.portfolio.properties).toHaveLength(2);
    expect(d.portfolio.count).toBe(2);
    expect(d.portfolio.cashFlowMonthly).toBeCloseTo(
      own[0]!.cashFlowMonthly + own[1]!.cashFlowMonthly,
      6,
    );
    expect(d.portfolio.averageCapRate).toBeCloseTo((own[0]!.capRate + own[1]!.capRate) / 2, 6);

    expect(d.documents.map((doc) => doc.title)).toEqual(["Offer checklist"]);
    expect(d.research).toEqual([]);
  });

  it("runs the days ahead from the investor's now when given", async () => {
    const { call } = await account();
    await call("/auctions", {
      method: "POST",
      json: { saleType: "tax", saleAt: "2027-03-22T14:00:00Z", address: "9 Soon St", state: "OH" },
    });
    const ahead = async (now: string) =>
      (await call<Data<Dashboard>>(`/dashboard?date=${now.slice(0, 10)}&now=${now}`)).body.data
        .auctions.total;
    // The next 14 days run from now (included) to 14 days on (excluded).
    expect(await ahead("2027-03-08T14:01:00Z")).toBe(1);
    expect(await ahead("2027-03-08T14:00:00Z")).toBe(0);
    expect(await ahead("2027-03-22T14:00:00Z")).toBe(1);
    expect(await ahead("2027-03-22T14:01:00Z")).toBe(0);
  });

  it("is empty for a new account, and refuses a date that is not one", async () => {
    const { call } = await account();
    const empty = await call<Data<Dashboard>>("/dashboard?date=2027-03-31");
    expect(empty.body.data).toMatchObject({
      routeStops: [],
      auctions: { items: [], total: 0 },
      deposits: [],
      followUps: { items: [], total: 0 },
      portfolio: { properties: [], cashFlowMonthly: 0, averageCapRate: null },
      leads: { total: 0 },
    });
    for (const query of [
      "date=",
      "date=tomorrow",
      "date=2027-02-30x",
      "date=2027-02-30",
      "date=2027-03-31&now=soon",
    ]) {
      expect((await call(`/dashboard?${query}`)).status, query).toBe(400);
    }
  });
});
