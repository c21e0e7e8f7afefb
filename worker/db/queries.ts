/**
 * Query helpers every per-user table shares: ownership, paging, search, row shaping and chunked
 * multi-row writes within D1's limits. Used by the services; a route that previews a write plan
 * before running it calls `runBatch` itself.
 */
import { and, count, eq, getTableColumns, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { invalidFields, notFound } from "../api/errors";
import type { Database } from "./client";

/** D1 binds at most 100 parameters per statement. */
export const D1_MAX_PARAMS = 100;

export interface OwnedTable extends SQLiteTable {
  id: SQLiteColumn;
  userId: SQLiteColumn;
}

export const nowIso = () => new Date().toISOString();

export const ownedBy = (table: OwnedTable, userId: string, id: string): SQL =>
  and(eq(table.id, id), eq(table.userId, userId))!;

/** The user's row with this id; another user's id answers 404 as if absent. */
export async function findOwned<T extends OwnedTable>(
  db: Database,
  table: T,
  userId: string,
  id: string,
  what: string,
) {
  const [row] = await db
    .select()
    .from(table as SQLiteTable)
    .where(ownedBy(table, userId, id))
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

/** Deletes the user's row with this id and returns it; 404 when the user has no such row. */
export async function deleteOwned<T extends OwnedTable>(
  db: Database,
  table: T,
  userId: string,
  id: string,
  what: string,
) {
  const [row] = await db
    .delete(table as SQLiteTable)
    .where(ownedBy(table, userId, id))
    .returning();
  if (!row) throw notFound(what);
  return row as T["$inferSelect"];
}

/** A row as the API shows it: without the owner column (and any other internal columns). */
export function publicRow<T extends { userId: string }, K extends keyof T = never>(
  row: T,
  ...internal: K[]
): Omit<T, "userId" | K> {
  const copy: Partial<T> = { ...row };
  delete copy.userId;
  for (const key of internal) delete copy[key];
  return copy as Omit<T, "userId" | K>;
}

/** The term with LIKE's wildcards escaped (use with ESCAPE '\\'). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for LIKE: rows containing the term. */
export const likePattern = (term: string) => `%${escapeLike(term)}%`;

/** Rows where any of the columns contains the term (case-insensitive for ASCII). */
export function containsAny(columns: SQLiteColumn[], term: string): SQL {
  const pattern = likePattern(term);
  return or(...columns.map((column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`))!;
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
