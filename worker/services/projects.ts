/** Projects (deals) and their contact links: the one data access for the API and the agent. */
import { and, count, desc, eq, getTableColumns, gte, lte, type SQL } from "drizzle-orm";
import { projectPath } from "../../app/domain/modules";
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
  assignedTo,
  deleteOwned,
  EXPORT_CHUNK_ROWS,
  findOwned,
  keysetOrderBy,
  missedChange,
  narrowed,
  newAssignee,
  nextVersion,
  ownedAt,
  ownedBy,
  ownerId,
  publicRow,
  selectAll,
  type IfVersion,
  type KeysetOrder,
  type Owner,
  type PageRequest,
} from "../db/queries";
import {
  contacts,
  entries,
  projectContacts,
  projectFiles,
  projects,
  properties,
  type ProjectRow,
} from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";
import { toContact } from "./contacts";
import { toEntry } from "./entries";
import { toProject, toProperty } from "../db/records";
import {
  ASSIGNEE_NAMES,
  assigneeJoin,
  assigneeNames,
  assigneePeople,
  assertMember,
  tellAssignees,
  toAssignee,
} from "./assignees";

export interface ProjectFilters {
  q?: string;
  type?: ProjectType;
  status?: ProjectStatus;
  /** Target close dates in [closeFrom, closeTo] (both days included): the week ahead. */
  closeFrom?: string;
  closeTo?: string;
  /** Only the projects assigned to this member; null: to nobody. */
  assignee?: string | null;
}

function projectsWhere(userId: string, filters: ProjectFilters) {
  const where: SQL[] = [ownedMatching(SEARCH_INDEXES.projects, userId, filters.q)];
  if (filters.type) where.push(eq(projects.type, filters.type));
  if (filters.status) where.push(eq(projects.status, filters.status));
  if (filters.closeFrom) where.push(gte(projects.targetCloseDate, filters.closeFrom));
  if (filters.closeTo) where.push(lte(projects.targetCloseDate, filters.closeTo));
  return and(...where, assignedTo(projects.assigneeId, filters.assignee));
}

/** The order `projects_user_updated` holds. */
const NEWEST_CHANGE_FIRST: KeysetOrder = {
  columns: [projects.updatedAt],
  dir: "desc",
  id: projects.id,
};

/** A project as a list shows it: its fields and its assignee's initials and name. */
const listedProjects = (db: Database) =>
  db
    .select({ project: getTableColumns(projects), assignee: ASSIGNEE_NAMES })
    .from(projects)
    .leftJoin(assigneePeople, assigneeJoin(projects.assigneeId));

const toListedProject = (row: {
  project: ProjectRow;
  assignee: Parameters<typeof toAssignee>[1];
}) => ({ ...toProject(row.project), assignee: toAssignee(row.project.assigneeId, row.assignee) });

/** A page of the owner's projects, most recently changed first, with the total: one round trip. */
export async function listProjects(
  db: Database,
  owner: Owner,
  filters: ProjectFilters,
  { page, limit }: PageRequest,
) {
  const where = projectsWhere(ownerId(owner), narrowed(owner, filters));
  const [rows, [total]] = await db.batch([
    listedProjects(db)
      .where(where)
      .orderBy(...keysetOrderBy(NEWEST_CHANGE_FIRST))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(projects).where(where),
  ]);
  return { items: rows.map(toListedProject), meta: { page, limit, total: total!.value } };
}

/** Every project the list would show, in its order, a chunk at a time (the CSV export). */
export async function* allProjects(
  db: Database,
  owner: Owner,
  filters: ProjectFilters,
  size = EXPORT_CHUNK_ROWS,
) {
  const where = projectsWhere(ownerId(owner), narrowed(owner, filters));
  const chunks = selectAll(db, projects, where, NEWEST_CHANGE_FIRST, size);
  for await (const rows of chunks) yield rows.map(toProject);
}

export const findProject = (db: Database, owner: Owner, id: string) =>
  findOwned(db, projects, owner, id, "Project");

/** One project with its linked contacts, its documents, its property and its assignee. */
export async function projectDetail(db: Database, owner: Owner, id: string) {
  const userId = ownerId(owner);
  const project = await findProject(db, owner, id);
  const [linked, documents, property, files, [assignee]] = await db.batch([
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
    assigneeNames(db, project.assigneeId),
  ]);
  return {
    ...toProject(project),
    assignee: toAssignee(project.assigneeId, assignee),
    contacts: linked.map((row) => toContact(row.contact)),
    documents: documents.map(toEntry),
    property: property[0] ? toProperty(property[0]) : null,
    files: files.map((file) => publicRow(file)),
  };
}

/** The notice of a project's assignment, for whom it is assigned to now. */
const projectAssignment = (row: ProjectRow, before: string | null) => ({
  what: "project",
  name: row.name,
  link: projectPath(row.id),
  assigneeId: row.assigneeId,
  before,
  version: row.updatedAt,
  id: row.id,
});

export async function createProject(db: Database, owner: Owner, input: ProjectInput) {
  const userId = ownerId(owner);
  const assigneeId = newAssignee(owner, input.assigneeId);
  await Promise.all([
    assertOwnedReference(db, properties, userId, input.propertyId, "propertyId", "property"),
    assertMember(db, owner, assigneeId),
  ]);
  const [row] = await db
    .insert(projects)
    .values({ ...input, assigneeId, userId })
    .returning();
  await tellAssignees(db, null, owner, [projectAssignment(row!, null)]);
  return toProject(row!);
}

/**
 * Replaces the project's fields (PUT), its assignee only when the input names one (or nobody);
 * only at one of `ifVersion` when given (else 412).
 */
export async function updateProject(
  db: Database,
  owner: Owner,
  id: string,
  input: ProjectInput,
  ifVersion?: IfVersion,
) {
  const userId = ownerId(owner);
  const condition = { ifVersion, show: toProject };
  const before = await findProject(db, owner, id);
  assertVersion(before, "Project", condition);
  await Promise.all([
    assertOwnedReference(db, properties, userId, input.propertyId, "propertyId", "property"),
    assertMember(db, owner, input.assigneeId),
  ]);
  const [row] = await db
    .update(projects)
    .set({ ...input, updatedAt: nextVersion(projects.updatedAt) })
    .where(ownedAt(projects, owner, id, ifVersion))
    .returning();
  if (!row) throw await missedChange(db, projects, owner, id, "Project", condition);
  await tellAssignees(db, null, owner, [projectAssignment(row, before.assigneeId)]);
  return toProject(row);
}

export const deleteProject = async (
  db: Database,
  owner: Owner,
  id: string,
  ifVersion?: IfVersion,
) =>
  toProject(await deleteOwned(db, projects, owner, id, "Project", { ifVersion, show: toProject }));

export async function linkContact(db: Database, owner: Owner, id: string, contactId: string) {
  const userId = ownerId(owner);
  const project = await findProject(db, owner, id);
  const contact = await findOwned(db, contacts, userId, contactId, "Contact");
  await db
    .insert(projectContacts)
    .values({ projectId: project.id, contactId: contact.id, userId })
    .onConflictDoNothing();
  return { projectId: project.id, contactId: contact.id };
}

/** Links a Drive file to the project (again: its name and links are refreshed). */
export async function linkFile(db: Database, owner: Owner, id: string, input: ProjectFileInput) {
  const userId = ownerId(owner);
  const project = await findProject(db, owner, id);
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

export async function unlinkFile(db: Database, owner: Owner, id: string, fileId: string) {
  const userId = ownerId(owner);
  await findProject(db, owner, id);
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

export async function unlinkContact(db: Database, owner: Owner, id: string, contactId: string) {
  const userId = ownerId(owner);
  await findProject(db, owner, id);
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
