/**
 * Moving a workspace's records from D1 into its object (docs/decisions/0049): a table at a time, a
 * page of rows at a time in rowid order, each page staged in the object together with how far the
 * copy got, so a move cut off anywhere starts again where it stopped. Once every table is staged,
 * the object writes them all in one transaction and compares each table's row count and checksum
 * with what was read from D1: all or nothing, and a copy that differs is not kept.
 */
import { WORKSPACE_TABLES } from "../db/workspace-tables";
import type { Env } from "../env";
import { workspaceObject } from "../workspace-object";
import { rowSum, type Copied, type TableCopy } from "../db/workspace-copy";

/** Rows a page reads and stages: well within a statement's time and a call's size. */
export const MOVE_PAGE_ROWS = 200;

/** Tables other records' insert triggers read from, so copied before the rest. */
const READ_BY_TRIGGERS = new Set(["contacts", "deal_criteria"]);

/**
 * What a copy reads of each table, in the order it is written: the workspace's account and the
 * people its records name (their names, never a password), its directory row, then its records.
 * Tables the object's triggers fill from the records (`lead_tallies`, the search indexes, the
 * storage counters) are not copied: the records' inserts make them again.
 */
export const COPIED: readonly { table: string; where: string }[] = [
  {
    table: "users",
    where: `(id = ?1 OR id IN (SELECT user_id FROM workspace_members WHERE workspace_id = ?1) OR id IN (SELECT actor_id FROM activity WHERE workspace_id = ?1) OR id IN (SELECT started_by FROM sequence_enrollments WHERE user_id = ?1))`,
  },
  { table: "workspaces", where: "id = ?1" },
  ...[...WORKSPACE_TABLES]
    .filter(([table]) => table !== "lead_tallies")
    // What a record's insert trigger reads goes in before it: a property takes its owner's name
    // from its contact, an analysis its verdict from the buy box.
    .sort(([a], [b]) => Number(READ_BY_TRIGGERS.has(b)) - Number(READ_BY_TRIGGERS.has(a)))
    .map(([table, column]) => ({ table, where: `${column} = ?1` })),
  { table: "import_undo", where: "run_id IN (SELECT id FROM import_runs WHERE user_id = ?1)" },
];

/** A person's row as the object keeps it: who they are, without their password. */
const withoutSecrets = (table: string, row: Record<string, unknown>) =>
  table === "users" ? { ...row, password_hash: "" } : row;

/**
 * Copies workspace `id` into its object, or goes on with a copy cut off before; stops after
 * `maxPages` pages (the rest another time). Answers whether the workspace is now in its object.
 */
export async function moveWorkspace(env: Env, id: string, { maxPages = Infinity } = {}) {
  const object = workspaceObject(env, id);
  if (!object) throw new Error("WORKSPACES is not bound: nothing to move into");
  const progress = await object.moveProgress();
  if (progress.moved) return { moved: true };
  let pages = 0;
  for (const { table, where } of COPIED) {
    let copy: TableCopy = progress.tables[table] ?? { after: 0, rows: 0, checksum: 0, read: false };
    while (!copy.read) {
      if (pages >= maxPages) return { moved: false };
      const { results } = await env.DB.prepare(
        `SELECT rowid AS "_rowid", * FROM "${table}" WHERE ${where} AND rowid > ?2 ORDER BY rowid LIMIT ${MOVE_PAGE_ROWS}`,
      )
        .bind(id, copy.after)
        .all<Record<string, unknown>>();
      const rows: Copied[] = results.map(({ _rowid, ...row }) => ({
        rowid: Number(_rowid),
        row: withoutSecrets(table, row),
      }));
      copy = {
        after: rows.at(-1)?.rowid ?? copy.after,
        rows: copy.rows + rows.length,
        checksum: rows.reduce((sum, { row }) => (sum + rowSum(row)) >>> 0, copy.checksum),
        read: rows.length < MOVE_PAGE_ROWS,
      };
      await object.stageRows(table, rows, copy);
      pages += 1;
    }
  }
  await object.finishMove(COPIED.map(({ table }) => table));
  return { moved: true };
}
