/**
 * The activity log, kept in one place for every door: the API's record routes (a middleware),
 * the pages' writes (`pageServices`) and the agent's and MCP's tools (`executeTool`) each hand
 * their change to `tracked` or its parts, which read the record as the API shows it before and
 * after (by its primary key in the workspace), keep which fields changed and who changed them, and
 * name the last one to change a record when a change is refused as made against an old version.
 */
import { and, desc, eq, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  ACTIVITY_KEEP_DAYS,
  changedFields,
  type ActivityAction,
  type ActivityChanges,
  type ActivityEntry,
  type Actor,
  type RecordType,
} from "../../app/domain/activity";
import type { Database } from "../db/client";
import { isoAt, nowIso, ownedRows, ownerId, publicRow, type Owner } from "../db/queries";
import { toProject, toProperty } from "../db/records";
import {
  activity,
  auctions,
  calendarEvents,
  campaigns,
  contacts,
  deals,
  entries,
  files,
  leadBots,
  leads,
  projects,
  properties,
  routes,
  sequences,
  users,
} from "../db/schema";
import { AppError } from "../errors";
import { toAuction } from "./auctions";
import { toEvent } from "./calendar";
import { toContact } from "./contacts";
import { toEntry } from "./entries";
import { assigneeNamed } from "./assignees";
import { joinedLeads, toLead } from "./leads";

type Shown = Record<string, unknown>;

interface FollowedTable extends SQLiteTable {
  userId: SQLiteColumn;
}

/** How the log reads a kind of record: its table, the column it is known by, and how the API shows it. */
interface Followed {
  table: FollowedTable;
  key: SQLiteColumn;
  read: (db: Database, workspaceId: string, id: string) => Promise<Shown | null>;
}

const byKey = (table: FollowedTable, key: SQLiteColumn, workspaceId: string, id: string) =>
  and(eq(key, id), eq(table.userId, workspaceId))!;

/** A kind read from its own table by its key in the workspace, shown by `show`. */
function followed<T extends FollowedTable & { id: SQLiteColumn }>(
  table: T,
  show: (row: T["$inferSelect"]) => object,
): Followed {
  return {
    table,
    key: table.id,
    read: async (db, workspaceId, id) => {
      const [row] = await db
        .select()
        .from(table as SQLiteTable)
        .where(byKey(table, table.id, workspaceId, id))
        .limit(1);
      return row ? await named(db, show(row as T["$inferSelect"]) as Shown) : null;
    },
  };
}

/**
 * A record of a kind with assignees shows its assignee by name, so that a reassignment is told as
 * "assignee from Ana Silva to Bo Reyes"; `assigneeId` is the same change by id, and is left out.
 */
async function named(db: Database, record: Shown): Promise<Shown> {
  if (!("assigneeId" in record)) return record;
  const { assigneeId, ...shown } = record;
  return { ...shown, assignee: await assigneeNamed(db, (assigneeId as string | null) ?? null) };
}

/**
 * Every kind the log follows, each shown as the API shows it, less what follows from other fields
 * (an analysis's metrics from its inputs, a route's plan from its stops, a lead's stage reached
 * from its status): a change of those says nothing a person did.
 */
const FOLLOWED: Record<RecordType, Followed> = {
  project: followed(projects, toProject),
  contact: followed(contacts, toContact),
  document: followed(entries, toEntry),
  property: followed(properties, toProperty),
  analysis: followed(deals, ({ name, strategy, inputs, propertyId, projectId, primary }) => ({
    name,
    strategy,
    inputs,
    propertyId,
    projectId,
    primary,
  })),
  auction: followed(auctions, toAuction),
  route: followed(routes, (row) => publicRow(row, "plan", "planSource")),
  // The assignee as an id (assigneeId): who it is by name is the list's to say.
  event: followed(calendarEvents, (row) => toEvent(row, null)),
  // A lead is its contact's fields and its own, read together as the API reads it.
  lead: {
    table: leads,
    key: leads.contactId,
    read: async (db, workspaceId, id) => {
      const [row] = await joinedLeads(db)
        .where(byKey(leads, leads.contactId, workspaceId, id))
        .limit(1);
      if (!row) return null;
      // What a change of status sets by itself: the stage reached, when first contacted.
      const {
        reached: _reached,
        firstContactedAt: _first,
        speedToLeadMinutes: _speed,
        ...lead
      } = toLead(row.contact, row.lead, undefined);
      return await named(db, lead);
    },
  },
  campaign: followed(campaigns, publicRow),
  bot: followed(leadBots, publicRow),
  sequence: followed(sequences, publicRow),
  file: followed(files, (row) => publicRow(row, "objectKey")),
};

/** The record as the API shows it, or null when the workspace has none by that id. */
export const readRecord = (db: Database, workspaceId: string, type: RecordType, id: string) =>
  FOLLOWED[type].read(db, workspaceId, id);

/** Who changes: the workspace whose records they are, and the person acting in it. */
export interface Doer {
  workspaceId: string;
  actorId: string;
}

/** One entry to keep. */
export interface ActivityInput extends Doer {
  recordType: RecordType;
  recordId: string;
  action: ActivityAction;
  changes?: ActivityChanges | null;
  at?: string;
}

export const recordActivity = (db: Database, entry: ActivityInput) =>
  db
    .insert(activity)
    .values({ ...entry, changes: entry.changes ?? null, at: entry.at ?? nowIso() });

/**
 * Records the creation of each of these records that the workspace has: one statement each, which
 * writes nothing for an id that is not a record of its kind here (an event written to Google
 * Calendar).
 */
export async function recordCreated(db: Database, doer: Doer, type: RecordType, ids: string[]) {
  const { table, key } = FOLLOWED[type];
  const at = nowIso();
  const statements = ids.map((id) =>
    db.insert(activity).select(
      db
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as("id"),
          workspaceId: sql<string>`${doer.workspaceId}`.as("workspace_id"),
          actorId: sql<string>`${doer.actorId}`.as("actor_id"),
          recordType: sql<RecordType>`${type}`.as("record_type"),
          recordId: sql<string>`${id}`.as("record_id"),
          action: sql<ActivityAction>`'created'`.as("action"),
          changes: sql<null>`NULL`.as("changes"),
          at: sql<string>`${at}`.as("at"),
        })
        .from(table)
        .where(byKey(table, key, doer.workspaceId, id)),
    ),
  );
  if (statements.length) await db.batch(statements as [never, ...never[]]);
}

/** A change of one record, by its kind and id; `before` as `readRecord` read it first. */
export interface Change {
  type: RecordType;
  action: "updated" | "deleted";
  id: string;
}

/**
 * Records a change made to a record read as `before` (nothing when it was not the workspace's
 * record): a delete as it is; an update with the fields that differ now, and nothing when none do.
 */
export async function recordChanged(
  db: Database,
  doer: Doer,
  { type, action, id }: Change,
  before: Shown | null,
) {
  if (!before) return;
  const base = { ...doer, recordType: type, recordId: id };
  if (action === "deleted") {
    await recordActivity(db, { ...base, action });
    return;
  }
  const after = await readRecord(db, doer.workspaceId, type, id);
  const changes = after && changedFields(before, after);
  if (changes) await recordActivity(db, { ...base, action, changes });
}

/** Whose name an entry shows: a person's first and last name. */
const actorName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

const actorOf = (row: { actorId: string | null; actorName: string | null }): Actor | null =>
  row.actorId && row.actorName !== null ? { id: row.actorId, name: row.actorName } : null;

/** Who made the latest entry of a record; null when nobody is known to have. */
export async function lastChanger(
  db: Database,
  workspaceId: string,
  type: RecordType,
  id: string,
): Promise<Actor | null> {
  const [row] = await db
    .select({ actorId: activity.actorId, actorName })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(ofRecord(workspaceId, type, id))
    .orderBy(...NEWEST_FIRST)
    .limit(1);
  return row ? actorOf(row) : null;
}

/**
 * A change refused as made against an old version (412), with who changed the record last
 * (`details.changedBy`, null when unknown); any other failure as it was.
 */
export async function namingChanger(
  db: Database,
  workspaceId: string,
  type: RecordType,
  id: string,
  failure: unknown,
) {
  if (!(failure instanceof AppError) || failure.code !== "VERSION_MISMATCH") return failure;
  const changedBy = await lastChanger(db, workspaceId, type, id);
  const details = { ...(failure.details as object), changedBy };
  return new AppError(failure.status, failure.code, failure.message, details, failure.headers);
}

/** A change `tracked` keeps: a record's update or delete, or what a create made. */
export type TrackedChange<T> =
  Change | { type: RecordType; action: "created"; ids: (done: T) => string[] };

/** The creation of the record `done` is (its `id`), or of those `ids` names. */
export const created = <T>(
  type: RecordType,
  ids: (done: T) => string[] = (done) => [(done as { id: string }).id],
): TrackedChange<T> => ({ type, action: "created", ids });
export const updated = (type: RecordType, id: string): Change => ({ type, action: "updated", id });
export const deleted = (type: RecordType, id: string): Change => ({ type, action: "deleted", id });

/**
 * Runs `write` and keeps what it did to the record: read before and after as the API shows it.
 * A refusal as made against an old version names who changed the record last.
 */
export async function tracked<T>(
  db: Database,
  doer: Doer,
  change: TrackedChange<T>,
  write: () => Promise<T>,
): Promise<T> {
  if (change.action === "created") {
    const done = await write();
    await recordCreated(db, doer, change.type, change.ids(done));
    return done;
  }
  const before = await readRecord(db, doer.workspaceId, change.type, change.id);
  let done: T;
  try {
    done = await write();
  } catch (error) {
    throw await namingChanger(db, doer.workspaceId, change.type, change.id, error);
  }
  await recordChanged(db, doer, change, before);
  return done;
}

// ---------------------------------------------------------------------------------------------
// Reading the log.

/** Newest first; entries of one instant in the order they were written (the rowid's). */
const NEWEST_FIRST = [desc(activity.at), sql`${activity}.rowid DESC`];

const ofRecord = (workspaceId: string, type: RecordType, id: string) =>
  and(
    eq(activity.workspaceId, workspaceId),
    eq(activity.recordType, type),
    eq(activity.recordId, id),
  )!;

export interface ActivityFilters {
  recordType?: RecordType;
  /** Only with `recordType`: one record's entries. */
  recordId?: string;
  /** Who acted. */
  userId?: string;
}

/**
 * The kinds a member "assigned records only" reaches only their own of, by the log's names, with
 * the column the log knows their records by.
 */
const ASSIGNED_KINDS = [
  ["lead", leads, leads.contactId],
  ["property", properties, properties.id],
  ["project", projects, projects.id],
  ["auction", auctions, auctions.id],
] as const;

/**
 * The entries `reader` may read: all of the workspace's, or, for a member "assigned records
 * only", those of the other kinds and of the records of an assigned kind now assigned to them
 * (what they cannot open, they do not read the changes of either).
 */
function readable(db: Database, reader: Owner): SQL | undefined {
  if (typeof reader === "string" || !reader.assignedOnly) return undefined;
  return or(
    notInArray(
      activity.recordType,
      ASSIGNED_KINDS.map(([type]) => type),
    ),
    ...ASSIGNED_KINDS.map(([type, table, key]) =>
      and(
        eq(activity.recordType, type),
        inArray(
          activity.recordId,
          db.select({ id: key }).from(table).where(ownedRows(table, reader)),
        ),
      ),
    ),
  );
}

/**
 * A page of the workspace's log as `reader` may read it, newest first, and whether older entries
 * follow: read through the index its filters name (one record's, one person's, or the
 * workspace's), a row past the page telling whether there are more.
 */
export async function listActivity(
  db: Database,
  reader: Owner,
  filters: ActivityFilters,
  { page, limit }: { page: number; limit: number },
): Promise<{ items: ActivityEntry[]; hasMore: boolean }> {
  const where: SQL[] = [eq(activity.workspaceId, ownerId(reader))];
  const reach = readable(db, reader);
  if (reach) where.push(reach);
  if (filters.recordType) where.push(eq(activity.recordType, filters.recordType));
  if (filters.recordId) where.push(eq(activity.recordId, filters.recordId));
  if (filters.userId) where.push(eq(activity.actorId, filters.userId));
  const rows = await db
    .select({
      id: activity.id,
      at: activity.at,
      action: activity.action,
      recordType: activity.recordType,
      recordId: activity.recordId,
      actorId: activity.actorId,
      actorName,
      changes: activity.changes,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .where(and(...where))
    .orderBy(...NEWEST_FIRST)
    .limit(limit + 1)
    .offset((page - 1) * limit);
  const items = rows.slice(0, limit).map(({ actorId, actorName, ...entry }) => ({
    ...entry,
    actor: actorOf({ actorId, actorName }),
  }));
  return { items, hasMore: rows.length > limit };
}

/** A record's latest `limit` entries, newest first, and whether it has older ones. */
export const recordHistory = (
  db: Database,
  reader: Owner,
  type: RecordType,
  id: string,
  limit: number,
) => listActivity(db, reader, { recordType: type, recordId: id }, { page: 1, limit });

// ---------------------------------------------------------------------------------------------
// Forgetting.

/** Entries one statement of the sweep deletes. */
const FORGET_ROWS = 500;

/**
 * Deletes the entries older than ACTIVITY_KEEP_DAYS, a slice a statement, for about `budgetMs`
 * (what is left goes at the next sweep).
 */
export async function forgetOldActivity(db: Database, now = Date.now(), budgetMs = 2000) {
  const started = Date.now();
  const before = isoAt(now - ACTIVITY_KEEP_DAYS * 864e5);
  while (Date.now() - started < budgetMs) {
    const gone = await db
      .delete(activity)
      .where(
        sql`rowid IN (SELECT rowid FROM ${activity} WHERE ${lt(activity.at, before)} LIMIT ${FORGET_ROWS})`,
      )
      .returning({ id: activity.id });
    if (gone.length < FORGET_ROWS) return;
  }
}
