/**
 * Imports of files as their sources really write them, second pass: recognition that a missing
 * column or a misleading name can't fool, guesses checked against their values, one choice for a
 * whole county list, do-not-contact flags kept, sold rows read as sales, formulas a workbook
 * saved without values said, and an AI42 export that re-imports as nothing to do.
 */
import { describe, expect, it } from "vitest";
import formulasXlsx from "../fixtures/imports/formulas-unsaved.xlsx?base64";
import batchleads from "../fixtures/imports/batchleads.csv?raw";
import countySaleList from "../fixtures/imports/county-sale-list.csv?raw";
import investorSheet from "../fixtures/imports/investor-sheet.csv?raw";
import propstream from "../fixtures/imports/propstream.csv?raw";
import redfin from "../fixtures/imports/redfin.csv?raw";
import redfinSold from "../fixtures/imports/redfin-sold.csv?raw";
import zillowNested from "../fixtures/imports/zillow-nested.json?raw";
import zillowSearch from "../fixtures/imports/zillow-search.csv?raw";
import { account, api, type Caller } from "./helpers";

interface Column {
  header: string;
  target: string;
  how: string;
  note?: string;
}
interface Result {
  runId: string | null;
  source: { id: string; name: string } | null;
  columns: Column[];
  guesses: { header: string; target: string; applied: boolean; reason: string }[];
  unmapped: { header: string; reason: string }[];
  missing: { field: string; message: string }[];
  warnings: string[];
  counts: Record<string, number>;
  problems: { row: number; message: string }[];
  rows: { row: number; action: string; label: string; changes: unknown[] }[];
}
type Row = Record<string, unknown> & { id: string };

async function importFile(
  token: string,
  kind: "properties" | "leads" | "auctions",
  body: BodyInit,
  query: Record<string, string> = {},
  type = "text/csv",
) {
  const response = await api(`/imports/${kind}?${new URLSearchParams(query)}`, {
    method: "POST",
    token,
    body,
    headers: { "Content-Type": type },
  });
  const json = (await response.json()) as {
    data: Result;
    error?: { message: string; details?: { field: string; message: string }[] };
  };
  return { status: response.status, data: json.data, error: json.error };
}

const listOf = async (call: Caller, path: string) =>
  (await call<{ data: Row[] }>(`${path}${path.includes("?") ? "&" : "?"}limit=100`)).body.data;
const byAddress = (list: Row[], address: string) => {
  const found = list.find((row) => row.address === address);
  if (!found) throw new Error(`No record at ${address}`);
  return found;
};
const column = (result: Result, header: string) => result.columns.find((c) => c.header === header)!;

describe("Zillow scrapes, whatever shape the scraper wrote", () => {
  it("a search scrape's CSV with plain names: the Zestimate is the value, rentZestimate the rent, the lot in acres", async () => {
    const { token, call } = await account();
    const done = await importFile(token, "properties", zillowSearch);
    expect(done.status).toBe(200);
    expect(done.data.source?.name).toBe("Zillow scrape");
    expect(done.data.counts).toMatchObject({ rows: 10, created: 10, failed: 0 });
    // A recognised source is read by its own names: nothing is guessed.
    expect(done.data.guesses).toEqual([]);
    const list = await listOf(call, "/data/properties");
    expect(byAddress(list, "3127 N Oakley Ave")).toMatchObject({
      listPrice: 399000,
      estimatedValue: 391570,
      rentEstimate: 2950,
      // 0.0689 acres × 43,560 sq ft.
      lotSize: 3001,
      daysOnMarket: 12,
      externalId: "14563021",
      listingUrl:
        "https://www.zillow.com/homedetails/3127-N-Oakley-Ave-Chicago-IL-60618/14563021_zpid/",
    });
    // A lot Zillow gives in square feet stays in square feet.
    expect(byAddress(list, "4414 N Bell Ave").lotSize).toBe(3125);
    // RECENTLY_SOLD: the price is what it sold for, not an asking price.
    expect(byAddress(list, "3938 N Leavitt St")).toMatchObject({
      listingStatus: "sold",
      lastSalePrice: 780000,
      listPrice: null,
      estimatedValue: 791000,
      lotSize: 14331,
    });
    expect(byAddress(list, "2418 W Montrose Ave")).toMatchObject({
      propertyType: "land",
      estimatedValue: null,
    });
    // No value anywhere is a lot size or a rent read as something else.
    for (const property of list) {
      expect(property.rentEstimate === null || (property.rentEstimate as number) < 10_000).toBe(
        true,
      );
      expect(property.estimatedValue === null || (property.estimatedValue as number) > 1000).toBe(
        true,
      );
    }
  });

  it("a JSON scrape whose address is an object keeps its city, state and ZIP", async () => {
    const { token, call } = await account();
    const done = await importFile(token, "properties", zillowNested, {}, "application/json");
    expect(done.status).toBe(200);
    expect(done.data.source?.name).toBe("Zillow scrape");
    expect(done.data.counts).toMatchObject({ rows: 3, created: 3, failed: 0 });
    const list = await listOf(call, "/data/properties");
    expect(byAddress(list, "1417 Chapel Hill Rd")).toMatchObject({
      city: "Durham",
      state: "NC",
      zip: "27707",
      // lotAreaValue 0.43 in lotAreaUnits Acres, not resoFacts' "0.43 Acres".
      lotSize: 18731,
      listingUrl:
        "https://www.zillow.com/homedetails/1417-Chapel-Hill-Rd-Durham-NC-27707/43128945_zpid/",
    });
    expect(byAddress(list, "605 W Main St APT 302")).toMatchObject({
      listingStatus: "pending",
      hoaMonthly: 385,
      zip: "27701",
    });
    expect(byAddress(list, "2710 Sevier St")).toMatchObject({
      listingStatus: "sold",
      lastSalePrice: 462500,
      listPrice: null,
      lotSize: 10454,
    });
  });
});

describe("a spreadsheet of the investor's own", () => {
  it("exact names win over guesses, and a guess whose values don't fit is left out and said", async () => {
    const { token, call } = await account();
    const preview = await importFile(token, "properties", investorSheet, { dryRun: "true" });
    expect(preview.status).toBe(200);
    expect(preview.data.source).toBeNull();
    // "List Price" is the list price by its exact name; "Base Price" is not guessed over it.
    expect(column(preview.data, "List Price")).toMatchObject({ target: "listPrice", how: "known" });
    expect(column(preview.data, "Base Price")).toMatchObject({ target: "ignore", how: "none" });
    expect(column(preview.data, "Base Price").note).toContain("List Price");
    // A guess applied only because its values fit: 1,198 sq ft.
    expect(column(preview.data, "Sq. Ft. Living")).toMatchObject({
      target: "squareFeet",
      how: "guess",
    });
    // A guess refused: "Taxes Due Date" is named like the taxes, but holds dates.
    const taxes = preview.data.guesses.find((g) => g.header === "Taxes Due Date")!;
    expect(taxes).toMatchObject({ target: "propertyTaxesAnnual", applied: false });
    expect(taxes.reason).toContain("3/1/2027");
    expect(column(preview.data, "Taxes Due Date").target).toBe("ignore");
    // Named exactly, yet 0.121 is no lot in square feet: left out, with why.
    const lot = preview.data.unmapped.find((u) => u.header === "Lot Area Value")!;
    expect(lot.reason).toContain("0.121");
    // Every column is accounted for: mapped, a guess, or unmapped with a reason.
    for (const unmapped of preview.data.unmapped) expect(unmapped.reason).not.toBe("");
    expect(preview.data.unmapped.map((u) => u.header)).toEqual(
      expect.arrayContaining(["Base Price", "Price/SqFt", "Date Listed", "Taxes Due Date"]),
    );
    expect(preview.data.guesses.filter((g) => g.applied).map((g) => g.header)).toEqual([
      "Sq. Ft. Living",
    ]);

    await importFile(token, "properties", investorSheet);
    expect(byAddress(await listOf(call, "/data/properties"), "118 Wabash Ave")).toMatchObject({
      listPrice: 89900,
      rentEstimate: 1150,
      squareFeet: 1198,
      lotSize: null,
      propertyTaxesAnnual: null,
    });
  });
});

describe("a county sale list without a sale-type column", () => {
  it("shows its columns, asks for one sale type for the whole list, and imports every row with it", async () => {
    const { token, call } = await account();
    const preview = await importFile(token, "auctions", countySaleList, { dryRun: "true" });
    expect(preview.status).toBe(200);
    expect(column(preview.data, "Date of Sale")).toMatchObject({ target: "saleAt" });
    expect(preview.data.missing).toEqual([
      {
        field: "saleType",
        message: "Choose the sale type of the whole list, or map a column to Sale type",
      },
    ]);
    expect(preview.data.counts).toMatchObject({ rows: 5, created: 0, failed: 0 });

    const refused = await importFile(token, "auctions", countySaleList);
    expect(refused.status).toBe(400);
    expect(refused.error?.details?.[0]).toMatchObject({ field: "saleType" });
    expect(await listOf(call, "/auctions")).toHaveLength(0);

    const done = await importFile(token, "auctions", countySaleList, { saleType: "sheriff" });
    expect(done.status).toBe(200);
    expect(done.data.missing).toEqual([]);
    expect(done.data.counts).toMatchObject({ rows: 5, created: 5, failed: 0 });
    const list = await listOf(call, "/auctions");
    const salem = list.find((a) => a.caseNumber === "2025 CV 01823")!;
    expect(salem).toMatchObject({
      saleType: "sheriff",
      // 12/10/2026 in Ohio (EST, UTC−5), its hour not on the list.
      saleAt: "2026-12-10T05:00:00.000Z",
      saleTimeKnown: false,
      openingBid: 64000,
      depositAmount: 5000,
      status: "upcoming",
    });
    expect(list.find((a) => a.caseNumber === "2025 CV 02702")!.status).toBe("cancelled");
  });
});

describe("do-not-contact flags", () => {
  it("BatchLeads' DNC/Litigator scrub and Deceased become the lead's flags, counted in the preview", async () => {
    const { token, call } = await account();
    const preview = await importFile(token, "leads", batchleads, { dryRun: "true" });
    expect(preview.data.counts.flagged).toBe(3);
    await importFile(token, "leads", batchleads);
    const leads = await listOf(call, "/marketing/leads");
    const named = (last: string) => leads.find((lead) => lead.lastName === last)!;
    expect(named("Brisco")).toMatchObject({ doNotContact: true, litigator: false });
    expect(named("Ortega-Reyes")).toMatchObject({ litigator: true, doNotContact: false });
    expect(named("Baskerville")).toMatchObject({ deceased: true });
    expect(named("Mendez")).toMatchObject({
      doNotContact: false,
      litigator: false,
      deceased: false,
      doNotMail: false,
    });
  });

  it("a list flags and adds numbers to leads already here, and never takes a number away", async () => {
    const { token, call } = await account();
    // Made by hand before the list was skip-traced: one number, the investor's own note on it.
    const made = await call<{ data: Row }>("/marketing/leads", {
      method: "POST",
      json: {
        firstName: "Walter",
        lastName: "Brisco",
        phones: [{ value: "(972) 555-0198", type: "Cell, call after 5" }],
      },
    });
    expect(made.status).toBe(201);
    const plan = await importFile(token, "leads", batchleads, { dryRun: "true" });
    expect(plan.data.counts).toMatchObject({ created: 11, merged: 1 });
    await importFile(token, "leads", batchleads);
    const brisco = (await listOf(call, "/marketing/leads")).find(
      (l) => l.id === made.body.data.id,
    )!;
    // The scrub's DNC is news, not an edit of the investor's to keep.
    expect(brisco.doNotContact).toBe(true);
    expect(brisco.phones).toEqual([
      { value: "(972) 555-0198", type: "Cell, call after 5" },
      { value: "(469) 555-0133", type: "Mobile" },
      { value: "(972) 555-0121", type: "Landline" },
    ]);
    expect(brisco.phone).toBe("(972) 555-0198");
  });

  it("a flagged lead gets no sequence, and a mail house's export leaves them out", async () => {
    const { token, call } = await account();
    await importFile(token, "leads", batchleads);
    const leads = await listOf(call, "/marketing/leads");
    const named = (last: string) => leads.find((lead) => lead.lastName === last)!;
    const on = await call("/marketing/sequences/settings", {
      method: "PUT",
      json: { enabled: true, dailyCap: 50 },
    });
    expect(on.status).toBe(200);
    const sequence = await call<{ data: { id: string } }>("/marketing/sequences", {
      method: "POST",
      json: { name: "Call them", steps: [{ day: 0, action: "call", body: "Call {{first_name}}" }] },
    });
    const start = (lead: Row) =>
      call<{ error: { code: string; message: string } }>(`/marketing/sequences/leads/${lead.id}`, {
        method: "POST",
        json: { sequenceId: sequence.body.data.id },
      });
    const deceased = await start(named("Baskerville"));
    expect(deceased.status).toBe(409);
    expect(deceased.body.error).toMatchObject({
      code: "DECEASED",
      message: "Tyrone Baskerville is flagged deceased: no sequence starts on them",
    });
    expect((await start(named("Brisco"))).body.error.code).toBe("DO_NOT_CONTACT");
    expect((await start(named("Ortega-Reyes"))).body.error.code).toBe("LITIGATOR");
    expect((await start(named("Mendez"))).status).toBe(201);

    const mailHouse = await (await api("/export/leads.csv?mailable=true", { token })).text();
    expect(mailHouse).not.toContain("Baskerville");
    expect(mailHouse).not.toContain("Ortega-Reyes");
    // Do Not Call is a rule for phones, not for letters.
    expect(mailHouse).toContain("Brisco");
    expect(mailHouse.trim().split("\r\n")).toHaveLength(1 + 10);
  });

  it("PropStream's Do Not Mail lands on the owner, and an unflagged re-import never clears a flag", async () => {
    const { token, call } = await account();
    const done = await importFile(token, "properties", propstream);
    expect(done.data.counts.flagged).toBe(1);
    const contacts = await listOf(call, "/contacts");
    const quintero = contacts.filter((c) => c.doNotMail === true);
    expect(quintero).toHaveLength(1);
    // The investor learns another owner is deceased; the next list doesn't say so.
    const whitfield = contacts.find((c) => c.lastName === "Whitfield")!;
    await call(`/contacts/${whitfield.id}`, {
      method: "PUT",
      json: { ...whitfield, deceased: true },
    });
    const again = await importFile(token, "properties", propstream);
    expect(again.data.counts).toMatchObject({ created: 0, merged: 0 });
    const after = (await listOf(call, "/contacts")).find((c) => c.id === whitfield.id)!;
    expect(after.deceased).toBe(true);
  });
});

describe("a property's owner", () => {
  it("is one of the user's own contacts: another user's contact id is refused, its name never shown", async () => {
    const alice = await account();
    const bob = await account();
    const theirs = await bob.call<{ data: Row }>("/contacts", {
      method: "POST",
      json: { firstName: "Bob", lastName: "Secret", type: "seller" },
    });
    const created = await alice.call<{ data: { ids: string[] } }>("/data/properties", {
      method: "POST",
      json: { address: "1 Pry St", ownerContactId: theirs.body.data.id },
    });
    expect(created.status).toBe(400);
    const mine = await alice.call<{ data: { ids: string[] } }>("/data/properties", {
      method: "POST",
      json: { address: "1 Pry St" },
    });
    const id = mine.body.data.ids[0]!;
    const { body } = await alice.call<{ data: Row }>(`/data/properties/${id}`);
    const put = await alice.call(`/data/properties/${id}`, {
      method: "PUT",
      json: { ...body.data, ownerContactId: theirs.body.data.id },
    });
    expect(put.status).toBe(400);
    const list = await listOf(alice.call, "/data/properties");
    expect(list[0]).toMatchObject({ ownerContactId: null, ownerName: null });
  });

  it("is searched by name and filters the list", async () => {
    const { token, call } = await account();
    await importFile(token, "properties", propstream);
    const found = await listOf(call, "/data/properties?q=adeyemi");
    expect(found.map((p) => p.address)).toEqual(["5568 Bermuda Bay Dr"]);
    const absentee = await listOf(call, "/data/properties?ownerOccupied=no&sort=ownerName&dir=asc");
    expect(absentee).toHaveLength(9);
    expect(absentee[0]!.ownerName).toBe("Busch Commons Lp");
    const rich = await listOf(call, "/data/properties?minEquity=200000");
    expect(rich.map((p) => p.estimatedEquity).every((e) => (e as number) >= 200000)).toBe(true);
    expect(rich).toHaveLength(3);
  });
});

describe("sold rows", () => {
  it("a Redfin sold search: each price is the last sale's, never a list price", async () => {
    const { token, call } = await account();
    const done = await importFile(token, "properties", redfinSold);
    expect(done.data.counts).toMatchObject({ rows: 4, created: 4, failed: 0 });
    const list = await listOf(call, "/data/properties");
    expect(byAddress(list, "5512 Broadway St")).toMatchObject({
      listingStatus: "sold",
      lastSalePrice: 265000,
      lastSaleDate: "2025-10-03",
      listPrice: null,
    });
    for (const property of list) expect(property.listPrice).toBeNull();
  });

  it("a Redfin list of both: listings keep their price as the list price, past sales as the sale's", async () => {
    const { token, call } = await account();
    await importFile(token, "properties", redfin);
    const list = await listOf(call, "/data/properties");
    expect(byAddress(list, "4821 Guilford Ave")).toMatchObject({
      listPrice: 289900,
      lastSalePrice: null,
    });
    expect(byAddress(list, "1538 E Tabor St")).toMatchObject({
      listPrice: null,
      lastSalePrice: 172000,
      lastSaleDate: "2025-09-26",
    });
  });
});

describe("a workbook saved without its formulas' values", () => {
  it("says which cells were read as empty, and imports the rest", async () => {
    const { token, call } = await account();
    const bytes = Uint8Array.from(atob(formulasXlsx), (c) => c.charCodeAt(0));
    const done = await importFile(
      token,
      "properties",
      bytes,
      {},
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(done.status).toBe(200);
    expect(done.data.counts).toMatchObject({ rows: 3, created: 3 });
    expect(done.data.warnings).toHaveLength(2);
    expect(done.data.warnings[0]).toMatch(/^Column “ARV”, rows 2–4: 3 formulas saved without/);
    expect(done.data.warnings[1]).toMatch(/^Column “Rent”, row 4: a formula saved without/);
    const kenmore = byAddress(await listOf(call, "/data/properties"), "905 Kenmore Blvd");
    expect(kenmore).toMatchObject({ listPrice: 64900, arv: null, rentEstimate: null });
  });
});

describe("an AI42 export imported again unchanged", () => {
  const exported = async (token: string, list: string) =>
    (await api(`/export/${list}.csv`, { token })).text();

  it("plans nothing for leads, auctions and properties: the same e-mails, the same moments", async () => {
    const { token, call } = await account();
    // Made by hand: one e-mail and one phone each, no lists.
    await call("/marketing/leads", {
      method: "POST",
      json: {
        firstName: "Rita",
        lastName: "Moreno",
        email: "rita@example.com",
        phone: "(937) 555-0101",
      },
    });
    await call("/marketing/leads", {
      method: "POST",
      json: {
        firstName: "Omar",
        lastName: "Haddad",
        phones: [
          { value: "(937) 555-0111", type: "Mobile" },
          { value: "(937) 555-0112", type: "Landline", dnc: true },
          { value: "(937) 555-0113", type: "VoIP" },
          { value: "(937) 555-0114", type: null },
        ],
        deceased: true,
        emails: [{ value: "omar@example.com", type: null }],
        consentEmail: true,
      },
    });
    await call("/auctions", {
      method: "POST",
      json: {
        saleType: "sheriff",
        saleAt: "2026-12-08T10:00:00-05:00",
        address: "40 Elm St",
        state: "OH",
        depositDueAt: "2026-12-07T17:00:00-05:00",
      },
    });
    await call("/data/properties", {
      method: "POST",
      json: { address: "8 Elm St", city: "Dayton", listPrice: 120000, ownerOccupied: false },
    });

    for (const [list, kind] of [
      ["leads", "leads"],
      ["auctions", "auctions"],
      ["properties", "properties"],
    ] as const) {
      const csv = await exported(token, list);
      const plan = await importFile(token, kind, csv, { dryRun: "true" });
      expect(plan.status, list).toBe(200);
      expect(plan.data.counts, list).toMatchObject({ created: 0, merged: 0, failed: 0 });
      expect(
        plan.data.rows.filter((row) => row.changes.length),
        list,
      ).toEqual([]);
    }
    // Written back too, nothing is lost: the Do Not Call mark, every phone, the flag.
    await importFile(token, "leads", await exported(token, "leads"));
    const omar = (await listOf(call, "/marketing/leads")).find((l) => l.lastName === "Haddad")!;
    expect(omar.phones).toHaveLength(4);
    expect((omar.phones as { dnc?: boolean }[])[1]!.dnc).toBe(true);
    expect(omar.deceased).toBe(true);
  });
});
