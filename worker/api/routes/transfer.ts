/** Export all of a user's workspace as one JSON document, and import such a document back. */
import { createRoute, z } from "@hono/zod-openapi";
import { eq, sql } from "drizzle-orm";
import {
  ContactInputSchema,
  EntryInputSchema,
  ProjectInputSchema,
  PropertyInputSchema,
  propertyDedupeKey,
} from "../../../app/domain/workspace";
import { database } from "../../db/client";
import { contacts, entries, projectContacts, projects, properties } from "../../db/schema";
import { ApiError } from "../errors";
import { publicRow } from "../lib";
import { dataResponse, errorResponses, jsonBody, router, signedIn } from "../openapi";
import { ContactSchema, EntrySchema, ProjectSchema, PropertySchema } from "../schemas";
import { planPropertyUpserts, toProperty } from "./properties";

export const EXPORT_FORMAT = "ai42-export";
const MAX_RECORDS = 5000;

const ExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(1),
    exportedAt: z.string(),
    projects: z.array(ProjectSchema),
    contacts: z.array(ContactSchema),
    projectContacts: z.array(z.object({ projectId: z.string(), contactId: z.string() })),
    entries: z.array(EntrySchema),
    properties: z.array(PropertySchema),
  })
  .openapi("WorkspaceExport");

const withId = <T extends z.ZodType>(schema: T) =>
  z.intersection(schema, z.object({ id: z.string().min(1).max(64) }));
const list = <T extends z.ZodType>(schema: T) => z.array(schema).max(MAX_RECORDS).default([]);

const ImportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT, {
      error: `Not an AI42 export (format must be "${EXPORT_FORMAT}")`,
    }),
    version: z.literal(1, { error: "Unsupported export version" }),
    projects: list(withId(ProjectInputSchema)),
    contacts: list(withId(ContactInputSchema)),
    projectContacts: list(z.object({ projectId: z.string(), contactId: z.string() })),
    entries: list(withId(EntryInputSchema)),
    properties: list(withId(PropertyInputSchema)),
  })
  .superRefine((doc, context) => {
    const ids = (items: { id: string }[]) => new Set(items.map((item) => item.id));
    const projectIds = ids(doc.projects);
    const contactIds = ids(doc.contacts);
    const propertyIds = ids(doc.properties);
    const missing = (path: (string | number)[], message: string) =>
      context.addIssue({ code: "custom", path, message });
    doc.projects.forEach((project, i) => {
      if (project.propertyId && !propertyIds.has(project.propertyId)) {
        missing(["projects", i, "propertyId"], "Refers to a property that is not in the document");
      }
    });
    doc.entries.forEach((entry, i) => {
      if (entry.projectId && !projectIds.has(entry.projectId)) {
        missing(["entries", i, "projectId"], "Refers to a project that is not in the document");
      }
    });
    doc.projectContacts.forEach((link, i) => {
      if (!projectIds.has(link.projectId) || !contactIds.has(link.contactId)) {
        missing(["projectContacts", i], "Links a project or contact that is not in the document");
      }
    });
  })
  .openapi("WorkspaceImport");

const ImportResultSchema = z.object({
  projects: z.number(),
  contacts: z.number(),
  entries: z.number(),
  links: z.number(),
  properties: z.object({ created: z.number(), updated: z.number() }),
});

const app = router();

app.openapi(
  createRoute({
    method: "get",
    path: "/export",
    summary: "All of the user's workspace data as one JSON document",
    ...signedIn,
    responses: { 200: dataResponse("The export document", ExportSchema), ...errorResponses(401) },
  }),
  async (c) => {
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const [projectRows, contactRows, linkRows, entryRows, propertyRows] = await db.batch([
      db.select().from(projects).where(eq(projects.userId, userId)),
      db.select().from(contacts).where(eq(contacts.userId, userId)),
      db
        .select({ projectId: projectContacts.projectId, contactId: projectContacts.contactId })
        .from(projectContacts)
        .where(eq(projectContacts.userId, userId)),
      db.select().from(entries).where(eq(entries.userId, userId)),
      db.select().from(properties).where(eq(properties.userId, userId)),
    ]);
    c.header(
      "Content-Disposition",
      `attachment; filename="ai42-export-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    return c.json(
      {
        data: {
          format: EXPORT_FORMAT as typeof EXPORT_FORMAT,
          version: 1 as const,
          exportedAt: new Date().toISOString(),
          projects: projectRows.map((row) => publicRow(row)),
          contacts: contactRows.map((row) => publicRow(row)),
          projectContacts: linkRows,
          entries: entryRows.map((row) => publicRow(row)),
          properties: propertyRows.map(toProperty),
        },
      },
      200,
    );
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/import",
    summary: "Add an export document's records to the workspace, all or nothing",
    description:
      "The whole document is validated first (400 with details, nothing written). Projects, contacts, documents and links are added as new records; properties are matched on external id or address and updated.",
    ...signedIn,
    request: jsonBody(ImportSchema),
    responses: {
      200: dataResponse("What was imported", ImportResultSchema),
      ...errorResponses(400, 401, 413),
    },
  }),
  async (c) => {
    const doc = c.req.valid("json");
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const newIds = new Map<string, string>();
    const renew = (oldId: string) => {
      const fresh = crypto.randomUUID();
      newIds.set(oldId, fresh);
      return fresh;
    };
    const propertyKeys = new Map(doc.properties.map((p) => [p.id, propertyDedupeKey(p)]));
    const propertyIdFor = (oldId: string | null | undefined) =>
      oldId
        ? sql`(SELECT id FROM properties WHERE user_id = ${userId} AND dedupe_key = ${propertyKeys.get(oldId)})`
        : null;

    const statements = [
      ...doc.contacts.map(({ id, ...contact }) =>
        db.insert(contacts).values({ ...contact, id: renew(id), userId }),
      ),
      ...doc.projects.map(({ id, propertyId, ...project }) =>
        db
          .insert(projects)
          .values({ ...project, id: renew(id), userId, propertyId: propertyIdFor(propertyId) }),
      ),
      ...doc.entries.map(({ id, projectId, ...entry }) =>
        db.insert(entries).values({
          ...entry,
          id: renew(id),
          userId,
          projectId: projectId ? newIds.get(projectId)! : null,
        }),
      ),
      ...doc.projectContacts.map((link) =>
        db
          .insert(projectContacts)
          .values({
            projectId: newIds.get(link.projectId)!,
            contactId: newIds.get(link.contactId)!,
            userId,
          })
          .onConflictDoNothing(),
      ),
    ];
    const plan = await planPropertyUpserts(
      db,
      userId,
      doc.properties.map(({ id, ...input }) => ({ input, key: propertyKeys.get(id)! })),
    );
    // Properties first: projects find their property's id by its dedupe key in the same batch.
    const batch = [...plan.statements, ...statements];
    if (batch.length > 0) {
      try {
        await db.batch(batch as [never, ...never[]]);
      } catch (error) {
        console.error("Import failed", error);
        throw new ApiError(
          400,
          "IMPORT_FAILED",
          "The document could not be imported; nothing was changed",
        );
      }
    }
    return c.json(
      {
        data: {
          projects: doc.projects.length,
          contacts: doc.contacts.length,
          entries: doc.entries.length,
          links: doc.projectContacts.length,
          properties: { created: plan.created, updated: plan.updated },
        },
      },
      200,
    );
  },
);

export default app;
