/**
 * Project-hub entries (the workspace's Markdown documents): the one data access for the API, the
 * pages and the agent, through `owned` (the workspace's rows, a viewer's writes refused).
 */
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { EntryInput } from "../../app/domain/workspace";
import type { Database } from "../db/client";
import { owned } from "../db/owned";
import {
  assertOwnedReference,
  ownerId,
  publicRow,
  type IfVersion,
  type Owner,
} from "../db/queries";
import { entries, projects, type EntryRow } from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";

export interface EntryFilters {
  q?: string;
  projectId?: string;
}

export const toEntry = (row: EntryRow) => publicRow(row);

const ownedEntries = (db: Database, owner: Owner) => owned(db, entries, owner, "Entry");

/** The workspace's entries, most recently changed first (`limit` for the agent's short lists). */
export async function listEntries(
  db: Database,
  owner: Owner,
  filters: EntryFilters,
  limit?: number,
) {
  const where: SQL[] = [ownedMatching(SEARCH_INDEXES.entries, ownerId(owner), filters.q)];
  if (filters.projectId) where.push(eq(entries.projectId, filters.projectId));
  const rows = await ownedEntries(db, owner).list({
    where: and(...where),
    orderBy: [desc(entries.updatedAt)],
    limit,
  });
  return rows.map(toEntry);
}

export const getEntry = async (db: Database, owner: Owner, id: string) =>
  toEntry(await ownedEntries(db, owner).get(id));

const assertProjectLink = (db: Database, owner: Owner, projectId: string | null | undefined) =>
  assertOwnedReference(db, projects, ownerId(owner), projectId, "projectId", "project");

export async function createEntry(db: Database, owner: Owner, input: EntryInput) {
  await assertProjectLink(db, owner, input.projectId);
  return toEntry(await ownedEntries(db, owner).create(input));
}

/** Replaces the entry's fields (PUT); only at one of `ifVersion` when given (else 412). */
export async function updateEntry(
  db: Database,
  owner: Owner,
  id: string,
  input: EntryInput,
  ifVersion?: IfVersion,
) {
  await assertProjectLink(db, owner, input.projectId);
  return toEntry(await ownedEntries(db, owner).update(id, input, { ifVersion, show: toEntry }));
}

export const deleteEntry = async (db: Database, owner: Owner, id: string, ifVersion?: IfVersion) =>
  toEntry(await ownedEntries(db, owner).remove(id, { ifVersion, show: toEntry }));
