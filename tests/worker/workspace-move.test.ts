/**
 * Moving a workspace from D1 into its object (worker/services/workspace-move.ts): resumable page by
 * page, all or nothing at the end, and the records in the object as D1 holds them: the same
 * services read the same answers from both.
 */
import { createExecutionContext, env, runInDurableObject } from "cloudflare:test";
import { createApi } from "../../worker/api/app";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { listContacts } from "../../worker/services/contacts";
import { listEntries } from "../../worker/services/entries";
import { moveWorkspace, MOVE_PAGE_ROWS } from "../../worker/services/workspace-move";
import { objectD1 } from "../../worker/object-d1";
import { workspaceObject } from "../../worker/workspace-object";
import { account, joinAs, ORIGIN, register } from "./helpers";

type Data<T> = { data: T };
type Row = Record<string, unknown> & { id: string };
type Caller = Awaited<ReturnType<typeof account>>["call"];

async function create(call: Caller, path: string, json: unknown) {
  const made = await call<Data<Row>>(path, { method: "POST", json });
  expect(made.status).toBe(201);
  return made.body.data;
}

/** A workspace with records of many kinds that refer to each other, and a member assigned one. */
async function filledWorkspace() {
  const owner = await account();
  const mel = await register({ first_name: "Mel" });
  await joinAs(owner.user.id, mel.user.id, "member");
  // More contacts than a page, so their copy takes pages: written straight to D1, for speed.
  const now = new Date().toISOString();
  await env.DB.batch(
    Array.from({ length: MOVE_PAGE_ROWS + 5 }, (_, n) =>
      env.DB.prepare(
        "INSERT INTO contacts (id, user_id, first_name, last_name, type, tags, created_at, updated_at) VALUES (?, ?, ?, '', 'attorney', '[]', ?, ?)",
      ).bind(crypto.randomUUID(), owner.user.id, `Ann${n}`, now, now),
    ),
  );
  // A buy box, and a property whose owner is a contact: what the object's triggers read.
  const criteria = await owner.call("/deals/criteria", {
    method: "PUT",
    json: { minCapRate: 6 },
  });
  expect(criteria.status).toBe(200);
  const seller = await create(owner.call, "/contacts", {
    firstName: "Sam",
    lastName: "Seller",
    type: "seller",
  });
  const imported = await owner.call("/data/properties", {
    method: "POST",
    json: { address: "5 Lake Rd", city: "Dayton", state: "OH", listPrice: 210000 },
  });
  expect(imported.status).toBe(200);
  const [property] = (await owner.call<Data<Row[]>>("/data/properties")).body.data;
  const assigned = await owner.call(`/data/properties/${property!.id}`, {
    method: "PUT",
    json: {
      address: "5 Lake Rd",
      city: "Dayton",
      state: "OH",
      listPrice: 210000,
      assigneeId: mel.user.id,
      ownerContactId: seller.id,
    },
  });
  expect(assigned.status).toBe(200);
  const project = await create(owner.call, "/projects", {
    name: "Lake house",
    type: "fix_and_flip",
    propertyId: property!.id,
    budget: 40000,
  });
  await create(owner.call, "/data/entries", {
    title: "Closing checklist",
    projectId: project.id,
    content: "- [ ] title search",
  });
  await create(owner.call, "/deals", {
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
  });
  await create(owner.call, "/marketing/leads", {
    firstName: "Lee",
    lastName: "Park",
    status: "new",
  });
  return { owner, workspaceId: owner.user.id };
}

/** Each table's rows in the object, by name. */
const objectCounts = (workspaceId: string, tables: string[]) =>
  runInDurableObject(workspaceObject(env, workspaceId)!, (_instance, state) =>
    Object.fromEntries(
      tables.map((table) => [
        table,
        state.storage.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM "${table}"`).one().n,
      ]),
    ),
  );

describe("moving a workspace into its object", () => {
  it("goes on where it was cut off, and the object then answers as D1 does", async () => {
    const { workspaceId } = await filledWorkspace();
    const owner = {
      id: workspaceId,
      personId: workspaceId,
      assignedOnly: false,
      role: "owner" as const,
    };

    // Cut off after three pages: nothing is in the records yet.
    expect(await moveWorkspace(env, workspaceId, { maxPages: 3 })).toEqual({ moved: false });
    expect(await objectCounts(workspaceId, ["contacts", "properties"])).toEqual({
      contacts: 0,
      properties: 0,
    });
    expect(await moveWorkspace(env, workspaceId)).toEqual({ moved: true });

    const tables = [
      "users",
      "contacts",
      "properties",
      "projects",
      "entries",
      "deals",
      "leads",
      "lead_tallies",
      "activity",
    ];
    const inD1 = Object.fromEntries(
      await Promise.all(
        tables.map(async (table) => {
          const where =
            table === "users"
              ? "id = ?1 OR id IN (SELECT user_id FROM workspace_members WHERE workspace_id = ?1)"
              : table === "activity"
                ? "workspace_id = ?1"
                : "user_id = ?1";
          const n = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${where}`)
            .bind(workspaceId)
            .first<number>("n");
          return [table, n] as const;
        }),
      ),
    );
    expect(await objectCounts(workspaceId, tables)).toEqual(inD1);
    expect(inD1.contacts).toBeGreaterThan(MOVE_PAGE_ROWS);

    // The same services read the same answers, searches included (the object's own indexes).
    const d1 = database(env.DB);
    await runInDurableObject(workspaceObject(env, workspaceId)!, async (_instance, state) => {
      const db = database(objectD1(state.storage));
      for (const filters of [{}, { q: "ann1" }])
        expect(await listContacts(db, owner, filters, { page: 2, limit: 25 })).toEqual(
          await listContacts(d1, owner, filters, { page: 2, limit: 25 }),
        );
      expect(await listEntries(db, owner, { q: "title" })).toEqual(
        await listEntries(d1, owner, { q: "title" }),
      );
      // No one's password is in a workspace's object.
      const hashes = state.storage.sql
        .exec<{ password_hash: string }>("SELECT password_hash FROM users")
        .toArray();
      expect(hashes.every((row) => row.password_hash === "")).toBe(true);
    });

    // Moved once: asked again, it copies nothing twice.
    expect(await moveWorkspace(env, workspaceId)).toEqual({ moved: true });
    expect((await objectCounts(workspaceId, ["contacts"])).contacts).toBe(inD1.contacts);
  });

  it("keeps nothing when what it would write differs from what it read", async () => {
    // Some pages staged; then a staged row is damaged before the rest are read and written.
    const other = await filledWorkspace();
    // The account, the directory row, the properties, the projects, the first page of contacts.
    expect(await moveWorkspace(env, other.workspaceId, { maxPages: 5 })).toEqual({ moved: false });
    await runInDurableObject(workspaceObject(env, other.workspaceId)!, (_instance, state) => {
      state.storage.sql.exec(
        "UPDATE _move_rows SET row = replace(row, 'Ann1', 'Bob1') WHERE tbl = 'contacts'",
      );
    });
    await expect(moveWorkspace(env, other.workspaceId)).rejects.toThrow(/differs.*contacts/);
    expect(await objectCounts(other.workspaceId, ["contacts", "users"])).toEqual({
      contacts: 0,
      users: 0,
    });
    // The next attempt reads everything again, and the copy is whole.
    expect(await moveWorkspace(env, other.workspaceId)).toEqual({ moved: true });
    expect((await objectCounts(other.workspaceId, ["contacts"])).contacts).toBe(
      await env.DB.prepare("SELECT count(*) AS n FROM contacts WHERE user_id = ?")
        .bind(other.workspaceId)
        .first<number>("n"),
    );
  });

  it("answers the API's record reads from the object as from D1, and writes there", async () => {
    const { owner, workspaceId } = await filledWorkspace();
    expect(await moveWorkspace(env, workspaceId)).toEqual({ moved: true });
    const app = createApi();
    const call = async (DB: D1Database, path: string, init: RequestInit = {}) => {
      const response = await app.request(
        `${ORIGIN}/api${path}`,
        {
          ...init,
          headers: {
            Authorization: `Bearer ${owner.token}`,
            "Content-Type": "application/json",
          },
        },
        { ...env, DB },
        createExecutionContext(),
      );
      return { status: response.status, body: await response.json() };
    };
    const reads = [
      "/contacts?page=2&limit=25",
      "/contacts?q=ann1",
      "/projects",
      "/data/properties",
      "/deals/criteria",
      "/data/entries?q=title",
      "/marketing/leads",
      "/deals",
    ];
    await runInDurableObject(workspaceObject(env, workspaceId)!, async (_instance, state) => {
      const inObject = objectD1(state.storage);
      for (const path of reads) {
        const [fromObject, fromD1] = [await call(inObject, path), await call(env.DB, path)];
        expect(fromObject.status, path).toBe(200);
        expect(fromObject.body, path).toEqual(fromD1.body);
      }
      // A write lands in the object alone.
      const made = await call(inObject, "/contacts", {
        method: "POST",
        body: JSON.stringify({ firstName: "Olive", type: "lender" }),
      });
      expect(made.status).toBe(201);
      const found = (q: D1Database) => call(q, "/contacts?q=olive");
      expect(((await found(inObject)).body as Data<Row[]>).data).toHaveLength(1);
      expect(((await found(env.DB)).body as Data<Row[]>).data).toHaveLength(0);
    });
  });
});
