/**
 * Properties the investor is weighing: list, edit, and import (matched on external id, else
 * normalised address). The one data access for the API and the agent; the workspace import
 * matches properties through `propertyIdsByKey` too.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { BuyBoxFilter } from "../../app/domain/deals/buy-box-filter";
import type { Strategy } from "../../app/domain/deals/types";
import { propertyPath, modulePath } from "../../app/domain/modules";
import {
  propertyDedupeKey,
  type ListingStatus,
  type PropertyInput,
  type PropertyStatus,
  type PropertyType,
} from "../../app/domain/workspace";
import { NOT_A_MEMBER } from "../../app/domain/assignees";
import { AppError, invalidFields, notFound } from "../errors";
import type { Database } from "../db/client";
import {
  assertOwnedReference,
  assertOwnedReferences,
  assignedTo,
  chunk,
  D1_MAX_PARAMS,
  deleteOwned,
  flatRows,
  inJsonList,
  keysetChunks,
  keysetOrderBy,
  missedChange,
  narrowed,
  newAssignee,
  nextVersion,
  nowIso,
  ownedAt,
  ownedBy,
  ownedRows,
  ownerId,
  rowsPerStatement,
  runBatch,
  type IfVersion,
  type KeysetOrder,
  type Owner,
  type PageRequest,
} from "../db/queries";
import { LIST_FIGURES, primaryDeal } from "../db/list-figures";
import {
  countedRowids,
  onlySearchWords,
  ownedMatching,
  rowidsMatching,
  SEARCH_INDEXES,
  valuesMatching,
  WALK_FROM_MATCHES,
} from "../db/search";
import {
  auctions,
  contacts,
  deals,
  projectContacts,
  projects,
  properties,
  PROPERTY_SORT_COLUMNS,
  researchReports,
  type PropertyRow,
} from "../db/schema";
import {
  ASSIGNEE_NAMES,
  assigneeJoin,
  assigneePeople,
  assertMember,
  membersAmong,
  tellAssignees,
  toAssignee,
  type Assignment,
} from "./assignees";
import { toContact } from "./contacts";
import { refreshDealFigures, staleDeals } from "./deal-figures";
import { toProject, toProperty, toResearch } from "../db/records";

/** What an import does with a row that matches one the user already has. */
export const EXISTING_ROWS = ["skip", "update"] as const;
export type ExistingRows = (typeof EXISTING_ROWS)[number];

const ANALYSIS_SUMMARY = {
  id: deals.id,
  name: deals.name,
  strategy: deals.strategy,
  primary: deals.primary,
  cashFlowMonthly: deals.cashFlowMonthly,
  capRate: deals.capRate,
  cashOnCash: deals.cashOnCash,
  updatedAt: deals.updatedAt,
};

/**
 * The primary analysis's columns under names of their own: a D1 batch answers rows as objects,
 * in which two columns of one name ("id") would collide. Its figures and verdict are kept on the
 * property (worker/db/list-figures.ts); its name and strategy are read through its id.
 */
const PRIMARY_ANALYSIS = {
  id: sql<string | null>`${properties.primaryDealId}`.as("primary_analysis_id"),
  name: sql<string>`${primaryDeal.name}`.as("primary_analysis_name"),
  strategy: sql<Strategy>`${primaryDeal.strategy}`.as("primary_analysis_strategy"),
  cashFlowMonthly: sql<number | null>`${properties.cashFlowMonthly}`.as(
    "primary_analysis_cash_flow_monthly",
  ),
  capRate: sql<number | null>`${properties.capRate}`.as("primary_analysis_cap_rate"),
  cashOnCash: sql<number | null>`${properties.cashOnCash}`.as("primary_analysis_cash_on_cash"),
  meetsCriteria: sql<boolean | null>`${properties.meetsCriteria}`
    .mapWith((value: number | null) => (value === null ? null : value === 1))
    .as("primary_analysis_meets_criteria"),
};

/**
 * A property's columns as a list reads them: all but what its last import wrote (the merge's
 * bookkeeping, half a kilobyte a row that no list shows, and the most of an export's bytes).
 */
const { imported: _imported, ...LISTED_COLUMNS } = getTableColumns(properties);

/**
 * Properties, each with its primary analysis (judged by its owner's buy box) and its assignee's
 * names: filter, order and page it.
 */
export const propertiesWithAnalysis = (db: Database) =>
  db
    .select({
      property: LISTED_COLUMNS,
      primaryAnalysis: PRIMARY_ANALYSIS,
      assignee: ASSIGNEE_NAMES,
    })
    .from(properties)
    .leftJoin(primaryDeal, eq(primaryDeal.id, properties.primaryDealId))
    .leftJoin(assigneePeople, assigneeJoin(properties.assigneeId));

type AnalysisColumns = {
  [K in keyof typeof PRIMARY_ANALYSIS]: (typeof PRIMARY_ANALYSIS)[K]["_"]["type"];
};

/**
 * A property as listed: its primary analysis's key figures (null without one), the id of its
 * first photo (null without one), its owner's name and its assignee.
 */
export const toListedProperty = (row: {
  property: Omit<PropertyRow, "imported">;
  primaryAnalysis: AnalysisColumns;
  assignee: Parameters<typeof toAssignee>[1];
}) => {
  const { id, ...analysis } = row.primaryAnalysis;
  return {
    ...toProperty(row.property),
    primaryAnalysis: id === null ? null : { id, ...analysis },
    photoFileId: row.property.photoFileId,
    ownerName: row.property.ownerName,
    assignee: toAssignee(row.property.assigneeId, row.assignee),
  };
};

/** The list's sorts: each a column of the property with an index of its own. */
export const PROPERTY_SORTS = Object.fromEntries(
  PROPERTY_SORT_COLUMNS.map((name) => [name, properties[name]]),
) as { [K in (typeof PROPERTY_SORT_COLUMNS)[number]]: (typeof properties)[K] };
export type PropertySort = keyof typeof PROPERTY_SORTS;

export interface PropertyFilters {
  q?: string;
  status?: PropertyStatus;
  propertyType?: PropertyType;
  /** Whether the primary analysis meets the buy box ("yes") or misses it ("no"). */
  meetsCriteria?: BuyBoxFilter;
  /** Only properties changed at or after this instant (the daily brief's new finds). */
  updatedSince?: string;
  listingStatus?: ListingStatus;
  /** "yes": the owner lives there; "no": an absentee owner (the file said so). */
  ownerOccupied?: "yes" | "no";
  /** Only this contact's properties (an owner of several). */
  ownerContactId?: string;
  /** Only properties with at least this much estimated equity. */
  minEquity?: number;
  /** Only the properties assigned to this member; null: to nobody. */
  assignee?: string | null;
}

const OWNER_SEARCH_COLUMNS = [contacts.firstName, contacts.lastName, contacts.company];
const OWNED = "owned";
const owned = alias(properties, OWNED);

/**
 * The rowids of the user's properties a search finds: by their own words, or by their owner's
 * name (the properties of the contacts it finds, through the owner index).
 */
const propertyMatches = (userId: string, words: readonly string[]) => [
  rowidsMatching(SEARCH_INDEXES.properties, userId, words),
  sql`SELECT ${sql.identifier(OWNED)}.rowid FROM ${properties} AS ${sql.identifier(OWNED)} WHERE ${owned.userId} = ${userId} AND ${owned.ownerContactId} IN (${valuesMatching(SEARCH_INDEXES.contacts, contacts.id, userId, words, OWNER_SEARCH_COLUMNS)})`,
];

/** The properties the filters select; `walk`: a search with many matches (`WALK_FROM_MATCHES`). */
function propertiesWhere(userId: string, filters: PropertyFilters, walk = false) {
  const where: SQL[] = [
    ownedMatching(SEARCH_INDEXES.properties, userId, filters.q, {
      walk,
      matches: (words) =>
        or(...propertyMatches(userId, words).map((set) => sql`${properties}.rowid IN (${set})`))!,
    }),
  ];
  if (filters.status) where.push(eq(properties.status, filters.status));
  if (filters.propertyType) where.push(eq(properties.propertyType, filters.propertyType));
  // Written as a literal, not a parameter: SQLite reads a partial index (the verdict's, latest
  // change first) only for a query whose condition it can see implies the index's.
  if (filters.meetsCriteria)
    where.push(
      sql`${properties.meetsCriteria} = ${sql.raw(filters.meetsCriteria === "yes" ? "1" : "0")}`,
    );
  if (filters.updatedSince) where.push(gte(properties.updatedAt, filters.updatedSince));
  if (filters.listingStatus) where.push(eq(properties.listingStatus, filters.listingStatus));
  if (filters.ownerOccupied)
    where.push(eq(properties.ownerOccupied, filters.ownerOccupied === "yes"));
  if (filters.ownerContactId) where.push(eq(properties.ownerContactId, filters.ownerContactId));
  if (filters.minEquity !== undefined)
    where.push(gte(properties.estimatedEquity, filters.minEquity));
  return and(...where, assignedTo(properties.assigneeId, filters.assignee));
}

/**
 * How many of the user's properties the filters select (the list's total, the Dashboard's buy-box
 * figure): counted in the index of the filter, without reading the rows; a search alone, in the
 * search indexes.
 */
export function countProperties(db: Database, owner: Owner, filters: PropertyFilters) {
  const userId = ownerId(owner);
  filters = narrowed(owner, filters);
  const words = onlySearchWords(filters);
  const counted = db.select({ value: count() });
  return words
    ? counted.from(countedRowids(propertyMatches(userId, words)))
    : counted.from(properties).where(propertiesWhere(userId, filters));
}

export interface PropertyOrder {
  sort: PropertySort;
  dir: "asc" | "desc";
}

/**
 * What orders properties of the same value: the rowid every index of the list's sorts ends on
 * (they are kept in the order they were added).
 */
const PROPERTY_TIE = sql<number>`${properties}.rowid`;

const keysetOf = (order: PropertyOrder): KeysetOrder<SQL> => ({
  columns: [PROPERTY_SORTS[order.sort]],
  dir: order.dir,
  id: PROPERTY_TIE,
});

/**
 * The user's properties that match, with their primary analyses, in the order asked: empty values
 * (and, for the key figures, properties without an analysis) sort last either way; read through
 * the sort's index.
 */
const matchingProperties = (
  db: Database,
  userId: string,
  filters: PropertyFilters,
  order: PropertyOrder,
  walk = false,
) =>
  propertiesWithAnalysis(db)
    .where(propertiesWhere(userId, filters, walk))
    .orderBy(...keysetOrderBy(keysetOf(order)));

/**
 * A page of the user's properties with their primary analyses, in one round trip (a search: two,
 * its matches counted first; and once more when analyses saved before their buy-box figures were
 * kept are worked out first).
 */
export const listProperties = (
  db: Database,
  owner: Owner,
  filters: PropertyFilters,
  order: PropertyOrder,
  page: PageRequest,
) => propertiesPage(db, ownerId(owner), narrowed(owner, filters), order, page, true);

async function propertiesPage(
  db: Database,
  userId: string,
  filters: PropertyFilters,
  order: PropertyOrder,
  { page, limit }: PageRequest,
  refresh: boolean,
): Promise<{
  items: ReturnType<typeof toListedProperty>[];
  meta: PageRequest & { total: number };
}> {
  const pageOf = (walk: boolean) =>
    matchingProperties(db, userId, filters, order, walk)
      .limit(limit)
      .offset((page - 1) * limit);
  const counted = countProperties(db, userId, filters);
  // A search counts its matches first: how many decides how its page is read.
  const [stale, [total], rows] = filters.q?.trim()
    ? await db.batch([staleDeals(db, userId), counted])
    : await db.batch([staleDeals(db, userId), counted, pageOf(false)]);
  // Analyses saved before their buy-box figures were kept: worked out once, then read again.
  if (stale.length && refresh) {
    await refreshDealFigures(db, userId);
    return propertiesPage(db, userId, filters, order, { page, limit }, false);
  }
  const listed = rows ?? (await pageOf(total!.value >= WALK_FROM_MATCHES));
  return { items: listed.map(toListedProperty), meta: { page, limit, total: total!.value } };
}

/**
 * A property as the CSV export reads it, flat: its columns but those no column of the file shows
 * (its owner's and analysis's ids, the photo's, the import's bookkeeping), and its primary
 * analysis's strategy (its key figures are the property's own). A third fewer columns than a
 * listed property, each a share of D1's answer for every row.
 */
const {
  imported: _notImported,
  userId: _notUser,
  dedupeKey: _notDedupeKey,
  ownerContactId: _notOwner,
  photoFileId: _notPhoto,
  primaryDealId: _notAnalysis,
  createdAt: _notCreated,
  daysOnMarket: _notDaysOnMarket,
  ...EXPORTED_COLUMNS
} = getTableColumns(properties);
const EXPORTED = {
  ...EXPORTED_COLUMNS,
  analysisStrategy: sql<Strategy | null>`${primaryDeal.strategy}`.as("primary_analysis_strategy"),
  // Where the next chunk starts among properties of the same value; the file does not show it.
  tie: PROPERTY_TIE.as("tie"),
};

/**
 * Every property the list would show, in its order, a chunk at a time (the CSV export), each chunk
 * sought in the sort's index from where the last ended.
 */
export async function* allProperties(
  db: Database,
  owner: Owner,
  filters: PropertyFilters,
  order: PropertyOrder,
) {
  const userId = ownerId(owner);
  filters = narrowed(owner, filters);
  await refreshDealFigures(db, userId);
  yield* keysetChunks(
    (after, orderBy, limit) =>
      flatRows(
        EXPORTED,
        db
          .select(EXPORTED)
          .from(properties)
          .leftJoin(primaryDeal, eq(primaryDeal.id, properties.primaryDealId))
          .where(and(propertiesWhere(userId, filters), after))
          .orderBy(...orderBy)
          .limit(limit),
      ),
    keysetOf(order),
    (row) => [row[order.sort], row.tie],
  );
}

/**
 * One property (the property page): its primary analysis, all its analyses (the primary first),
 * the projects on it, the people linked to those projects, research grounded in it and its
 * auctions (of those, only what the owner reaches). One round trip.
 */
export async function propertyDetail(db: Database, owner: Owner, id: string) {
  const userId = ownerId(owner);
  const onProperty = and(ownedRows(projects, owner), eq(projects.propertyId, id));
  const [[row], analyses, projectRows, contactRows, researchRows, auctionRows, ownerRows] =
    await db.batch([
      propertiesWithAnalysis(db)
        .where(ownedBy(properties, owner, id))
        .limit(1),
      db
        .select(ANALYSIS_SUMMARY)
        .from(deals)
        .where(and(eq(deals.userId, userId), eq(deals.propertyId, id)))
        .orderBy(desc(deals.primary), desc(deals.updatedAt), desc(deals.id)),
      db.select().from(projects).where(onProperty).orderBy(desc(projects.updatedAt)),
      db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.userId, userId),
            inArray(
              contacts.id,
              db
                .select({ id: projectContacts.contactId })
                .from(projectContacts)
                .innerJoin(projects, eq(projects.id, projectContacts.projectId))
                .where(onProperty),
            ),
          ),
        )
        .orderBy(contacts.lastName, contacts.firstName),
      db
        .select()
        .from(researchReports)
        .where(
          and(
            eq(researchReports.userId, userId),
            sql`EXISTS (SELECT 1 FROM json_each(${researchReports.grounding}) WHERE json_extract(value, '$.kind') = 'property' AND json_extract(value, '$.id') = ${id})`,
          ),
        )
        .orderBy(desc(researchReports.createdAt)),
      db
        .select({
          id: auctions.id,
          saleType: auctions.saleType,
          status: auctions.status,
          currentSaleAt: auctions.currentSaleAt,
          timeZone: auctions.timeZone,
          saleTimeKnown: auctions.saleTimeKnown,
          postponedTo: auctions.postponedTo,
        })
        .from(auctions)
        .where(and(ownedRows(auctions, owner), eq(auctions.propertyId, id)))
        .orderBy(asc(auctions.currentSaleAt)),
      db
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.userId, userId),
            inArray(
              contacts.id,
              db
                .select({ id: properties.ownerContactId })
                .from(properties)
                .where(ownedBy(properties, userId, id)),
            ),
          ),
        ),
    ]);
  if (!row) throw notFound("Property");
  const ownerContact = ownerRows[0] ? toContact(ownerRows[0]) : null;
  return {
    ...toListedProperty(row),
    owner: ownerContact,
    analyses,
    projects: projectRows.map(toProject),
    // The owner first, then the people on its projects.
    contacts: [
      ...(ownerContact ? [ownerContact] : []),
      ...contactRows.filter((contact) => contact.id !== ownerContact?.id).map(toContact),
    ],
    research: researchRows.map(toResearch),
    auctions: auctionRows,
  };
}

/** The notice of a property's assignment, for whom it is assigned to now. */
const propertyAssignment = (
  row: Pick<PropertyRow, "id" | "address" | "assigneeId" | "updatedAt">,
  before: string | null,
): Assignment => ({
  what: "property",
  name: row.address,
  link: propertyPath(row.id),
  assigneeId: row.assigneeId,
  before,
  version: row.updatedAt,
  id: row.id,
});

/**
 * Replaces the property's fields (PUT), its assignee only when the input names one (or nobody);
 * 409 when another property has its address or APN, 412 when it is not at one of `ifVersion`
 * (when given).
 */
export async function updateProperty(
  db: Database,
  owner: Owner,
  id: string,
  input: PropertyInput,
  ifVersion?: IfVersion,
) {
  const userId = ownerId(owner);
  const key = propertyDedupeKey(input);
  const [clashes, before] = await Promise.all([
    db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.userId, userId), eq(properties.dedupeKey, key))),
    // Whom it was assigned to, when the change may assign it to someone new.
    input.assigneeId
      ? db
          .select({ assigneeId: properties.assigneeId })
          .from(properties)
          .where(ownedBy(properties, owner, id))
      : [],
    assertOwnedReference(db, contacts, userId, input.ownerContactId, "ownerContactId", "contact"),
    assertMember(db, owner, input.assigneeId),
  ]);
  const clash = clashes[0];
  if (clash && clash.id !== id) {
    throw new AppError(
      409,
      "DUPLICATE_PROPERTY",
      "Another property already has this address or external id",
    );
  }
  const [row] = await db
    .update(properties)
    .set({ ...input, dedupeKey: key, updatedAt: nextVersion(properties.updatedAt) })
    .where(ownedAt(properties, owner, id, ifVersion))
    .returning();
  if (!row) {
    throw await missedChange(db, properties, owner, id, "Property", {
      ifVersion,
      show: toProperty,
    });
  }
  // Without a read (no one named), it kept whom it had.
  const previous = before[0] ? before[0].assigneeId : row.assigneeId;
  await tellAssignees(db, null, owner, [propertyAssignment(row, previous)]);
  return toProperty(row);
}

export const deleteProperty = async (
  db: Database,
  owner: Owner,
  id: string,
  ifVersion?: IfVersion,
) =>
  toProperty(
    await deleteOwned(db, properties, owner, id, "Property", { ifVersion, show: toProperty }),
  );

/** The ids of the user's properties with these dedupe keys, by key (one batch of lookups). */
export async function propertyIdsByKey(db: Database, userId: string, keys: string[]) {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map<string, string>();
  const found = await db.batch(
    chunk(unique, D1_MAX_PARAMS - 1).map((part) =>
      db
        .select({ id: properties.id, key: properties.dedupeKey })
        .from(properties)
        .where(and(eq(properties.userId, userId), inArray(properties.dedupeKey, part))),
    ) as [never, ...never[]],
  );
  return new Map((found as { id: string; key: string }[][]).flat().map((r) => [r.key, r.id]));
}

/**
 * How these rows would be written: which are new and which the user already has (matched on
 * the dedupe key), and the statements — for the caller to run in one D1 batch (all or nothing),
 * or not at all for a preview. The last row wins when one payload names the same property twice.
 * A row's assignee must be a member (else 400, nothing written); a property already here keeps
 * its own unless the row names one.
 */
export async function planPropertyWrites(
  db: Database,
  owner: Owner,
  given: { input: PropertyInput; key: string }[],
  existingRows: ExistingRows,
) {
  const userId = ownerId(owner);
  const rows = given.map((row) => ({
    ...row,
    input: { ...row.input, assigneeId: newAssignee(owner, row.input.assigneeId) },
  }));
  const unique = [...new Map(rows.map((row) => [row.key, row])).values()];
  const assignees = unique.map((row) => row.input.assigneeId);
  const [, members, idByKey] = await Promise.all([
    assertOwnedReferences(
      db,
      contacts,
      userId,
      unique.map((row) => row.input.ownerContactId),
      "ownerContactId",
      "contact",
    ),
    membersAmong(db, userId, assignees),
    propertyIdsByKey(
      db,
      userId,
      unique.map((row) => row.key),
    ),
  ]);
  if (assignees.some((id) => id && !members.has(id)))
    throw invalidFields([{ field: "assigneeId", message: NOT_A_MEMBER }]);
  const fresh = unique.filter((row) => !idByKey.has(row.key));
  const toWrite = existingRows === "update" ? unique : fresh;

  const now = nowIso();
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const updatable = Object.entries(getTableColumns(properties)).filter(
    ([name]) =>
      !["id", "userId", "createdAt", "dedupeKey", "assigneeId", ...LIST_FIGURES].includes(name),
  );
  const statements = chunk(toWrite, rowsPerStatement(properties)).map((part) =>
    db
      .insert(properties)
      .values(
        part.map(({ input, key }) => ({
          ...input,
          userId,
          dedupeKey: key,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [properties.userId, properties.dedupeKey],
        set: {
          ...Object.fromEntries(updatable.map(([name, column]) => [name, excluded(column.name)])),
          assigneeId: sql`coalesce(${excluded(properties.assigneeId.name)}, ${properties.assigneeId})`,
        },
      })
      .returning({
        id: properties.id,
        key: properties.dedupeKey,
        address: properties.address,
        assigneeId: properties.assigneeId,
        updatedAt: properties.updatedAt,
      }),
  );
  const existing = unique.length - fresh.length;
  return {
    created: fresh.length,
    updated: existingRows === "update" ? existing : 0,
    skipped: existingRows === "skip" ? existing : 0,
    statements,
    /** Each row's key, in the order sent, and the ids of those the user already had. */
    keys: rows.map((row) => row.key),
    idByKey,
    owner,
    /** Whom the properties already here that a row assigns were assigned to. */
    assigneesBefore: await assigneesOf(
      db,
      toWrite.flatMap((row) => (row.input.assigneeId ? (idByKey.get(row.key) ?? []) : [])),
    ),
  };
}

/** Whom these properties are assigned to, by id. */
async function assigneesOf(db: Database, ids: string[]) {
  const rows = ids.length
    ? await db
        .select({ id: properties.id, assigneeId: properties.assigneeId })
        .from(properties)
        .where(inJsonList(properties.id, ids))
    : [];
  return new Map(rows.map((row) => [row.id, row.assigneeId]));
}

/**
 * Runs a write plan in one batch and answers the id of each row, in the order sent: the
 * property it created or updated, or the one it matched and left as it was. The members it
 * assigned properties to are told.
 */
export async function writeProperties(
  db: Database,
  plan: Awaited<ReturnType<typeof planPropertyWrites>>,
) {
  const results = (await runBatch(db, plan.statements)) as (Pick<
    PropertyRow,
    "id" | "address" | "assigneeId" | "updatedAt"
  > & { key: string })[][];
  const rows = results.flat();
  await tellAssignees(
    db,
    null,
    plan.owner,
    rows.map((row) => propertyAssignment(row, plan.assigneesBefore.get(row.id) ?? null)),
    { what: "properties", link: modulePath("possible-investments", { assignee: "me" }) },
  );
  const written = new Map(rows.map((row) => [row.key, row.id]));
  return plan.keys.map((key) => written.get(key) ?? plan.idByKey.get(key)!);
}
