/**
 * Export Data / Import Data: everything a user made as one JSON document, and that document read
 * back. Import is idempotent: records keep their ids (or, when another account already uses an
 * id, an id derived from it for this account), so importing the same file again finds them
 * "already here" and skips or updates them as the user chooses; a record already here is merged
 * as a file import merges it (an empty field never blanks one, a field changed here since the last
 * import is kept). Rows are checked one by one (a bad row is reported and left out, numbers may be
 * written as people write them), references between rows are followed, and everything is written
 * in one D1 batch, or nothing is. What each kind of record is, is declared beside its service and
 * listed in `kinds.ts`; this file does the same for all of them.
 */
import { and, eq, getTableColumns, getTableName, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { mergeRecord } from "../../app/domain/imports/merge";
import { perKind, TRANSFER_LIMITS, type RecordKindName } from "../../app/domain/record-kinds";
import { perFileOwnerKind } from "../../app/domain/transfer-zip";
import {
  fieldProblems,
  jsonDepth,
  MAX_JSON_DEPTH,
  parseTyped,
  type ImportCounts,
  type RowFailure,
} from "../../app/domain/validation";
import { AppError } from "../errors";
import type { Database } from "../db/client";
import {
  chunk,
  D1_MAX_PARAMS,
  fieldOf,
  inJsonList,
  nowIso,
  rowsPerStatement,
  runBatch,
} from "../db/queries";
import { importRuns } from "../db/schema";
import { childrenBefore, undoWrites, type UndoEntry } from "./import-runs";
import { KINDS, kindNamed } from "./kinds";
import type { ExistingRows } from "./properties";
import {
  RecordMetaSchema,
  ownFields,
  RowProblem,
  type BuildContext,
  type KindPlan,
  type Checked,
  type OwnedTable,
  type RecordKind,
} from "./record-kind";

export const EXPORT_FORMAT = "ai42-export";
/**
 * 2 added conversations and research (and, later, calendar events, Drive files linked to
 * projects, deal analyses, auctions and routes, which older files simply lack); version 1 documents still
 * import.
 */
export const EXPORT_VERSION = 2;
type Records = Record<RecordKindName, unknown[]>;

/** The bytes a record takes in an export file as the screen writes it (indented by 2, at depth 2). */
function recordBytes(record: unknown) {
  const text = JSON.stringify(record, null, 2);
  const lines = text.split("\n").length;
  return new TextEncoder().encode(text).length + lines * 4 + 2;
}

/**
 * The records cut into parts that Import Data takes each in one request: at most
 * `recordsPerKind` of a kind and `bytes` in all, kinds in reading order, so a part's references
 * point at records of its own part or of an earlier one (imported before it).
 */
function intoParts(records: Records, head: number) {
  const parts: Records[] = [];
  const empty = () => perKind("name", () => [] as unknown[]);
  let part = empty();
  let bytes = head;
  let filled = false;
  for (const kind of KINDS) {
    for (const record of records[kind.name]) {
      const size = recordBytes(record);
      const full =
        bytes + size > TRANSFER_LIMITS.bytes ||
        part[kind.name].length >= TRANSFER_LIMITS.recordsPerKind;
      if (full && filled) {
        parts.push(part);
        part = empty();
        bytes = head;
      }
      part[kind.name].push(record);
      bytes += size;
      filled = true;
    }
  }
  parts.push(part);
  return parts;
}

/**
 * Everything the user made, as one document (one batch of reads); a workspace larger than
 * Import Data takes in one request is written as several, `part` of them (from 1) answered.
 */
export async function exportWorkspace(db: Database, userId: string, part = 1) {
  const queries = KINDS.map((kind) => kind.exportQueries(db, userId));
  const results = (await runBatch(db, queries.flat())) as unknown[][];
  let at = 0;
  const records = Object.fromEntries(
    KINDS.map((kind, i) => {
      const rows = results.slice(at, (at += queries[i]!.length));
      return [kind.name, kind.exportRecords(rows)] as const;
    }),
  ) as Records;
  const head = {
    format: EXPORT_FORMAT as typeof EXPORT_FORMAT,
    version: EXPORT_VERSION as typeof EXPORT_VERSION,
    exportedAt: nowIso(),
    part: { number: part, of: 1 },
  };
  const parts = intoParts(records, recordBytes({ ...head, ...perKind("name", () => []) }) + 64);
  if (part > parts.length)
    throw new AppError(
      404,
      "NOT_FOUND",
      `The export has ${parts.length} part${parts.length === 1 ? "" : "s"}`,
    );
  return { ...head, part: { number: part, of: parts.length }, ...parts[part - 1]! };
}

const rows = z.array(z.unknown()).max(TRANSFER_LIMITS.recordsPerKind).default([]);

/** What must hold for the file as a whole; each row is checked on its own afterwards. */
export const ImportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT, {
    error: `Not an AI42 export (format must be "${EXPORT_FORMAT}")`,
  }),
  version: z.union([z.literal(1), z.literal(EXPORT_VERSION)], {
    error: `Unsupported export version (this AI42 reads versions 1 and ${EXPORT_VERSION})`,
  }),
  ...perKind("name", () => rows),
});
type ImportDocument = z.infer<typeof ImportDocumentSchema>;

/** What one record may take in D1 (which refuses a row over 2,000,000 bytes), with room to spare. */
const MAX_RECORD_BYTES = 1_900_000;

/**
 * Why a row could not be stored and read back, named by its field: nested deeper than free-form
 * JSON may be, or larger than a D1 row. Checked before anything else reads the row.
 */
function storageProblem(raw: Record<string, unknown>) {
  const encoder = new TextEncoder();
  let total = 0;
  let largest = { field: "row", bytes: 0 };
  for (const [field, value] of Object.entries(raw)) {
    if (jsonDepth(value) > MAX_JSON_DEPTH + 2)
      return { field, message: `Nested more than ${MAX_JSON_DEPTH} levels deep` };
    const bytes = encoder.encode(JSON.stringify(value) ?? "").length;
    total += bytes;
    if (bytes > largest.bytes) largest = { field, bytes };
  }
  if (total <= MAX_RECORD_BYTES) return null;
  const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
  return {
    field: largest.field,
    message: `Too large to store: the record is ${mb(total)} (this field ${mb(largest.bytes)}); a record may hold at most ${mb(MAX_RECORD_BYTES)}`,
  };
}

/**
 * Each row parsed with its input schema and its id; the failures by index. A flat record's
 * numbers may be written as people write them; a nested one's (a deal's inputs) must be numbers.
 */
function checkRows<T extends z.ZodType>(list: unknown[], schema: T) {
  const valid: Checked<z.output<T>>[] = [];
  const failed: RowFailure[] = [];
  list.forEach((row, index) => {
    const raw = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const unstorable = storageProblem(raw);
    if (unstorable) {
      failed.push({ index, errors: [unstorable] });
      return;
    }
    const meta = RecordMetaSchema.safeParse(raw);
    const input = (
      schema instanceof z.ZodObject ? parseTyped(schema, raw) : schema.safeParse(raw)
    ) as z.ZodSafeParseResult<z.output<T>>;
    if (meta.success && input.success) {
      valid.push({ index, ...meta.data, input: input.data, raw });
    } else {
      const errors = [
        ...(meta.success ? [] : fieldProblems(meta.error, "row")),
        ...(input.success ? [] : fieldProblems(input.error, "row")),
      ];
      failed.push({ index, errors });
    }
  });
  return { valid, failed };
}

/** The id this account uses for an exported id another account already holds. */
async function derivedId(userId: string, id: string) {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId}:${id}`)),
  );
  const hex = Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Who holds each of these keys in the kind's table (this user or another). */
async function holders(db: Database, kind: RecordKind, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, string>();
  const found = await db.batch(
    chunk(unique, D1_MAX_PARAMS).map((part) =>
      db
        .select({ id: kind.key, userId: kind.table.userId })
        .from(kind.table as SQLiteTable)
        .where(inArray(kind.key, part)),
    ) as [never, ...never[]],
  );
  return new Map((found as { id: string; userId: string }[][]).flat().map((r) => [r.id, r.userId]));
}

/**
 * Where each exported id lands in this account, and whether the record is already here: the id
 * itself if this user holds it or nobody does; else the id derived for this user.
 */
async function resolveIds(db: Database, kind: RecordKind, userId: string, ids: string[]) {
  const derived = new Map(
    await Promise.all(ids.map(async (id) => [id, await derivedId(userId, id)] as const)),
  );
  const held = await holders(db, kind, [...ids, ...derived.values()]);
  const targets = new Map<string, { id: string; existing: boolean }>();
  for (const id of ids) {
    const other = derived.get(id)!;
    if (held.get(id) === userId) targets.set(id, { id, existing: true });
    else if (held.get(other) === userId) targets.set(id, { id: other, existing: true });
    else targets.set(id, { id: held.has(id) ? other : id, existing: false });
  }
  return targets;
}

/** Multi-row upserts on the kind's key, sized to D1's parameter limit, that never touch another user's row. */
function upserts(db: Database, kind: RecordKind, values: Record<string, unknown>[]) {
  const table = kind.table;
  const all = Object.entries(getTableColumns(table));
  const keep = new Set<SQLiteColumn>([kind.key, table.userId]);
  const columns = all.filter(([name, column]) => !keep.has(column) && name !== "createdAt");
  const set = Object.fromEntries(
    columns.map(([name, column]) => [name, sql.raw(`excluded.${column.name}`)]),
  ) as SQLiteUpdateSetSource<OwnedTable>;
  // Only the table's columns are written (a conversation's messages are written apart).
  const written = values.map((value) =>
    Object.fromEntries(all.map(([name]) => [name, value[name]]).filter(([, v]) => v !== undefined)),
  );
  return chunk(written, rowsPerStatement(table)).map((part) =>
    db
      .insert(table)
      .values(part as OwnedTable["$inferInsert"][])
      .onConflictDoUpdate({
        target: kind.key,
        set,
        setWhere: sql`${table.userId} = excluded.user_id`,
      }),
  );
}

/**
 * The file's rows merged onto the records this user already has under their keys, with the kind's
 * merge rules (else its own fields): what the file leaves empty never blanks a field, and a field
 * changed here since the last import is kept unless `overwriteEdits`. Also answers the records
 * already here as they were, for the kind's related statements.
 */
async function mergeOnto(
  db: Database,
  kind: RecordKind,
  values: Record<string, unknown>[],
  options: { userId: string; overwriteEdits: boolean; now: string },
) {
  // The field a kind's records are known by (`id`; a lead's `contactId`).
  const key = fieldOf(kind.table, kind.key);
  const rules = kind.merge ?? { fields: (row: Record<string, unknown>) => ownFields(row, [key]) };
  const ids = values.map((value) => value[key] as string);
  const rows = ids.length
    ? ((await db
        .select()
        .from(kind.table as SQLiteTable)
        .where(and(eq(kind.table.userId, options.userId), inJsonList(kind.key, ids)))) as Record<
        string,
        unknown
      >[])
    : [];
  const current = new Map(rows.map((row) => [row[key] as string, row]));
  const merged = values.map((value): Record<string, unknown> => {
    const row = current.get(value[key] as string);
    // A new record remembers what the file wrote, so a later import tells its edits from the file's.
    if (!row)
      return { ...value, imported: mergeRecord(null, null, rules.fields(value), options).imported };
    const merging = mergeRecord(
      rules.fields(row),
      (row.imported as Record<string, unknown> | null) ?? null,
      rules.fields(value),
      options,
    );
    const changed = merging.changes.length > 0;
    const next = {
      ...row,
      ...merging.values,
      imported: merging.imported,
      updatedAt: changed ? options.now : row.updatedAt,
    };
    return { ...next, ...rules.derive?.(next, changed, value, row) };
  });
  return { merged, current, key };
}

const fail = (failed: RowFailure[], index: number, field: string, message: string) =>
  failed.push({ index, errors: [{ field, message }] });

/** The ids a list of raw rows names in one field (for looking up references). */
function collect(list: unknown[], field: string) {
  return list
    .map((row) => (row && typeof row === "object" ? (row as Record<string, unknown>)[field] : null))
    .filter((id): id is string => typeof id === "string" && id.length > 0);
}

/**
 * The account's id of each record the file's references name, per kind referred to: the id itself
 * when the user holds it, else the id derived from it for this account (a record an earlier part
 * of the export brought in while another account held its id). References may also point at a
 * row of the file; those are looked up as the file is read.
 */
async function referencedRecords(db: Database, userId: string, doc: ImportDocument) {
  const named = new Map<RecordKindName, Set<string>>();
  const add = (kind: RecordKindName, ids: string[]) => {
    const set = named.get(kind) ?? new Set<string>();
    for (const id of ids) set.add(id);
    named.set(kind, set);
  };
  for (const kind of KINDS) {
    const list = doc[kind.name];
    for (const [field, target] of Object.entries(kind.references ?? {}))
      add(target as RecordKindName, collect(list, field));
    if (kind.recordOf) add(kind.recordOf, collect(list, "id"));
  }
  const found = await Promise.all(
    [...named].map(async ([kind, set]) => {
      const ids = [...set];
      const derived = await Promise.all(ids.map((id) => derivedId(userId, id)));
      const held = await holders(db, kindNamed(kind), [...ids, ...derived]);
      const own = new Map<string, string>();
      ids.forEach((id, i) => {
        if (held.get(id) === userId) own.set(id, id);
        else if (held.get(derived[i]!) === userId) own.set(id, derived[i]!);
      });
      return [kind, own] as const;
    }),
  );
  return new Map<RecordKindName, Map<string, string>>(found);
}

interface Planning extends BuildContext {
  existingRows: ExistingRows;
  overwriteEdits: boolean;
  /** The account's id of a referenced record: of the file, else the user's own; undefined if neither. */
  reference(kind: RecordKindName, id: string): string | undefined;
}

/** One kind's rows: checked, matched to what is here, built, counted, merged and written. */
async function planKind(db: Database, kind: RecordKind, list: unknown[], context: Planning) {
  const { userId } = context;
  const checked = checkRows(list, kind.input);
  const counts: ImportCounts = { created: 0, updated: 0, skipped: 0, failed: checked.failed };
  const seen = new Map<string, number>();
  const valid = checked.valid.filter((row) => {
    const first = seen.get(row.id);
    if (first !== undefined) {
      fail(counts.failed, row.index, "id", `The same id as row ${first + 1}`);
      return false;
    }
    seen.set(row.id, row.index);
    return true;
  });

  // Where each row lands: its own id (or one derived for this account), the record its key
  // matches, or, for a record of another kind's record (a lead), that record's id.
  const targets = new Map<string, { id: string; existing: boolean }>();
  if (kind.recordOf) {
    const of = kind.recordOf;
    const resolved = valid.map((row) => context.reference(of, row.id));
    const held = await holders(
      db,
      kind,
      resolved.filter((id): id is string => Boolean(id)),
    );
    valid.forEach((row, i) => {
      const id = resolved[i];
      if (id) targets.set(row.id, { id, existing: held.get(id) === userId });
    });
  } else {
    const byId = await resolveIds(
      db,
      kind,
      userId,
      valid.map((row) => row.id),
    );
    for (const [id, target] of byId) targets.set(id, target);
  }
  const keys = kind.match ? valid.map((row) => kind.match!.key(row.input)) : [];
  const idByKey = kind.match ? await kind.match.find(db, userId, keys) : new Map<string, string>();

  const prepared = await kind.prepare?.(db, userId);
  const ids = new Map<string, string>();
  const keyRow = new Map<string, number>();
  const targetRow = new Map<string, number>();
  const values: Record<string, unknown>[] = [];
  const existingIds: string[] = [];
  valid.forEach((row, i) => {
    const byId = targets.get(row.id);
    if (!byId) {
      const what = kind.recordOf === "contacts" ? "contact" : kind.recordOf;
      fail(counts.failed, row.index, "id", `No such ${what} in the file or your workspace`);
      return;
    }
    const key = keys[i];
    if (key !== undefined) {
      const twin = keyRow.get(key);
      if (twin !== undefined) {
        fail(counts.failed, row.index, "address", `The same property as row ${twin + 1}`);
        return;
      }
      keyRow.set(key, row.index);
    }
    const matched = key === undefined ? undefined : idByKey.get(key);
    const id = matched ?? byId.id;
    // Two rows may not land on one record (an id that moved address, and another row at that
    // address): the second would overwrite the first.
    const taken = targetRow.get(id);
    if (taken !== undefined) {
      fail(counts.failed, row.index, "id", `The same property as row ${taken + 1}`);
      return;
    }
    const built = build(kind, row, id, key, { ...context, prepared });
    if (built instanceof RowProblem) {
      fail(counts.failed, row.index, built.field, built.message);
      return;
    }
    targetRow.set(id, row.index);
    ids.set(row.id, id);
    const existing = matched !== undefined || byId.existing;
    if (existing) existingIds.push(id);
    if (!existing) counts.created += 1;
    else if (context.existingRows === "update") counts.updated += 1;
    else counts.skipped += 1;
    if (!existing || context.existingRows === "update") values.push(built);
  });

  // Records already here are merged, as a file import merges them.
  const { merged, current, key } = await mergeOnto(db, kind, values, context);
  const statements: BatchItem<"sqlite">[] = [
    ...upserts(db, kind, merged),
    ...((await kind.related?.(db, merged, values, {
      userId,
      current,
      overwriteEdits: context.overwriteEdits,
    })) ?? []),
  ];
  // What Undo puts back: each record written (made, or as it was) and the children of those here.
  const undo: UndoEntry[] = [
    ...merged.map((value) => ({
      tableName: getTableName(kind.table),
      recordId: value[key] as string,
      before: current.get(value[key] as string) ?? null,
    })),
    ...(kind.children ? await childrenBefore(db, userId, kind, existingIds) : []),
  ];
  return { counts, ids, statements, undo };
}

/** A row's values to write: its references resolved, then the kind's own build (or its fields as they are). */
function build(
  kind: RecordKind,
  row: Checked<unknown>,
  id: string,
  key: string | undefined,
  context: Planning,
): Record<string, unknown> | RowProblem {
  // Assignment is the workspace's own: a file's assignees may be people who are not its members
  // (another workspace's export), so Import Data assigns nothing, and a record here keeps its own.
  const { assigneeId: _assignee, ...input } = row.input as Record<string, unknown>;
  for (const [field, target] of Object.entries(kind.references ?? {})) {
    const named = input[field];
    if (typeof named !== "string" || !named) continue;
    const resolved = context.reference(target as RecordKindName, named);
    if (resolved !== undefined) input[field] = resolved;
    else if ((kind.optionalReferences as string[] | undefined)?.includes(field))
      input[field] = null;
    else return new RowProblem(field, field.replace(/(Contact)?Id$/, ""));
  }
  const resolved = { ...row, input };
  const values = kind.build
    ? kind.build(resolved, id, context)
    : { ...input, ...context.times(row), id, userId: context.userId };
  if (values instanceof RowProblem || !kind.match || key === undefined) return values;
  return { ...values, [kind.match.field]: key };
}

/**
 * What importing the document would do, per kind, and the statements that do it. Nothing is
 * written here: the caller runs the statements (one batch) or, for the preview, does not.
 */
export async function planImport(
  db: Database,
  userId: string,
  doc: ImportDocument,
  existingRows: ExistingRows,
  overwriteEdits = false,
) {
  const now = nowIso();
  const fileIds = new Map<RecordKindName, Map<string, string>>();
  const own = await referencedRecords(db, userId, doc);
  const context: Planning = {
    userId,
    now,
    existingRows,
    overwriteEdits,
    prepared: undefined,
    times: (row) => ({
      createdAt: row.createdAt ?? now,
      updatedAt: row.updatedAt ?? row.createdAt ?? now,
    }),
    fileId: (kind, id) => fileIds.get(kind)?.get(id),
    reference: (kind, id) => fileIds.get(kind)?.get(id) ?? own.get(kind)?.get(id),
  };
  const summary: Partial<Record<(typeof KINDS)[number]["result"], ImportCounts>> = {};
  const statements: BatchItem<"sqlite">[] = [];
  const undo: UndoEntry[] = [];
  for (const kind of KINDS) {
    const list = doc[kind.name];
    const planned: KindPlan & { ids?: Map<string, string>; undo?: UndoEntry[] } = kind.plan
      ? await kind.plan(db, list, { ...context, failed: [] })
      : await planKind(db, kind, list, context);
    if (planned.ids) fileIds.set(kind.name, planned.ids);
    summary[kind.result] = planned.counts;
    statements.push(...planned.statements);
    undo.push(...(planned.undo ?? []));
  }
  // Where each record that files may belong to landed: Import Data's .zip puts the files there.
  const recordIds = perFileOwnerKind((kind) => Object.fromEntries(fileIds.get(kind) ?? []));
  return {
    summary: summary as Record<(typeof KINDS)[number]["result"], ImportCounts>,
    recordIds,
    statements,
    undo,
  };
}

/** D1's refusals of what is too large (a value, a statement, an expression). */
const TOO_BIG = /SQLITE_TOOBIG|too big|too large|too long/i;

/**
 * Runs an import plan in one batch, as an import run that can be undone whole (its id answered);
 * a database refusal leaves everything as it was.
 */
export async function writeImport(
  db: Database,
  userId: string,
  plan: Awaited<ReturnType<typeof planImport>>,
  fileName: string | null = null,
) {
  const counts = Object.values(plan.summary);
  const sum = (count: (c: ImportCounts) => number) => counts.reduce((n, c) => n + count(c), 0);
  const now = nowIso();
  const run = {
    id: crypto.randomUUID(),
    userId,
    kind: "data" as const,
    fileName,
    source: EXPORT_FORMAT,
    created: sum((c) => c.created),
    merged: sum((c) => c.updated),
    unchanged: sum((c) => c.skipped),
    failed: sum((c) => c.failed.length),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await runBatch(db, [
      db.insert(importRuns).values(run),
      ...plan.statements,
      ...undoWrites(db, run.id, plan.undo),
    ]);
    return run.id;
  } catch (error) {
    // A record the file cannot have (a clash the plan did not foresee) is the file's doing;
    // anything else (D1 unavailable) is ours and answers 500.
    const text = String(error);
    if (TOO_BIG.test(text)) {
      console.error("Import refused by a D1 limit", error);
      throw new AppError(
        400,
        "IMPORT_TOO_LARGE",
        "A record of the file is larger than the database stores; nothing was changed",
      );
    }
    if (!text.includes("SQLITE_CONSTRAINT")) throw error;
    console.error("Import refused by a constraint", error);
    throw new AppError(400, "IMPORT_FAILED", "The file could not be imported; nothing was changed");
  }
}
