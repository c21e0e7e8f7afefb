/**
 * Storage counted as it is written, inside workerd with real local D1 and R2: triggers keep each
 * user's figure in the write that changes their records, and the background re-measure, a slice
 * of rows a statement, finds the same figure, sets right one that drifted, and never forgets what
 * was written while it ran (worker/services/storage.ts).
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { runScheduled } from "../../worker/scheduled";
import {
  MEASURED_TABLES,
  remeasureStorage,
  storageTriggerSql,
} from "../../worker/services/storage";
import { getTableName } from "drizzle-orm";
import {
  account,
  api,
  queryPlan,
  recordingDatabase,
  remeasureAllStorage,
  storedBytes,
  type Caller,
} from "./helpers";

type Data<T> = { data: T };

/** A PNG's first bytes, then `size` zeros: a file the upload takes as a picture. */
const png = (size: number) =>
  Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(size)]);

async function uploadTo(token: string, projectId: string, size: number) {
  const body = new FormData();
  body.append("ownerType", "project");
  body.append("ownerId", projectId);
  body.append("file", new File([png(size)], "plan.png", { type: "image/png" }));
  const response = await api("/files", { method: "POST", token, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as Data<{ id: string }>).data.id;
}

/** Records of most kinds, some changed and some deleted after: what a user's day writes. */
async function aDayOfWrites(call: Caller, token: string) {
  const post = async (path: string, json: unknown) => {
    const response = await call<Data<{ id: string; ids?: string[] }>>(path, {
      method: "POST",
      json,
    });
    expect(response.status, path).toBeLessThan(300);
    return response.body.data;
  };
  const project = await post("/projects", { name: "Elm flip", status: "prospecting" });
  const [propertyId] = (await post("/data/properties", [{ address: "7 Oak St", city: "Dayton" }]))
    .ids!;
  await post("/contacts", { firstName: "Sam", lastName: "Lee", type: "seller" });
  const note = await post("/data/entries", { title: "Notes", content: "x".repeat(5000) });
  await post("/deals", {
    name: "Rental",
    strategy: "rental",
    inputs: { purchasePrice: 150000, grossMonthlyRent: 1600 },
    propertyId,
  });
  const auction = await post("/auctions", {
    saleType: "sheriff",
    saleAt: "2027-03-10T14:00:00Z",
    address: "5 Lake Rd",
    state: "OH",
  });
  const campaign = await post("/marketing/campaigns", { name: "Spring", channel: "sms" });
  const lead = await post("/marketing/leads", { firstName: "Ann", campaignId: campaign.id });
  const imported = await call("/imports/leads", {
    method: "POST",
    body: "First Name,Last Name,Email 1\r\nBo,Diaz,bo@example.com\r\nCy,Ray,cy@example.com",
    headers: { "Content-Type": "text/csv" },
  });
  expect(imported.status).toBe(200);
  const fileId = await uploadTo(token, project.id, 40_000);

  // Changes and deletions count too: longer, shorter, gone.
  const edited = await call(`/data/entries?id=${note.id}`, {
    method: "PUT",
    json: { title: "Notes", content: "y".repeat(9000) },
  });
  expect(edited.status).toBe(200);
  const postponed = await call(`/auctions/${auction.id}`, {
    method: "PUT",
    json: {
      saleType: "sheriff",
      saleAt: "2027-03-10T14:00:00Z",
      address: "5 Lake Rd",
      state: "OH",
      status: "postponed",
      postponedTo: "2027-04-10T14:00:00Z",
    },
  });
  expect(postponed.status).toBe(200);
  for (const path of [`/marketing/leads/${lead.id}`, `/files/${fileId}`]) {
    expect((await api(path, { method: "DELETE", token })).status, path).toBeLessThan(300);
  }
  return { projectId: project.id };
}

describe("the storage figure", () => {
  it("is kept by the writes themselves, and is what a re-measure finds", async () => {
    const { call, token, user } = await account();
    const before = await storedBytes(user.id);
    await aDayOfWrites(call, token);
    const counted = await storedBytes(user.id);
    // The note alone is 9,000 characters now.
    expect(counted).toBeGreaterThan(before + 10_000);
    await remeasureAllStorage();
    expect(await storedBytes(user.id)).toBe(counted);
    // Deleting what is left of a kind takes its bytes away at once.
    const projects = await call<Data<{ id: string }[]>>("/projects");
    for (const { id } of projects.body.data) {
      await api(`/projects/${id}`, { method: "DELETE", token });
    }
    expect(await storedBytes(user.id)).toBeLessThan(counted);
    const lessened = await storedBytes(user.id);
    await remeasureAllStorage();
    expect(await storedBytes(user.id)).toBe(lessened);
  });

  it("is counted by triggers written for every column each measured table has now", async () => {
    const { results } = await env.DB.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'storage_%'",
    ).all<{ name: string; sql: string }>();
    const made = new Map(results.map((row) => [row.name, row.sql]));
    const expected = MEASURED_TABLES.flatMap((measured) => storageTriggerSql(measured));
    expect(made.size).toBe(expected.length);
    for (const statement of expected) {
      const name = /^CREATE TRIGGER "([^"]+)"/.exec(statement)![1]!;
      expect(made.get(name), `${name}: write it again with scripts/storage-triggers.ts`).toBe(
        statement,
      );
    }
    expect(MEASURED_TABLES.map((measured) => getTableName(measured.table))).toContain("files");
  });

  it("is set right by the re-measure when it drifted, counting what was written meanwhile", async () => {
    const { call, token, user } = await account();
    const { projectId } = await aDayOfWrites(call, token);
    const db = database(env.DB);
    // Counted wrong (a write the triggers missed): the next pass makes it right.
    await env.DB.prepare("UPDATE usage_counters SET storage_bytes = 7 WHERE user_id = ?")
      .bind(user.id)
      .run();
    // One step at a time, with writes between: records made, changed and deleted in tables the
    // pass has read and in tables it has not, and an upload with its thumbnail.
    let step = 0;
    let done = false;
    const notes: string[] = [];
    while (!done) {
      done = await remeasureStorage(db, Date.now(), 0);
      step += 1;
      const made = await call<Data<{ id: string }>>("/data/entries", {
        method: "POST",
        json: { title: `Step ${step}`, content: "s".repeat(100 * step) },
      });
      notes.push(made.body.data.id);
      if (step % 3 === 0) {
        await api(`/data/entries?id=${notes.shift()!}`, { method: "DELETE", token });
      }
      if (step % 6 === 0) await uploadTo(token, projectId, 10_000 + step);
      if (step % 5 === 0) {
        const renamed = await call(`/projects/${projectId}`, {
          method: "PUT",
          json: { name: `Elm flip, step ${step}`, status: "prospecting" },
        });
        expect(renamed.status).toBe(200);
      }
    }
    expect(step).toBeGreaterThan(MEASURED_TABLES.length);
    const afterPass = await storedBytes(user.id);
    // A quiet pass finds the same: nothing written during the first was forgotten or counted twice.
    await remeasureAllStorage();
    expect(await storedBytes(user.id)).toBe(afterPass);
    expect(afterPass).toBeGreaterThan(50_000);
  }, 60_000);

  it("reads a slice of rows by rowid a statement, and runs from the cron", async () => {
    const { call, token, user } = await account();
    await aDayOfWrites(call, token);
    const { db, ran } = recordingDatabase();
    while (!(await remeasureStorage(db))) {
      // The pass goes on.
    }
    const slices = ran.filter((statement) => /^INSERT INTO "usage_counters"/.test(statement.sql));
    // A slice of each table with rows (an empty one is passed over without one).
    expect(slices.length).toBeGreaterThanOrEqual(8);
    for (const slice of slices) {
      const plan = (await queryPlan(slice)).join("\n");
      expect(plan, slice.sql).toMatch(
        /^SEARCH r USING INTEGER PRIMARY KEY \(rowid>\?( AND rowid<\?)?\)$/m,
      );
      expect(plan, slice.sql).not.toMatch(/^SCAN/m);
    }
    const counted = await storedBytes(user.id);
    await env.DB.prepare("UPDATE usage_counters SET storage_bytes = 0 WHERE user_id = ?")
      .bind(user.id)
      .run();
    // The five-minute sweeps go on with the pass (in a test, to its end).
    for (let i = 0; i < 20 && (await storedBytes(user.id)) === 0; i += 1) {
      await runScheduled(env, Date.now(), "*/5 * * * *");
    }
    expect(await storedBytes(user.id)).toBe(counted);
  });
});
