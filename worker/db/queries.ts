/**
 * Query helpers every per-user table shares: ownership, paging, row shaping and chunked
 * multi-row writes within D1's limits. Used by the services; a route that previews a write plan
 * before running it calls `runBatch` itself.
 */
import {
  and,
  Column,
  count,
  eq,
  getTableColumns,
  inArray,
  is,
  isNotNull,
  isNull,
  sql,
  type DriverValueDecoder,
  type SQL,
} from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { WorkspaceRole } from "../../app/domain/teams";
import { invalidFields, notFound, versionMismatch, type AppError } from "../errors";
import type { Database } from "./client";
import { auctions, leads, projects, properties } from "./schema";

/** D1 binds at most 100 parameters per statement. */
export const D1_MAX_PARAMS = 100;

export interface OwnedTable extends SQLiteTable {
  id: SQLiteColumn;
  userId: SQLiteColumn;
}

export const nowIso = () => new Date().toISOString();
/** An instant given in ms since the epoch, as the UTC ISO text the tables keep. */
export const isoAt = (ms: number) => new Date(ms).toISOString();

// ---------------------------------------------------------------------------------------------
// Owners: whose rows a query reaches. A workspace's account id reaches all of its rows; a person
// working in it (`Acting`, the request's workspace scope) reaches the same, unless they are a
// member "assigned records only", who reaches only the leads, properties, projects and auctions
// assigned to them: `ownedRows` and `narrowed` say so for every query that takes an owner, so a
// service that takes one cannot forget it.

/** A person working in a workspace: its account's id, who they are, and what they reach. */
export interface Acting {
  id: string;
  personId: string;
  /** Whether they reach only the records of an assigned kind that are assigned to them. */
  assignedOnly: boolean;
  /** Their role there, where the caller knows it: `owned` refuses a viewer's writes by it. */
  role?: WorkspaceRole;
}

/** A workspace's account id (its own work: a lead bot, an import), or a person working in it. */
export type Owner = string | Acting;

/** The workspace's account id: the `user_id` its rows carry. */
export const ownerId = (owner: Owner) => (typeof owner === "string" ? owner : owner.id);

/** The person a change is made by; null for the workspace's own work. */
export const actorOf = (owner: Owner) => (typeof owner === "string" ? null : owner.personId);

/** The kinds a member "assigned records only" reaches only their own of, by their assignee column. */
const ASSIGNED_ONLY_KINDS = new Map<SQLiteTable, SQLiteColumn>([
  [leads, leads.assigneeId],
  [properties, properties.assigneeId],
  [projects, projects.assigneeId],
  [auctions, auctions.assigneeId],
]);

/** The person whose records alone the owner reaches of a kind with assignees; null for all. */
const reachedAssignee = (owner: Owner) =>
  typeof owner !== "string" && owner.assignedOnly ? owner.personId : null;

/** The owner's rows of `table`: the workspace's, of an assigned kind only theirs when so bound. */
export function ownedRows(table: SQLiteTable & { userId: SQLiteColumn }, owner: Owner): SQL {
  const assignee = ASSIGNED_ONLY_KINDS.get(table);
  const only = assignee && reachedAssignee(owner);
  return and(eq(table.userId, ownerId(owner)), only ? eq(assignee, only) : undefined)!;
}

/**
 * A list's filters of an assigned kind as the owner may read them: a member "assigned records
 * only" lists their own whatever `assignee` asks (as `assignee=me` would).
 */
export const narrowed = <F extends { assignee?: string | null }>(owner: Owner, filters: F): F => {
  const only = reachedAssignee(owner);
  return only ? { ...filters, assignee: only } : filters;
};

/**
 * A new record's assignee of an assigned kind: the one given, else nobody; for a member "assigned
 * records only", themselves, or what they made would at once be out of their reach.
 */
export const newAssignee = (owner: Owner, given: string | null | undefined) =>
  given === undefined ? reachedAssignee(owner) : given;

/** The condition of a list's `assignee` filter: someone's records, nobody's, or (undefined) all. */
export const assignedTo = (column: SQLiteColumn, assignee: string | null | undefined) =>
  assignee === undefined ? undefined : assignee === null ? isNull(column) : eq(column, assignee);

export const ownedBy = (table: OwnedTable, owner: Owner, id: string): SQL =>
  and(eq(table.id, id), ownedRows(table, owner))!;

/** The owner's row with this id; another workspace's id answers 404 as if absent. */
export async function findOwned<T extends OwnedTable>(
  db: Database,
  table: T,
  owner: Owner,
  id: string,
  what: string,
) {
  const [row] = await db
    .select()
    .from(table as SQLiteTable)
    .where(ownedBy(table, owner, id))
    .limit(1);
  if (!row) throw notFound(what);
  return row as T["$inferSelect"];
}

/**
 * A record a body refers to (`propertyId`, `projectId`) must be the user's own: otherwise 400
 * naming the field, as if the id did not exist.
 */
export async function assertOwnedReference(
  db: Database,
  table: OwnedTable,
  userId: string,
  id: string | null | undefined,
  field: string,
  what: string,
) {
  if (!id) return;
  const [row] = await db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(ownedBy(table, userId, id))
    .limit(1);
  if (!row) {
    throw invalidFields([{ field, message: `No such ${what} in your workspace` }]);
  }
}

/** As assertOwnedReference, for the references of many records at once (one query). */
export async function assertOwnedReferences(
  db: Database,
  table: OwnedTable,
  userId: string,
  ids: readonly (string | null | undefined)[],
  field: string,
  what: string,
) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return;
  const found = await db
    .select({ id: table.id })
    .from(table as SQLiteTable)
    .where(and(eq(table.userId, userId), inJsonList(table.id, wanted)));
  if (found.length < wanted.length) {
    throw invalidFields([{ field, message: `No such ${what} in your workspace` }]);
  }
}

// ---------------------------------------------------------------------------------------------
// Versions: a record's version is its `updatedAt` (its ETag, app/domain/versions.ts). A change
// sent with If-Match names the versions it was made against; the write itself checks them.

/** The versions a conditional change accepts; undefined for any (an unconditional change). */
export type IfVersion = readonly string[] | undefined;

export interface VersionedTable extends OwnedTable {
  updatedAt: SQLiteColumn;
}

/** A conditional change: the versions it accepts, and the record as a 412 shows it. */
export interface Condition<Row> {
  ifVersion: IfVersion;
  show: (row: Row) => unknown;
}

/** The owner's row with this id, if it is at one of these versions (at any without them). */
export const ownedAt = (table: VersionedTable, owner: Owner, id: string, ifVersion: IfVersion) =>
  and(ownedBy(table, owner, id), ifVersion && inArray(table.updatedAt, [...ifVersion]))!;

/**
 * The `updatedAt` a change gives a row: now, or a millisecond after its version when that is not
 * earlier (two changes within one millisecond), so that every change makes a new version.
 */
export const nextVersion = (column: SQLiteColumn, now = nowIso()) =>
  sql<string>`CASE WHEN ${column} < ${now} THEN ${now} ELSE strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '+0.001 seconds') END`;

/**
 * Why a conditional change reached no row: 404 when the user has no such row, else 412 with the
 * record as it now is (it changed since the version the request names).
 */
export async function missedChange<T extends VersionedTable>(
  db: Database,
  table: T,
  owner: Owner,
  id: string,
  what: string,
  { ifVersion, show }: Condition<T["$inferSelect"]>,
): Promise<AppError> {
  if (!ifVersion) return notFound(what);
  const [row] = await db
    .select()
    .from(table as SQLiteTable)
    .where(ownedBy(table, owner, id))
    .limit(1);
  return row
    ? versionMismatch(what, show(row), (row as { updatedAt: string }).updatedAt)
    : notFound(what);
}

/** 412 when a row read before a change is not at a version the condition accepts. */
export function assertVersion<Row extends { updatedAt: string }>(
  row: Row,
  what: string,
  { ifVersion, show }: Condition<Row>,
) {
  if (ifVersion && !ifVersion.includes(row.updatedAt)) {
    throw versionMismatch(what, show(row), row.updatedAt);
  }
}

/**
 * Deletes the user's row with this id and returns it; 404 when the user has no such row, 412 when
 * it is not at a version the condition accepts.
 */
export async function deleteOwned<T extends OwnedTable>(
  db: Database,
  table: T,
  owner: Owner,
  id: string,
  what: string,
  condition?: Condition<T["$inferSelect"]>,
) {
  const versioned = table as unknown as VersionedTable;
  const [row] = await db
    .delete(table as SQLiteTable)
    .where(ownedAt(versioned, owner, id, condition?.ifVersion))
    .returning();
  if (!row) {
    throw condition
      ? await missedChange(db, versioned, owner, id, what, condition)
      : notFound(what);
  }
  return row as T["$inferSelect"];
}

/**
 * A row as the API shows it: without the owner column, what the last import wrote (`imported`,
 * the merge's bookkeeping) and any other internal columns.
 */
export function publicRow<T extends { userId: string }, K extends keyof T = never>(
  row: T,
  ...internal: K[]
): Omit<T, "userId" | "imported" | K> {
  // Built key by key rather than copied and trimmed with `delete`: an object that lost a key is
  // slow to read and to spread again, which lists and exports do to every row.
  const copy: Partial<T> = {};
  for (const key in row) {
    if (key !== "userId" && key !== "imported" && !(internal as (keyof T)[]).includes(key))
      copy[key] = row[key];
  }
  return copy as Omit<T, "userId" | "imported" | K>;
}

export interface PageRequest {
  page: number;
  limit: number;
}

/** One page of a table and the total count, in one round trip to D1. */
export async function selectPage<T extends SQLiteTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  order: (SQL | SQLiteColumn)[],
  { page, limit }: PageRequest,
) {
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(table as SQLiteTable)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ value: count() })
      .from(table as SQLiteTable)
      .where(where),
  ]);
  return { rows: rows as T["$inferSelect"][], meta: { page, limit, total: total!.value } };
}

/**
 * How many rows an export reads per query: memory stays flat however many rows match, and each
 * query with its share of the file's writing stays within some 30 ms, so other requests to the
 * database and the isolate get their turn between chunks. 50,000 rows take 100 queries: D1 allows
 * 1,000 per request on the paid plan (the free plan's 50 queries and 10 ms of CPU would not carry
 * an export that size at any chunk size).
 */
export const EXPORT_CHUNK_ROWS = 500;

/**
 * A list's order: its columns, most significant first, in one direction, then what breaks ties
 * (the id, or the rowid) in that direction too, so one index on (user, ...columns, id), or on
 * (user, ...columns) with the rowid SQLite ends it with, serves it either way. Only the first
 * column may be empty: rows without it come last either way, unless `nulls` puts them first.
 */
export interface KeysetOrder<Tie extends SQLiteColumn | SQL = SQLiteColumn> {
  columns: [SQLiteColumn, ...SQLiteColumn[]];
  dir: "asc" | "desc";
  /** What breaks ties: the id, or the rowid where the order's index has no id. */
  id: Tie;
  nulls?: "first" | "last";
}

/** `ORDER BY` of a keyset order. */
export function keysetOrderBy({
  columns: [first, ...rest],
  dir,
  id,
  nulls = "last",
}: KeysetOrder<SQLiteColumn | SQL>) {
  const by = sql.raw(dir === "asc" ? "ASC" : "DESC");
  return [
    sql`${first} ${by} NULLS ${sql.raw(nulls === "last" ? "LAST" : "FIRST")}`,
    ...[...rest, id].map((column) => sql`${column} ${by}`),
  ];
}

/**
 * Every row a query matches in a keyset order, a chunk at a time (the exports): each chunk is
 * sought through the order's index from where the last one ended, so it costs the same however far
 * in it is (an offset would read every row before it again). The rows with a first value and those
 * without are each read as a run of their own (a row value compared with an empty one is never
 * past it), in the order's place for them. `read` answers the rows matching its condition, in the
 * order given; `keyOf` a row's values of the order's columns, then its tie.
 */
export async function* keysetChunks<T>(
  read: (where: SQL | undefined, orderBy: SQL[], limit: number) => PromiseLike<T[]>,
  order: KeysetOrder<SQLiteColumn | SQL>,
  keyOf: (row: T) => unknown[],
  size = EXPORT_CHUNK_ROWS,
): AsyncGenerator<T[]> {
  const {
    columns: [first, ...rest],
    id,
    dir,
    nulls = "last",
  } = order;
  const past = sql.raw(dir === "asc" ? ">" : "<");
  const by = sql.raw(dir === "asc" ? "ASC" : "DESC");
  const valued = {
    where: first.notNull ? undefined : isNotNull(first),
    key: [first, ...rest, id],
    from: 0,
  };
  // Without a first value, a row's place is its other values' (its key less the first).
  const empty = { where: isNull(first), key: [...rest, id], from: 1 };
  const runs = first.notNull ? [valued] : nulls === "last" ? [valued, empty] : [empty, valued];
  for (const { where, key, from } of runs) {
    const orderBy = key.map((column) => sql`${column} ${by}`);
    let after: SQL | undefined;
    for (;;) {
      const rows = await read(and(where, after), orderBy, size);
      if (rows.length) yield rows;
      if (rows.length < size) break;
      const values = keyOf(rows.at(-1)!).slice(from);
      const bound = values.map((value, i) => {
        const column = key[i]!;
        return is(column, Column) ? sql.param(value, column) : sql`${value}`;
      });
      after = sql`(${sql.join(key, sql`, `)}) ${past} (${sql.join(bound, sql`, `)})`;
    }
  }
}

/** Every matching row of a table in a keyset order, a chunk at a time: `selectPage` without pages. */
export function selectAll<T extends SQLiteTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  order: KeysetOrder,
  size = EXPORT_CHUNK_ROWS,
) {
  const fields = [...order.columns, order.id].map((column) => fieldOf(table, column));
  return keysetChunks(
    (after, orderBy, limit) =>
      db
        .select()
        .from(table as SQLiteTable)
        .where(and(where, after))
        .orderBy(...orderBy)
        .limit(limit) as PromiseLike<T["$inferSelect"][]>,
    order,
    (row) => fields.map((field) => (row as Record<string, unknown>)[field]),
    size,
  );
}

type Decoder = DriverValueDecoder<unknown, unknown>;

/**
 * The rows of a select of flat `fields` (columns, or named SQL with its decoder), read as D1's
 * arrays and decoded column by column, each column's decoder looked up once. drizzle's own
 * mapping, made for nested shapes and joins, looks each field's kind up again in every row: for an
 * export's 50,000 rows it took a third of the export's time.
 */
export async function flatRows<R>(
  fields: Record<string, Column | SQL.Aliased>,
  query: PromiseLike<R[]> & { values(): PromiseLike<unknown[][]> },
): Promise<R[]> {
  // A select lists its fields in the order of their keys: each array holds them so.
  const keys = Object.keys(fields);
  const decoders = keys.map((key) => {
    const field = fields[key]!;
    // A named SQL's decoder (`mapWith`) is drizzle's internal field, which its mapping reads too.
    return is(field, Column) ? field : (field.sql as unknown as { decoder: Decoder }).decoder;
  });
  const rows = await query.values();
  return rows.map((row) => {
    const decoded: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      decoded[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
    }
    return decoded as R;
  });
}

export function chunk<T>(items: T[], size: number) {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/** How many rows of this table fit in one multi-row statement under D1's parameter limit. */
export const rowsPerStatement = (table: SQLiteTable) =>
  Math.max(1, Math.floor(D1_MAX_PARAMS / Object.keys(getTableColumns(table)).length));

/** Runs statements in one D1 batch (all or nothing), answering each one's result in order. */
export async function runBatch(db: Database, statements: unknown[]): Promise<unknown[]> {
  if (statements.length === 0) return [];
  return db.batch(statements as [never, ...never[]]);
}

/** The field of a table's rows that holds `column` (drizzle answers rows by field, not column name). */
export function fieldOf(table: SQLiteTable, column: SQLiteColumn) {
  const found = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!found) throw new Error(`${column.name} is not a column of this table`);
  return found[0];
}

/** What one bound JSON parameter may hold: well under D1's 2 MB for a string. */
const JSON_PARAM_BYTES = 900_000;

/** Rows cut into parts whose JSON stays under the size one bound parameter may have. */
export function jsonParts(rows: Record<string, unknown>[]) {
  const parts: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (current.length && size + json.length > JSON_PARAM_BYTES) {
      parts.push(`[${current.join(",")}]`);
      current = [];
      size = 0;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length) parts.push(`[${current.join(",")}]`);
  return parts;
}

/**
 * Inserts (or, on a clash on `conflict`, replaces) many rows with one statement per ~1 MB: the rows
 * go in as one JSON parameter read with json_each, so a 50,000-row import is a few dozen
 * statements instead of thousands under D1's 100-parameter limit. Every column is written from
 * the row (give complete rows); a clash with another user's row changes nothing.
 */
export function upsertJsonRows<T extends SQLiteTable & { userId: SQLiteColumn }>(
  db: Database,
  table: T,
  rows: T["$inferInsert"][],
  conflict: SQLiteColumn[],
) {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, column }));
  const encoded = rows.map((row) =>
    Object.fromEntries(
      columns.map(({ key, column }) => {
        const value = (row as Record<string, unknown>)[key];
        return [column.name, value === undefined ? null : value];
      }),
    ),
  );
  const reads = sql.join(
    columns.map(({ column }) => sql`json_extract(value, ${`$."${column.name}"`})`),
    sql`, `,
  );
  const set = Object.fromEntries(
    columns
      .filter(({ column }) => !conflict.includes(column) && column !== table.userId)
      .map(({ key, column }) => [key, sql.raw(`excluded."${column.name}"`)]),
  ) as SQLiteUpdateSetSource<T>;
  // The SELECT yields every column in the table's order, as drizzle lists them in the INSERT.
  return jsonParts(encoded).map((json) =>
    db
      .insert(table as SQLiteTable)
      .select(sql`SELECT ${reads} FROM json_each(${json}) WHERE true`)
      .onConflictDoUpdate({
        target: conflict,
        set,
        setWhere: sql`${table.userId} = excluded."${sql.raw(table.userId.name)}"`,
      }),
  );
}

/** A subquery of the values of a JSON array: `column IN (SELECT value FROM json_each(?))`. */
export const inJsonList = (column: SQLiteColumn | SQL, values: readonly unknown[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
