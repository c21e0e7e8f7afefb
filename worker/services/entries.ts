/** Project-hub entries (the user's Markdown documents): the one data access for API and agent. */
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { EntryInput } from "../../app/domain/workspace";
import type { Database } from "../db/client";
import {
  assertOwnedReference,
  deleteOwned,
  findOwned,
  missedChange,
  nextVersion,
  ownedAt,
  publicRow,
  type IfVersion,
} from "../db/queries";
import { entries, projects, type EntryRow } from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";

export interface EntryFilters {
  q?: string;
  projectId?: string;
}

export const toEntry = (row: EntryRow) => publicRow(row);

/** The user's entries, most recently changed first (`limit` for the agent's short lists). */
export async function listEntries(
  db: Database,
  userId: string,
  filters: EntryFilters,
  limit?: number,
) {
  const where: SQL[] = [ownedMatching(SEARCH_INDEXES.entries, userId, filters.q)];
  if (filters.projectId) where.push(eq(entries.projectId, filters.projectId));
  const query = db
    .select()
    .from(entries)
    .where(and(...where))
    .orderBy(desc(entries.updatedAt));
  const rows = await (limit ? query.limit(limit) : query);
  return rows.map(toEntry);
}

export const getEntry = async (db: Database, userId: string, id: string) =>
  toEntry(await findOwned(db, entries, userId, id, "Entry"));

const assertProjectLink = (db: Database, userId: string, projectId: string | null | undefined) =>
  assertOwnedReference(db, projects, userId, projectId, "projectId", "project");

export async function createEntry(db: Database, userId: string, input: EntryInput) {
  await assertProjectLink(db, userId, input.projectId);
  const [row] = await db
    .insert(entries)
    .values({ ...input, userId })
    .returning();
  return toEntry(row!);
}

/** Replaces the entry's fields (PUT); only at one of `ifVersion` when given (else 412). */
export async function updateEntry(
  db: Database,
  userId: string,
  id: string,
  input: EntryInput,
  ifVersion?: IfVersion,
) {
  await assertProjectLink(db, userId, input.projectId);
  const [row] = await db
    .update(entries)
    .set({ ...input, updatedAt: nextVersion(entries.updatedAt) })
    .where(ownedAt(entries, userId, id, ifVersion))
    .returning();
  if (!row)
    throw await missedChange(db, entries, userId, id, "Entry", { ifVersion, show: toEntry });
  return toEntry(row);
}

export const deleteEntry = async (
  db: Database,
  userId: string,
  id: string,
  ifVersion?: IfVersion,
) => toEntry(await deleteOwned(db, entries, userId, id, "Entry", { ifVersion, show: toEntry }));
