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
import { ownerKey } from "../../app/domain/imports/properties";
import { ownerCandidates } from "../../worker/services/imports";
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
  const MAPPING = {
    Address: "address",
    City: "city",
    State: "state",
    Zip: "zip",
    First: "ownerFirstName",
    Last: "ownerLastName",
    Mailing: "mailingAddress",
    "Mailing Zip": "mailingZip",
  };
  /** A one-property list whose owner is Ada Moss, mailed at `mailing`, ZIP 43004. */
  const importOwned = async (call: Caller, address: string, mailing: string) => {
    const csv = `Address,City,State,Zip,First,Last,Mailing,Mailing Zip\r\n${address},Dayton,OH,45402,Ada,Moss,${mailing},43004-1234`;
    const params = new URLSearchParams({ mapping: JSON.stringify(MAPPING) });
    const done = await call<Data<{ counts: { created: number } }>>(
      `/imports/properties?${params}`,
      {
        method: "POST",
        body: csv,
        headers: { "Content-Type": "text/csv" },
      },
    );
    expect(done.status).toBe(200);
    const list = await call<{ data: { address: string; ownerContactId: string | null }[] }>(
      "/data/properties?limit=100",
    );
    return list.body.data.find((property) => property.address === address)!.ownerContactId;
  };
  const made = async (call: Caller, contact: Record<string, string>) => {
    const response = await call<Data<{ id: string }>>("/contacts", {
      method: "POST",
      json: { type: "seller", ...contact },
    });
    expect(response.status).toBe(201);
    return response.body.data.id;
  };

  it("are found by their name and mailing address through an index, not by reading everyone mailed to their ZIP", async () => {
    const { call, user } = await account();
    const ada = await made(call, {
      firstName: "Ada",
      lastName: "Moss",
      mailingAddress: "PO Box 7",
      mailingZip: "43004-1234",
    });
    await made(call, {
      firstName: "Bo",
      lastName: "Reed",
      mailingAddress: "PO Box 8",
      mailingZip: "43004",
    });
    // The contact the user made is the list's owner.
    expect(await importOwned(call, "1 Elm St", "PO Box 7")).toBe(ada);

    // The next list's owners are looked up by their own keys: the two contacts mailed to the same
    // ZIP are read no more, and each read is sought through the index.
    const { db, ran } = recordingDatabase();
    const cy = ownerKey({
      firstName: "Cy",
      lastName: "Lane",
      mailingAddress: "PO Box 9",
      mailingZip: "43004",
    })!;
    expect(await ownerCandidates(db, user.id, [cy], ["43004"])).toEqual([]);
    const adaKey = ownerKey({
      firstName: "ADA",
      lastName: "Moss.",
      mailingAddress: "po box 7",
      mailingZip: "43004",
    })!;
    const found = await ownerCandidates(db, user.id, [adaKey], ["43004"]);
    expect(found.map(({ contact }) => contact.id)).toEqual([ada]);
    expect(ran.length).toBeGreaterThan(0);
    for (const statement of ran) {
      expect(await queryPlan(statement)).toContainEqual(
        expect.stringMatching(
          /^SEARCH contacts USING INDEX contacts_user_owner_key \(user_id=\? AND owner_key/,
        ),
      );
    }
  });

  it("are matched with a contact by what its name and mailing address are now, after it changed", async () => {
    const { call } = await account();
    const ada = await importOwned(call, "1 Elm St", "PO Box 7");
    const contact = (await call<Data<Record<string, unknown>>>(`/contacts/${ada}`)).body.data;
    const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = contact;
    const moved = await call(`/contacts/${ada}`, {
      method: "PUT",
      json: { ...fields, mailingAddress: "PO Box 9" },
    });
    expect(moved.status).toBe(200);
    // The contact's API fields never show the key the import works out.
    expect(contact).not.toHaveProperty("ownerKey");
    // A list mailing her at her new address finds her; one at the old address is someone else now.
    expect(await importOwned(call, "2 Elm St", "PO Box 9")).toBe(ada);
    const other = await importOwned(call, "3 Elm St", "PO Box 7");
    expect(other).not.toBe(ada);
  });
});
