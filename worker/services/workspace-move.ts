/**
 * Moving a workspace's records from D1 into its object (docs/decisions/0049): a table at a time, a
 * page of rows at a time in rowid order, each page staged in the object together with how far the
 * copy got, so a move cut off anywhere starts again where it stopped. Once every table is staged,
 * the object writes them all in one transaction and compares each table's row count and checksum
 * with what was read from D1: all or nothing, and a copy that differs is not kept.
 */
import { WORKSPACE_TABLES } from "../db/workspace-tables";
import type { Env } from "../env";
import { workspaceObject, type Workspace } from "../workspace-object";
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
  { table: "workspace_members", where: "workspace_id = ?1" },
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

/** How long a move's last step may hold a small workspace's writes at most. */
export const FREEZE_MS = 60_000;

/**
 * And a large one's: its last step reads every row of D1 again and writes them all in the object,
 * about 0.5 ms a row measured here (170 s for 345,000 rows); twice that, so the hold outlasts it.
 */
export const FREEZE_MS_PER_ROW = 1;

/** How long a move waits, once writes are held, for those already under way to end. */
export const SETTLE_MS = 2_000;

type Progress = Awaited<ReturnType<Workspace["moveProgress"]>>["tables"];
type WorkspaceStub = DurableObjectStub<Workspace>;

/** A page of `table`'s rows of workspace `id` after rowid `after`, as the object keeps them. */
async function readPage(
  env: Env,
  id: string,
  { table, where }: (typeof COPIED)[number],
  after: number,
) {
  const { results } = await env.DB.prepare(
    `SELECT rowid AS "_rowid", * FROM "${table}" WHERE ${where} AND rowid > ?2 ORDER BY rowid LIMIT ${MOVE_PAGE_ROWS}`,
  )
    .bind(id, after)
    .all<Record<string, unknown>>();
  return results.map(({ _rowid, ...row }) => ({
    rowid: Number(_rowid),
    row: withoutSecrets(table, row),
  })) satisfies Copied[];
}

/** The copy of `rows` appended to `copy`. */
const counted = (copy: TableCopy, rows: Copied[]): TableCopy => ({
  after: rows.at(-1)?.rowid ?? copy.after,
  rows: copy.rows + rows.length,
  checksum: rows.reduce((sum, { row }) => (sum + rowSum(row)) >>> 0, copy.checksum),
  read: rows.length < MOVE_PAGE_ROWS,
});

const NOT_STARTED: TableCopy = { after: 0, rows: 0, checksum: 0, read: false };

/**
 * Stages the pages of every table not yet read whole, from where each stopped; false when
 * `budget.pages` ran out first.
 */
async function stageAll(
  env: Env,
  id: string,
  object: WorkspaceStub,
  tables: Progress,
  budget: { pages: number },
) {
  for (const copied of COPIED) {
    let copy = tables[copied.table] ?? NOT_STARTED;
    while (!copy.read) {
      if (budget.pages <= 0) return false;
      const rows = await readPage(env, id, copied, copy.after);
      copy = counted(copy, rows);
      await object.stageRows(copied.table, rows, copy);
      budget.pages -= 1;
    }
  }
  return true;
}

/** What D1 holds now of each copied table of workspace `id`: counted as the copy counts. */
async function holdsNow(env: Env, id: string, copied: (typeof COPIED)[number]) {
  let copy = NOT_STARTED;
  while (!copy.read) copy = counted(copy, await readPage(env, id, copied, copy.after));
  return copy;
}

/** The tables of `copied` whose rows in D1 now differ from what was staged of them. */
async function changedSince(
  env: Env,
  id: string,
  staged: Progress,
  copied: readonly (typeof COPIED)[number][],
) {
  const changed: (typeof COPIED)[number][] = [];
  for (const table of copied) {
    const now = await holdsNow(env, id, table);
    const was = staged[table.table];
    if (!was || was.rows !== now.rows || was.checksum !== now.checksum) changed.push(table);
  }
  return changed;
}

/**
 * Copies workspace `id` into its object, or goes on with a copy cut off before; stops after
 * `maxPages` pages (the rest another time), or when `budget`, shared with other moves, runs out.
 *
 * At the end its writes are held (503 WORKSPACE_MOVING, for `FREEZE_MS` or longer by its size; a hold another move
 * already has makes this one wait for the next run) while each table D1 holds is compared with
 * what was staged, and any that changed meanwhile is copied again; then the object writes the
 * records, and the directory marks the workspace moved only while the hold is still its own and in
 * force. The object's alarm starts only then. A move whose object holds the records but whose mark
 * was never made (cut off between, or its hold ran out) compares D1 with them again first: if D1
 * changed since, the object is emptied and the move starts over. Answers whether the workspace is
 * now in its object.
 */
export async function moveWorkspace(
  env: Env,
  id: string,
  {
    maxPages = Infinity,
    settleMs = SETTLE_MS,
    budget = { pages: maxPages },
  }: { maxPages?: number; settleMs?: number; budget?: { pages: number } } = {},
) {
  const object = workspaceObject(env, id) as WorkspaceStub | null;
  if (!object) throw new Error("WORKSPACES is not bound: nothing to move into");
  const marked = await env.DB.prepare("SELECT moved_at FROM workspaces WHERE id = ?")
    .bind(id)
    .first<string | null>("moved_at");
  if (marked) return { moved: true };
  const progress = await object.moveProgress();
  if (!progress.moved && !(await stageAll(env, id, object, progress.tables, budget)))
    return { moved: false };
  const rows = Object.values((await object.moveProgress()).tables).reduce(
    (sum, table) => sum + table.rows,
    0,
  );
  const held = await hold(env, id, Math.max(FREEZE_MS, rows * FREEZE_MS_PER_ROW));
  if (held === null) return { moved: false };
  try {
    // A write that began before the hold ends in D1 before D1 is compared with the copy.
    if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
    const staged = (await object.moveProgress()).tables;
    const changed = await changedSince(env, id, staged, COPIED);
    if (progress.moved) {
      if (changed.length) {
        await object.forget();
        throw new Error(
          `D1 changed after workspace ${id} was written to its object (${changed.map(({ table }) => table).join(", ")}): moving it again`,
        );
      }
    } else {
      for (const { table } of changed) {
        await object.discardStaged(table);
        await stageAll(env, id, object, { ...staged, [table]: NOT_STARTED }, { pages: Infinity });
      }
      await object.finishMove(COPIED.map(({ table }) => table));
    }
    if (held <= Date.now()) throw new Error(`The hold on workspace ${id} ran out before its mark`);
    const { meta } = await env.DB.prepare(
      "UPDATE workspaces SET moved_at = ?, frozen_until = NULL WHERE id = ? AND frozen_until = ?",
    )
      .bind(new Date().toISOString(), id, held)
      .run();
    if (meta.changes !== 1)
      throw new Error(`Workspace ${id}'s hold was taken over before its mark`);
  } catch (error) {
    await release(env, id, held);
    throw error;
  }
  await object.moved();
  return { moved: true };
}

/**
 * Holds workspace `id`'s writes for `ms`, unless another move holds them: when the hold ends
 * (epoch ms), or null.
 */
async function hold(env: Env, id: string, ms: number) {
  const now = Date.now();
  const until = now + ms;
  const { meta } = await env.DB.prepare(
    "UPDATE workspaces SET frozen_until = ?1 WHERE id = ?2 AND moved_at IS NULL AND (frozen_until IS NULL OR frozen_until <= ?3)",
  )
    .bind(until, id, now)
    .run();
  return meta.changes === 1 ? until : null;
}

/** Frees workspace `id`'s writes, if the hold is still the one taken until `held`. */
async function release(env: Env, id: string, held: number) {
  await env.DB.prepare(
    "UPDATE workspaces SET frozen_until = NULL WHERE id = ? AND frozen_until = ?",
  )
    .bind(id, held)
    .run();
}

/** Pages (or slices of D1's copy cleared) one scheduled run takes at most: some 60,000 rows. */
export const PAGES_A_RUN = 300;

/** Rows one statement deletes from D1's copy of a moved workspace: each slice a short statement. */
export const CLEAR_SLICE_ROWS = 500;

/**
 * How long after its move D1's copy of a workspace is kept: longer than any request that began
 * before the hold (a chat's answer, an import's chunk) takes to end.
 */
export const CLEAR_AFTER_MS = 10 * 60 * 1000;

/** The directory's own rows, which stay in D1 after a move: the people, the workspace, its members. */
const DIRECTORY_ROWS = new Set(["users", "workspaces", "workspace_members"]);

/**
 * What D1's copy of a moved workspace is cleared of, in this order: files first (a record's
 * delete would otherwise mark its files for the sweep, which deletes their bytes in R2, still the
 * object's), then what refers to other records before them (`import_undo` names its runs), and
 * the tables the triggers keep (lead tallies).
 */
const CLEARED = [
  { table: "file_pages", where: "user_id = ?1" },
  { table: "files", where: "user_id = ?1" },
  ...[
    ...COPIED.filter(({ table }) => !DIRECTORY_ROWS.has(table)),
    { table: "lead_tallies", where: "user_id = ?1" },
  ].reverse(),
].filter((table, at, all) => all.findIndex((one) => one.table === table.table) === at);

/**
 * Deletes D1's copy of moved workspace `id`'s records a slice at a time, while `budget` lasts,
 * once `CLEAR_AFTER_MS` has passed since the move; marks it cleared when nothing is left. Before
 * the first slice, D1's copy must still be what the object was given: a write that reached D1
 * after the move's comparison (a request longer than the hold's settling) stops the clearing, and
 * D1 keeps it for someone to look at. Answers whether it is cleared.
 */
export async function clearMovedWorkspace(
  env: Env,
  id: string,
  budget = { pages: Infinity },
  now = Date.now(),
) {
  const moved = await env.DB.prepare("SELECT moved_at FROM workspaces WHERE id = ?")
    .bind(id)
    .first<string | null>("moved_at");
  if (!moved) throw new Error(`Workspace ${id} has not moved: D1 still holds its records`);
  if (Date.parse(moved) > now - CLEAR_AFTER_MS) return false;
  const object = workspaceObject(env, id) as WorkspaceStub;
  if (!(await object.copyConfirmed())) {
    const { tables } = await object.moveProgress();
    const changed = await changedSince(
      env,
      id,
      tables,
      COPIED.filter(({ table }) => !DIRECTORY_ROWS.has(table)),
    );
    if (changed.length)
      throw new Error(
        `D1 changed after workspace ${id} moved (${changed.map(({ table }) => table).join(", ")}): its copy there is kept`,
      );
    await object.confirmCopy();
  }
  for (const { table, where } of CLEARED) {
    for (;;) {
      if (budget.pages <= 0) return false;
      const { meta } = await env.DB.prepare(
        `DELETE FROM "${table}" WHERE rowid IN (SELECT rowid FROM "${table}" WHERE ${where} LIMIT ${CLEAR_SLICE_ROWS})`,
      )
        .bind(id)
        .run();
      // Only a slice that deleted rows counts: the next run goes through the tables already
      // empty again, one probe of an index each, to reach where this one stopped.
      if (meta.changes === 0) break;
      budget.pages -= 1;
    }
  }
  await env.DB.prepare("UPDATE workspaces SET cleared_at = ? WHERE id = ? AND moved_at IS NOT NULL")
    .bind(new Date(now).toISOString(), id)
    .run();
  return true;
}

/**
 * The background mover: the workspaces not yet in their objects, by id, each taken up again where
 * the last run stopped, and D1's copy of each cleared once it may be, until `pages` are used in
 * this run. One that fails is logged and passed over (tried again next run), so it holds up no
 * other. Answers the ids moved whole in this run.
 */
export async function moveWaitingWorkspaces(
  env: Env,
  { pages = PAGES_A_RUN, settleMs = SETTLE_MS, now = Date.now() } = {},
) {
  const moved: string[] = [];
  const budget = { pages };
  let after = "";
  while (budget.pages > 0) {
    const next = await env.DB.prepare(
      "SELECT id, moved_at FROM workspaces INDEXED BY workspaces_to_move WHERE cleared_at IS NULL AND id > ? ORDER BY id LIMIT 1",
    )
      .bind(after)
      .first<{ id: string; moved_at: string | null }>();
    if (!next) break;
    after = next.id;
    try {
      if (!next.moved_at) {
        if (!(await moveWorkspace(env, next.id, { settleMs, budget })).moved) continue;
        moved.push(next.id);
      }
      await clearMovedWorkspace(env, next.id, budget, now);
    } catch (error) {
      console.error(`[workspace-move] ${next.id}:`, error);
    }
  }
  return moved;
}
