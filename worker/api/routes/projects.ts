import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import { PROJECT_STATUSES, PROJECT_TYPES, ProjectInputSchema } from "../../../app/domain/workspace";
import { database, type Database } from "../../db/client";
import { contacts, entries, projectContacts, projects, properties } from "../../db/schema";
import { ApiError, notFound } from "../errors";
import { pipelineStats } from "../services/pipeline";
import {
  containsAny,
  findOwned,
  IdParamSchema,
  nowIso,
  ownedBy,
  PageQuerySchema,
  publicRow,
  selectPage,
} from "../lib";
import { dataResponse, errorResponses, jsonBody, pageResponse, router, signedIn } from "../openapi";
import {
  ContactSchema,
  EntrySchema,
  ProjectSchema,
  PropertySchema,
  ProjectStatsSchema,
} from "../schemas";

const ProjectBody = ProjectInputSchema.openapi("ProjectInput");

const ProjectDetailSchema = ProjectSchema.extend({
  contacts: z.array(ContactSchema),
  documents: z.array(EntrySchema),
  property: PropertySchema.nullable(),
}).openapi("ProjectDetail");

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2027-03-31" })
  .optional();
const ListQuerySchema = PageQuerySchema.extend({
  type: z.enum(PROJECT_TYPES).optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  /** Target close dates in [closeFrom, closeTo] (both days included): the week ahead. */
  closeFrom: day,
  closeTo: day,
});

const ContactLinkParams = IdParamSchema.extend({
  contactId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "contactId", in: "path" } }),
});

export const toProject = (row: typeof projects.$inferSelect) => publicRow(row);

/** The linked property must be the user's own. */
async function checkPropertyLink(
  db: Database,
  userId: string,
  propertyId: string | null | undefined,
) {
  if (!propertyId) return;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(ownedBy(properties, userId, propertyId));
  if (!row) {
    throw new ApiError(400, "VALIDATION_FAILED", "Invalid request: check propertyId", [
      { field: "propertyId", message: "No such property in your workspace" },
    ]);
  }
}

const app = router();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "List projects (filters: type, status, q, closeFrom/closeTo; paged)",
    ...signedIn,
    request: { query: ListQuerySchema },
    responses: {
      200: pageResponse("A page of projects, newest change first", ProjectSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, q, type, status, closeFrom, closeTo } = c.req.valid("query");
    const userId = c.var.session.userId;
    const filters: SQL[] = [eq(projects.userId, userId)];
    if (type) filters.push(eq(projects.type, type));
    if (status) filters.push(eq(projects.status, status));
    if (closeFrom) filters.push(gte(projects.targetCloseDate, closeFrom));
    if (closeTo) filters.push(lte(projects.targetCloseDate, closeTo));
    if (q) {
      filters.push(
        containsAny([projects.name, projects.address, projects.city, projects.description], q),
      );
    }
    const where = and(...filters);
    const { rows, meta } = await selectPage(
      database(c.env.DB),
      projects,
      where,
      [desc(projects.updatedAt), desc(projects.id)],
      {
        page,
        limit,
      },
    );
    return c.json({ data: rows.map(toProject), meta }, 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/stats/overview",
    summary: "Pipeline figures: counts by status and type, money totals, record counts",
    ...signedIn,
    responses: {
      200: dataResponse("Figures for the dashboard", ProjectStatsSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await pipelineStats(database(c.env.DB), c.var.session.userId) }, 200),
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Create a project",
    ...signedIn,
    request: jsonBody(ProjectBody),
    responses: { 201: dataResponse("The new project", ProjectSchema), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    await checkPropertyLink(db, userId, input.propertyId);
    const [row] = await db
      .insert(projects)
      .values({ ...input, userId })
      .returning();
    return c.json({ data: toProject(row!) }, 201);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    summary: "One project with its contacts, documents and property",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The project", ProjectDetailSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const project = await findOwned(db, projects, userId, c.req.valid("param").id, "Project");
    const [linked, documents, property] = await db.batch([
      db
        .select({ contact: contacts })
        .from(projectContacts)
        .innerJoin(contacts, eq(contacts.id, projectContacts.contactId))
        .where(and(eq(projectContacts.projectId, project.id), eq(projectContacts.userId, userId)))
        .orderBy(contacts.lastName, contacts.firstName),
      db
        .select()
        .from(entries)
        .where(and(eq(entries.projectId, project.id), eq(entries.userId, userId)))
        .orderBy(desc(entries.updatedAt)),
      db
        .select()
        .from(properties)
        .where(ownedBy(properties, userId, project.propertyId ?? "")),
    ]);
    return c.json(
      {
        data: {
          ...toProject(project),
          contacts: linked.map((row) => publicRow(row.contact)),
          documents: documents.map((row) => publicRow(row)),
          property: property[0] ? publicRow(property[0], "dedupeKey") : null,
        },
      },
      200,
    );
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}",
    summary: "Replace a project's fields",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(ProjectBody) },
    responses: {
      200: dataResponse("The updated project", ProjectSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const project = await findOwned(db, projects, userId, c.req.valid("param").id, "Project");
    await checkPropertyLink(db, userId, input.propertyId);
    const [row] = await db
      .update(projects)
      .set({ ...input, updatedAt: nowIso() })
      .where(ownedBy(projects, userId, project.id))
      .returning();
    return c.json({ data: toProject(row!) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    summary: "Delete a project (its documents stay, unlinked; contacts are unlinked)",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted project", ProjectSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const userId = c.var.session.userId;
    const [row] = await database(c.env.DB)
      .delete(projects)
      .where(ownedBy(projects, userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Project");
    return c.json({ data: toProject(row) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/{id}/contacts",
    summary: "Link a contact to the project",
    ...signedIn,
    request: {
      params: IdParamSchema,
      ...jsonBody(z.object({ contactId: z.string().min(1).max(64) })),
    },
    responses: {
      201: dataResponse("Linked", z.object({ projectId: z.string(), contactId: z.string() })),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const project = await findOwned(db, projects, userId, c.req.valid("param").id, "Project");
    const contact = await findOwned(db, contacts, userId, c.req.valid("json").contactId, "Contact");
    await db
      .insert(projectContacts)
      .values({ projectId: project.id, contactId: contact.id, userId })
      .onConflictDoNothing();
    return c.json({ data: { projectId: project.id, contactId: contact.id } }, 201);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/{id}/contacts/{contactId}",
    summary: "Unlink a contact from the project",
    ...signedIn,
    request: { params: ContactLinkParams },
    responses: {
      200: dataResponse("Unlinked", z.object({ projectId: z.string(), contactId: z.string() })),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const { id, contactId } = c.req.valid("param");
    const userId = c.var.session.userId;
    const [row] = await database(c.env.DB)
      .delete(projectContacts)
      .where(
        and(
          eq(projectContacts.projectId, id),
          eq(projectContacts.contactId, contactId),
          eq(projectContacts.userId, userId),
        ),
      )
      .returning();
    if (!row) throw new ApiError(404, "NOT_FOUND", "That contact is not linked to this project");
    return c.json({ data: { projectId: id, contactId } }, 200);
  },
);

export default app;
