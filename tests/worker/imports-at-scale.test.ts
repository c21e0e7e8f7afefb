/**
 * Imports at scale, inside workerd with real local D1: an import can be undone for 30 days, then
 * the cron clears what it changed, a slice of entries a statement, and undoing it answers a clear
 * 409 instead; the owners a property list may merge with are found through an index.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { UNDO_DAYS } from "../../app/domain/imports/targets";
import { runScheduled } from "../../worker/scheduled";
import { clearOldUndo } from "../../worker/services/import-runs";
import { contactsMailedTo } from "../../worker/services/imports";
import { account, queryPlan, recordingDatabase, UNBOUNDED_PLAN, type Caller } from "./helpers";

type Data<T> = { data: T };
type Failure = { error: { code: string; message: string } };
interface Run {
  id: string;
  fileName: string | null;
  created: number;
  undoneAt: string | null;
  undoableUntil: string | null;
  createdAt: string;
}

const DAY = 86_400_000;

async function importLeads(call: Caller, prefix: string, rows: number) {
  const csv = [
    "First Name,Last Name,Email 1",
    ...Array.from({ length: rows }, (_, i) => `${prefix}${i},Family,${prefix}${i}@example.com`),
  ].join("\r\n");
  const imported = await call<Data<{ runId: string }>>(`/imports/leads?fileName=${prefix}.csv`, {
    method: "POST",
    body: csv,
    headers: { "Content-Type": "text/csv" },
  });
  expect(imported.status).toBe(200);
  return imported.body.data.runId;
}

/** Moves the run back in time, as if it ran `days` ago. */
const ranDaysAgo = (runId: string, days: number) =>
  env.DB.prepare("UPDATE import_runs SET created_at = ? WHERE id = ?")
    .bind(new Date(Date.now() - days * DAY).toISOString(), runId)
    .run();

const undoEntries = async (runId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM import_undo WHERE run_id = ?")
    .bind(runId)
    .first<{ n: number }>())!.n;

describe("undoing an import", () => {
  it("is possible for 30 days; then the cron clears what it changed and undo says why not", async () => {
    const { call } = await account();
    const old = await importLeads(call, "Old", 1200);
    const recent = await importLeads(call, "Recent", 3);
    await ranDaysAgo(old, UNDO_DAYS + 1);
    await ranDaysAgo(recent, UNDO_DAYS - 1);

    const runs = async () =>
      Object.fromEntries(
        (await call<Data<Run[]>>("/imports")).body.data.map((run) => [run.id, run]),
      );
    const listed = await runs();
    expect(listed[old]!.undoableUntil).toBeNull();
    expect(Date.parse(listed[recent]!.undoableUntil!)).toBe(
      Date.parse(listed[recent]!.createdAt) + UNDO_DAYS * DAY,
    );

    // Past 30 days it is refused even before the cron has cleared it, and nothing changes.
    const refused = await call<Failure>(`/imports/runs/${old}/undo`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "UNDO_EXPIRED",
      message:
        "That import ran over 30 days ago: what it changed is no longer kept, so it can't be undone",
    });
    const entries = await undoEntries(old);
    expect(entries).toBeGreaterThanOrEqual(1200);

    // The cron clears the old run's entries, a slice a statement, and keeps the recent one's.
    const { db, ran } = recordingDatabase();
    await clearOldUndo(db, Date.now());
    expect(await undoEntries(old)).toBe(0);
    const recentEntries = await undoEntries(recent);
    expect(recentEntries).toBeGreaterThanOrEqual(3);
    const deletes = ran.filter((statement) => /^delete from "import_undo"/.test(statement.sql));
    expect(deletes.length).toBe(Math.floor(entries / 500) + 1);
    for (const statement of ran) {
      expect((await queryPlan(statement)).join("\n"), statement.sql).not.toMatch(UNBOUNDED_PLAN);
    }
    expect(
      (await env.DB.prepare("SELECT undo_cleared_at FROM import_runs WHERE id = ?")
        .bind(old)
        .first<{ undo_cleared_at: string | null }>())!.undo_cleared_at,
    ).not.toBeNull();
    expect((await runs())[old]!.undoableUntil).toBeNull();
    const stillRefused = await call<Failure>(`/imports/runs/${old}/undo`, { method: "POST" });
    expect(stillRefused.body.error.code).toBe("UNDO_EXPIRED");
    // The leads it brought stay.
    const leads = await call<{ meta: { total: number } }>("/marketing/leads?limit=1");
    expect(leads.body.meta.total).toBe(1203);

    // The recent one still undoes whole, and the five-minute sweeps find nothing more to clear.
    const undone = await call<Data<{ restored: number }>>(`/imports/runs/${recent}/undo`, {
      method: "POST",
    });
    expect(undone.status).toBe(200);
    expect(undone.body.data.restored).toBe(recentEntries);
    await runScheduled(env, Date.now(), "*/5 * * * *");
    expect(
      (await call<{ meta: { total: number } }>("/marketing/leads?limit=1")).body.meta.total,
    ).toBe(1200);
  });
});

describe("a property list's owners", () => {
  it("are matched with the user's contacts by their mailing ZIP through its index", async () => {
    const { call, user } = await account();
    const owner = {
      firstName: "Ada",
      lastName: "Moss",
      type: "seller",
      mailingAddress: "PO Box 7",
      mailingZip: "43004-1234",
    };
    expect((await call("/contacts", { method: "POST", json: owner })).status).toBe(201);
    const { db, ran } = recordingDatabase();
    const found = await contactsMailedTo(db, user.id, ["43004", "43005"]);
    expect(found.map((contact) => contact.firstName)).toEqual(["Ada"]);
    expect(await queryPlan(ran[0]!)).toContainEqual(
      expect.stringMatching(
        /^SEARCH contacts USING INDEX contacts_user_zip5 \(user_id=\? AND <expr>=\?\)$/,
      ),
    );
  });
});
