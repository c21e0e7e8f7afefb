import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { account, type Caller } from "./helpers";

type Data<T> = { data: T; meta?: { page: number; limit: number; total: number } };
type ErrorBody = { error: { code: string; message: string; details?: { field: string }[] } };
type Row = { id: string; [key: string]: unknown };

const countRows = async (table: string, userId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`)
    .bind(userId)
    .first<{ n: number }>())!.n;

let alice: Awaited<ReturnType<typeof account>>;
let bob: Awaited<ReturnType<typeof account>>;
beforeAll(async () => {
  alice = await account();
  bob = await account();
});

const create = async (call: Caller, path: string, json: unknown) => {
  const { status, body } = await call<Data<Row>>(path, { method: "POST", json });
  expect(status).toBe(201);
  return body.data;
};

describe("projects", () => {
  it("creates with defaults, reads, replaces and deletes", async () => {
    const project = await create(alice.call, "/projects", {
      name: "  Maple Street flip ",
      budget: 85000,
    });
    expect(project).toMatchObject({
      name: "Maple Street flip",
      type: "other",
      status: "prospecting",
      budget: 85000,
    });
    expect(project).not.toHaveProperty("userId");
    expect(new Date(project.createdAt as string).toISOString()).toBe(project.createdAt);

    const replaced = await alice.call<Data<Row>>(`/projects/${project.id}`, {
      method: "PUT",
      json: {
        name: "Maple flip",
        type: "fix_and_flip",
        status: "under_contract",
        targetCloseDate: "2027-02-15",
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({
      type: "fix_and_flip",
      status: "under_contract",
      budget: null,
    });

    expect((await alice.call(`/projects/${project.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await alice.call(`/projects/${project.id}`)).status).toBe(404);
  });

  it("refuses invalid input with 400 naming each field and writes nothing", async () => {
    const before = await countRows("projects", alice.user.id);
    const { status, body } = await alice.call<ErrorBody>("/projects", {
      method: "POST",
      json: { name: "", type: "castle", budget: -5, targetCloseDate: "31/12/2027" },
    });
    expect(status).toBe(400);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details!.map((d) => d.field).sort()).toEqual([
      "budget",
      "name",
      "targetCloseDate",
      "type",
    ]);
    expect(await countRows("projects", alice.user.id)).toBe(before);
  });

  it("says what is wrong in plain words, and the JSON API stays strict about numbers", async () => {
    const tooLong = await alice.call<ErrorBody>("/projects", {
      method: "POST",
      json: { name: "x".repeat(201) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details).toEqual([
      { field: "name", message: "Use at most 200 characters" },
    ]);
    const missing = await alice.call<ErrorBody>("/projects", { method: "POST", json: {} });
    expect(missing.body.error.details).toEqual([
      { field: "name", message: "Give the project a name" },
    ]);
    const pasted = await alice.call<ErrorBody>("/projects", {
      method: "POST",
      json: { name: "Pasted", budget: "$125,000" },
    });
    expect(pasted.status).toBe(400);
    expect(pasted.body.error.message).toBe("budget: “$125,000” is not a number");
  });

  it("pages (default 20, at most 100), filters by type, status and search", async () => {
    const user = await account();
    for (let i = 0; i < 23; i += 1) {
      await create(user.call, "/projects", {
        name: `Deal ${i}`,
        type: i % 2 ? "brrrr" : "wholesale",
        status: i < 3 ? "sold" : "analyzing",
        city: i === 7 ? "Springfield" : "Shelbyville",
      });
    }
    const first = await user.call<Data<Row[]>>("/projects");
    expect(first.body.data).toHaveLength(20);
    expect(first.body.meta).toEqual({ page: 1, limit: 20, total: 23 });
    const second = await user.call<Data<Row[]>>("/projects?page=2");
    expect(second.body.data).toHaveLength(3);
    const ids = new Set([...first.body.data, ...second.body.data].map((p) => p.id));
    expect(ids.size).toBe(23);
    expect((await user.call<Data<Row[]>>("/projects?page=9")).body.data).toEqual([]);
    for (const bad of [
      "limit=101",
      "limit=0",
      "page=0",
      "page=abc",
      "type=castle",
      "status=dreaming",
    ]) {
      expect((await user.call(`/projects?${bad}`)).status, bad).toBe(400);
    }
    expect((await user.call<Data<Row[]>>("/projects?limit=100")).body.data).toHaveLength(23);
    expect((await user.call<Data<Row[]>>("/projects?type=brrrr&limit=100")).body.meta!.total).toBe(
      11,
    );
    expect((await user.call<Data<Row[]>>("/projects?status=sold")).body.meta!.total).toBe(3);
    const search = await user.call<Data<Row[]>>("/projects?q=springf");
    expect(search.body.data.map((p) => p.name)).toEqual(["Deal 7"]);
    expect((await user.call<Data<Row[]>>("/projects?q=100%25")).body.data).toEqual([]);
  });

  it("shows a project with its contacts, documents and property, and links and unlinks contacts", async () => {
    const { call } = await account();
    const imported = await call<Data<{ created: number }>>("/data/properties", {
      method: "POST",
      json: { address: "9 Elm Road", city: "Dayton", externalId: "APN-9" },
    });
    expect(imported.body.data.created).toBe(1);
    const [property] = (await call<Data<Row[]>>("/data/properties")).body.data;
    const project = await create(call, "/projects", {
      name: "Elm rental",
      propertyId: property!.id,
    });
    const contact = await create(call, "/contacts", {
      firstName: "Lena",
      lastName: "Ortiz",
      type: "lender",
    });
    const document = await create(call, "/data/entries", {
      title: "Loan terms",
      projectId: project.id,
    });

    expect(
      (
        await call(`/projects/${project.id}/contacts`, {
          method: "POST",
          json: { contactId: contact.id },
        })
      ).status,
    ).toBe(201);
    const detail = await call<Data<Row & { contacts: Row[]; documents: Row[]; property: Row }>>(
      `/projects/${project.id}`,
    );
    expect(detail.body.data.contacts.map((c) => c.id)).toEqual([contact.id]);
    expect(detail.body.data.documents.map((d) => d.id)).toEqual([document.id]);
    expect(detail.body.data.property).toMatchObject({ id: property!.id, address: "9 Elm Road" });
    expect(detail.body.data.property).not.toHaveProperty("dedupeKey");
    const contactDetail = await call<Data<{ projects: Row[] }>>(`/contacts/${contact.id}`);
    expect(contactDetail.body.data.projects.map((p) => p.id)).toEqual([project.id]);

    expect(
      (await call(`/projects/${project.id}/contacts/${contact.id}`, { method: "DELETE" })).status,
    ).toBe(200);
    expect(
      (await call<Data<{ contacts: Row[] }>>(`/projects/${project.id}`)).body.data.contacts,
    ).toEqual([]);
    expect(
      (await call(`/projects/${project.id}/contacts/${contact.id}`, { method: "DELETE" })).status,
    ).toBe(404);
  });

  it("summarises the pipeline", async () => {
    const { call } = await account();
    await create(call, "/projects", {
      name: "A",
      status: "rehab",
      type: "fix_and_flip",
      budget: 50000,
      purchasePrice: 120000,
    });
    await create(call, "/projects", { name: "B", status: "rehab", type: "brrrr", budget: 25000 });
    await create(call, "/projects", { name: "C", status: "sold", type: "brrrr" });
    await create(call, "/contacts", { company: "First Title", type: "title_company" });
    await create(call, "/data/entries", { title: "Checklist", kind: "checklist" });
    const { body } = await call<Data<Record<string, unknown>>>("/projects/stats/overview");
    expect(body.data).toMatchObject({
      projects: 3,
      byStatus: { rehab: 2, sold: 1 },
      byType: { fix_and_flip: 1, brrrr: 2 },
      totalBudget: 75000,
      totalPurchasePrice: 120000,
      contacts: 1,
      documents: 1,
      properties: 0,
    });
    expect((body.data.recentDocuments as Row[]).map((d) => d.title)).toEqual(["Checklist"]);
  });
});

describe("contacts", () => {
  it("need a name or a company, validate the e-mail, and filter by type and search", async () => {
    const { call } = await account();
    const nameless = await call<ErrorBody>("/contacts", {
      method: "POST",
      json: { type: "agent" },
    });
    expect(nameless.status).toBe(400);
    const badEmail = await call<ErrorBody>("/contacts", {
      method: "POST",
      json: { firstName: "A", email: "nope" },
    });
    expect(badEmail.body.error.details!.map((d) => d.field)).toEqual(["email"]);
    await create(call, "/contacts", {
      firstName: "Sam",
      lastName: "Reed",
      type: "agent",
      tags: ["downtown"],
    });
    await create(call, "/contacts", {
      firstName: "Ivy",
      lastName: "Cole",
      type: "contractor",
      company: "Cole Roofing",
    });
    expect(
      (await call<Data<Row[]>>("/contacts?type=agent")).body.data.map((c) => c.firstName),
    ).toEqual(["Sam"]);
    expect(
      (await call<Data<Row[]>>("/contacts?q=roofing")).body.data.map((c) => c.firstName),
    ).toEqual(["Ivy"]);
    expect(
      (await call<Data<Row[]>>("/contacts?q=downtown")).body.data.map((c) => c.firstName),
    ).toEqual(["Sam"]);
    const all = await call<Data<Row[]>>("/contacts");
    expect(all.body.data.map((c) => c.lastName)).toEqual(["Cole", "Reed"]);
  });

  it("update and delete", async () => {
    const contact = await create(alice.call, "/contacts", { firstName: "Old" });
    const updated = await alice.call<Data<Row>>(`/contacts/${contact.id}`, {
      method: "PUT",
      json: { firstName: "New", type: "seller" },
    });
    expect(updated.body.data).toMatchObject({ firstName: "New", type: "seller" });
    expect((await alice.call(`/contacts/${contact.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await alice.call(`/contacts/${contact.id}`)).status).toBe(404);
  });
});

describe("entries (spec §7)", () => {
  it("list, create, update ?id= and delete ?id= with createdAt/updatedAt", async () => {
    const { call } = await account();
    const created = await call<Data<Row>>("/data/entries", {
      method: "POST",
      json: { title: "Offer strategy", content: "# Max bid\n\n$210k", tags: ["offer"] },
    });
    expect(created.status).toBe(201);
    const entry = created.body.data;
    expect(entry).toMatchObject({
      title: "Offer strategy",
      kind: "note",
      tags: ["offer"],
      projectId: null,
    });
    const updated = await call<Data<Row>>(`/data/entries?id=${entry.id}`, {
      method: "PUT",
      json: { title: "Offer strategy v2", kind: "report", content: "updated" },
    });
    expect(updated.body.data).toMatchObject({
      title: "Offer strategy v2",
      kind: "report",
      createdAt: entry.createdAt,
    });
    expect(Date.parse(updated.body.data.updatedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(entry.updatedAt as string),
    );
    const list = await call<Data<Row[]>>("/data/entries");
    expect(list.body.data.map((e) => e.id)).toEqual([entry.id]);
    expect((await call(`/data/entries?id=${entry.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call<Data<Row[]>>("/data/entries")).body.data).toEqual([]);
    expect((await call(`/data/entries?id=${entry.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answer 400 without ?id= and refuse another user's project", async () => {
    const missing = await alice.call<ErrorBody>("/data/entries", { method: "DELETE" });
    expect(missing.status).toBe(400);
    const bobsProject = await create(bob.call, "/projects", { name: "Bob's" });
    const linked = await alice.call<ErrorBody>("/data/entries", {
      method: "POST",
      json: { title: "Sneaky", projectId: bobsProject.id },
    });
    expect(linked.status).toBe(400);
    expect(linked.body.error.details!.map((d) => d.field)).toEqual(["projectId"]);
  });
});

describe("properties import", () => {
  it("writes the valid rows, reports the invalid ones by index", async () => {
    const { call, user } = await account();
    const { status, body } = await call<
      Data<{
        received: number;
        created: number;
        updated: number;
        failed: { index: number; errors: { field: string }[] }[];
      }>
    >("/data/properties", {
      method: "POST",
      json: [
        { address: "1 Pine Street", city: "Austin", state: "TX", listPrice: 250000 },
        { address: "", listPrice: 1 },
        { address: "3 Pine Street", beds: "three" },
        { address: "4 Pine Street", status: "owned", yearBuilt: 1984 },
      ],
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ received: 4, created: 2, updated: 0 });
    expect(body.data.failed.map((f) => [f.index, f.errors.map((e) => e.field)])).toEqual([
      [1, ["address"]],
      [2, ["beds"]],
    ]);
    expect(await countRows("properties", user.id)).toBe(2);
  });

  it("reads numbers as people write them, and says plainly which row is wrong", async () => {
    const { call, user } = await account();
    const { body } = await call<
      Data<{
        created: number;
        failed: { index: number; errors: { field: string; message: string }[] }[];
      }>
    >("/data/properties", {
      method: "POST",
      json: [
        { address: "9 Elm St", listPrice: "$125,000", rentEstimate: " 1,450.50 ", baths: "2.5" },
        { address: "10 Elm St", listPrice: "125k" },
      ],
    });
    expect(body.data.created).toBe(1);
    expect(body.data.failed).toEqual([
      { index: 1, errors: [{ field: "listPrice", message: "“125k” is not a number" }] },
    ]);
    const [saved] = (await call<Data<Row[]>>("/data/properties")).body.data;
    expect(saved).toMatchObject({ listPrice: 125000, rentEstimate: 1450.5, baths: 2.5 });
    expect(await countRows("properties", user.id)).toBe(1);
  });

  it("previews an import (new, already here, invalid) without writing, then skips or updates", async () => {
    const { call, user } = await account();
    await call("/data/properties", {
      method: "POST",
      json: [{ address: "1 Oak Street", listPrice: 100000 }],
    });
    const rows = [
      { address: "1 Oak St.", listPrice: 110000 },
      { address: "2 Oak St", listPrice: 200000 },
      { address: "3 Oak St", listPrice: "lots" },
    ];
    type Result = Data<{
      created: number;
      updated: number;
      skipped: number;
      dryRun: boolean;
      failed: { index: number }[];
    }>;
    const preview = await call<Result>("/data/properties?dryRun=true&existing=skip", {
      method: "POST",
      json: rows,
    });
    expect(preview.body.data).toMatchObject({ created: 1, updated: 0, skipped: 1, dryRun: true });
    expect(preview.body.data.failed.map((f) => f.index)).toEqual([2]);
    expect(await countRows("properties", user.id)).toBe(1);

    const skipped = await call<Result>("/data/properties?existing=skip", {
      method: "POST",
      json: rows,
    });
    expect(skipped.body.data).toMatchObject({ created: 1, skipped: 1, dryRun: false });
    const prices = async () =>
      (await call<Data<Row[]>>("/data/properties?sort=address&dir=asc")).body.data.map(
        (p) => p.listPrice,
      );
    expect(await prices()).toEqual([100000, 200000]);

    const updated = await call<Result>("/data/properties?existing=update", {
      method: "POST",
      json: rows,
    });
    expect(updated.body.data).toMatchObject({ created: 0, updated: 2, skipped: 0 });
    expect(await prices()).toEqual([110000, 200000]);
  });

  it("answers 400 and writes nothing when every row is invalid, or when there are too many", async () => {
    const { call, user } = await account();
    const invalid = await call<ErrorBody>("/data/properties", {
      method: "POST",
      json: [{ city: "x" }, {}],
    });
    expect(invalid.status).toBe(400);
    const tooMany = await call<ErrorBody>("/data/properties", {
      method: "POST",
      json: Array.from({ length: 1001 }, (_, i) => ({ address: `${i} Main St` })),
    });
    expect(tooMany.status).toBe(400);
    const notRows = await call<ErrorBody>("/data/properties", { method: "POST", json: "hello" });
    expect(notRows.status).toBe(400);
    expect(await countRows("properties", user.id)).toBe(0);
  });

  it("imports 1,000 rows in one call within D1's 100-parameter limit, and upserts on re-import", async () => {
    const { call, user } = await account();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      address: `${i + 1} Market Street`,
      city: "Portland",
      state: "OR",
      zip: "97201",
      externalId: i % 2 ? `MLS-${i}` : null,
      listPrice: 300000 + i,
      beds: 3,
      baths: 2,
      squareFeet: 1500,
      status: "new",
    }));
    const first = await call<Data<{ created: number; updated: number }>>("/data/properties", {
      method: "POST",
      json: rows,
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ created: 1000, updated: 0 });
    expect(await countRows("properties", user.id)).toBe(1000);

    const again = await call<Data<{ created: number; updated: number }>>("/data/properties", {
      method: "POST",
      json: rows.map((row) => ({
        ...row,
        listPrice: 1,
        address: row.externalId ? row.address : row.address.replace("Street", "st."),
      })),
    });
    expect(again.body.data).toMatchObject({ created: 0, updated: 1000 });
    expect(await countRows("properties", user.id)).toBe(1000);
    const page = await call<Data<Row[]>>("/data/properties?sort=listPrice&dir=desc&limit=5");
    expect(page.body.meta!.total).toBe(1000);
    expect(page.body.data.every((p) => p.listPrice === 1)).toBe(true);
  });

  it("lists with filters and sorting, and updates and deletes one property", async () => {
    const { call } = await account();
    await call("/data/properties", {
      method: "POST",
      json: [
        { address: "10 Oak Ave", listPrice: 100000, status: "analyzing" },
        { address: "20 Oak Ave", listPrice: 300000, status: "new" },
        { address: "30 Birch Ln", listPrice: 200000, status: "analyzing" },
      ],
    });
    const sorted = await call<Data<Row[]>>("/data/properties?sort=listPrice&dir=asc");
    expect(sorted.body.data.map((p) => p.listPrice)).toEqual([100000, 200000, 300000]);
    const analyzing = await call<Data<Row[]>>("/data/properties?status=analyzing&q=oak");
    expect(analyzing.body.data.map((p) => p.address)).toEqual(["10 Oak Ave"]);
    expect((await call("/data/properties?sort=password")).status).toBe(400);

    const target = sorted.body.data[0]!;
    const clash = await call<ErrorBody>(`/data/properties/${target.id}`, {
      method: "PUT",
      json: { address: "20 oak avenue" },
    });
    expect(clash.status).toBe(409);
    const moved = await call<Data<Row>>(`/data/properties/${target.id}`, {
      method: "PUT",
      json: { address: "10 Oak Ave", status: "offer_made", listPrice: 95000 },
    });
    expect(moved.body.data).toMatchObject({ status: "offer_made", listPrice: 95000 });
    expect((await call(`/data/properties/${target.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await call<Data<Row[]>>("/data/properties")).body.meta!.total).toBe(2);
  });
});

describe("another user's records", () => {
  it("answer 404 and never appear in lists", async () => {
    const project = await create(alice.call, "/projects", { name: "Alice only" });
    const contact = await create(alice.call, "/contacts", { firstName: "Alice's agent" });
    const entry = await create(alice.call, "/data/entries", { title: "Alice's notes" });
    await alice.call("/data/properties", { method: "POST", json: { address: "1 Private Way" } });
    const [property] = (await alice.call<Data<Row[]>>("/data/properties?q=private")).body.data;

    for (const [path, body] of [
      [`/projects/${project.id}`, { name: "Hijacked" }],
      [`/contacts/${contact.id}`, { firstName: "Hijacked" }],
      [`/data/entries?id=${entry.id}`, { title: "Hijacked" }],
      [`/data/properties/${property!.id}`, { address: "Hijacked" }],
    ] as const) {
      if (!path.startsWith("/data/"))
        expect((await bob.call(path)).status, `GET ${path}`).toBe(404);
      expect((await bob.call(path, { method: "PUT", json: body })).status, `PUT ${path}`).toBe(404);
      expect((await bob.call(path, { method: "DELETE" })).status, `DELETE ${path}`).toBe(404);
    }
    const bobsProject = await create(bob.call, "/projects", { name: "Bob's deal" });
    expect(
      (
        await bob.call(`/projects/${bobsProject.id}/contacts`, {
          method: "POST",
          json: { contactId: contact.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await bob.call(`/projects/${project.id}/contacts`, {
          method: "POST",
          json: { contactId: contact.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await bob.call("/projects", {
          method: "POST",
          json: { name: "x", propertyId: property!.id },
        })
      ).status,
    ).toBe(400);

    const lists = await Promise.all(
      [
        "/projects?limit=100",
        "/contacts?limit=100",
        "/data/entries",
        "/data/properties?limit=100",
      ].map((p) => bob.call<Data<Row[]>>(p)),
    );
    const seen = lists.flatMap((l) => l.body.data.map((r) => r.id));
    expect(seen).not.toContain(project.id);
    expect(seen).not.toContain(contact.id);
    expect(seen).not.toContain(entry.id);
    expect(seen).not.toContain(property!.id);
    expect((await alice.call<Data<Row>>(`/projects/${project.id}`)).body.data.name).toBe(
      "Alice only",
    );
  });
});

describe("export and import", () => {
  type KindResult = { created: number; updated: number; skipped: number; failed: Failure[] };
  type Failure = { index: number; errors: { field: string; message: string }[] };
  type ImportResult = Data<Record<string, KindResult> & { dryRun: boolean }>;
  type ExportDoc = Record<string, Row[]> & { format: string; version: number; exportedAt: string };

  /** A workspace with one of everything: linked records, a conversation and saved research. */
  async function fullWorkspace() {
    const source = await account();
    await source.call("/data/properties", {
      method: "POST",
      json: { address: "5 Lake Rd", externalId: "APN-5", listPrice: 210000 },
    });
    const [property] = (await source.call<Data<Row[]>>("/data/properties")).body.data;
    const project = await create(source.call, "/projects", {
      name: "Lake house",
      propertyId: property!.id,
      budget: 40000,
    });
    const contact = await create(source.call, "/contacts", { firstName: "Ann", type: "attorney" });
    await source.call(`/projects/${project.id}/contacts`, {
      method: "POST",
      json: { contactId: contact.id },
    });
    await create(source.call, "/data/entries", {
      title: "Closing checklist",
      projectId: project.id,
      content: "- [ ] title search",
    });
    const chat = await source.call<Data<{ conversationId: string }>>("/ai/openai", {
      method: "POST",
      json: { messages: [{ role: "user", content: "What is a good cap rate?" }] },
    });
    expect(chat.status).toBe(200);
    const research = await source.call<Data<Row>>("/ai/property-research", {
      method: "POST",
      json: { query: "Lake house: flip or rent?" },
    });
    expect(research.status).toBe(201);
    await source.call(`/ai/research/${research.body.data.id}/save`, { method: "POST" });
    const event = await source.call("/calendar/events", {
      method: "POST",
      json: {
        summary: "Walk-through with Ann",
        kind: "showing",
        start: { dateTime: "2027-03-31T10:00:00-04:00", timeZone: "America/New_York" },
        end: { dateTime: "2027-03-31T11:00:00-04:00" },
        projectId: project.id,
        propertyId: property!.id,
        contactId: contact.id,
      },
    });
    expect(event.status).toBe(201);
    await source.call(`/projects/${project.id}/files`, {
      method: "POST",
      json: {
        driveFileId: "1LakeHouse",
        name: "Lake house purchase agreement.pdf",
        webViewLink: "https://drive.google.com/file/d/1LakeHouse/view",
      },
    });
    const deal = await source.call("/deals", {
      method: "POST",
      json: {
        name: "Lake house as a rental",
        strategy: "rental",
        inputs: {
          purchasePrice: 210000,
          grossMonthlyRent: 1900,
          financing: { type: "loan", downPaymentPct: 25, interestRatePct: 7, termYears: 30 },
        },
        propertyId: property!.id,
        projectId: project.id,
        primary: true,
      },
    });
    expect(deal.status).toBe(201);
    const auction = await source.call<Data<Row>>("/auctions", {
      method: "POST",
      json: {
        saleType: "sheriff",
        saleAt: "2027-04-06T10:00:00-04:00",
        address: "5 Lake Rd",
        state: "MI",
        propertyId: property!.id,
        projectId: project.id,
        dealId: (deal.body as Data<Row>).data.id,
        attorneyContactId: contact.id,
        openingBid: 90000,
      },
    });
    expect(auction.status).toBe(201);
    const postponed = await source.call(`/auctions/${auction.body.data.id}`, {
      method: "PUT",
      json: {
        saleType: "sheriff",
        saleAt: "2027-04-06T10:00:00-04:00",
        address: "5 Lake Rd",
        state: "MI",
        propertyId: property!.id,
        projectId: project.id,
        dealId: (deal.body as Data<Row>).data.id,
        attorneyContactId: contact.id,
        openingBid: 90000,
        status: "postponed",
        postponedTo: "2027-05-04T10:00:00-04:00",
      },
    });
    expect(postponed.status).toBe(200);
    const route = await source.call("/routes", {
      method: "POST",
      json: {
        name: "Lake day",
        date: "2027-04-06",
        departAt: "2027-04-06T08:00:00-04:00",
        start: { label: "Home", lat: 42.3, lng: -83.0 },
        stops: [
          {
            id: "lake",
            label: "5 Lake Rd",
            lat: 42.5,
            lng: -83.2,
            source: "property",
            sourceId: property!.id,
          },
        ],
      },
    });
    expect(route.status).toBe(201);
    const campaign = await source.call<Data<Row>>("/marketing/campaigns", {
      method: "POST",
      json: { name: "Lake mailer", channel: "direct_mail", spend: 250 },
    });
    const lead = await source.call("/marketing/leads", {
      method: "POST",
      json: {
        firstName: "Lena",
        lastName: "Shore",
        phone: "313-555-0100",
        status: "appointment",
        consentCall: true,
        followUpOn: "2027-04-01",
        campaignId: campaign.body.data.id,
        answers: [{ question: "When would you sell?", answer: "This spring" }],
      },
    });
    expect(lead.status).toBe(201);
    const bot = await source.call("/marketing/bots", {
      method: "POST",
      json: {
        name: "Lake bot",
        persona: "Friendly",
        handOff: "Offer a call",
        questions: [{ text: "Your name?", field: "name" }],
      },
    });
    expect(bot.status).toBe(201);
    return { source, project };
  }

  const exportOf = async (call: Caller) => (await call<Data<ExportDoc>>("/export")).body.data;
  const importInto = (call: Caller, doc: unknown, query = "") =>
    call<ImportResult>(`/import${query}`, { method: "POST", json: doc });

  /** The document with every record id replaced by a name, lists in a stable order. */
  function comparable(doc: ExportDoc) {
    const labels = new Map<string, string>();
    const name = (row: Row) =>
      String(row.name ?? row.title ?? row.address ?? row.query ?? row.summary ?? row.firstName);
    for (const kind of [
      "projects",
      "contacts",
      "entries",
      "properties",
      "conversations",
      "research",
      "events",
      "projectFiles",
      "deals",
      "auctions",
      "routes",
      "campaigns",
      "leadBots",
    ]) {
      for (const row of doc[kind]!) labels.set(row.id, `${kind}:${name(row)}`);
    }
    const { exportedAt: _exportedAt, ...rest } = doc;
    const renamed = JSON.parse(
      JSON.stringify(rest, (_key, value) =>
        typeof value === "string" && labels.has(value) ? labels.get(value) : value,
      ),
    ) as Record<string, unknown>;
    for (const value of Object.values(renamed)) {
      if (Array.isArray(value))
        value.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    }
    return renamed;
  }

  it("the move into workspaces keeps an account's every record and id: its export before equals its export after", async () => {
    const { source } = await fullWorkspace();
    const { exportedAt: _before, ...before } = await exportOf(source.call);
    // The account as the database held it before workspaces: no workspace, no membership (its
    // records name the account, as they did then).
    const { id } = source.user;
    await env.DB.prepare("DELETE FROM workspaces WHERE id = ?").bind(id).run();
    const members = await env.DB.prepare(
      "SELECT count(*) AS n FROM workspace_members WHERE workspace_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(members!.n).toBe(0);
    const migration = env.TEST_MIGRATIONS.find((one) => one.name.startsWith("0043_"));
    const backfill = migration!.queries.filter((query) => /^\s*INSERT/.test(query));
    await env.DB.batch(backfill.map((query) => env.DB.prepare(query)));
    const { exportedAt: _after, ...after } = await exportOf(source.call);
    expect(after).toEqual(before);
    expect(
      Object.values(before).filter((rows) => Array.isArray(rows) && rows.length).length,
    ).toBeGreaterThanOrEqual(13);
  });

  it("exports everything a user made, conversations and research included, and an empty account restores it", async () => {
    const { source, project } = await fullWorkspace();
    const exported = await exportOf(source.call);
    expect(exported).toMatchObject({ format: "ai42-export", version: 2 });
    expect(exported.projectContacts).toHaveLength(1);
    expect(exported.conversations).toHaveLength(1);
    expect(exported.conversations![0]!.messages).toHaveLength(2);
    expect(exported.research).toHaveLength(1);
    expect(exported.research![0]!.savedEntryId).toBeTruthy();
    expect(exported.entries).toHaveLength(2);
    expect(exported.events).toHaveLength(1);
    expect(exported.projectFiles).toHaveLength(1);
    expect(exported.deals).toHaveLength(1);
    expect(exported.deals![0]).not.toHaveProperty("metrics");
    expect(exported.auctions).toHaveLength(1);
    expect(exported.auctions![0]).not.toHaveProperty("googleSynced");
    expect((exported.auctions![0]!.history as Row[]).map((h) => h.status)).toEqual([
      "upcoming",
      "postponed",
    ]);
    expect(exported.routes).toHaveLength(1);
    expect(exported.routes![0]).not.toHaveProperty("plan");
    expect(exported.campaigns).toHaveLength(1);
    expect(exported.leads).toHaveLength(1);
    expect(exported.leads![0]).toMatchObject({ status: "appointment", reached: "appointment" });
    expect(exported.leadBots).toHaveLength(1);

    const target = await account();
    const imported = await importInto(target.call, exported);
    expect(imported.status).toBe(200);
    const created = Object.fromEntries(
      Object.entries(imported.body.data)
        .filter(([, value]) => typeof value === "object")
        .map(([kind, value]) => [kind, (value as KindResult).created]),
    );
    expect(created).toEqual({
      properties: 1,
      contacts: 2,
      projects: 1,
      entries: 2,
      links: 1,
      conversations: 1,
      research: 1,
      events: 1,
      projectFiles: 1,
      deals: 1,
      auctions: 1,
      routes: 1,
      campaigns: 1,
      leads: 1,
      leadBots: 1,
    });
    const [leadCopy] = (await target.call<Data<Row[]>>("/marketing/leads")).body.data;
    const [campaignCopy] = (await target.call<Data<Row[]>>("/marketing/campaigns")).body.data;
    expect(leadCopy).toMatchObject({ firstName: "Lena", campaignId: campaignCopy!.id });
    const [copy] = (await target.call<Data<Row[]>>("/projects")).body.data;
    expect(copy!.id).not.toBe(project.id);
    const detail = await target.call<Data<{ contacts: Row[]; documents: Row[]; property: Row }>>(
      `/projects/${copy!.id}`,
    );
    expect(detail.body.data.contacts.map((c) => c.firstName)).toEqual(["Ann"]);
    expect(detail.body.data.property.address).toBe("5 Lake Rd");
    const [property] = (
      await target.call<Data<(Row & { primaryAnalysis: Row | null })[]>>("/data/properties")
    ).body.data;
    expect(property!.primaryAnalysis).toMatchObject({ name: "Lake house as a rental" });
    const [deal] = (await target.call<Data<Row[]>>("/deals")).body.data;
    expect(deal).toMatchObject({ propertyId: property!.id, projectId: copy!.id, primary: true });

    expect(comparable(await exportOf(target.call))).toEqual(comparable(exported));
    // The source account is untouched by the other account's import.
    expect(comparable(await exportOf(source.call))).toEqual(comparable(exported));
  });

  it("merges every kind on Update existing (edits made since kept, the file's own changes taken) and Undo puts back exactly what was there", async () => {
    const { source, project } = await fullWorkspace();
    const { call } = source;
    const doc = await exportOf(call);
    const put = async (path: string, json: Record<string, unknown>) =>
      expect((await call(path, { method: "PUT", json })).status).toBe(200);
    // Work done here after the export: a renamed project, deal and campaign, a lead that moved on,
    // a conversation renamed and continued.
    const [deal] = (await call<Data<Row[]>>("/deals")).body.data;
    const [campaign] = (await call<Data<Row[]>>("/marketing/campaigns")).body.data;
    const [lead] = (await call<Data<Row[]>>("/marketing/leads")).body.data;
    const [chat] = (await call<Data<Row[]>>("/conversations")).body.data;
    await put(`/projects/${project.id}`, {
      name: "Lake house, ours now",
      propertyId: project.propertyId,
      budget: 40000,
    });
    const { name: _name, strategy, inputs, propertyId, projectId, primary } = deal!;
    await put(`/deals/${deal!.id}`, {
      name: "Lake house, 2 units",
      ...{ strategy, inputs, propertyId, projectId, primary },
    });
    await put(`/marketing/campaigns/${campaign!.id}`, {
      name: "Lake mailer",
      channel: "direct_mail",
      spend: 400,
    });
    await put(`/marketing/leads/${lead!.id}`, {
      firstName: "Lena",
      lastName: "Shore",
      phone: "313-555-0100",
      status: "under_contract",
      consentCall: true,
      followUpOn: "2027-04-01",
      campaignId: campaign!.id,
      answers: [{ question: "When would you sell?", answer: "This spring" }],
    });
    await call(`/conversations/${chat!.id}`, { method: "PATCH", json: { title: "Cap rates" } });
    const messages = (await call<Data<{ messages: Row[] }>>(`/conversations/${chat!.id}`)).body.data
      .messages;
    await call("/ai/openai", {
      method: "POST",
      json: {
        conversationId: chat!.id,
        messages: [
          ...messages.map(({ role, content }) => ({ role, content })),
          { role: "user", content: "And for a duplex?" },
        ],
      },
    });
    const worked = comparable(await exportOf(call));

    // By default nothing done here is lost: the file's older values are kept out.
    const merged = await importInto(call, doc, "?existing=update");
    expect(merged.status).toBe(200);
    expect(comparable(await exportOf(call))).toEqual(worked);

    // With "overwrite my edits" the file wins everywhere, the conversation's messages included.
    const overwritten = await importInto(call, doc, "?existing=update&overwriteEdits=true");
    const runId = (overwritten.body.data as unknown as { runId: string }).runId;
    expect(runId).toEqual(expect.any(String));
    const now = await exportOf(call);
    const byId = (kind: string, id: unknown) => now[kind]!.find((row) => row.id === id)!;
    expect(byId("projects", project.id).name).toBe("Lake house");
    expect(byId("deals", deal!.id).name).toBe("Lake house as a rental");
    expect(byId("campaigns", campaign!.id).spend).toBe(250);
    expect(byId("leads", lead!.id).status).toBe("appointment");
    expect(byId("conversations", chat!.id)).toMatchObject({ title: chat!.title });
    expect(byId("conversations", chat!.id).messages).toHaveLength(2);

    // Undo of that import: every record, message and history entry as it was before it.
    const undone = await call(`/imports/runs/${runId}/undo`, { method: "POST" });
    expect(undone.status).toBe(200);
    expect(comparable(await exportOf(call))).toEqual(worked);
    const runs = (await call<Data<Row[]>>("/imports")).body.data;
    expect(runs[0]).toMatchObject({ id: runId, kind: "data", undoneAt: expect.any(String) });
  });

  it("takes a later export's changes to records it brought in, and keeps what was changed here", async () => {
    const { source, project } = await fullWorkspace();
    const target = await account();
    expect((await importInto(target.call, await exportOf(source.call))).status).toBe(200);
    const [copy] = (await target.call<Data<Row[]>>("/projects")).body.data;
    const edit = (call: Caller, id: unknown, change: Record<string, unknown>) =>
      call(`/projects/${String(id)}`, {
        method: "PUT",
        json: { name: "Lake house", propertyId: copy!.propertyId, budget: 40000, ...change },
      });
    expect((await edit(target.call, copy!.id, { description: "Our lender says yes" })).status).toBe(
      200,
    );
    // The source moves on: a new budget and notes of its own.
    const moved = await edit(source.call, project.id, {
      propertyId: project.propertyId,
      budget: 55000,
      description: "Roof quote in",
    });
    expect(moved.status).toBe(200);
    const later = await importInto(target.call, await exportOf(source.call), "?existing=update");
    expect(later.body.data.projects).toMatchObject({ updated: 1, failed: [] });
    const after = (await target.call<Data<Row>>(`/projects/${copy!.id}`)).body.data;
    expect(after).toMatchObject({ budget: 55000, description: "Our lender says yes" });
    // An import of nothing new is a run to undo like any other, and undoing it twice is refused.
    const runs = (await target.call<Data<Row[]>>("/imports")).body.data;
    expect(runs.map((run) => run.kind)).toEqual(["data", "data"]);
    expect(
      (await target.call(`/imports/runs/${runs[0]!.id}/undo`, { method: "POST" })).status,
    ).toBe(200);
    expect((await target.call<Data<Row>>(`/projects/${copy!.id}`)).body.data).toMatchObject({
      budget: 40000,
      description: "Our lender says yes",
    });
    expect(
      (await target.call(`/imports/runs/${runs[0]!.id}/undo`, { method: "POST" })).status,
    ).toBe(409);
  });

  it("imports the same file again without copies: already here, skipped or updated", async () => {
    const { source } = await fullWorkspace();
    const exported = await exportOf(source.call);
    const counts = async () =>
      Promise.all(
        [
          "projects",
          "contacts",
          "entries",
          "properties",
          "conversations",
          "research_reports",
          "deals",
          "auctions",
          "auction_history",
        ].map((t) => countRows(t, source.user.id)),
      );
    const before = await counts();

    const again = await importInto(source.call, exported);
    expect(again.status).toBe(200);
    for (const kind of [
      "projects",
      "contacts",
      "entries",
      "properties",
      "conversations",
      "deals",
      "auctions",
      "campaigns",
      "leads",
      "leadBots",
    ]) {
      expect(again.body.data[kind]).toMatchObject({ created: 0, updated: 0 });
      expect(again.body.data[kind]!.skipped).toBeGreaterThan(0);
    }
    expect(await counts()).toEqual(before);

    const target = await account();
    await importInto(target.call, exported);
    await importInto(target.call, exported);
    expect((await exportOf(target.call)).projects).toHaveLength(1);

    const renamed = {
      ...exported,
      projects: exported.projects!.map((p) => ({ ...p, name: "Lake house (renamed)" })),
    };
    const kept = await importInto(target.call, renamed);
    expect(kept.body.data.projects).toMatchObject({ created: 0, skipped: 1 });
    const names = async () =>
      (await target.call<Data<Row[]>>("/projects")).body.data.map((p) => p.name);
    expect(await names()).toEqual(["Lake house"]);
    const updated = await importInto(target.call, renamed, "?existing=update");
    expect(updated.body.data.projects).toMatchObject({ created: 0, updated: 1 });
    expect(await names()).toEqual(["Lake house (renamed)"]);
  });

  it("previews new, already-here and invalid rows without writing, and imports the valid rest", async () => {
    const target = await account();
    await target.call("/projects", { method: "POST", json: { name: "Existing" } });
    const [existing] = (await target.call<Data<Row[]>>("/projects")).body.data;
    const doc = {
      format: "ai42-export",
      version: 1,
      projects: [
        { ...existing, name: "Existing" },
        { id: "p-new", name: "New deal", budget: "$125,000" },
        { id: "p-bad", name: "Bad deal", budget: "a lot" },
      ],
      contacts: [{ id: "c1", firstName: "Fine" }],
      entries: [
        { id: "e1", title: "Dangling", projectId: "nope" },
        { id: "e2", title: "Linked", projectId: "p-new" },
      ],
      properties: [],
      projectContacts: [{ projectId: "p-bad", contactId: "c1" }],
    };
    const before = await countRows("projects", target.user.id);
    const preview = await importInto(target.call, doc, "?dryRun=true");
    expect(preview.status).toBe(200);
    expect(preview.body.data.dryRun).toBe(true);
    expect(preview.body.data.projects).toMatchObject({ created: 1, skipped: 1 });
    expect(preview.body.data.projects!.failed).toEqual([
      { index: 2, errors: [{ field: "budget", message: "“a lot” is not a number" }] },
    ]);
    expect(preview.body.data.entries).toMatchObject({ created: 1 });
    expect(preview.body.data.entries!.failed).toEqual([
      {
        index: 0,
        errors: [{ field: "projectId", message: "No such project in the file or your workspace" }],
      },
    ]);
    expect(preview.body.data.links!.failed).toHaveLength(1);
    expect(await countRows("projects", target.user.id)).toBe(before);

    const imported = await importInto(target.call, doc);
    expect(imported.body.data.projects).toMatchObject({ created: 1, skipped: 1 });
    const projects = (await target.call<Data<Row[]>>("/projects")).body.data;
    expect(projects.map((p) => [p.name, p.budget]).sort()).toEqual([
      ["Existing", null],
      ["New deal", 125000],
    ]);
    const documents = (await target.call<Data<Row[]>>("/data/entries")).body.data;
    expect(documents.map((d) => d.title)).toEqual(["Linked"]);
  });

  it("restores an export larger than the usual 2 MB request limit", async () => {
    const source = await account();
    const page = "A long inspection report line. ".repeat(3200); // ~100 KB
    for (let i = 0; i < 25; i += 1) {
      await create(source.call, "/data/entries", { title: `Report ${i}`, content: page });
    }
    const exported = await exportOf(source.call);
    expect(JSON.stringify(exported).length).toBeGreaterThan(2.2 * 1024 * 1024);
    const target = await account();
    const imported = await importInto(target.call, exported);
    expect(imported.status).toBe(200);
    expect(imported.body.data.entries).toMatchObject({ created: 25 });
    expect(await countRows("entries", target.user.id)).toBe(25);
  });

  it("never lets two rows of a file land on one property, and stores times as ISO 8601", async () => {
    const target = await account();
    await target.call("/data/properties", { method: "POST", json: { address: "1 Elm St" } });
    const [elm] = (await target.call<Data<Row[]>>("/data/properties")).body.data;
    const doc = {
      format: "ai42-export",
      version: 2,
      properties: [
        { id: elm!.id, address: "2 Oak St", createdAt: "2020" },
        { id: "other", address: "1 Elm St" },
      ],
      projects: [{ id: "p1", name: "Dated", createdAt: "March 3, 2021", updatedAt: "2021-03-04" }],
    };
    // Overwriting edits: the property was typed here, so by default its address would be kept.
    const result = await importInto(target.call, doc, "?existing=update&overwriteEdits=true");
    expect(result.body.data.properties).toMatchObject({ updated: 1 });
    expect(result.body.data.properties!.failed).toEqual([
      { index: 1, errors: [{ field: "id", message: "The same property as row 1" }] },
    ]);
    const addresses = (await target.call<Data<Row[]>>("/data/properties")).body.data.map(
      (p) => p.address,
    );
    expect(addresses).toEqual(["2 Oak St"]);
    const [project] = (await target.call<Data<Row[]>>("/projects")).body.data;
    expect(project!.createdAt).toBe(new Date("March 3, 2021").toISOString());
    expect(project!.updatedAt).toBe("2021-03-04T00:00:00.000Z");
  });

  it("checks a file's deal analyses like the API does, and works their figures out again", async () => {
    const target = await account();
    const doc = {
      format: "ai42-export",
      version: 2,
      properties: [{ id: "p1", address: "8 Deal St" }],
      deals: [
        {
          id: "d1",
          name: "Bad",
          strategy: "rental",
          inputs: { purchasePrice: -1, grossMonthlyRent: 1 },
        },
        {
          id: "d2",
          name: "Dangling",
          strategy: "wholesale",
          inputs: { afterRepairValue: 1 },
          propertyId: "nope",
        },
        {
          id: "d3",
          name: "Fine",
          strategy: "rental",
          inputs: { purchasePrice: 100000, grossMonthlyRent: 1000 },
          propertyId: "p1",
          metrics: { capRate: 99 },
        },
      ],
    };
    const result = await importInto(target.call, doc);
    expect(result.body.data.deals).toMatchObject({ created: 1 });
    expect(result.body.data.deals!.failed).toEqual([
      { index: 0, errors: [{ field: "inputs.purchasePrice", message: "Use more than 0" }] },
      {
        index: 1,
        errors: [
          { field: "propertyId", message: "No such property in the file or your workspace" },
        ],
      },
    ]);
    const [property] = (
      await target.call<Data<(Row & { primaryAnalysis: Row | null })[]>>("/data/properties")
    ).body.data;
    expect(property!.primaryAnalysis).toMatchObject({ name: "Fine", capRate: 12 });
  });

  // Six 1,000-row imports and three parts written and read: a minute on a busy machine.
  it("writes a workspace larger than one import takes as parts that each import, in another account too", async () => {
    const source = await account();
    // 6,000 properties, made with the screen's own 1,000-row imports.
    for (let batch = 0; batch < 6; batch += 1) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        address: batch + i === 0 ? "1 First Ave" : `${batch * 1000 + i + 1} Limit Ave`,
        city: "Columbus",
      }));
      const made = await source.call("/data/properties", { method: "POST", json: rows });
      expect(made.status).toBe(200);
    }
    const firstOf = async (call: Caller) =>
      (await call<Data<Row[]>>("/data/properties?q=First%20Ave")).body.data[0];
    const first = await firstOf(source.call);
    // An analysis (read after every property) of a property the first part holds.
    await create(source.call, "/deals", {
      name: "First of the list",
      strategy: "rental",
      propertyId: first!.id,
      inputs: {
        purchasePrice: 100000,
        grossMonthlyRent: 1200,
        financing: { type: "loan", downPaymentPct: 25, interestRatePct: 7, termYears: 30 },
      },
    });

    const one =
      await source.call<Data<ExportDoc & { part: { number: number; of: number } }>>("/export");
    expect(one.body.data.part).toEqual({ number: 1, of: 2 });
    expect(one.body.data.properties).toHaveLength(5000);
    const two =
      await source.call<Data<ExportDoc & { part: { number: number; of: number } }>>(
        "/export?part=2",
      );
    expect(two.body.data.properties).toHaveLength(1000);
    expect(two.body.data.deals).toHaveLength(1);
    expect((await source.call("/export?part=3")).status).toBe(404);

    // Another account on the same AI42: the ids are taken, so the records get ids of its own,
    // and the second part's analysis still finds its property from the first part.
    const target = await account();
    const firstPart = await importInto(target.call, one.body.data);
    expect(firstPart.status).toBe(200);
    expect(firstPart.body.data.properties).toMatchObject({ created: 5000, failed: [] });
    const secondPart = await importInto(target.call, two.body.data);
    expect(secondPart.status).toBe(200);
    expect(secondPart.body.data.properties).toMatchObject({ created: 1000, failed: [] });
    expect(secondPart.body.data.deals).toMatchObject({ created: 1, failed: [] });
    expect(await countRows("properties", target.user.id)).toBe(6000);
    const [deal] = (await target.call<Data<Row[]>>("/deals")).body.data;
    const own = await firstOf(target.call);
    expect(deal!.propertyId).toBe(own!.id);
    expect(own!.id).not.toBe(first!.id);
  }, 60_000);

  it("cuts an export over 25 MB into parts under it, each of which imports", async () => {
    const source = await account();
    const page = "A long inspection report line. ".repeat(3200); // ~100 KB
    const entries = (from: number) =>
      Array.from({ length: 135 }, (_, i) => ({
        id: `report-${from + i}`,
        title: `Report ${from + i}`,
        content: page,
      }));
    for (const from of [0, 135]) {
      const made = await importInto(source.call, {
        format: "ai42-export",
        version: 2,
        entries: entries(from),
      });
      expect(made.body.data.entries).toMatchObject({ created: 135 });
    }
    const one = await source.call<Data<ExportDoc & { part: { of: number } }>>("/export");
    expect(one.body.data.part.of).toBe(2);
    const two = await source.call<Data<ExportDoc>>("/export?part=2");
    const target = await account();
    for (const part of [one.body.data, two.body.data]) {
      // As the screen writes the file.
      const file = JSON.stringify(part, null, 2);
      expect(new TextEncoder().encode(file).length).toBeLessThanOrEqual(25 * 1024 * 1024);
      const imported = await target.call<ImportResult>("/import", {
        method: "POST",
        body: file,
        headers: { "Content-Type": "application/json" },
      });
      expect(imported.status).toBe(200);
    }
    expect(await countRows("entries", target.user.id)).toBe(270);
  });

  it("refuses, by field, a record nested too deep or too large to store, and imports the rest", async () => {
    const target = await account();
    // Written out by hand: JSON.stringify itself runs out of stack on 20,000 levels.
    const deep = `${"[".repeat(20_000)}"bottom"${"]".repeat(20_000)}`;
    const report = {
      query: "123 Main St",
      provider: "perplexity",
      model: "sonar",
      report: { summary: "", market: "", comparables: "", risks: [], nextSteps: [], sources: [] },
    };
    const doc = {
      format: "ai42-export",
      version: 2,
      conversations: [
        {
          id: "deep",
          title: "Deep",
          provider: "openai",
          model: "gpt-4o-mini",
          messages: [
            { role: "user", content: "Hi" },
            {
              role: "assistant",
              content: "Done",
              toolCalls: [{ name: "x", arguments: "DEEP", ok: true, summary: "", wrote: false }],
            },
          ],
        },
        { id: "fine", title: "Fine", provider: "openai", model: "gpt-4o-mini", messages: [] },
      ],
      research: [
        { ...report, id: "huge", report: { ...report.report, summary: "y".repeat(3_000_000) } },
        { ...report, id: "small" },
      ],
    };
    const imported = await target.call<ImportResult>("/import", {
      method: "POST",
      body: JSON.stringify(doc).replace('"DEEP"', deep),
      headers: { "Content-Type": "application/json" },
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data.conversations).toMatchObject({ created: 1 });
    expect(imported.body.data.conversations!.failed).toEqual([
      { index: 0, errors: [{ field: "messages", message: expect.stringMatching(/deep/) }] },
    ]);
    expect(imported.body.data.research).toMatchObject({ created: 1 });
    expect(imported.body.data.research!.failed).toEqual([
      { index: 0, errors: [{ field: "report", message: expect.stringMatching(/Too large/) }] },
    ]);
    const conversations = await target.call<Data<Row[]>>("/conversations");
    expect(conversations.status).toBe(200);
    expect(conversations.body.data.map((c) => c.title)).toEqual(["Fine"]);
  });

  it("refuses a file that is not an AI42 export as a whole and changes nothing", async () => {
    const target = await account();
    const counts = async () =>
      Promise.all(
        ["projects", "contacts", "entries", "properties"].map((t) => countRows(t, target.user.id)),
      );
    const before = await counts();
    const doc = { format: "other", version: 1, projects: [{ id: "p1", name: "Fine" }] };
    const wrongFormat = await target.call<ErrorBody>("/import", { method: "POST", json: doc });
    expect(wrongFormat.status).toBe(400);
    const wrongVersion = await target.call<ErrorBody>("/import", {
      method: "POST",
      json: { ...doc, format: "ai42-export", version: 9 },
    });
    expect(wrongVersion.status).toBe(400);
    expect(wrongVersion.body.error.details!.map((d) => d.field)).toEqual(["version"]);
    expect(await counts()).toEqual(before);
  });
});
