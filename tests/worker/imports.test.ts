/**
 * File imports through the API (POST /api/imports/properties): real exports as their sources write
 * them, every row accounted for, and re-imports that never destroy what the user wrote.
 */
import { describe, expect, it } from "vitest";
import propertiesXlsx from "../fixtures/imports/properties.xlsx?base64";
import semicolon1252 from "../fixtures/imports/excel-semicolon-1252.csv?base64";
import batchleads from "../fixtures/imports/batchleads.csv?raw";
import dealmachine from "../fixtures/imports/dealmachine.csv?raw";
import malformedLeads from "../fixtures/imports/malformed-leads.csv?raw";
import propstream from "../fixtures/imports/propstream.csv?raw";
import realtor from "../fixtures/imports/realtor.csv?raw";
import redfin from "../fixtures/imports/redfin.csv?raw";
import sheriffSale from "../fixtures/imports/sheriff-sale.csv?raw";
import zillowCsv from "../fixtures/imports/zillow.csv?raw";
import zillowJson from "../fixtures/imports/zillow.json?raw";
import { account, api, type Caller } from "./helpers";

interface Result {
  runId: string | null;
  source: { id: string; name: string } | null;
  format: string;
  encoding?: string;
  columns: { header: string; target: string; how: string; samples: string[] }[];
  counts: Record<
    "lines" | "rows" | "created" | "merged" | "unchanged" | "failed" | "notes" | "blank",
    number
  >;
  notes: { row: number; text: string }[];
  problems: { row: number; message: string }[];
  rows: {
    row: number;
    action: string;
    label: string;
    changes: { field: string; from: unknown; to: unknown }[];
    kept: { field: string; from: unknown; to: unknown }[];
  }[];
}
type Property = Record<string, unknown> & { id: string; address: string };

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

async function importFile(
  token: string,
  body: BodyInit,
  query: Record<string, string> = {},
  type = "text/csv",
  kind = "properties",
) {
  const response = await api(`/imports/${kind}?${new URLSearchParams(query)}`, {
    method: "POST",
    token,
    body,
    headers: type ? { "Content-Type": type } : {},
  });
  const json = (await response.json()) as { data: Result; error?: { message: string } };
  return { status: response.status, data: json.data, error: json.error };
}

async function allProperties(call: Caller) {
  const { body } = await call<{ data: Property[] }>("/data/properties?limit=100");
  return body.data;
}
const byAddress = (list: Property[], address: string) => list.find((p) => p.address === address)!;

describe("a Redfin export", () => {
  it("is recognised and every row is accounted for, its listing status kept apart", async () => {
    const { token, call } = await account();
    const preview = await importFile(token, redfin, { dryRun: "true" });
    expect(preview.status).toBe(200);
    expect(preview.data.source?.name).toBe("Redfin export");
    expect(preview.data.counts).toMatchObject({
      lines: 24,
      rows: 22,
      created: 22,
      failed: 0,
      notes: 1,
    });
    expect(preview.data.notes[0]).toMatchObject({ row: 2 });
    const status = preview.data.columns.find((c) => c.header === "STATUS")!;
    expect(status).toMatchObject({ target: "listingStatus", how: "source" });
    expect(status.samples).toContain("Active");
    expect(await allProperties(call)).toHaveLength(0);

    const done = await importFile(token, redfin);
    expect(done.data.counts).toMatchObject({ created: 22, failed: 0 });
    expect(done.data.runId).toBeTruthy();
    const list = await allProperties(call);
    expect(list).toHaveLength(22);
    const pending = byAddress(list, "333 Mass Ave #5C");
    expect(pending).toMatchObject({
      listingStatus: "pending",
      status: "new",
      propertyType: "condo",
      sourcePropertyType: "Condo/Co-op",
      listPrice: 419000,
      source: expect.any(String),
    });
    expect(byAddress(list, "1200 N Alabama St #304")).toMatchObject({ hoaMonthly: 312 });
    expect(byAddress(list, "0 E County Line Rd")).toMatchObject({
      propertyType: "land",
      beds: null,
    });
    const sold = byAddress(list, "1538 E Tabor St");
    expect(sold).toMatchObject({ listingStatus: "sold", lastSaleDate: "2025-09-26" });

    // The same file again changes nothing.
    const again = await importFile(token, redfin);
    expect(again.data.counts).toMatchObject({ created: 0, merged: 0, unchanged: 22 });
    expect(await allProperties(call)).toHaveLength(22);
  });
});

describe("a re-import", () => {
  it("keeps every edit by default, lets the file win when asked, and Undo restores", async () => {
    const { token, call } = await account();
    await importFile(token, redfin);
    const original = byAddress(await allProperties(call), "4821 Guilford Ave");
    expect(original.listPrice).toBe(289900);
    // The investor works on it: rent, taxes, notes, pipeline status, and a price they negotiated.
    const edited = {
      ...original,
      rentEstimate: 1650,
      propertyTaxesAnnual: 2400,
      notes: "Roof done in 2019; seller motivated",
      status: "analyzing",
      listPrice: 275000,
    };
    const put = await call(`/data/properties/${original.id}`, { method: "PUT", json: edited });
    expect(put.status).toBe(200);

    // The same listing comes back with a new price in the file.
    const changed = redfin.replace(",289900,3,1.5,", ",284900,3,1.5,");
    const preview = await importFile(token, changed, { dryRun: "true" });
    const row = preview.data.rows.find((r) => r.label === "4821 Guilford Ave")!;
    expect(row.action).toBe("unchanged");
    expect(row.kept).toEqual([{ field: "listPrice", from: 275000, to: 284900 }]);

    const safe = await importFile(token, changed);
    expect(safe.data.counts).toMatchObject({ created: 0, merged: 0, unchanged: 22 });
    const kept = byAddress(await allProperties(call), "4821 Guilford Ave");
    expect(kept).toMatchObject({
      rentEstimate: 1650,
      propertyTaxesAnnual: 2400,
      notes: "Roof done in 2019; seller motivated",
      status: "analyzing",
      listPrice: 275000,
      listingStatus: "active",
    });

    // With "overwrite my edits" the file's value wins; what the file leaves empty stays.
    const overwrite = await importFile(token, changed, { overwriteEdits: "true" });
    expect(overwrite.data.counts).toMatchObject({ merged: 1, unchanged: 21 });
    expect(overwrite.data.rows.find((r) => r.label === "4821 Guilford Ave")!.changes).toEqual([
      { field: "listPrice", from: 275000, to: 284900 },
    ]);
    const overwritten = byAddress(await allProperties(call), "4821 Guilford Ave");
    expect(overwritten).toMatchObject({
      listPrice: 284900,
      rentEstimate: 1650,
      status: "analyzing",
    });

    // Undo of that whole import puts back exactly what was there.
    const undo = await call(`/imports/runs/${overwrite.data.runId}/undo`, { method: "POST" });
    expect(undo.status).toBe(200);
    const restored = byAddress(await allProperties(call), "4821 Guilford Ave");
    expect(restored).toEqual(kept);
    const twice = await call(`/imports/runs/${overwrite.data.runId}/undo`, { method: "POST" });
    expect(twice.status).toBe(409);
  });

  it("moves a field the user never touched to the file's new value", async () => {
    const { token, call } = await account();
    await importFile(token, redfin);
    const changed = redfin.replace(",289900,3,1.5,", ",284900,3,1.5,");
    const merged = await importFile(token, changed);
    expect(merged.data.counts).toMatchObject({ merged: 1, unchanged: 21 });
    expect(merged.data.rows.find((r) => r.label === "4821 Guilford Ave")!.changes).toEqual([
      { field: "listPrice", from: 289900, to: 284900 },
    ]);
    expect(byAddress(await allProperties(call), "4821 Guilford Ave").listPrice).toBe(284900);
  });

  it("undoes a first import by deleting what it made, and nothing else", async () => {
    const { token, call } = await account();
    await call("/data/properties", {
      method: "POST",
      json: { address: "1 Mine St", city: "Dayton" },
    });
    const first = await importFile(token, redfin);
    expect(await allProperties(call)).toHaveLength(23);
    await call(`/imports/runs/${first.data.runId}/undo`, { method: "POST" });
    const left = await allProperties(call);
    expect(left.map((p) => p.address)).toEqual(["1 Mine St"]);
  });
});

describe("lists with owners", () => {
  it("PropStream: the owner is a contact with the mailing address, linked to the property", async () => {
    const { token, call } = await account();
    const done = await importFile(token, propstream);
    expect(done.data.source?.name).toBe("PropStream export");
    expect(done.data.counts).toMatchObject({ rows: 12, created: 12, failed: 0 });
    const property = byAddress(await allProperties(call), "88 E Hudson St");
    expect(property).toMatchObject({ propertyType: "multi_family", source: "PropStream" });
    expect(property.ownerContactId).toBeTruthy();
    const owner = await call<{ data: Record<string, unknown> }>(
      `/contacts/${property.ownerContactId}`,
    );
    expect(owner.body.data).toMatchObject({
      type: "seller",
      mailingAddress: "6120 Sawmill Rd",
      mailingCity: "Dublin",
      mailingState: "OH",
      mailingZip: "43017",
    });
    // A company owner is named as a company.
    const company = byAddress(await allProperties(call), "2231 Hiawatha St");
    const companyOwner = await call<{ data: Record<string, unknown> }>(
      `/contacts/${company.ownerContactId}`,
    );
    expect(companyOwner.body.data).toMatchObject({
      company: "Hiawatha Holdings Llc",
      firstName: "",
    });
    // Again: the owners are merged, not duplicated.
    await importFile(token, propstream);
    const { body } = await call<{ meta: { total: number } }>("/contacts?limit=1");
    expect(body.meta.total).toBe(12);
  });

  it("PropStream: an owner of several properties is one contact, in the file and in later files", async () => {
    const { token, call } = await account();
    const lines = propstream.trim().split(/\r?\n/);
    const hiawatha = lines.find((line) => line.startsWith("2231 Hiawatha St"))!;
    // The same LLC at the same mailing address owns two more properties of the list, one of them
    // written the way another county's clerk types it ("Street", lower case).
    const secondOwned = hiawatha
      .replace("2231 Hiawatha St", "2245 Hiawatha St")
      .replace("010-071190-00", "010-071191-00");
    const laterOwned = hiawatha
      .replace("2231 Hiawatha St", "17 Maple Ave")
      .replace("010-071190-00", "010-088810-00")
      .replace(
        "Hiawatha Holdings Llc,Hiawatha Holdings Llc",
        "hiawatha holdings llc,hiawatha holdings llc",
      );
    const first = await importFile(token, [...lines, secondOwned].join("\r\n"));
    expect(first.data.counts).toMatchObject({ rows: 13, created: 13, failed: 0 });
    const list = await allProperties(call);
    const owner = byAddress(list, "2231 Hiawatha St").ownerContactId;
    expect(owner).toBeTruthy();
    expect(byAddress(list, "2245 Hiawatha St").ownerContactId).toBe(owner);
    const contacts = await call<{ meta: { total: number } }>("/contacts?limit=1");
    expect(contacts.body.meta.total).toBe(12);

    // A later file (a separate request, as the screen's parts are) finds the owner it made.
    const later = await importFile(token, [lines[0], laterOwned].join("\r\n"));
    expect(later.data.counts).toMatchObject({ rows: 1, created: 1, failed: 0 });
    expect(byAddress(await allProperties(call), "17 Maple Ave").ownerContactId).toBe(owner);
    expect((await call<{ meta: { total: number } }>("/contacts?limit=1")).body.meta.total).toBe(12);

    // Two people of one name at different mailing addresses stay two contacts.
    const otherGregory = lines
      .find((line) => line.startsWith("88 E Hudson St"))!
      .replace("88 E Hudson St", "90 E Hudson St")
      .replace("010-019327-00", "010-019328-00")
      .replace("6120 Sawmill Rd,,Dublin,OH,43017", "41 Elm St,,Dublin,OH,43016");
    await importFile(token, [lines[0], otherGregory].join("\r\n"));
    const gregories = await allProperties(call);
    expect(byAddress(gregories, "90 E Hudson St").ownerContactId).not.toBe(
      byAddress(gregories, "88 E Hudson St").ownerContactId,
    );
  });

  it('DealMachine: money as "$268,000", a trust as a company owner, contacts\' phones', async () => {
    const { token, call } = await account();
    const done = await importFile(token, dealmachine);
    expect(done.data.source?.name).toBe("DealMachine export");
    expect(done.data.counts).toMatchObject({ rows: 10, created: 10, failed: 0 });
    const list = await allProperties(call);
    const hale = byAddress(list, "7513 N Hale Ave");
    expect(hale).toMatchObject({ estimatedValue: 268000, listingStatus: "off_market" });
    const owner = await call<{ data: Record<string, unknown> }>(`/contacts/${hale.ownerContactId}`);
    expect(owner.body.data).toMatchObject({ firstName: "Elton", phone: "(813) 555-0114" });
    const walnut = byAddress(list, "2213 W Walnut St");
    const trust = await call<{ data: Record<string, unknown> }>(
      `/contacts/${walnut.ownerContactId}`,
    );
    expect(trust.body.data).toMatchObject({
      company: "Odessa Pruitt Revocable Trust",
      firstName: "",
    });
  });

  it("BatchLeads: Phone1..N with their types and Email1..N land on the owner", async () => {
    const { token, call } = await account();
    const done = await importFile(token, batchleads);
    expect(done.data.counts).toMatchObject({ rows: 12, created: 12, failed: 0 });
    const property = byAddress(await allProperties(call), "3911 Lakewood Blvd");
    const owner = await call<{ data: Record<string, unknown> }>(
      `/contacts/${property.ownerContactId}`,
    );
    expect(owner.body.data).toMatchObject({
      firstName: "Carla",
      lastName: "Mendez",
      phone: "(214) 555-0142",
      phones: [
        { value: "(214) 555-0142", type: "Mobile" },
        { value: "(214) 555-0177", type: "Landline" },
      ],
      email: "cmendez.tx@example.com",
    });
  });
});

describe("other sources and formats", () => {
  it("Zillow as JSON and as the scraper's CSV import the same properties", async () => {
    const json = await account();
    const fromJson = await importFile(json.token, zillowJson, {}, "application/json");
    expect(fromJson.data).toMatchObject({ format: "json", source: { name: "Zillow scrape" } });
    expect(fromJson.data.counts).toMatchObject({ rows: 10, created: 10, failed: 0 });
    const csv = await account();
    const fromCsv = await importFile(csv.token, zillowCsv);
    expect(fromCsv.data.counts).toMatchObject({ rows: 10, created: 10, failed: 0 });
    const strip = (list: Property[]) =>
      list
        .map(({ id: _i, createdAt: _c, updatedAt: _u, ...p }) => p)
        .sort((a, b) => a.address.localeCompare(b.address));
    const a = strip(await allProperties(json.call));
    expect(a).toEqual(strip(await allProperties(csv.call)));
    expect(a.find((p) => p.externalId === "2063419857")).toMatchObject({
      estimatedValue: 431200,
      rentEstimate: 2450,
      propertyType: "single_family",
      listingStatus: "active",
      listingUrl: expect.stringMatching(/^https:\/\/www\.zillow\.com\/homedetails\//),
    });
  });

  it("Realtor.com (HomeHarvest): full and half baths add up", async () => {
    const { token, call } = await account();
    const done = await importFile(token, realtor);
    expect(done.data.counts).toMatchObject({ rows: 10, created: 10, failed: 0 });
    const contingent = (await allProperties(call)).find((p) => p.listingStatus === "contingent")!;
    expect(contingent.baths).toBe(1.5);
  });

  it("a semicolon-separated Windows-1252 file from a European Excel, sent as multipart", async () => {
    const { token, call } = await account();
    const form = new FormData();
    form.set("file", new File([bytesOf(semicolon1252)], "liste.csv", { type: "text/csv" }));
    const done = await importFile(token, form, {}, "");
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ encoding: "windows-1252" });
    expect(done.data.counts).toMatchObject({ rows: 7, created: 7, failed: 0 });
    const list = await allProperties(call);
    expect(list.some((p) => /[éñü]/.test(JSON.stringify(p)))).toBe(true);
  });

  it("a European Excel's table sent in parts as JSON keeps its decimal commas", async () => {
    const { token, call } = await account();
    const chunk = {
      headers: ["Address", "Price", "Last sale date"],
      records: [{ row: 2, cells: ["1 A St", "189.900,50", "31/12/2020"] }],
      delimiter: ";",
    };
    const done = await importFile(token, JSON.stringify(chunk), {}, "application/json");
    expect(done.data.counts).toMatchObject({ created: 1, failed: 0 });
    expect(byAddress(await allProperties(call), "1 A St")).toMatchObject({
      listPrice: 189900.5,
      lastSaleDate: "2020-12-31",
    });
  });

  it("an .xlsx workbook's first sheet", async () => {
    const { token, call } = await account();
    const done = await importFile(
      token,
      bytesOf(propertiesXlsx),
      {},
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ format: "xlsx" });
    expect(done.data.counts).toMatchObject({ rows: 8, created: 8, failed: 0 });
    expect(byAddress(await allProperties(call), "1420 Oak Hollow Dr")).toMatchObject({
      listPrice: 189900,
      rentEstimate: 1450,
    });
  });
});

describe("problems, row by row", () => {
  it("a broken quote costs its row only, and the counts add up to the file", async () => {
    const { token, call } = await account();
    const file = [
      "Address,City,Price",
      "1 A St,Dayton,100000",
      '2 B St,"Dayton,110000',
      "3 C St,Dayton,120000",
      "4 D St,Dayton,13x",
      "5 E St,Dayton,140000,extra",
      "",
      "6 F St,Dayton,150000",
    ].join("\r\n");
    const done = await importFile(token, file);
    expect(done.data.problems).toEqual([
      {
        row: 3,
        message: "Row 3: the quote opened in column City is never closed; the row was not imported",
      },
      { row: 5, message: "Row 5, Price: “13x” is not a number; the row was not imported" },
      {
        row: 6,
        message:
          "Row 6: 4 fields where the header has 3 (an unquoted separator?); the row was not imported",
      },
    ]);
    expect(done.data.counts).toMatchObject({ lines: 8, rows: 6, created: 3, failed: 3, blank: 1 });
    expect((await allProperties(call)).map((p) => p.address).sort()).toEqual([
      "1 A St",
      "3 C St",
      "6 F St",
    ]);
  });

  it("a file with no address column is refused, naming its columns, and writes nothing", async () => {
    const { token, call } = await account();
    const done = await importFile(token, "Foo,Bar\n1,2\n");
    expect(done.status).toBe(400);
    expect(JSON.stringify(done.error)).toContain("Map a column to Address");
    expect(await allProperties(call)).toHaveLength(0);
  });

  it("a mapping the user chose is used, and remembered for the source when asked", async () => {
    const { token } = await account();
    const file = "Where,Asking\n1 A St,100000\n";
    const mapping = JSON.stringify({ Where: "address", Asking: "listPrice" });
    const done = await importFile(token, file, { mapping, remember: "true" });
    expect(done.data.counts).toMatchObject({ created: 1 });
    const next = await importFile(token, "Where,Asking\n2 B St,200000\n", { dryRun: "true" });
    expect(next.data.columns.map((c) => [c.header, c.target, c.how])).toEqual([
      ["Where", "address", "remembered"],
      ["Asking", "listPrice", "remembered"],
    ]);
    const bad = await importFile(token, file, { mapping: JSON.stringify({ Where: "nonsense" }) });
    expect(bad.status).toBe(400);
  });

  it("another user's run cannot be undone or continued", async () => {
    const owner = await account();
    const done = await importFile(owner.token, redfin);
    const other = await account();
    const undo = await other.call(`/imports/runs/${done.data.runId}/undo`, { method: "POST" });
    expect(undo.status).toBe(404);
    const chunk = await importFile(other.token, redfin, { runId: done.data.runId! });
    expect(chunk.status).toBe(404);
    expect(await allProperties(owner.call)).toHaveLength(22);
  });
});

describe("lead lists", () => {
  const importLeads = (token: string, body: string, query: Record<string, string> = {}) =>
    importFile(token, body, query, "text/csv", "leads");
  type Lead = Record<string, unknown> & { id: string; firstName: string; lastName: string };
  const allLeads = async (call: Caller) =>
    (await call<{ data: Lead[] }>("/marketing/leads?limit=100")).body.data;

  it("a skip-traced BatchLeads list: every phone and e-mail, the property and mailing addresses", async () => {
    const { token, call } = await account();
    const done = await importLeads(token, batchleads);
    expect(done.status).toBe(200);
    expect(done.data.source?.name).toBe("BatchLeads skip-traced list");
    expect(done.data.counts).toMatchObject({ rows: 12, created: 12, failed: 0 });
    const list = await allLeads(call);
    const petrakis = list.find((lead) => lead.lastName === "Petrakis")!;
    expect(petrakis).toMatchObject({
      firstName: "Lorena",
      email: "lpetrakis@example.net",
      address: expect.stringContaining("5020 Gaston Ave"),
      mailingCity: "Newport Beach",
      mailingState: "CA",
      status: "new",
    });
    expect((petrakis.emails as unknown[]).length).toBe(2);
    // Leads without an e-mail arrive with their phones, not "no contact details".
    const brisco = list.find((lead) => lead.lastName === "Brisco")!;
    expect(brisco.email).toBeNull();
    expect(brisco.phone).toBeTruthy();
    expect((brisco.phones as unknown[]).length).toBe(3);

    // The same list again adds nothing; a lead's status changed in AI42 stays.
    await call(`/marketing/leads/${brisco.id}`, {
      method: "PUT",
      json: { ...brisco, status: "contacted", notes: "Call back Tuesday" },
    });
    const again = await importLeads(token, batchleads);
    expect(again.data.counts).toMatchObject({ created: 0, failed: 0 });
    const after = (await allLeads(call)).find((lead) => lead.id === brisco.id)!;
    expect(after).toMatchObject({ status: "contacted", notes: "Call back Tuesday" });
    expect(await allLeads(call)).toHaveLength(12);
  });

  it("a broken lead list: each broken row named, the rest imported, the counts add up", async () => {
    const { token, call } = await account();
    const done = await importLeads(token, malformedLeads);
    expect(done.data.problems.map((p) => p.row)).toEqual([5, 7, 8]);
    expect(done.data.problems[0]!.message).toBe(
      "Row 5: the quote opened in column First Name is never closed; the row was not imported",
    );
    expect(done.data.counts).toMatchObject({ lines: 11, rows: 10, created: 7, failed: 3 });
    expect((await allLeads(call)).map((lead) => lead.firstName).sort()).toEqual([
      "Alice",
      "Devon",
      "Felix",
      "Hannah",
      "Priscilla",
      "Rosa",
      "Yusuf",
    ]);
  });

  it("50,000 leads in one request: chunked, re-run adds nothing, undone whole", async () => {
    const { token, call } = await account();
    const lines = ["First Name,Last Name,Phone,Email,Property Address,City,State,Zip"];
    for (let i = 0; i < 50_000; i += 1) {
      lines.push(
        `Owner${i},Family${i % 997},(555) ${String(1_000_000 + i).slice(1, 4)}-${String(i).padStart(4, "0").slice(-4)},owner${i}@example.com,${i} Main St,Dayton,OH,45402`,
      );
    }
    const file = lines.join("\r\n");
    const done = await importLeads(token, file);
    expect(done.status).toBe(200);
    expect(done.data.counts).toMatchObject({ rows: 50_000, created: 50_000, failed: 0 });
    const total = async () =>
      (await call<{ meta: { total: number } }>("/marketing/leads?limit=1")).body.meta.total;
    expect(await total()).toBe(50_000);
    const again = await importLeads(token, file);
    expect(again.data.counts).toMatchObject({ created: 0, unchanged: 50_000 });
    expect(await total()).toBe(50_000);
    const undo = await call(`/imports/runs/${done.data.runId}/undo`, { method: "POST" });
    expect(undo.status).toBe(200);
    expect(await total()).toBe(0);
  }, 120_000);
});

describe("a county sheriff-sale list", () => {
  const importAuctions = (token: string, body: string, query: Record<string, string> = {}) =>
    importFile(token, body, query, "text/csv", "auctions");
  type Auction = Record<string, unknown> & { id: string; caseNumber: string };
  const allAuctions = async (call: Caller) =>
    (await call<{ data: Auction[] }>("/auctions?limit=100")).body.data;

  it("imports as sheriff sales on the county's clock, the case's parties in the notes", async () => {
    const { token, call } = await account();
    const done = await importAuctions(token, sheriffSale);
    expect(done.status).toBe(200);
    expect(done.data.source?.name).toBe("Sheriff sale list (CivilView)");
    expect(done.data.counts).toMatchObject({ rows: 10, created: 10, failed: 0 });
    const list = await allAuctions(call);
    const first = list.find((a) => a.caseNumber === "F-004127-24")!;
    expect(first).toMatchObject({
      saleType: "sheriff",
      status: "upcoming",
      timeZone: "America/New_York",
      state: "NJ",
      zip: "07054",
      apn: "Block 441 Lot 12",
      // $0.00 is the portal's "not posted yet", not a free house.
      openingBid: null,
      // 11/5/2025 on New Jersey's clock (EST, UTC−5): the day, its time not known.
      saleAt: "2025-11-05T05:00:00.000Z",
      saleTimeKnown: false,
    });
    expect(first.notes).toContain("Plaintiff: WELLS FARGO BANK, N.A.");
    expect(first.notes).toContain("Judgment: $312,448.19");
    expect(first.notes).toContain("Sheriff #: F-25000412");
    expect(first.notes).toContain("Attorney: Phelan Hallinan Diamond & Jones, PC, (856) 813-5500");
    // Adjourned with no new date yet: postponed, the county's words kept.
    const adjourned = list.find((a) => a.caseNumber === "F-011830-23")!;
    expect(adjourned).toMatchObject({ status: "postponed", postponedTo: null });
    expect(adjourned.notes).toContain("Status in the list: Adjourned - Plaintiff");
    expect(list.find((a) => a.caseNumber === "F-009914-24")!.status).toBe("sold");
    expect(list.find((a) => a.caseNumber === "F-013378-24")!.status).toBe("cancelled");
    expect(list.find((a) => a.caseNumber === "F-000871-25")!.openingBid).toBe(41200);

    // Next week's list: the same sales, one cancelled since. Nothing added; the status moves.
    const later = sheriffSale.replace("11/5/2025,Scheduled,", "11/5/2025,Cancelled,");
    const again = await importAuctions(token, later);
    expect(again.data.counts).toMatchObject({ created: 0, merged: 1, unchanged: 9 });
    const cancelled = (await allAuctions(call)).find((a) => a.caseNumber === "F-004127-24")!;
    expect(cancelled.status).toBe("cancelled");
    const detail = await call<{ data: { history: { status: string }[] } }>(
      `/auctions/${cancelled.id}`,
    );
    expect(detail.body.data.history.map((h) => h.status)).toEqual(["upcoming", "cancelled"]);

    await call(`/imports/runs/${again.data.runId}/undo`, { method: "POST" });
    const undone = await call<{ data: { status: string; history: { status: string }[] } }>(
      `/auctions/${cancelled.id}`,
    );
    expect(undone.body.data.status).toBe("upcoming");
    expect(undone.body.data.history.map((h) => h.status)).toEqual(["upcoming"]);
    expect(await allAuctions(call)).toHaveLength(10);
  });
});

describe("Import Data of an AI42 export", () => {
  it("merges into records already here: edits kept, empty fields never blank, unless overwritten", async () => {
    const { call } = await account();
    const created = await call<{ data: { ids: string[] } }>("/data/properties", {
      method: "POST",
      json: { address: "8 Elm St", city: "Dayton", rentEstimate: 1500 },
    });
    const id = created.body.data.ids[0]!;
    const exported = await call<{ data: Record<string, unknown> }>("/export");
    // Afterwards the investor works on it here: a new rent and notes the export does not have.
    const { body } = await call<{ data: Property }>(`/data/properties/${id}`);
    await call(`/data/properties/${id}`, {
      method: "PUT",
      json: { ...body.data, rentEstimate: 1650, notes: "Tenant stays" },
    });
    const importing = (query: string) =>
      call(`/import?existing=update${query}`, { method: "POST", json: exported.body.data });
    expect((await importing("")).status).toBe(200);
    const kept = (await call<{ data: Property }>(`/data/properties/${id}`)).body.data;
    expect(kept).toMatchObject({ rentEstimate: 1650, notes: "Tenant stays" });
    await importing("&overwriteEdits=true");
    const overwritten = (await call<{ data: Property }>(`/data/properties/${id}`)).body.data;
    // The export's rent wins; its empty notes still blank nothing.
    expect(overwritten).toMatchObject({ rentEstimate: 1500, notes: "Tenant stays" });
  });
});
