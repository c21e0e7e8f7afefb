/**
 * A workspace's own database (worker/workspace-object.ts): a SQLite Durable Object per workspace,
 * its schema the same migrations D1 runs, applied on first use; each workspace's apart.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ContactInputSchema } from "../../app/domain/workspace";
import { database } from "../../worker/db/client";
import migrations from "../../worker/db/object-migrations";
import { contacts } from "../../worker/db/schema";
import { objectD1 } from "../../worker/object-d1";
import { createContact, listContacts } from "../../worker/services/contacts";
import { migrateObject, workspaceObject } from "../../worker/workspace-object";

const objectOf = (workspaceId: string) => workspaceObject(env, workspaceId)!;

/** The object's tables, by name. */
const tablesOf = (storage: DurableObjectStorage) =>
  storage.sql
    .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .toArray()
    .map((row) => row.name);

describe("a workspace's object", () => {
  it("has every migration applied on first use, and D1's tables", async () => {
    const stub = objectOf(crypto.randomUUID());
    const version = await stub.schemaVersion();
    const entries = migrations.journal.entries;
    expect(version).toEqual({ applied: entries.length, newest: entries.at(-1)!.when });
    const d1Tables = (
      await env.DB.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf%' ESCAPE '\\' AND name NOT LIKE 'd1_%' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      ).all<{ name: string }>()
    ).results.map((row) => row.name);
    await runInDurableObject(stub, (_instance, state) => {
      const tables = tablesOf(state.storage);
      for (const table of ["properties", "leads", "projects", "contacts", "activity"])
        expect(tables).toContain(table);
      expect(d1Tables.filter((table) => !tables.includes(table))).toEqual([]);
    });
  });

  it("keeps each workspace's rows in its own object", async () => {
    const [a, b] = [objectOf(crypto.randomUUID()), objectOf(crypto.randomUUID())];
    await Promise.all([a.schemaVersion(), b.schemaVersion()]);
    await runInDurableObject(a, (_instance, state) => {
      state.storage.sql.exec(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at) VALUES ('w1', 'w1@team.ai42.invalid', '', 'W', 'One', '2026-01-01', '2026-01-01')",
      );
    });
    const count = (stub: typeof a) =>
      runInDurableObject(
        stub,
        (_instance, state) =>
          state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM users").one().n,
      );
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
  });

  it("brings an object made by an older deploy up to date on its first call, its rows kept", async () => {
    const stub = objectOf(crypto.randomUUID());
    // The object as a deploy of five migrations ago left it, with a project in it.
    const older = {
      journal: { entries: migrations.journal.entries.slice(0, -5) },
      migrations: migrations.migrations,
    };
    await runInDurableObject(stub, async (_instance, state) => {
      await migrateObject(state.storage, older);
      const columns = state.storage.sql
        .exec<{ name: string }>("SELECT name FROM pragma_table_info('projects')")
        .toArray()
        .map((row) => row.name);
      // 0047 gave projects their assignee.
      expect(columns).not.toContain("assignee_id");
      state.storage.sql.exec(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at) VALUES ('w', 'w@team.ai42.invalid', '', 'W', 'W', '2026-01-01', '2026-01-01')",
      );
      state.storage.sql.exec(
        "INSERT INTO projects (id, user_id, name, type, status, created_at, updated_at) VALUES ('project-1', 'w', 'Elm duplex', 'fix_and_flip', 'prospecting', '2026-01-01', '2026-01-01')",
      );
    });
    const entries = migrations.journal.entries;
    expect(await stub.schemaVersion()).toEqual({
      applied: entries.length,
      newest: entries.at(-1)!.when,
    });
    await runInDurableObject(stub, (_instance, state) => {
      const project = state.storage.sql
        .exec<{ name: string; assignee_id: string | null }>(
          "SELECT name, assignee_id FROM projects WHERE id = 'project-1'",
        )
        .one();
      expect(project).toEqual({ name: "Elm duplex", assignee_id: null });
    });
  });
});

describe("the services in a workspace's object", () => {
  it("run unchanged over its database, reads and all-or-nothing writes alike", async () => {
    const stub = objectOf(crypto.randomUUID());
    await stub.schemaVersion();
    await runInDurableObject(stub, async (_instance, state) => {
      const db = database(objectD1(state.storage));
      state.storage.sql.exec(
        "INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at) VALUES ('w', 'w@team.ai42.invalid', '', 'W', 'W', '2026-01-01', '2026-01-01')",
      );
      const owner = { id: "w", personId: "w", assignedOnly: false, role: "owner" as const };
      const made = await createContact(
        db,
        owner,
        ContactInputSchema.parse({ firstName: "Rita", lastName: "Moss", type: "agent" }),
      );
      const listed = await listContacts(db, owner, {}, { page: 1, limit: 25 });
      expect(listed.items).toEqual([made]);
      expect(listed.meta.total).toBe(1);
      const found = await listContacts(db, owner, { q: "mos" }, { page: 1, limit: 25 });
      expect(found.items.map((contact) => contact.id)).toEqual([made.id]);
      // A batch whose second write fails leaves nothing of its first, as on D1.
      const rita = await db.select().from(contacts).where(eq(contacts.id, made.id));
      await expect(
        db.batch([
          db.update(contacts).set({ lastName: "Stone" }).where(eq(contacts.id, made.id)),
          db.insert(contacts).values(rita[0]!),
        ]),
      ).rejects.toThrow(/UNIQUE/);
      const after = await listContacts(db, owner, {}, { page: 1, limit: 25 });
      expect(after.items.map((contact) => contact.lastName)).toEqual(["Moss"]);
    });
  });
});
