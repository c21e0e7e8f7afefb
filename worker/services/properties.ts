/**
 * Properties the investor is weighing: list, edit, and import (matched on external id, else
 * normalised address). The one data access for the API and the agent; the workspace import
 * matches properties through `propertyIdsByKey` too.
 */
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import {
  propertyDedupeKey,
  type PropertyInput,
  type PropertyStatus,
  type PropertyType,
} from "../../app/domain/workspace";
import { ApiError, notFound } from "../api/errors";
import type { Database } from "../db/client";
import {
  chunk,
  containsAny,
  D1_MAX_PARAMS,
  deleteOwned,
  nowIso,
  ownedBy,
  publicRow,
  rowsPerStatement,
  selectPage,
  type PageRequest,
} from "../db/queries";
import { properties, type PropertyRow } from "../db/schema";

/** What an import does with a row that matches one the user already has. */
export const EXISTING_ROWS = ["skip", "update"] as const;
export type ExistingRows = (typeof EXISTING_ROWS)[number];

export const PROPERTY_SORTS = {
  updatedAt: properties.updatedAt,
  address: properties.address,
  listPrice: properties.listPrice,
  estimatedValue: properties.estimatedValue,
  arv: properties.arv,
  rentEstimate: properties.rentEstimate,
  beds: properties.beds,
  squareFeet: properties.squareFeet,
  yearBuilt: properties.yearBuilt,
  status: properties.status,
} as const;
export type PropertySort = keyof typeof PROPERTY_SORTS;

export interface PropertyFilters {
  q?: string;
  status?: PropertyStatus;
  propertyType?: PropertyType;
}

export const PROPERTY_SEARCH_COLUMNS = [
  properties.address,
  properties.city,
  properties.state,
  properties.zip,
  properties.externalId,
  properties.notes,
];

export const toProperty = (row: PropertyRow) => publicRow(row, "dedupeKey");

function propertiesWhere(userId: string, filters: PropertyFilters) {
  const where: SQL[] = [eq(properties.userId, userId)];
  if (filters.status) where.push(eq(properties.status, filters.status));
  if (filters.propertyType) where.push(eq(properties.propertyType, filters.propertyType));
  if (filters.q) where.push(containsAny(PROPERTY_SEARCH_COLUMNS, filters.q));
  return and(...where);
}

/** A page of the user's properties; empty values sort last either way. */
export async function listProperties(
  db: Database,
  userId: string,
  filters: PropertyFilters,
  order: { sort: PropertySort; dir: "asc" | "desc" },
  page: PageRequest,
) {
  const column = PROPERTY_SORTS[order.sort];
  const { rows, meta } = await selectPage(
    db,
    properties,
    propertiesWhere(userId, filters),
    [sql`${column} IS NULL`, (order.dir === "asc" ? asc : desc)(column), asc(properties.id)],
    page,
  );
  return { items: rows.map(toProperty), meta };
}

/** Replaces the property's fields (PUT); 409 when another property has its address or APN. */
export async function updateProperty(
  db: Database,
  userId: string,
  id: string,
  input: PropertyInput,
) {
  const key = propertyDedupeKey(input);
  const [clash] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.userId, userId), eq(properties.dedupeKey, key)));
  if (clash && clash.id !== id) {
    throw new ApiError(
      409,
      "DUPLICATE_PROPERTY",
      "Another property already has this address or external id",
    );
  }
  const [row] = await db
    .update(properties)
    .set({ ...input, dedupeKey: key, updatedAt: nowIso() })
    .where(ownedBy(properties, userId, id))
    .returning();
  if (!row) throw notFound("Property");
  return toProperty(row);
}

export const deleteProperty = async (db: Database, userId: string, id: string) =>
  toProperty(await deleteOwned(db, properties, userId, id, "Property"));

/** The ids of the user's properties with these dedupe keys, by key (one batch of lookups). */
export async function propertyIdsByKey(db: Database, userId: string, keys: string[]) {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map<string, string>();
  const found = await db.batch(
    chunk(unique, D1_MAX_PARAMS - 1).map((part) =>
      db
        .select({ id: properties.id, key: properties.dedupeKey })
        .from(properties)
        .where(and(eq(properties.userId, userId), inArray(properties.dedupeKey, part))),
    ) as [never, ...never[]],
  );
  return new Map((found as { id: string; key: string }[][]).flat().map((r) => [r.key, r.id]));
}

/**
 * How these rows would be written: which are new and which the user already has (matched on
 * the dedupe key), and the statements — for the caller to run in one D1 batch (all or nothing),
 * or not at all for a preview. The last row wins when one payload names the same property twice.
 */
export async function planPropertyWrites(
  db: Database,
  userId: string,
  rows: { input: PropertyInput; key: string }[],
  existingRows: ExistingRows,
) {
  const unique = [...new Map(rows.map((row) => [row.key, row])).values()];
  const idByKey = await propertyIdsByKey(
    db,
    userId,
    unique.map((row) => row.key),
  );
  const fresh = unique.filter((row) => !idByKey.has(row.key));
  const toWrite = existingRows === "update" ? unique : fresh;

  const now = nowIso();
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const updatable = Object.entries(getTableColumns(properties)).filter(
    ([name]) => !["id", "userId", "createdAt", "dedupeKey"].includes(name),
  );
  const statements = chunk(toWrite, rowsPerStatement(properties)).map((part) =>
    db
      .insert(properties)
      .values(
        part.map(({ input, key }) => ({
          ...input,
          userId,
          dedupeKey: key,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [properties.userId, properties.dedupeKey],
        set: Object.fromEntries(updatable.map(([name, column]) => [name, excluded(column.name)])),
      }),
  );
  const existing = unique.length - fresh.length;
  return {
    created: fresh.length,
    updated: existingRows === "update" ? existing : 0,
    skipped: existingRows === "skip" ? existing : 0,
    statements,
  };
}
