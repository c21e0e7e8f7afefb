/** Projects, the contacts linked to them and their linked Drive files, in Export Data and Import Data. */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { fieldProblems } from "../../app/domain/validation";
import { ProjectFileInputSchema, ProjectInputSchema } from "../../app/domain/workspace";
import type { Database } from "../db/client";
import { chunk, D1_MAX_PARAMS, nowIso, publicRow, rowsPerStatement } from "../db/queries";
import { projectContacts, projectFiles, projects, type ProjectRow } from "../db/schema";
import { toProject } from "../db/records";
import { recordKind, usersRows } from "./record-kind";

export const projectKind = recordKind({
  name: "projects",
  table: projects,
  key: projects.id,
  exportQueries: usersRows(projects),
  exportRecords: ([rows]) => (rows as ProjectRow[]).map(toProject),
  input: ProjectInputSchema,
  references: { propertyId: "properties" },
  // The contacts linked to a project (links an import adds are undone with the project's).
  children: {
    table: projectContacts,
    parent: projectContacts.projectId,
    key: [projectContacts.projectId, projectContacts.contactId],
  },
});

const LinkSchema = z.object({ projectId: z.string().min(1), contactId: z.string().min(1) });

/** Links between projects and contacts: pairs of ids, both of records of the same file. */
export const projectContactKind = recordKind({
  name: "projectContacts",
  table: projectContacts,
  key: projectContacts.projectId,
  exportQueries: (db, userId) => [
    db
      .select({ projectId: projectContacts.projectId, contactId: projectContacts.contactId })
      .from(projectContacts)
      .where(eq(projectContacts.userId, userId)),
  ],
  exportRecords: ([rows]) => rows!,
  input: LinkSchema,
  async plan(db, list, context) {
    const counts = { created: 0, updated: 0, skipped: 0, failed: context.failed };
    const links: { projectId: string; contactId: string }[] = [];
    list.forEach((raw, index) => {
      const link = LinkSchema.safeParse(raw);
      if (!link.success) {
        counts.failed.push({ index, errors: fieldProblems(link.error, "row") });
        return;
      }
      const projectId = context.fileId("projects", link.data.projectId);
      const contactId = context.fileId("contacts", link.data.contactId);
      if (!projectId || !contactId) {
        counts.failed.push({
          index,
          errors: [
            {
              field: projectId ? "contactId" : "projectId",
              message: "Links a project or contact that is not imported",
            },
          ],
        });
        return;
      }
      links.push({ projectId, contactId });
    });
    const known = await existingLinks(db, context.userId, links);
    const values = links.filter((link) => {
      const here = known.has(`${link.projectId}|${link.contactId}`);
      if (!here) counts.created += 1;
      else if (context.existingRows === "update") counts.updated += 1;
      else counts.skipped += 1;
      return !here;
    });
    const createdAt = nowIso();
    return {
      counts,
      statements: chunk(
        values.map((link) => ({ ...link, userId: context.userId, createdAt })),
        rowsPerStatement(projectContacts),
      ).map((part) => db.insert(projectContacts).values(part).onConflictDoNothing()),
    };
  },
});

async function existingLinks(
  db: Database,
  userId: string,
  links: { projectId: string; contactId: string }[],
) {
  const projectIds = [...new Set(links.map((link) => link.projectId))];
  if (!projectIds.length) return new Set<string>();
  const found = await db.batch(
    chunk(projectIds, D1_MAX_PARAMS - 1).map((part) =>
      db
        .select({ projectId: projectContacts.projectId, contactId: projectContacts.contactId })
        .from(projectContacts)
        .where(and(eq(projectContacts.userId, userId), inArray(projectContacts.projectId, part))),
    ) as [never, ...never[]],
  );
  return new Set(
    (found as { projectId: string; contactId: string }[][])
      .flat()
      .map((link) => `${link.projectId}|${link.contactId}`),
  );
}

/** Drive files linked to projects. */
export const projectFileKind = recordKind({
  name: "projectFiles",
  table: projectFiles,
  key: projectFiles.id,
  exportQueries: usersRows(projectFiles),
  exportRecords: ([rows]) =>
    (rows as (typeof projectFiles.$inferSelect)[]).map((row) => publicRow(row)),
  input: ProjectFileInputSchema.extend({ projectId: z.string().min(1).max(64) }),
  references: { projectId: "projects" },
  build: (row, id, { userId, times }) => ({
    ...row.input,
    createdAt: times(row).createdAt,
    id,
    userId,
  }),
});
