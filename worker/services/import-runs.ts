/**
 * Import runs and their Undo, for every import: the file imports (a run of chunks) and Import Data
 * (a run of one batch). What a run changes is kept beside its writes, in the same batch: each
 * record it made (to delete) or replaced (as it was), and the children of each record it touched
 * (an auction's history, a conversation's messages, a project's contacts) as they were. Undo puts
 * all of it back in one batch. What a run changed is kept UNDO_DAYS: then the cron clears it, a
 * slice at a time, and the run can no longer be undone.
 */
import { and, asc, desc, eq, getTableName, isNull, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { AppError, notFound } from "../errors";
import type { Database } from "../db/client";
import {
  fieldOf,
  inJsonList,
  isoAt,
  jsonParts,
  nowIso,
  runBatch,
  upsertJsonRows,
} from "../db/queries";
import { auctionHistory, importRuns, importUndo, type ImportRunRow } from "../db/schema";
import { formatCount } from "../../app/domain/format";
import { UNDO_DAYS, type ImportRunKind } from "../../app/domain/imports/targets";
import { modulePath } from "../../app/domain/modules";
import type { Env } from "../env";
import { KINDS } from "./kinds";
import { notify } from "./notifications";
import type { OwnedTable, RecordKind } from "./record-kind";

/** A record the run made (`before` null) or replaced (`before` as it was), by table and key. */
export interface UndoEntry {
  tableName: string;
  recordId: string;
  before: Record<string, unknown> | null;
}

/**
 * The tables a run may change, keyed as their records are known, in the order their records are
 * read (one points only at those before it). An auction's history entries a file import adds are
 * records of their own, before the auctions.
 */
const TABLES: { name: string; table: OwnedTable; key: SQLiteColumn }[] = [
  ...KINDS.map((kind) => ({ name: getTableName(kind.table), table: kind.table, key: kind.key })),
  { name: getTableName(auctionHistory), table: auctionHistory, key: auctionHistory.id },
];

/** The name a kind's children's undo entries take ("auction_history of auctions"). */
const childrenName = (kind: RecordKind) => `${getTableName(kind.children!.table)} of ${kind.name}`;

/** The rows that belong to each kind's records (an auction's history). */
const CHILDREN = KINDS.filter((kind) => kind.children).map((kind) => ({
  name: childrenName(kind),
  ...kind.children!,
}));

/**
 * The undo entries for the children of these records of a kind, as they are now (read before the
 * run writes): a run that changes them is undone by putting them back whole.
 */
export async function childrenBefore(
  db: Database,
  userId: string,
  kind: RecordKind,
  parents: string[],
): Promise<UndoEntry[]> {
  if (!parents.length) return [];
  const { table, parent } = kind.children!;
  const rows = (await db
    .select()
    .from(table)
    .where(and(eq(table.userId, userId), inJsonList(parent, parents)))) as Record<
    string,
    unknown
  >[];
  const parentField = fieldOf(table, parent);
  const byParent = new Map<string, Record<string, unknown>[]>(parents.map((id) => [id, []]));
  for (const row of rows) byParent.get(row[parentField] as string)?.push(row);
  return [...byParent].map(([recordId, list]) => ({
    tableName: childrenName(kind),
    recordId,
    before: { rows: list },
  }));
}

/** The statements that keep a run's undo entries; a record's first entry in a run is kept. */
export function undoWrites(db: Database, runId: string, entries: UndoEntry[]) {
  const rows = entries.map((e) => ({ t: e.tableName, r: e.recordId, b: e.before }));
  return jsonParts(rows).map((json) =>
    db
      .insert(importUndo)
      .select(
        sql`SELECT ${runId}, json_extract(value, '$.t'), json_extract(value, '$.r'), json_extract(value, '$.b') FROM json_each(${json}) WHERE true`,
      )
      .onConflictDoNothing(),
  );
}

const UNDO_MS = UNDO_DAYS * 86_400_000;

/** Until when the run can be undone (an ISO instant); null once it was undone or can't be. */
export function undoableUntil(run: ImportRunRow, now = Date.now()) {
  const until = Date.parse(run.createdAt) + UNDO_MS;
  return run.undoneAt || run.undoClearedAt || until <= now ? null : isoAt(until);
}

/** Puts back exactly what the run changed: its new records deleted, the rest as they were. */
export async function undoImport(db: Database, userId: string, runId: string) {
  const [run] = await db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.id, runId), eq(importRuns.userId, userId)));
  if (!run) throw notFound("Import run");
  if (run.undoneAt) throw new AppError(409, "RUN_UNDONE", "That import was already undone");
  if (!undoableUntil(run)) {
    throw new AppError(
      409,
      "UNDO_EXPIRED",
      `That import ran over ${UNDO_DAYS} days ago: what it changed is no longer kept, so it can't be undone`,
    );
  }
  const entries = await db.select().from(importUndo).where(eq(importUndo.runId, runId));
  const of = (name: string) => entries.filter((entry) => entry.tableName === name);
  const statements: unknown[] = [];
  // Children first, taken away whole; then the records the run made, those pointing at others
  // before those they point at; then the records it replaced, as they were, those pointed at
  // first; last, the children as they were.
  const children = CHILDREN.map((child) => ({ ...child, entries: of(child.name) }));
  for (const { table, parent, entries: mine } of children) {
    const parents = mine.map((entry) => entry.recordId);
    if (parents.length)
      statements.push(
        db.delete(table).where(and(eq(table.userId, userId), inJsonList(parent, parents))),
      );
  }
  for (const { name, table, key } of [...TABLES].reverse()) {
    const made = of(name)
      .filter((entry) => !entry.before)
      .map((entry) => entry.recordId);
    if (made.length)
      statements.push(db.delete(table).where(and(eq(table.userId, userId), inJsonList(key, made))));
  }
  for (const { name, table, key } of TABLES) {
    const before = of(name).flatMap((entry) => (entry.before ? [entry.before] : []));
    statements.push(...upsertJsonRows(db, table, before as never[], [key]));
  }
  for (const { table, key, entries: mine } of children) {
    const rows = mine.flatMap((entry) => (entry.before as { rows: never[] } | null)?.rows ?? []);
    if (rows.length) statements.push(...upsertJsonRows(db, table, rows, key));
  }
  statements.push(
    db
      .update(importRuns)
      .set({ undoneAt: nowIso() })
      .where(and(eq(importRuns.id, runId), eq(importRuns.userId, userId))),
    db.delete(importUndo).where(eq(importUndo.runId, runId)),
  );
  await runBatch(db, statements);
  return { runId, restored: entries.length };
}

/** The user's recent imports, newest first, each with until when it can be undone. */
export async function listImportRuns(db: Database, userId: string, limit = 20) {
  const runs = await db
    .select()
    .from(importRuns)
    .where(eq(importRuns.userId, userId))
    .orderBy(desc(importRuns.createdAt))
    .limit(limit);
  return runs.map((run) => ({ ...run, undoableUntil: undoableUntil(run) }));
}

/** Undo entries one statement deletes while clearing. */
const CLEAR_UNDO_ROWS = 500;

/**
 * Clears what runs older than UNDO_DAYS changed, oldest run first, a slice of entries a
 * statement, for about `budgetMs`; a run whose entries are all gone is marked cleared.
 */
export async function clearOldUndo(db: Database, now = Date.now(), budgetMs = 2000) {
  const started = Date.now();
  const before = isoAt(now - UNDO_MS);
  while (Date.now() - started < budgetMs) {
    const [run] = await db
      .select({ id: importRuns.id })
      .from(importRuns)
      .where(and(isNull(importRuns.undoClearedAt), lt(importRuns.createdAt, before)))
      .orderBy(asc(importRuns.createdAt))
      .limit(1);
    if (!run) return;
    const cleared = await db
      .delete(importUndo)
      .where(
        sql`rowid IN (SELECT rowid FROM ${importUndo} WHERE ${importUndo.runId} = ${run.id} LIMIT ${CLEAR_UNDO_ROWS})`,
      )
      .returning({ runId: importUndo.runId });
    if (cleared.length < CLEAR_UNDO_ROWS) {
      await db
        .update(importRuns)
        .set({ undoClearedAt: isoAt(now) })
        .where(eq(importRuns.id, run.id));
    }
  }
}

const IMPORTED_WHERE: Record<ImportRunKind, string> = {
  properties: modulePath("possible-investments"),
  auctions: modulePath("auction"),
  leads: modulePath("marketing", { tab: "leads" }),
  data: modulePath("home"),
};

/** "An import finished": the run's totals over all its chunks, once per run. */
export async function notifyImportFinished(
  db: Database,
  env: Env,
  userId: string,
  runId: string,
  now: number,
) {
  const [run] = await db
    .select()
    .from(importRuns)
    .where(and(eq(importRuns.id, runId), eq(importRuns.userId, userId)));
  if (!run) return;
  const what = run.kind === "data" ? "AI42 export" : run.kind;
  const counts = [
    `${formatCount(run.created)} new`,
    `${formatCount(run.merged)} merged`,
    `${formatCount(run.unchanged)} unchanged`,
    `${formatCount(run.failed)} with problems`,
  ].join(", ");
  await notify(
    db,
    env,
    [
      {
        userId,
        kind: "import_finished",
        key: `import_finished:${run.id}`,
        title: `Import finished: ${run.fileName ?? what}`,
        body: `The ${what} import${run.fileName ? ` of ${run.fileName}` : ""} is done: ${counts}.`,
        link: IMPORTED_WHERE[run.kind],
      },
    ],
    now,
  );
}
