/** Project-hub entries (business documents), with the spec's `?id=` addressing. */
import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, type SQL } from "drizzle-orm";
import { EntryInputSchema } from "../../../app/domain/workspace";
import { database, type Database } from "../../db/client";
import { entries, projects } from "../../db/schema";
import { ApiError, notFound } from "../errors";
import { containsAny, nowIso, ownedBy, publicRow } from "../lib";
import { dataResponse, errorResponses, jsonBody, router, signedIn } from "../openapi";
import { EntrySchema } from "../schemas";

const EntryBody = EntryInputSchema.openapi("EntryInput");
const IdQuerySchema = z.object({
  id: z
    .string({ error: "Pass the entry's id as ?id=" })
    .min(1)
    .max(64)
    .openapi({ param: { name: "id", in: "query" } }),
});
const ListQuerySchema = z.object({
  projectId: z.string().max(64).optional(),
  q: z.string().trim().max(200).optional(),
});

async function checkProjectLink(
  db: Database,
  userId: string,
  projectId: string | null | undefined,
) {
  if (!projectId) return;
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(ownedBy(projects, userId, projectId));
  if (!row) {
    throw new ApiError(400, "VALIDATION_FAILED", "Invalid request: check projectId", [
      { field: "projectId", message: "No such project in your workspace" },
    ]);
  }
}

const app = router();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "All of the user's entries, newest change first (optional projectId, q)",
    ...signedIn,
    request: { query: ListQuerySchema },
    responses: {
      200: dataResponse("The entries", z.array(EntrySchema)),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { projectId, q } = c.req.valid("query");
    const filters: SQL[] = [eq(entries.userId, c.var.session.userId)];
    if (projectId) filters.push(eq(entries.projectId, projectId));
    if (q) filters.push(containsAny([entries.title, entries.content, entries.tags], q));
    const rows = await database(c.env.DB)
      .select()
      .from(entries)
      .where(and(...filters))
      .orderBy(desc(entries.updatedAt));
    return c.json({ data: rows.map((row) => publicRow(row)) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Create an entry",
    ...signedIn,
    request: jsonBody(EntryBody),
    responses: { 201: dataResponse("The created entry", EntrySchema), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    await checkProjectLink(db, userId, input.projectId);
    const [row] = await db
      .insert(entries)
      .values({ ...input, userId })
      .returning();
    return c.json({ data: publicRow(row!) }, 201);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/",
    summary: "Replace an entry's fields (?id=)",
    ...signedIn,
    request: { query: IdQuerySchema, ...jsonBody(EntryBody) },
    responses: {
      200: dataResponse("The updated entry", EntrySchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    await checkProjectLink(db, userId, input.projectId);
    const [row] = await db
      .update(entries)
      .set({ ...input, updatedAt: nowIso() })
      .where(ownedBy(entries, userId, c.req.valid("query").id))
      .returning();
    if (!row) throw notFound("Entry");
    return c.json({ data: publicRow(row) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    summary: "Delete an entry (?id=)",
    ...signedIn,
    request: { query: IdQuerySchema },
    responses: {
      200: dataResponse("The deleted entry", EntrySchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const [row] = await database(c.env.DB)
      .delete(entries)
      .where(ownedBy(entries, c.var.session.userId, c.req.valid("query").id))
      .returning();
    if (!row) throw notFound("Entry");
    return c.json({ data: publicRow(row) }, 200);
  },
);

export default app;
