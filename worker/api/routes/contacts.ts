import { createRoute, z } from "@hono/zod-openapi";
import { and, asc, desc, eq, type SQL } from "drizzle-orm";
import { CONTACT_TYPES, ContactInputSchema } from "../../../app/domain/workspace";
import { database } from "../../db/client";
import { contacts, projectContacts, projects } from "../../db/schema";
import { notFound } from "../errors";
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
import { ContactSchema, ProjectSchema } from "../schemas";

const ContactBody = ContactInputSchema.openapi("ContactInput");
const ListQuerySchema = PageQuerySchema.extend({ type: z.enum(CONTACT_TYPES).optional() });
const ContactDetailSchema = ContactSchema.extend({ projects: z.array(ProjectSchema) }).openapi(
  "ContactDetail",
);

const app = router();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "List contacts (filters: type, q; paged), by name",
    ...signedIn,
    request: { query: ListQuerySchema },
    responses: {
      200: pageResponse("A page of contacts", ContactSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, q, type } = c.req.valid("query");
    const filters: SQL[] = [eq(contacts.userId, c.var.session.userId)];
    if (type) filters.push(eq(contacts.type, type));
    if (q) {
      filters.push(
        containsAny(
          [
            contacts.firstName,
            contacts.lastName,
            contacts.email,
            contacts.company,
            contacts.phone,
            contacts.tags,
          ],
          q,
        ),
      );
    }
    const where = and(...filters);
    const { rows, meta } = await selectPage(
      database(c.env.DB),
      contacts,
      where,
      [asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id)],
      {
        page,
        limit,
      },
    );
    return c.json({ data: rows.map((row) => publicRow(row)), meta }, 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    summary: "Create a contact",
    ...signedIn,
    request: jsonBody(ContactBody),
    responses: { 201: dataResponse("The new contact", ContactSchema), ...errorResponses(400, 401) },
  }),
  async (c) => {
    const [row] = await database(c.env.DB)
      .insert(contacts)
      .values({ ...c.req.valid("json"), userId: c.var.session.userId })
      .returning();
    return c.json({ data: publicRow(row!) }, 201);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    summary: "One contact with the projects it is linked to",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The contact", ContactDetailSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const contact = await findOwned(db, contacts, userId, c.req.valid("param").id, "Contact");
    const linked = await db
      .select({ project: projects })
      .from(projectContacts)
      .innerJoin(projects, eq(projects.id, projectContacts.projectId))
      .where(and(eq(projectContacts.contactId, contact.id), eq(projectContacts.userId, userId)))
      .orderBy(desc(projects.updatedAt));
    return c.json(
      { data: { ...publicRow(contact), projects: linked.map((row) => publicRow(row.project)) } },
      200,
    );
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}",
    summary: "Replace a contact's fields",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(ContactBody) },
    responses: {
      200: dataResponse("The updated contact", ContactSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const userId = c.var.session.userId;
    const [row] = await database(c.env.DB)
      .update(contacts)
      .set({ ...c.req.valid("json"), updatedAt: nowIso() })
      .where(ownedBy(contacts, userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Contact");
    return c.json({ data: publicRow(row) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    summary: "Delete a contact (and its links to projects)",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted contact", ContactSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const [row] = await database(c.env.DB)
      .delete(contacts)
      .where(ownedBy(contacts, c.var.session.userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Contact");
    return c.json({ data: publicRow(row) }, 200);
  },
);

export default app;
