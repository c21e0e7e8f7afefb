/**
 * A workspace's own database: a Durable Object with SQLite storage, one per workspace (named by
 * its id), holding the workspace's records with the same drizzle schema as D1
 * (docs/decisions/0049-workspace-objects.md). Its schema is brought up to date on first use after a
 * deploy, by drizzle's durable-sqlite migrator over the same migrations D1 runs, before the call
 * reads anything.
 */
// Loaded with the Worker (the class must be exported from its entry): only what costs nothing at
// start-up; the schema and its migrations load on an object's first call.
import { DurableObject } from "cloudflare:workers";
import { rowSum, type Copied, type TableCopy } from "./db/workspace-copy";
import type { Env } from "./env";
import type { Answer, SentStatement } from "./object-d1";

/** What brings an object's schema up to date: drizzle's journal and each migration's SQL. */
export type MigrationBundle = typeof import("./db/object-migrations").default;

/**
 * Makes the object's schema current with `bundle` (the schema's migrations, loaded when an object
 * first starts rather than with the Worker: they are a few hundred kilobytes of text). The migrator
 * runs what the object has not had in one transaction: one that fails leaves the object as it
 * was, and the next call tries again.
 */
export async function migrateObject(storage: DurableObjectStorage, bundle?: MigrationBundle) {
  const [{ drizzle }, { migrate }, schema, migrations] = await Promise.all([
    import("drizzle-orm/durable-sqlite"),
    import("drizzle-orm/durable-sqlite/migrator"),
    import("./db/schema"),
    bundle ?? import("./db/object-migrations").then((module) => module.default),
  ]);
  await migrate(drizzle(storage, { schema }), migrations);
}

/**
 * Inserts `row` (its values by column) into `table` of the object's storage; with `upsert`, a row
 * already there under the same key takes its values instead.
 */
function insertRow(
  sql: SqlStorage,
  table: string,
  row: Record<string, SqlStorageValue>,
  { upsert = false } = {},
) {
  const columns = Object.keys(row).map((column) => `"${column}"`);
  const onConflict = upsert
    ? ` ON CONFLICT DO UPDATE SET ${columns.map((column) => `${column} = excluded.${column}`).join(", ")}`
    : "";
  sql.exec(
    `INSERT INTO "${table}" (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})${onConflict}`,
    ...Object.values(row),
  );
}

/** Who asks and where, as the Worker resolved them (worker/api/middleware/workspace-home.ts). */
type Forwarded = import("./api/middleware/workspace-home").Forwarded;

export class Workspace extends DurableObject<Env> {
  private migrated?: Promise<void>;
  private objectEnv?: Env;

  /**
   * Waits until the object's schema is current: made so on the first call after a deploy (an
   * object no one calls keeps its older schema until then).
   */
  protected ready() {
    this.migrated ??= migrateObject(this.ctx.storage).catch((error: unknown) => {
      this.migrated = undefined;
      throw error;
    });
    return this.migrated;
  }

  /**
   * The Worker's bindings as the object's code sees them: `DB` reaches the object's own storage
   * for the workspace's records and D1 for the directory's tables (`workspaceD1`).
   */
  private async env_() {
    if (!this.objectEnv) {
      const { workspaceD1 } = await import("./object-d1");
      this.objectEnv = { ...this.env, DB: workspaceD1(this.ctx.storage, this.env.DB) };
    }
    return this.objectEnv;
  }

  /** What the request's work may go on with after its answer (a log entry, an e-mail queued). */
  private executionContext(props: object) {
    return {
      waitUntil: (work: Promise<unknown>) => this.ctx.waitUntil(work),
      passThroughOnException: () => undefined,
      props,
    } as unknown as ExecutionContext;
  }

  /**
   * An API request for this workspace, its caller and membership resolved by the Worker: the same
   * Hono app as the Worker's, over the object's storage.
   */
  async api(request: Request, forwarded: Forwarded): Promise<Response> {
    const [, { api }, env] = await Promise.all([this.ready(), import("./api/app"), this.env_()]);
    const answer = await api.fetch(request, env, this.executionContext({ forwarded }));
    if (request.method !== "GET") await this.scheduleNext();
    return answer;
  }

  /**
   * Sets the object's alarm at its next work: its sequences' next step, or the daily upkeep,
   * whichever comes first (and not before `notBefore`); never later than an alarm already set.
   */
  protected async scheduleNext(notBefore = 0) {
    const { UPKEEP_EVERY_MS } = await import("./workspace-schedule");
    const step = this.ctx.storage.sql
      .exec<{ at: string | null }>(
        "SELECT min(next_at) AS at FROM sequence_enrollments WHERE status = 'active'",
      )
      .one().at;
    let upkeptAt = await this.ctx.storage.get<number>("upkeptAt");
    if (upkeptAt === undefined) {
      // The first upkeep a day after the object's first work.
      upkeptAt = Date.now();
      await this.ctx.storage.put("upkeptAt", upkeptAt);
    }
    const at = Math.max(
      notBefore,
      Math.min(step ? Date.parse(step) : Infinity, upkeptAt + UPKEEP_EVERY_MS),
    );
    const set = await this.ctx.storage.getAlarm();
    if (set === null || set > at) await this.ctx.storage.setAlarm(at);
  }

  /** The alarm: the workspace's work now due (worker/workspace-schedule.ts), then the next one. */
  async alarm() {
    await this.ready();
    const [{ runWorkspaceWork, UPKEEP_EVERY_MS }, env] = await Promise.all([
      import("./workspace-schedule"),
      this.env_(),
    ]);
    const now = Date.now();
    const upkeptAt = (await this.ctx.storage.get<number>("upkeptAt")) ?? now;
    const upkeep = now >= upkeptAt + UPKEEP_EVERY_MS;
    try {
      await runWorkspaceWork(env, now, { upkeep });
      if (upkeep) await this.ctx.storage.put("upkeptAt", now);
    } finally {
      // Set again even when the work failed, and not sooner than a minute on: a step that
      // keeps failing is tried once a minute, as the cron tried it, not over and over.
      await this.scheduleNext(now + 60_000);
    }
  }

  /** The workspace was deleted: everything the object holds goes, its alarm too. */
  async forget() {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.migrated = undefined;
    this.objectEnv = undefined;
  }

  /** One statement of the Worker's code on this workspace's records (`remoteD1`). */
  async statement(sent: SentStatement, answer: Answer) {
    const [, { answerStatement }] = await Promise.all([this.ready(), import("./object-d1")]);
    const answered = await answerStatement(this.ctx.storage, sent, answer);
    if (!/^\s*select/i.test(sent.query)) await this.scheduleNext();
    return answered;
  }

  /** A batch of the Worker's statements on this workspace's records, in one transaction. */
  async statements(sent: SentStatement[]) {
    const [, { answerStatements }] = await Promise.all([this.ready(), import("./object-d1")]);
    const answered = answerStatements(this.ctx.storage, sent);
    if (sent.some(({ query }) => !/^\s*select/i.test(query))) await this.scheduleNext();
    return answered;
  }

  /**
   * Makes the object's copy of the directory current: the workspace's row, its members and the
   * names of the people it shows (never a password), read from D1; records assigned to someone
   * no longer a member are assigned to nobody, as `membershipEnded` does in D1.
   */
  async refreshDirectory(id: string) {
    await this.ready();
    const workspace = await this.env.DB.prepare("SELECT * FROM workspaces WHERE id = ?")
      .bind(id)
      .first<Record<string, SqlStorageValue>>();
    if (!workspace) return;
    const { results: members } = await this.env.DB.prepare(
      "SELECT * FROM workspace_members WHERE workspace_id = ?",
    )
      .bind(id)
      .all<Record<string, SqlStorageValue>>();
    const { results: people } = await this.env.DB.prepare(
      "SELECT * FROM users WHERE id = ?1 OR id IN (SELECT user_id FROM workspace_members WHERE workspace_id = ?1)",
    )
      .bind(id)
      .all<Record<string, SqlStorageValue>>();
    const { unassignFrom } = await import("./services/assignees");
    const { database } = await import("./db/client");
    const sql = this.ctx.storage.sql;
    const gone = sql
      .exec<{ user_id: string }>("SELECT user_id FROM workspace_members WHERE workspace_id = ?", id)
      .toArray()
      .map((row) => row.user_id)
      .filter((userId) => !members.some((member) => member.user_id === userId));
    // An upsert, never a REPLACE: replacing the account's row would delete (cascade) its records.
    const upsert = (table: string, row: Record<string, SqlStorageValue>) =>
      insertRow(sql, table, row, { upsert: true });
    this.ctx.storage.transactionSync(() => {
      for (const person of people) upsert("users", { ...person, password_hash: "" });
      upsert("workspaces", workspace);
      sql.exec("DELETE FROM workspace_members WHERE workspace_id = ?", id);
      for (const member of members) upsert("workspace_members", member);
    });
    const db = database((await this.env_()).DB);
    for (const userId of gone) await unassignFrom(db, id, userId);
    // People whose accounts were deleted go from the copy as from D1: the log's entries keep no
    // actor, what was assigned to them is assigned to nobody (their foreign keys say so).
    const copied = sql
      .exec<{ id: string }>("SELECT id FROM users")
      .toArray()
      .map((row) => row.id);
    const { results: still } = await this.env.DB.prepare(
      "SELECT id FROM users WHERE id IN (SELECT value FROM json_each(?))",
    )
      .bind(JSON.stringify(copied))
      .all<{ id: string }>();
    const kept = new Set(still.map((row) => row.id));
    for (const personId of copied)
      if (!kept.has(personId)) sql.exec("DELETE FROM users WHERE id = ?", personId);
  }

  // -------------------------------------------------------------------------------------------
  // Moving in (worker/services/workspace-move.ts): rows are staged apart from the records, with
  // how far each table's copy got, then written all at once.

  private moveTables() {
    this.ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS _move_rows (tbl TEXT NOT NULL, src INTEGER NOT NULL, row TEXT NOT NULL, PRIMARY KEY (tbl, src)) WITHOUT ROWID;
       CREATE TABLE IF NOT EXISTS _move_progress (tbl TEXT PRIMARY KEY, after INTEGER NOT NULL, rows INTEGER NOT NULL, checksum INTEGER NOT NULL, read INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS _move_done (at TEXT NOT NULL)`,
    );
  }

  /** How far a move got: each table's copy, and whether the records are in. */
  async moveProgress(): Promise<{ moved: boolean; tables: Record<string, TableCopy> }> {
    await this.ready();
    this.moveTables();
    const sql = this.ctx.storage.sql;
    const moved = sql.exec("SELECT count(*) AS n FROM _move_done").one().n !== 0;
    const tables: Record<string, TableCopy> = {};
    for (const row of sql.exec<{ tbl: string } & Omit<TableCopy, "read"> & { read: number }>(
      "SELECT tbl, after, rows, checksum, read FROM _move_progress",
    ))
      tables[row.tbl] = {
        after: row.after,
        rows: row.rows,
        checksum: row.checksum,
        read: !!row.read,
      };
    return { moved, tables };
  }

  /** Keeps a page of `table`'s rows and how far its copy now is, together. */
  async stageRows(table: string, rows: Copied[], copy: TableCopy) {
    await this.ready();
    this.moveTables();
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      for (const { rowid, row } of rows)
        sql.exec(
          "INSERT OR REPLACE INTO _move_rows (tbl, src, row) VALUES (?, ?, ?)",
          table,
          rowid,
          JSON.stringify(row),
        );
      sql.exec(
        "INSERT OR REPLACE INTO _move_progress (tbl, after, rows, checksum, read) VALUES (?, ?, ?, ?, ?)",
        table,
        copy.after,
        copy.rows,
        copy.checksum,
        copy.read ? 1 : 0,
      );
    });
  }

  /** Forgets what was staged of `table`: its copy starts again from its first row. */
  async discardStaged(table: string) {
    await this.ready();
    this.moveTables();
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      sql.exec("DELETE FROM _move_rows WHERE tbl = ?", table);
      sql.exec("DELETE FROM _move_progress WHERE tbl = ?", table);
    });
  }

  /**
   * Writes the staged rows of `tables`, in that order, into the records in one transaction, then
   * checks each table holds exactly what was read (its count and checksum): otherwise nothing is
   * kept and the error names the tables that differ. The staged rows go once the records are in.
   */
  async finishMove(tables: string[]) {
    await this.ready();
    this.moveTables();
    const sql = this.ctx.storage.sql;
    const known = new Set(
      sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((row) => row.name),
    );
    const unknown = tables.filter((table) => !known.has(table) || table.startsWith("_move"));
    if (unknown.length) throw new Error(`No such tables in a workspace: ${unknown.join(", ")}`);
    try {
      this.write(tables);
    } catch (error) {
      // A copy that differs is read again from the start the next time, not retried as it is.
      sql.exec("DELETE FROM _move_rows");
      sql.exec("DELETE FROM _move_progress");
      throw error;
    }
  }

  /** The directory has marked the workspace moved: its background work starts here. */
  async moved() {
    await this.ready();
    await this.scheduleNext();
  }

  /** Whether D1's copy of the records was found to be what the object was given, after the move. */
  async copyConfirmed() {
    return (await this.ctx.storage.get<boolean>("copyConfirmed")) === true;
  }

  /** D1's copy was found unchanged since the move: it may be cleared. */
  async confirmCopy() {
    await this.ctx.storage.put("copyConfirmed", true);
  }

  /** The staged rows of `tables` into the records, checked, in one transaction. */
  private write(tables: string[]) {
    const sql = this.ctx.storage.sql;
    this.ctx.storage.transactionSync(() => {
      // The rows of one table refer to another's, in both directions (a property and its primary
      // analysis): the references are checked when all are in.
      sql.exec("PRAGMA defer_foreign_keys = ON");
      const differ: string[] = [];
      for (const table of tables) {
        const staged = sql.exec<{ row: string }>(
          "SELECT row FROM _move_rows WHERE tbl = ? ORDER BY src",
          table,
        );
        for (const { row } of staged) {
          insertRow(sql, table, JSON.parse(row) as Record<string, SqlStorageValue>);
        }
      }
      const progress = new Map(
        sql
          .exec<{ tbl: string; rows: number; checksum: number }>(
            "SELECT tbl, rows, checksum FROM _move_progress",
          )
          .toArray()
          .map((row) => [row.tbl, row]),
      );
      for (const table of tables) {
        let rows = 0;
        let checksum = 0;
        for (const row of sql.exec(`SELECT * FROM "${table}"`)) {
          rows += 1;
          checksum = (checksum + rowSum(row)) >>> 0;
        }
        const read = progress.get(table);
        if (!read || read.rows !== rows || read.checksum !== checksum) differ.push(table);
      }
      if (differ.length)
        throw new Error(`The copy differs from what was read in: ${differ.join(", ")}`);
      sql.exec("DELETE FROM _move_rows");
      sql.exec("INSERT INTO _move_done (at) VALUES (?)", new Date().toISOString());
    });
  }

  /** Which migrations the object's schema has had: how many, and when the newest was written. */
  async schemaVersion() {
    await this.ready();
    const row = this.ctx.storage.sql
      .exec<{ applied: number; newest: number | null }>(
        "SELECT count(*) AS applied, max(created_at) AS newest FROM __drizzle_migrations",
      )
      .one();
    return { applied: Number(row.applied), newest: row.newest };
  }
}

/** Workspace `id`'s object, to call; null where the binding is not configured. */
export function workspaceObject(env: Env, id: string) {
  const namespace = env.WORKSPACES as DurableObjectNamespace<Workspace> | undefined;
  return namespace ? namespace.get(namespace.idFromName(id)) : null;
}
