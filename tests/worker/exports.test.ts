import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { account, api, cookieValue, register, type Caller, RENTAL } from "./helpers";

type Data<T> = { data: T };

/** A CSV sent to the file import, as a client sends it. */
async function fileImport(token: string, kind: "properties" | "leads" | "auctions", text: string) {
  const response = await api(`/imports/${kind}`, {
    method: "POST",
    token,
    body: text,
    headers: { "Content-Type": "text/csv" },
  });
  expect(response.status).toBe(200);
  return (
    (await response.json()) as {
      data: {
        counts: Record<string, number>;
        problems: unknown[];
        columns: { header: string; target: string }[];
      };
    }
  ).data;
}
type Row = { id: string; [key: string]: unknown };

const LISTS = ["properties", "auctions", "leads", "contacts", "projects", "deals"] as const;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A download as a signed-in user makes it, its text as a file reader sees it: with the BOM
 * (`response.text()` would drop it, as the Encoding standard's UTF-8 decode does).
 */
async function download(token: string, path: string) {
  const response = await api(`/export/${path}`, { token });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

/** The file's records as cells (its BOM left out). */
const cells = (text: string) =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

/** Each record as header → cell. */
const records = (text: string) => {
  const [header, ...rows] = cells(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
};

const create = async (call: Caller, path: string, json: unknown) => {
  const { status, body } = await call<Data<Row>>(path, { method: "POST", json });
  expect(status, path).toBe(201);
  return body.data;
};

const importProperties = async (call: Caller, json: unknown[]) => {
  const { status, body } = await call<Data<{ ids: string[] }>>("/data/properties", {
    method: "POST",
    json,
  });
  expect(status).toBe(200);
  return body.data.ids;
};

const daysAhead = (days: number, hourUtc = 15) => {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hourUtc, 0, 0, 0);
  return day.toISOString();
};

const HYPERLINK = '=HYPERLINK("http://x","y")';

const MAPLE = {
  address: "12 Maple St, Unit 3",
  city: "Pittsburgh",
  state: "PA",
  zip: "02108",
  latitude: 40.4406,
  longitude: -79.9959,
  propertyType: "multi_family",
  beds: 3,
  baths: 2.5,
  squareFeet: 1450,
  lotSize: 5000,
  yearBuilt: 1925,
  listPrice: 189900.5,
  estimatedValue: 195000,
  arv: 240000,
  rentEstimate: 1850,
  propertyTaxesAnnual: 3120.75,
  status: "analyzing",
  source: 'Zillow "hot" list',
  externalId: "MLS-1001",
  notes: 'Roof: new, 2021\nNeeds "paint"; porch\r\nsags',
};
const OAK = { address: "9 Oak Ave", status: "new", listPrice: 99000, notes: HYPERLINK };
const ELM = { address: "4 Elm Ct", status: "analyzing", listPrice: 150000 };

const SHERIFF = {
  saleType: "sheriff",
  saleAt: daysAhead(10),
  address: "12 Maple St, Unit 3",
  city: "Pittsburgh",
  county: "Allegheny",
  state: "PA",
  zip: "15212",
  caseNumber: "MG-24-001234",
  apn: "0123-A-456",
  venue: "Courthouse, Room 1",
  openingBid: 48000,
  depositPct: 10,
  plannedBid: 95000,
  depositDueAt: daysAhead(10, 20),
  notes: 'Bring a "certified" check',
};
const TAX_SALE = {
  saleType: "tax",
  saleAt: daysAhead(20, 17),
  timeZone: "America/Phoenix",
  address: "700 Desert Rd",
  city: "Phoenix",
  county: "Maricopa",
  state: "AZ",
  status: "postponed",
  postponedTo: daysAhead(34, 17),
  onlineUrl: "https://auction.example.com/lot/7",
  openingBid: 12500.25,
  depositAmount: 5000,
  buyerPremiumPct: 5,
  balanceDueDays: 30,
  notes: "-5% if paid early",
};

const ANN = {
  firstName: "Ann",
  lastName: "O'Neil, Jr.",
  email: "ann@example.com",
  phone: "+1 937 555 0101",
  address: "14 Elm St, Dayton OH",
  source: "Direct mail",
  status: "qualified",
  score: 80,
  consentEmail: true,
  consentSms: false,
  consentCall: true,
  followUpOn: "2027-03-10",
  dealValue: 12500,
  notes: "Wants to sell before\nthe school year",
};
const BEN = { firstName: "Ben", lastName: "Ruiz", phone: "(937) 555-0102", status: "new" };

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
let maple: string;
let campaignId: string;

beforeAll(async () => {
  alice = await account();
  bob = await account();
  maple = (await importProperties(alice.call, [MAPLE, OAK, ELM]))[0]!;
  await create(alice.call, "/deals", {
    name: "Maple as a rental",
    strategy: "rental",
    inputs: RENTAL,
    propertyId: maple,
    primary: true,
  });
  await create(alice.call, "/deals", {
    name: "Maple as a flip",
    strategy: "flip",
    inputs: { purchasePrice: 180000, rehabCost: 30000, afterRepairValue: 260000, holdingMonths: 6 },
    propertyId: maple,
  });
  await create(alice.call, "/auctions", SHERIFF);
  await create(alice.call, "/auctions", TAX_SALE);
  campaignId = (
    await create(alice.call, "/marketing/campaigns", {
      name: "Spring, mailer",
      channel: "direct_mail",
    })
  ).id;
  await create(alice.call, "/marketing/leads", { ...ANN, campaignId });
  await create(alice.call, "/marketing/leads", BEN);
  await create(alice.call, "/contacts", {
    firstName: "Lena",
    lastName: "Lender",
    type: "lender",
    email: "lena@bank.example",
    company: "First Bank",
    tags: ["hard money", "fast"],
    notes: "@ the bank on Fridays",
  });
  await create(alice.call, "/projects", {
    name: "Maple flip",
    type: "fix_and_flip",
    status: "rehab",
    address: "12 Maple St",
    city: "Pittsburgh",
    state: "PA",
    zip: "15212",
    budget: 85000,
    purchasePrice: 180000,
    targetCloseDate: "2027-05-01",
  });
  await create(alice.call, "/projects", { name: "Duplex hunt", status: "prospecting" });

  // Bob's rows, which no export of Alice's may show.
  await importProperties(bob.call, [{ address: "1 Bob Rd", status: "analyzing" }]);
  await create(bob.call, "/auctions", { ...SHERIFF, address: "1 Bob Rd" });
  await create(bob.call, "/marketing/leads", { firstName: "Bobby", lastName: "Bobson" });
  await create(bob.call, "/contacts", { firstName: "Bobby", lastName: "Bobson" });
  await create(bob.call, "/projects", { name: "Bob's project" });
  await create(bob.call, "/deals", { name: "Bob's deal", strategy: "rental", inputs: RENTAL });
});

describe("CSV exports", () => {
  it("answer 401 without a session", async () => {
    for (const list of LISTS) {
      const response = await api(`/export/${list}.csv`);
      expect(response.status, list).toBe(401);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "UNAUTHORIZED",
      );
    }
  });

  it("are CSV attachments named for the list and the day: BOM, CRLF, the signed-in user's rows only", async () => {
    const expected: Record<(typeof LISTS)[number], { header: string[]; rows: number }> = {
      properties: {
        header: [
          "Address",
          "City",
          "State",
          "Zip",
          "Property type",
          "Property type as listed",
          "Beds",
          "Baths",
          "Square feet",
          "Lot size",
          "Year built",
          "List price",
          "Estimated value",
          "ARV",
          "Rent estimate",
          "Annual taxes",
          "HOA / month",
          "Pipeline status",
          "Listing status",
          "County",
          "Last sale price",
          "Last sale date",
          "Estimated equity",
          "Loan balance",
          "APN",
          "Listing URL",
          "Owner occupied",
          "Source",
          "External id",
          "Notes",
          "Latitude",
          "Longitude",
          "Analysis strategy",
          "Cash flow / month",
          "Cap rate %",
          "Cash-on-cash %",
        ],
        rows: 3,
      },
      auctions: {
        header: [
          "Sale type",
          "Sale date",
          "Time zone",
          "Status",
          "Postponed to",
          "Address",
          "City",
          "County",
          "State",
          "Zip",
          "Case number",
          "APN",
          "Venue",
          "Online URL",
          "Opening bid",
          "Deposit amount",
          "Deposit %",
          "Deposit due",
          "Balance due days",
          "Buyer's premium %",
          "Planned bid",
          "Winning bid",
          "Notes",
        ],
        rows: 2,
      },
      leads: {
        header: [
          "First name",
          "Last name",
          "Company",
          ...[1, 2, 3, 4, 5].flatMap((n) => [`Phone ${n}`, `Phone ${n} type`, `Phone ${n} DNC`]),
          "Email 1",
          "Email 2",
          "Email 3",
          "Do not contact",
          "Litigator",
          "Deceased",
          "Do not mail",
          "Property address",
          "Mailing address",
          "Mailing city",
          "Mailing state",
          "Mailing zip",
          "Source",
          "Status",
          "Score",
          "Consent email",
          "Consent SMS",
          "Consent call",
          "Follow-up date",
          "Campaign",
          "Deal value",
          "Notes",
        ],
        rows: 2,
      },
      // The leads are contacts too.
      contacts: {
        header: [
          "First name",
          "Last name",
          "Type",
          "Email",
          "Phone",
          "Company",
          "Address",
          "Tags",
          "Notes",
        ],
        rows: 3,
      },
      projects: {
        header: [
          "Name",
          "Type",
          "Status",
          "Address",
          "City",
          "State",
          "Zip",
          "Budget",
          "Purchase price",
          "Target close date",
        ],
        rows: 2,
      },
      deals: {
        header: [
          "Name",
          "Strategy",
          "Property address",
          "Primary",
          "Cash flow / month",
          "Cap rate %",
          "Cash-on-cash %",
          "Purchase price",
          "Rent / month",
        ],
        rows: 2,
      },
    };
    for (const list of LISTS) {
      const { response, bytes, text } = await download(alice.token, `${list}.csv`);
      expect(response.status, list).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toBe(
        `attachment; filename="ai42-${list}-${today()}.csv"`,
      );
      expect([...bytes.slice(0, 3)], list).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.endsWith("\r\n"), list).toBe(true);
      expect(text, list).toMatch(/^\uFEFF[^\r\n]+\r\n/);
      const [header, ...rows] = cells(text);
      expect(header, list).toEqual(expected[list].header);
      expect(rows, list).toHaveLength(expected[list].rows);
      expect(text, list).not.toMatch(/Bob/);
    }
  });

  it("are signed in by the session cookie alone, as a download link from the page is", async () => {
    const { cookie } = await register();
    const response = await api("/export/properties.csv", {
      headers: { Cookie: cookieValue(cookie) },
    });
    expect(response.status).toBe(200);
    expect(cells(await response.text())).toHaveLength(1);
  });

  it("refuse a bad filter as the list does (400, JSON)", async () => {
    const response = await api("/export/properties.csv?status=sleeping", { token: alice.token });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      "VALIDATION_FAILED",
    );
    const [from, to] = [daysAhead(30), daysAhead(1)].map(encodeURIComponent);
    const range = await api(`/export/auctions.csv?from=${from}&to=${to}`, { token: alice.token });
    expect(range.status).toBe(400);
  });
});

describe("the properties export", () => {
  it("honours the list's filters and sort", async () => {
    const analyzing = await download(
      alice.token,
      "properties.csv?status=analyzing&sort=address&dir=asc",
    );
    expect(records(analyzing.text).map((r) => r.Address)).toEqual([
      "12 Maple St, Unit 3",
      "4 Elm Ct",
    ]);
    const cheapestFirst = await download(alice.token, "properties.csv?sort=listPrice&dir=asc");
    expect(records(cheapestFirst.text).map((r) => r["List price"])).toEqual([
      "99000",
      "150000",
      "189900.5",
    ]);
    const searched = await download(alice.token, "properties.csv?q=oak");
    expect(records(searched.text).map((r) => r.Address)).toEqual(["9 Oak Ave"]);
    const typed = await download(alice.token, "properties.csv?propertyType=condo");
    expect(records(typed.text)).toEqual([]);
  });

  it("writes the primary analysis's figures as plain numbers, a negative cash flow too", async () => {
    const { text } = await download(alice.token, "properties.csv?q=maple");
    const [row] = records(text);
    expect(row).toMatchObject({ "Analysis strategy": "rental" });
    expect(row!["Cash flow / month"]).toMatch(/^-66\.1\d*$/);
    expect(Number(row!["Cap rate %"])).toBeCloseTo(5.7504, 9);
    // In the file itself: unquoted, no leading quote, no $ or separators.
    expect(text).toMatch(/,rental,-66\.1\d*,5\.75\d*,-?\d+(\.\d+)?\r\n$/);
    expect(text).toContain(",189900.5,195000,240000,1850,3120.75,,analyzing,");
  });

  it("neutralises a formula in a text cell", async () => {
    const { text } = await download(alice.token, "properties.csv?q=oak");
    expect(text).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
    expect(text).not.toMatch(/,=HYPERLINK/);
    expect(records(text)[0]!.Notes).toBe(`'${HYPERLINK}`);
  });

  it("imports back through the file import into another account with the values stored", async () => {
    const { text } = await download(alice.token, "properties.csv");
    const carol = await account();
    const imported = await fileImport(carol.token, "properties", text);
    expect(imported.problems).toEqual([]);
    expect(imported.counts).toMatchObject({ rows: 3, created: 3 });
    // The analysis figures are the analysis's, not the property's: they are not imported.
    expect(imported.columns.filter((c) => c.target === "ignore").map((c) => c.header)).toEqual([
      "Analysis strategy",
      "Cash flow / month",
      "Cap rate %",
      "Cash-on-cash %",
    ]);
    const mine = await alice.call<Data<Row[]>>("/data/properties?limit=100");
    const theirs = await carol.call<Data<Row[]>>("/data/properties?limit=100");
    const own = ({ id: _i, createdAt: _c, updatedAt: _u, primaryAnalysis: _p, ...fields }: Row) =>
      fields;
    const byAddress = new Map(theirs.body.data.map((p) => [p.address, own(p)]));
    for (const property of mine.body.data) {
      // A formula neutralised on the way out (OWASP) comes back as the text it was.
      expect(byAddress.get(property.address as string), String(property.address)).toEqual(
        own(property),
      );
    }
    expect(byAddress.get(MAPLE.address)).toMatchObject(MAPLE);
  });

  it("writes every matching row, however many: chunks neither overlap nor skip", async () => {
    const carol = await account();
    const many = Array.from({ length: 1005 }, (_, i) => ({
      address: `${i + 1} Long List Rd`,
      listPrice: 1000 + (i % 7),
    }));
    await importProperties(carol.call, many.slice(0, 1000));
    await importProperties(carol.call, many.slice(1000));
    const { text } = await download(carol.token, "properties.csv?sort=listPrice&dir=desc");
    const addresses = records(text).map((r) => r.Address);
    expect(addresses).toHaveLength(1005);
    expect(new Set(addresses).size).toBe(1005);
    const prices = records(text).map((r) => Number(r["List price"]));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});

describe("the auctions export", () => {
  it("writes sale times on the sale's clock with its offset, and honours the filters", async () => {
    const { text } = await download(alice.token, "auctions.csv");
    const [sheriff, tax] = records(text);
    // Soonest first, as the list.
    expect(sheriff!.Address).toBe(SHERIFF.address);
    expect(sheriff!["Sale date"]).toMatch(/^\d{4}-\d{2}-\d{2}T1[01]:00:00-0[45]:00$/);
    expect(Date.parse(sheriff!["Sale date"]!)).toBe(Date.parse(SHERIFF.saleAt));
    expect(sheriff!["Time zone"]).toBe("America/New_York");
    expect(tax!["Sale date"]).toMatch(/T10:00:00-07:00$/);
    expect(tax!.Notes).toBe("'-5% if paid early");

    const postponed = await download(alice.token, "auctions.csv?status=postponed");
    expect(records(postponed.text).map((r) => r.Address)).toEqual([TAX_SALE.address]);
    const pa = await download(alice.token, "auctions.csv?state=pa&saleType=sheriff");
    expect(records(pa.text).map((r) => r.Address)).toEqual([SHERIFF.address]);
    const later = await download(
      alice.token,
      `auctions.csv?from=${encodeURIComponent(daysAhead(15))}`,
    );
    expect(records(later.text).map((r) => r.Address)).toEqual([TAX_SALE.address]);
  });

  it("imports back through the file import into another account with the values stored", async () => {
    const { text } = await download(alice.token, "auctions.csv");
    const carol = await account();
    const imported = await fileImport(carol.token, "auctions", text);
    expect(imported.problems).toEqual([]);
    expect(imported.counts).toMatchObject({ rows: 2, created: 2 });
    const mine = await alice.call<Data<Row[]>>("/auctions?limit=100");
    const theirs = await carol.call<Data<Row[]>>("/auctions?limit=100");
    const byAddress = new Map(theirs.body.data.map((a) => [a.address, a]));
    const own = ({ id: _i, createdAt: _c, updatedAt: _u, propertyId: _p, ...fields }: Row) =>
      fields;
    for (const auction of mine.body.data) {
      expect(own(byAddress.get(auction.address as string)!), String(auction.address)).toEqual(
        own(auction),
      );
    }
  });
});

describe("the leads export", () => {
  it("lists each lead with its campaign, consent as yes or no, and honours the filters", async () => {
    const { text } = await download(alice.token, "leads.csv?sort=name");
    const [ann, ben] = records(text);
    expect(ben).toMatchObject({ "First name": "Ben", "Phone 1": "(937) 555-0102", Campaign: "" });
    expect(ann).toMatchObject({
      "Last name": "O'Neil, Jr.",
      "Phone 1": "'+1 937 555 0101",
      Campaign: "Spring, mailer",
      "Consent email": "yes",
      "Consent SMS": "no",
      "Consent call": "yes",
      "Follow-up date": "2027-03-10",
      "Deal value": "12500",
      Score: "80",
    });
    const qualified = await download(alice.token, "leads.csv?status=qualified");
    expect(records(qualified.text).map((r) => r["First name"])).toEqual(["Ann"]);
    const inCampaign = await download(alice.token, `leads.csv?campaignId=${campaignId}`);
    expect(records(inCampaign.text).map((r) => r["First name"])).toEqual(["Ann"]);
  });

  it("imports back through the file import into another account with the values stored", async () => {
    const { text } = await download(alice.token, "leads.csv");
    const carol = await account();
    const imported = await fileImport(carol.token, "leads", text);
    expect(imported.problems).toEqual([]);
    expect(imported.counts).toMatchObject({ rows: 2, created: 2 });
    // The campaign is the exporting account's: another account has no such campaign.
    expect(imported.columns.find((c) => c.header === "Campaign")?.target).toBe("ignore");
    const mine = await alice.call<Data<Row[]>>("/marketing/leads?limit=100");
    const theirs = await carol.call<Data<Row[]>>("/marketing/leads?limit=100");
    const byName = new Map(theirs.body.data.map((l) => [l.firstName, l]));
    const fields = Object.keys(ANN) as (keyof typeof ANN)[];
    for (const lead of mine.body.data) {
      const back = byName.get(lead.firstName)!;
      for (const field of fields) expect(back[field], field).toEqual(lead[field]);
    }
  });
});

describe("the contacts, projects and deal analyses exports", () => {
  it("write their rows and honour the filters", async () => {
    const lenders = await download(alice.token, "contacts.csv?type=lender");
    expect(records(lenders.text)).toEqual([
      {
        "First name": "Lena",
        "Last name": "Lender",
        Type: "lender",
        Email: "lena@bank.example",
        Phone: "",
        Company: "First Bank",
        Address: "",
        Tags: "hard money, fast",
        Notes: "'@ the bank on Fridays",
      },
    ]);
    const leads = await download(alice.token, "contacts.csv?type=lead&q=ruiz");
    expect(records(leads.text).map((r) => r["Last name"])).toEqual(["Ruiz"]);

    const rehab = await download(alice.token, "projects.csv?status=rehab");
    expect(records(rehab.text)).toEqual([
      {
        Name: "Maple flip",
        Type: "fix_and_flip",
        Status: "rehab",
        Address: "12 Maple St",
        City: "Pittsburgh",
        State: "PA",
        Zip: "15212",
        Budget: "85000",
        "Purchase price": "180000",
        "Target close date": "2027-05-01",
      },
    ]);

    const deals = await download(alice.token, `deals.csv?propertyId=${maple}`);
    const [flip, rental] = records(deals.text);
    expect(flip).toMatchObject({
      Name: "Maple as a flip",
      Strategy: "flip",
      "Property address": MAPLE.address,
      Primary: "no",
      "Cash flow / month": "",
      "Purchase price": "180000",
      "Rent / month": "",
    });
    expect(rental).toMatchObject({
      Name: "Maple as a rental",
      Strategy: "rental",
      Primary: "yes",
      "Purchase price": "250000",
      "Rent / month": "2000",
    });
    expect(Number(rental!["Cash flow / month"])).toBeLessThan(0);
    const flips = await download(alice.token, "deals.csv?strategy=flip");
    expect(records(flips.text).map((r) => r.Name)).toEqual(["Maple as a flip"]);
  });
});
