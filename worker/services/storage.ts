/**
 * What a user's records take against the storage quota, counted as they are written
 * (docs/decisions/0041-storage-counted-as-written.md).
 *
 * - **Counted in the write.** Triggers on each table below (migrations/0032_flat_at_scale.sql,
 *   made by scripts/storage-triggers.ts) add a row's bytes to its user's
 *   `usage_counters.storage_bytes` when it is inserted, the difference when it changes, and take
 *   them away when it goes, inside the statement that writes it: no service can forget, and no
 *   read of the user's rows is needed to know the figure.
 * - **Re-measured in the background, in slices.** The cron (`remeasureStorage`) reads every
 *   table a slice of rows at a time, by rowid, adding each row's bytes to its user's
 *   `storage_measure`; once all are read, each user's figure becomes what was measured, a few
 *   hundred users a statement. No statement reads more than a slice, so others' queries
 *   interleave. A write during the pass to a row the pass has already read changes the measure
 *   too (the triggers compare the row with the pass's place in `storage_pass`), and a row not
 *   yet read is measured when the pass gets to it: the measure is the figure at the moment it
 *   finishes, uploads made meanwhile included.
 */
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import {
  auctionHistory,
  auctions,
  calendarEvents,
  campaigns,
  contacts,
  conversationMessages,
  conversations,
  deals,
  entries,
  files,
  importMappings,
  importRuns,
  importUndo,
  leadBots,
  leads,
  projectFiles,
  projects,
  properties,
  rehabTemplates,
  researchReports,
  routes,
  storagePass,
  usageCounters,
} from "../db/schema";

/** A table whose rows count against their user's quota; `parent` names the user of a child row. */
export interface MeasuredTable {
  table: SQLiteTable;
  parent?: { key: SQLiteColumn; table: SQLiteTable & { id: SQLiteColumn; userId: SQLiteColumn } };
  /** Bytes kept elsewhere that the row stands for (a file's object and thumbnail in R2). */
  outside?: SQLiteColumn[];
}

/**
 * Every table measured, in the order a pass reads them. A table's place is written into its
 * triggers: add new tables at the end, and write their triggers with scripts/storage-triggers.ts.
 */
export const MEASURED_TABLES: MeasuredTable[] = [
  { table: properties },
  { table: projects },
  { table: contacts },
  { table: entries },
  { table: conversations },
  { table: researchReports },
  { table: calendarEvents },
  { table: deals },
  { table: auctions },
  { table: routes },
  { table: campaigns },
  { table: leads },
  { table: leadBots },
  { table: importMappings },
  { table: importRuns },
  { table: rehabTemplates },
  { table: files, outside: [files.size, files.thumbnailSize] },
  { table: conversationMessages },
  { table: auctionHistory },
  { table: projectFiles },
  { table: importUndo, parent: { key: importUndo.runId, table: importRuns } },
];

const quoted = (name: string) => `"${name}"`;

/**
 * A row's size as SQL over `row` (`NEW`, `OLD` or a table's name): the length of its values
 * written out together (text as characters, numbers as digits), plus the bytes it stands for
 * outside the database. One printf over every column keeps the expression shallow (SQLite
 * refuses a tree over 100 deep, which `length(a) + length(b) + …` over a wide table passes).
 */
export function rowBytesSql({ table, outside = [] }: MeasuredTable, row: string) {
  const columns = Object.values(getTableColumns(table)).map(
    (column) => `${row}.${quoted(column.name)}`,
  );
  const written = `length(printf('${"%s".repeat(columns.length)}', ${columns.join(", ")}))`;
  return [written, ...outside.map((column) => `${row}.${quoted(column.name)}`)].join(" + ");
}

/** The user a row of this table belongs to, as SQL over `row`. */
export function rowUserSql({ parent }: MeasuredTable, row: string) {
  if (!parent) return `${row}."user_id"`;
  return `(SELECT ${quoted(parent.table.userId.name)} FROM ${quoted(getTableName(parent.table))} WHERE ${quoted(parent.table.id.name)} = ${row}.${quoted(parent.key.name)})`;
}

/** `storage_pass.table_index` between passes: no row counts as read. */
export const PASS_IDLE = -1;
/** `storage_pass.table_index` once every table is read, while the users' figures are set. */
export const PASS_SETTLING = MEASURED_TABLES.length;

/**
 * The triggers that count a table's rows as they are written (the migration that makes them is
 * written from this: `npx tsx scripts/storage-triggers.ts`). An inserted row may make its user's
 * counters; a changed or deleted one only changes them (a user being deleted has none left).
 * A row the running pass has read (`behind` its place) changes that pass's measure too.
 */
export function storageTriggerSql(measured: MeasuredTable) {
  const index = MEASURED_TABLES.indexOf(measured);
  const name = getTableName(measured.table);
  const behind = (row: string) =>
    `(m."table_index" > ${index} OR (m."table_index" = ${index} AND ${row}.rowid <= m."after_rowid"))`;
  const nowMs = `CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
  const change = (row: string, delta: string) =>
    `UPDATE "usage_counters" SET "storage_bytes" = "storage_bytes" + d."delta", ` +
    `"storage_measure" = CASE WHEN NOT d."behind" THEN "storage_measure" WHEN "measure_pass" = d."pass_now" THEN "storage_measure" + d."delta" ELSE d."delta" END, ` +
    `"measure_pass" = CASE WHEN d."behind" THEN d."pass_now" ELSE "measure_pass" END ` +
    `FROM (SELECT ${delta} AS "delta", m."pass" AS "pass_now", ${behind(row)} AS "behind" FROM "storage_pass" AS m) AS d ` +
    `WHERE "usage_counters"."user_id" = ${rowUserSql(measured, row)};`;
  return [
    `CREATE TRIGGER "storage_${name}_insert" AFTER INSERT ON "${name}" BEGIN ` +
      `INSERT INTO "usage_counters" ("user_id", "storage_bytes", "storage_measured_at", "storage_measure", "measure_pass") ` +
      `SELECT "user", "bytes", ${nowMs}, CASE WHEN "behind" THEN "bytes" ELSE 0 END, CASE WHEN "behind" THEN "pass_now" ELSE 0 END ` +
      `FROM (SELECT ${rowUserSql(measured, "NEW")} AS "user", ${rowBytesSql(measured, "NEW")} AS "bytes", m."pass" AS "pass_now", ${behind("NEW")} AS "behind" FROM "storage_pass" AS m) ` +
      `WHERE "user" IS NOT NULL ` +
      `ON CONFLICT ("user_id") DO UPDATE SET "storage_bytes" = "storage_bytes" + excluded."storage_bytes", ` +
      `"storage_measure" = CASE WHEN excluded."measure_pass" = 0 THEN "storage_measure" WHEN "measure_pass" = excluded."measure_pass" THEN "storage_measure" + excluded."storage_measure" ELSE excluded."storage_measure" END, ` +
      `"measure_pass" = CASE WHEN excluded."measure_pass" = 0 THEN "measure_pass" ELSE excluded."measure_pass" END; END`,
    `CREATE TRIGGER "storage_${name}_update" AFTER UPDATE ON "${name}" BEGIN ` +
      change("NEW", `(${rowBytesSql(measured, "NEW")}) - (${rowBytesSql(measured, "OLD")})`) +
      ` END`,
    `CREATE TRIGGER "storage_${name}_delete" AFTER DELETE ON "${name}" BEGIN ` +
      change("OLD", `-(${rowBytesSql(measured, "OLD")})`) +
      ` END`,
  ];
}

/** A slice's rows at first; each table's slice then grows or shrinks to take about SLICE_MS. */
const FIRST_SLICE_ROWS = 200;
const MAX_SLICE_ROWS = 5000;
const SLICE_MS = 20;
/** Users whose figure one statement sets. */
const SETTLE_USERS = 500;

type PassState = typeof storagePass.$inferSelect;

const readPass = async (db: Database): Promise<PassState> =>
  (await db.select().from(storagePass).limit(1))[0]!;

/** Moves the pass from where it was read to `next`; nothing when another run moved it first. */
const movePass = (db: Database, from: PassState, next: Partial<PassState>) =>
  db
    .update(storagePass)
    .set(next)
    .where(
      sql`${storagePass.pass} = ${from.pass} AND ${storagePass.tableIndex} = ${from.tableIndex} AND ${storagePass.afterRowid} = ${from.afterRowid} AND ${storagePass.settledAfter} = ${from.settledAfter}`,
    );

/** Reads the next slice of the table the pass is in, adding each row's bytes to its user's measure. */
async function measureSlice(db: Database, state: PassState, rows: number) {
  const measured = MEASURED_TABLES[state.tableIndex]!;
  const name = quoted(getTableName(measured.table));
  const [last] = await db.all<{ rowid: number }>(
    sql.raw(
      `SELECT rowid FROM ${name} WHERE rowid > ${state.afterRowid} ORDER BY rowid LIMIT 1 OFFSET ${rows - 1}`,
    ),
  );
  // Fewer rows left than a slice: the rest of the table, and on to the next one in the same
  // batch, so a row added after it is one the pass has passed (counted by its trigger).
  const upTo = last ? ` AND r.rowid <= ${last.rowid}` : "";
  const next = last
    ? { afterRowid: last.rowid }
    : { tableIndex: state.tableIndex + 1, afterRowid: 0 };
  const bytes = rowBytesSql(measured, "r");
  // `+`: grouped as a value, not in a `user_id` index's order, which SQLite would read whole.
  const user = `+${rowUserSql(measured, "r")}`;
  // Only if the pass is still where it was read (`changes()` of the move before, in one batch).
  const add = sql.raw(
    `INSERT INTO "usage_counters" ("user_id", "storage_measure", "measure_pass")
     SELECT "user", sum("bytes"), ${state.pass} FROM (
       SELECT ${user} AS "user", ${bytes} AS "bytes" FROM ${name} AS r
       WHERE r.rowid > ${state.afterRowid}${upTo} AND changes() = 1
     ) WHERE "user" IS NOT NULL GROUP BY "user"
     ON CONFLICT ("user_id") DO UPDATE SET
       "storage_measure" = CASE WHEN "measure_pass" = excluded."measure_pass" THEN "storage_measure" ELSE 0 END + excluded."storage_measure",
       "measure_pass" = excluded."measure_pass"`,
  );
  await db.batch([movePass(db, state, next), db.run(add)]);
}

/** Sets the next users' figures to what the pass measured; answers true once all are set. */
async function settleSlice(db: Database, state: PassState, now: number) {
  const users = await db
    .select({ userId: usageCounters.userId })
    .from(usageCounters)
    .where(sql`${usageCounters.userId} > ${state.settledAfter}`)
    .orderBy(usageCounters.userId)
    .limit(SETTLE_USERS);
  if (!users.length) {
    await movePass(db, state, { tableIndex: PASS_IDLE, settledAfter: "", finishedAt: now });
    return true;
  }
  const upTo = users.at(-1)!.userId;
  await db.batch([
    movePass(db, state, { settledAfter: upTo }),
    db
      .update(usageCounters)
      .set({
        storageBytes: sql`CASE WHEN ${usageCounters.measurePass} = ${state.pass} THEN ${usageCounters.storageMeasure} ELSE 0 END`,
        storageMeasuredAt: now,
      })
      .where(
        sql`${usageCounters.userId} > ${state.settledAfter} AND ${usageCounters.userId} <= ${upTo} AND changes() = 1`,
      ),
  ]);
  return false;
}

/**
 * Works on the storage pass for about `budgetMs` (a step at least): starts one when none runs,
 * reads slices of the tables, then sets the users' figures. Answers whether a pass finished.
 */
export async function remeasureStorage(db: Database, now = Date.now(), budgetMs = 2000) {
  const started = Date.now();
  const sliceRows = new Map<number, number>();
  do {
    const state = await readPass(db);
    if (state.tableIndex === PASS_IDLE) {
      await movePass(db, state, {
        pass: state.pass + 1,
        tableIndex: 0,
        afterRowid: 0,
        startedAt: now,
      });
    } else if (state.tableIndex < PASS_SETTLING) {
      const rows = sliceRows.get(state.tableIndex) ?? FIRST_SLICE_ROWS;
      const before = Date.now();
      await measureSlice(db, state, rows);
      const took = Date.now() - before;
      const scaled = took > SLICE_MS ? rows / 2 : took < SLICE_MS / 4 ? rows * 2 : rows;
      sliceRows.set(state.tableIndex, Math.min(MAX_SLICE_ROWS, Math.max(1, Math.round(scaled))));
    } else if (await settleSlice(db, state, now)) {
      return true;
    }
  } while (Date.now() - started < budgetMs);
  return false;
}
