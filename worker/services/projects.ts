/** Projects (deals) and their contact links: the one data access for the API and the agent. */
import { and, desc, eq, gte, lte, type SQL } from "drizzle-orm";
import type {
  ProjectFileInput,
  ProjectInput,
  ProjectStatus,
  ProjectType,
} from "../../app/domain/workspace";
import { AppError } from "../errors";
import type { Database } from "../db/client";
import {
  assertOwnedReference,
  assertVersion,
  deleteOwned,
  EXPORT_CHUNK_ROWS,
  findOwned,
  keysetOrderBy,
  missedChange,
  nextVersion,
  ownedAt,
  ownedBy,
  publicRow,
  selectAll,
  selectPage,
  type IfVersion,
  type KeysetOrder,
  type PageRequest,
} from "../db/queries";
import {
  contacts,
  entries,
  projectContacts,
  projectFiles,
  projects,
  properties,
} from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";
import { toContact } from "./contacts";
import { toEntry } from "./entries";
import { toProject, toProperty } from "../db/records";

export interface ProjectFilters {
  q?: string;
  type?: ProjectType;
  status?: ProjectStatus;
  /** Target close dates in [closeFrom, closeTo] (both days included): the week ahead. */
  closeFrom?: string;
  closeTo?: string;
}

function projectsWhere(userId: string, filters: ProjectFilters) {
  const where: SQL[] = [ownedMatching(SEARCH_INDEXES.projects, userId, filters.q)];
  if (filters.type) where.push(eq(projects.type, filters.type));
  if (filters.status) where.push(eq(projects.status, filters.status));
  if (filters.closeFrom) where.push(gte(projects.targetCloseDate, filters.closeFrom));
  if (filters.closeTo) where.push(lte(projects.targetCloseDate, filters.closeTo));
  return and(...where);
}

/** The order `projects_user_updated` holds. */
const NEWEST_CHANGE_FIRST: KeysetOrder = {
  columns: [projects.updatedAt],
  dir: "desc",
  id: projects.id,
};

/** A page of the user's projects, most recently changed first. */
export async function listProjects(
  db: Database,
  userId: string,
  filters: ProjectFilters,
  page: PageRequest,
) {
  const { rows, meta } = await selectPage(
    db,
    projects,
    projectsWhere(userId, filters),
    keysetOrderBy(NEWEST_CHANGE_FIRST),
    page,
  );
  return { items: rows.map(toProject), meta };
}

/** Every project the list would show, in its order, a chunk at a time (the CSV export). */
export async function* allProjects(
  db: Database,
  userId: string,
  filters: ProjectFilters,
  size = EXPORT_CHUNK_ROWS,
) {
  const where = projectsWhere(userId, filters);
  const chunks = selectAll(db, projects, where, NEWEST_CHANGE_FIRST, size);
  for await (const rows of chunks) yield rows.map(toProject);
}

export const findProject = (db: Database, userId: string, id: string) =>
  findOwned(db, projects, userId, id, "Project");

/** One project with its linked contacts, its documents and its property. */
export async function projectDetail(db: Database, userId: string, id: string) {
  const project = await findProject(db, userId, id);
  const [linked, documents, property, files] = await db.batch([
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
    db
      .select()
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, project.id), eq(projectFiles.userId, userId)))
      .orderBy(projectFiles.name),
  ]);
  return {
    ...toProject(project),
    contacts: linked.map((row) => toContact(row.contact)),
    documents: documents.map(toEntry),
    property: property[0] ? toProperty(property[0]) : null,
    files: files.map((file) => publicRow(file)),
  };
}

export async function createProject(db: Database, userId: string, input: ProjectInput) {
  await assertOwnedReference(db, properties, userId, input.propertyId, "propertyId", "property");
  const [row] = await db
    .insert(projects)
    .values({ ...input, userId })
    .returning();
  return toProject(row!);
}

/** Replaces the project's fields (PUT); only at one of `ifVersion` when given (else 412). */
export async function updateProject(
  db: Database,
  userId: string,
  id: string,
  input: ProjectInput,
  ifVersion?: IfVersion,
) {
  const condition = { ifVersion, show: toProject };
  assertVersion(await findProject(db, userId, id), "Project", condition);
  await assertOwnedReference(db, properties, userId, input.propertyId, "propertyId", "property");
  const [row] = await db
    .update(projects)
    .set({ ...input, updatedAt: nextVersion(projects.updatedAt) })
    .where(ownedAt(projects, userId, id, ifVersion))
    .returning();
  if (!row) throw await missedChange(db, projects, userId, id, "Project", condition);
  return toProject(row);
}

export const deleteProject = async (
  db: Database,
  userId: string,
  id: string,
  ifVersion?: IfVersion,
) =>
  toProject(await deleteOwned(db, projects, userId, id, "Project", { ifVersion, show: toProject }));

export async function linkContact(db: Database, userId: string, id: string, contactId: string) {
  const project = await findProject(db, userId, id);
  const contact = await findOwned(db, contacts, userId, contactId, "Contact");
  await db
    .insert(projectContacts)
    .values({ projectId: project.id, contactId: contact.id, userId })
    .onConflictDoNothing();
  return { projectId: project.id, contactId: contact.id };
}

/** Links a Drive file to the project (again: its name and links are refreshed). */
export async function linkFile(db: Database, userId: string, id: string, input: ProjectFileInput) {
  const project = await findProject(db, userId, id);
  const values = { ...input, userId, projectId: project.id };
  const [row] = await db
    .insert(projectFiles)
    .values(values)
    .onConflictDoUpdate({
      target: [projectFiles.projectId, projectFiles.driveFileId],
      set: {
        name: input.name,
        mimeType: input.mimeType,
        webViewLink: input.webViewLink,
        iconLink: input.iconLink,
      },
    })
    .returning();
  return publicRow(row!);
}

export async function unlinkFile(db: Database, userId: string, id: string, fileId: string) {
  const [row] = await db
    .delete(projectFiles)
    .where(
      and(
        eq(projectFiles.projectId, id),
        eq(projectFiles.id, fileId),
        eq(projectFiles.userId, userId),
      ),
    )
    .returning();
  if (!row) throw new AppError(404, "NOT_FOUND", "That file is not linked to this project");
  return publicRow(row);
}

export async function unlinkContact(db: Database, userId: string, id: string, contactId: string) {
  const [row] = await db
    .delete(projectContacts)
    .where(
      and(
        eq(projectContacts.projectId, id),
        eq(projectContacts.contactId, contactId),
        eq(projectContacts.userId, userId),
      ),
    )
    .returning();
  if (!row) throw new AppError(404, "NOT_FOUND", "That contact is not linked to this project");
  return { projectId: id, contactId };
}
