/** Properties the investor is looking at: bulk import (upsert) and the list. */
import { createRoute, z } from "@hono/zod-openapi";
import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from "drizzle-orm";
import {
  MAX_IMPORT_ROWS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PropertyInputSchema,
  propertyDedupeKey,
  type PropertyInput,
} from "../../../app/domain/workspace";
import { database, type Database } from "../../db/client";
import { properties } from "../../db/schema";
import { ApiError, fieldIssues, notFound, type FieldIssue } from "../errors";
import {
  containsAny,
  IdParamSchema,
  nowIso,
  ownedBy,
  PageQuerySchema,
  publicRow,
  selectPage,
} from "../lib";
import { dataResponse, errorResponses, jsonBody, pageResponse, router, signedIn } from "../openapi";
import { PropertySchema } from "../schemas";

/** D1 binds at most 100 parameters per statement. */
export const D1_MAX_PARAMS = 100;
const COLUMNS_PER_ROW = Object.keys(getTableColumns(properties)).length;
export const ROWS_PER_INSERT = Math.floor(D1_MAX_PARAMS / COLUMNS_PER_ROW);

const SORTABLE = {
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

const ListQuerySchema = PageQuerySchema.extend({
  status: z.enum(PROPERTY_STATUSES).optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  sort: z.enum(Object.keys(SORTABLE) as [keyof typeof SORTABLE]).default("updatedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});

const ImportBodySchema = z
  .union([
    z
      .array(z.record(z.string(), z.unknown()))
      .min(1, { error: "Send at least one property" })
      .max(MAX_IMPORT_ROWS, { error: `Send at most ${MAX_IMPORT_ROWS} properties per call` }),
    z.record(z.string(), z.unknown()),
  ])
  .openapi({ description: "One PropertyInput, or an array of up to 1,000" });

const RowErrorSchema = z.object({
  index: z.number(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
const ImportResultSchema = z
  .object({
    received: z.number(),
    created: z.number(),
    updated: z.number(),
    failed: z.array(RowErrorSchema),
  })
  .openapi("PropertyImportResult");

export const toProperty = (row: typeof properties.$inferSelect) => publicRow(row, "dedupeKey");

/** Validates each row; reports each invalid row by its index and keeps the valid ones. */
export function validatePropertyRows(rows: unknown[]) {
  const valid: { index: number; input: PropertyInput; key: string }[] = [];
  const failed: { index: number; errors: FieldIssue[] }[] = [];
  rows.forEach((row, index) => {
    const parsed = PropertyInputSchema.safeParse(row);
    if (parsed.success)
      valid.push({ index, input: parsed.data, key: propertyDedupeKey(parsed.data) });
    else failed.push({ index, errors: fieldIssues(parsed.error) });
  });
  return { valid, failed };
}

function chunk<T>(items: T[], size: number) {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );
}

/**
 * The statements that upsert these rows (matched on external id, else normalised address), for
 * the caller to run in one D1 batch so that all of them are written or none; and how many of the
 * rows are new.
 */
export async function planPropertyUpserts(
  db: Database,
  userId: string,
  rows: { input: PropertyInput; key: string }[],
) {
  // The last row wins when one payload names the same property twice.
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const unique = [...byKey.values()];
  if (unique.length === 0) return { created: 0, updated: 0, statements: [] };

  const existing = await db.batch(
    chunk(unique, D1_MAX_PARAMS - 1).map((part) =>
      db
        .select({ key: properties.dedupeKey })
        .from(properties)
        .where(
          and(
            eq(properties.userId, userId),
            inArray(
              properties.dedupeKey,
              part.map((r) => r.key),
            ),
          ),
        ),
    ) as [never, ...never[]],
  );
  const known = new Set((existing as { key: string }[][]).flat().map((row) => row.key));

  const now = nowIso();
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const updatable = Object.entries(getTableColumns(properties)).filter(
    ([name]) => !["id", "userId", "createdAt", "dedupeKey"].includes(name),
  );
  const statements = chunk(unique, ROWS_PER_INSERT).map((part) =>
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
  const created = unique.filter((row) => !known.has(row.key)).length;
  return { created, updated: unique.length - created, statements };
}

const app = router();
app.openAPIRegistry.register("PropertyInput", PropertyInputSchema);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Import one property or up to 1,000 (upsert by external id, else address)",
    description:
      "Every row is validated; invalid rows are reported by index and the valid ones are written together in one batch. A request whose rows are all invalid answers 400 and writes nothing.",
    ...signedIn,
    request: jsonBody(ImportBodySchema),
    responses: {
      200: dataResponse("What was imported", ImportResultSchema),
      ...errorResponses(400, 401, 413),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const rows = Array.isArray(body) ? body : [body];
    const { valid, failed } = validatePropertyRows(rows);
    if (valid.length === 0) {
      throw new ApiError(400, "VALIDATION_FAILED", "No valid property in the request", failed);
    }
    const db = database(c.env.DB);
    const result = await planPropertyUpserts(db, c.var.session.userId, valid);
    await db.batch(result.statements as [never, ...never[]]);
    return c.json(
      { data: { received: rows.length, created: result.created, updated: result.updated, failed } },
      200,
    );
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "List properties (filters: status, propertyType, q; sort, dir; paged)",
    ...signedIn,
    request: { query: ListQuerySchema },
    responses: {
      200: pageResponse("A page of properties", PropertySchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, q, status, propertyType, sort, dir } = c.req.valid("query");
    const filters: SQL[] = [eq(properties.userId, c.var.session.userId)];
    if (status) filters.push(eq(properties.status, status));
    if (propertyType) filters.push(eq(properties.propertyType, propertyType));
    if (q) {
      filters.push(
        containsAny(
          [
            properties.address,
            properties.city,
            properties.state,
            properties.zip,
            properties.externalId,
            properties.notes,
          ],
          q,
        ),
      );
    }
    const where = and(...filters);
    const order = dir === "asc" ? asc : desc;
    // Empty values sort last either way.
    const { rows, meta } = await selectPage(
      database(c.env.DB),
      properties,
      where,
      [sql`${SORTABLE[sort]} IS NULL`, order(SORTABLE[sort]), asc(properties.id)],
      { page, limit },
    );
    return c.json({ data: rows.map(toProperty), meta }, 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}",
    summary: "Replace a property's fields",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(PropertyInputSchema) },
    responses: {
      200: dataResponse("The updated property", PropertySchema),
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const key = propertyDedupeKey(input);
    const [clash] = await db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.userId, userId), eq(properties.dedupeKey, key)));
    if (clash && clash.id !== c.req.valid("param").id) {
      throw new ApiError(
        409,
        "DUPLICATE_PROPERTY",
        "Another property already has this address or external id",
      );
    }
    const [row] = await db
      .update(properties)
      .set({ ...input, dedupeKey: key, updatedAt: nowIso() })
      .where(ownedBy(properties, userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Property");
    return c.json({ data: toProperty(row) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    summary: "Delete a property (projects that point at it are unlinked)",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted property", PropertySchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const [row] = await database(c.env.DB)
      .delete(properties)
      .where(ownedBy(properties, c.var.session.userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Property");
    return c.json({ data: toProperty(row) }, 200);
  },
);

export default app;
