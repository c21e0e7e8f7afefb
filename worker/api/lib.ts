/** Helpers shared by the resource routes: paging, ownership, row shaping. */
import { z } from "@hono/zod-openapi";
import { and, count, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { notFound } from "./errors";

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  q: z.string().trim().max(200).optional(),
});

export const IdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "path" } }),
});

export const pageMeta = (page: number, limit: number, total: number) => ({ page, limit, total });
export const MetaSchema = z.object({ page: z.number(), limit: z.number(), total: z.number() });

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

interface OwnedTable extends SQLiteTable {
  id: SQLiteColumn;
  userId: SQLiteColumn;
}

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

export const nowIso = () => new Date().toISOString();

/** `%term%` for LIKE, with the LIKE wildcards in the term escaped (use with ESCAPE '\\'). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of the columns contains the term (case-insensitive for ASCII). */
export function containsAny(columns: SQLiteColumn[], term: string): SQL {
  const pattern = likePattern(term);
  return or(...columns.map((column) => sql`${column} LIKE ${pattern} ESCAPE '\\'`))!;
}

/** One page of a table and the total count, in one round trip to D1. */
export async function selectPage<T extends SQLiteTable>(
  db: Database,
  table: T,
  where: SQL | undefined,
  order: (SQL | SQLiteColumn)[],
  { page, limit }: { page: number; limit: number },
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
  return { rows: rows as T["$inferSelect"][], meta: pageMeta(page, limit, total!.value) };
}
