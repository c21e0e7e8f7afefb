/**
 * A workspace's own database: a Durable Object with SQLite storage, one per workspace (named by
 * its id), holding the workspace's records with the same drizzle schema as D1
 * (docs/decisions/0049-workspace-objects.md). Its schema is brought up to date on first use after a
 * deploy, by drizzle's durable-sqlite migrator over the same migrations D1 runs, before the call
 * reads anything.
 */
import { DurableObject } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import type { DrizzleSqliteDODatabase } from "drizzle-orm/durable-sqlite";
import type { Database } from "./db/client";
import type { Env } from "./env";
import type * as schema from "./db/schema";

export type WorkspaceDatabase = DrizzleSqliteDODatabase<typeof schema>;

/** What brings an object's schema up to date: drizzle's journal and each migration's SQL. */
export type MigrationBundle = typeof import("./db/object-migrations").default;

/**
 * The object's drizzle client over its storage, with its schema made current by `bundle` (the
 * schema's migrations, loaded when an object first starts rather than with the Worker: they are a
 * few hundred kilobytes of text). The migrator runs what the object has not had in one
 * transaction: one that fails leaves the object as it was, and the next call tries again.
 */
export async function currentDatabase(
  storage: DurableObjectStorage,
  bundle?: MigrationBundle,
): Promise<WorkspaceDatabase> {
  const [{ drizzle }, { migrate }, schema, migrations] = await Promise.all([
    import("drizzle-orm/durable-sqlite"),
    import("drizzle-orm/durable-sqlite/migrator"),
    import("./db/schema"),
    bundle ?? import("./db/object-migrations").then((module) => module.default),
  ]);
  const db = drizzle(storage, { schema });
  await migrate(db, migrations);
  return db;
}

/**
 * The object's database as the services take it (they are written for D1's client): the same
 * queries, awaited as they are on D1, and `batch` as one transaction of the object's storage, so
 * what D1 writes all-or-nothing stays so.
 */
export function objectDatabase(db: WorkspaceDatabase, storage: DurableObjectStorage): Database {
  const batch = async (statements: readonly { all: () => unknown }[]) =>
    storage.transactionSync(() => statements.map((statement) => statement.all()));
  return new Proxy(db, {
    get: (target, key, receiver) => (key === "batch" ? batch : Reflect.get(target, key, receiver)),
  }) as unknown as Database;
}

export class Workspace extends DurableObject<Env> {
  private opened?: Promise<WorkspaceDatabase>;

  /**
   * The object's database, its schema current: made so on the first call after a deploy (an
   * object no one calls keeps its older schema until then).
   */
  protected database() {
    this.opened ??= currentDatabase(this.ctx.storage).catch((error: unknown) => {
      this.opened = undefined;
      throw error;
    });
    return this.opened;
  }

  /** Which migrations the object's schema has had: how many, and when the newest was written. */
  async schemaVersion() {
    const db = await this.database();
    const [row] = db.all<{ applied: number; newest: number | null }>(
      sql`SELECT count(*) AS applied, max(created_at) AS newest FROM __drizzle_migrations`,
    );
    return { applied: Number(row?.applied ?? 0), newest: row?.newest ?? null };
  }
}

/** Workspace `id`'s object, to call; null where the binding is not configured. */
export function workspaceObject(env: Env, id: string) {
  const namespace = env.WORKSPACES as DurableObjectNamespace<Workspace> | undefined;
  return namespace ? namespace.get(namespace.idFromName(id)) : null;
}
