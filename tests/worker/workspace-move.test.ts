/**
 * Moving a workspace from D1 into its object (worker/services/workspace-move.ts): resumable page by
 * page, all or nothing at the end, and the records in the object as D1 holds them: the same
 * services read the same answers from both.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { listContacts } from "../../worker/services/contacts";
import { listEntries } from "../../worker/services/entries";
import {
  CLEAR_AFTER_MS,
  moveWaitingWorkspaces,
  moveWorkspace,
  MOVE_PAGE_ROWS,
} from "../../worker/services/workspace-move";
import { objectD1 } from "../../worker/object-d1";
import { workspaceObject } from "../../worker/workspace-object";
import { runScheduled, SWEEPS_CRON } from "../../worker/scheduled";
import { filledWorkspace } from "./filled-workspace";
import { uploadFile } from "./helpers";

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
    expect(await moveWorkspace(env, workspaceId, { settleMs: 0 })).toEqual({ moved: true });

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
    expect(await moveWorkspace(env, workspaceId, { settleMs: 0 })).toEqual({ moved: true });
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
    await expect(moveWorkspace(env, other.workspaceId, { settleMs: 0 })).rejects.toThrow(
      /differs.*contacts/,
    );
    expect(await objectCounts(other.workspaceId, ["contacts", "users"])).toEqual({
      contacts: 0,
      users: 0,
    });
    // The next attempt reads everything again, and the copy is whole.
    expect(await moveWorkspace(env, other.workspaceId, { settleMs: 0 })).toEqual({ moved: true });
    expect((await objectCounts(other.workspaceId, ["contacts"])).contacts).toBe(
      await env.DB.prepare("SELECT count(*) AS n FROM contacts WHERE user_id = ?")
        .bind(other.workspaceId)
        .first<number>("n"),
    );
  });
});

/** A contact written to D1 alone, as a request still under way at a move's end would. */
const contactInD1 = async (workspaceId: string, firstName: string) => {
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO contacts (id, user_id, first_name, last_name, type, tags, created_at, updated_at) VALUES (?, ?, ?, '', 'attorney', '[]', ?, ?)",
  )
    .bind(crypto.randomUUID(), workspaceId, firstName, now, now)
    .run();
};

describe("the background mover", () => {
  it("moves the workspaces still in D1, a bounded share a run, each taken up where it stopped", async () => {
    const first = await filledWorkspace();
    const second = await filledWorkspace();
    // A file on the first one's property: D1's copy of it must not reach the sweep as orphaned.
    const fileId = await uploadFile(first.owner.token, "property", first.property.id, "rent.csv");
    const objectKey = (await env.DB.prepare("SELECT object_key FROM files WHERE id = ?")
      .bind(fileId)
      .first<string>("object_key"))!;
    const state = async (id: string) =>
      await env.DB.prepare("SELECT moved_at, cleared_at FROM workspaces WHERE id = ?")
        .bind(id)
        .first<{ moved_at: string | null; cleared_at: string | null }>();

    // Twenty pages a run: no filled workspace fits, so runs leave them part-way.
    const runs: string[][] = [];
    const moved = async () =>
      !!(await state(first.workspaceId))?.moved_at && !!(await state(second.workspaceId))?.moved_at;
    for (let run = 0; run < 400 && !(await moved()); run++)
      runs.push(await moveWaitingWorkspaces(env, { pages: 20, settleMs: 0 }));
    // D1's copy stays for a while after a move: a request begun before the hold may still end.
    expect(await moved()).toBe(true);
    expect((await state(first.workspaceId))?.cleared_at).toBeNull();

    // Then a write that reached D1 after the move keeps the second one's copy there.
    await contactInD1(second.workspaceId, "Straggler");
    const later = Date.now() + CLEAR_AFTER_MS + 1000;
    for (let run = 0; run < 400 && !(await state(first.workspaceId))?.cleared_at; run++)
      await moveWaitingWorkspaces(env, { pages: 20, settleMs: 0, now: later });
    expect((await state(first.workspaceId))?.cleared_at).toBeTruthy();
    expect((await state(second.workspaceId))?.cleared_at).toBeNull();
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM contacts WHERE user_id = ?")
        .bind(second.workspaceId)
        .first<number>("n"),
    ).toBeGreaterThan(MOVE_PAGE_ROWS);

    // The sweeps find nothing of the first one's file to delete: its bytes stay in R2.
    await runScheduled(env, later, SWEEPS_CRON);
    expect(await env.FILES!.head(objectKey)).not.toBeNull();
    const files = await first.owner.call<{ data: { id: string }[] }>(
      `/files?ownerType=property&ownerId=${first.property.id}`,
    );
    expect(files.body.data.map((file) => file.id)).toEqual([fileId]);
    expect(runs.length).toBeGreaterThan(2);
    // Each moved once.
    const ids = runs.flat();
    expect(ids.filter((id) => id === first.workspaceId)).toHaveLength(1);
    expect(ids.filter((id) => id === second.workspaceId)).toHaveLength(1);
    // D1 keeps none of their records, only the directory's rows: the account and the workspace.
    for (const table of [
      "contacts",
      "properties",
      "deals",
      "projects",
      "entries",
      "leads",
      "activity",
    ])
      expect(
        await env.DB.prepare(
          `SELECT count(*) AS n FROM "${table}" WHERE ${table === "activity" ? "workspace_id" : "user_id"} = ?`,
        )
          .bind(first.workspaceId)
          .first<number>("n"),
        table,
      ).toBe(0);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM workspace_members WHERE workspace_id = ?")
        .bind(first.workspaceId)
        .first<number>("n"),
    ).toBe(2);
    // Their records are all in their objects, and the owner's list reads them there.
    const listed = await first.owner.call<{ meta: { total: number } }>("/contacts?limit=1");
    expect(listed.body.meta.total).toBeGreaterThan(MOVE_PAGE_ROWS);

    // Both answer from their objects: what was written to D1 after the move isn't read.
    await contactInD1(first.workspaceId, "Ghost");
    const ghosts = await first.owner.call<{ data: unknown[] }>("/contacts?q=ghost");
    expect(ghosts.body.data).toEqual([]);
  });
});
