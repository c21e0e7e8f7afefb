/**
 * Auctions the investor watches: CRUD with a status history, filters and paging, the
 * import, their dates as calendar events, and those dates written to the Google calendar the user
 * chose for auctions. The one data access for the API and the agent.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  auctionDepositDue,
  currentSaleAt,
  DEPOSIT_STATUSES,
  type AuctionInput,
  type AuctionStatus,
  type SaleType,
} from "../../app/domain/auctions/auction";
import {
  auctionEvents,
  DEPOSIT_MINUTES,
  SALE_MINUTES,
  type AuctionEventRole,
} from "../../app/domain/auctions/calendar";
import { checkAuctionRows } from "../../app/domain/auctions/import";
import type { CalendarEvent, EventWindow } from "../../app/domain/calendar/events";
import { NOT_A_MEMBER } from "../../app/domain/assignees";
import { auctionPath, modulePath } from "../../app/domain/modules";
import type { FieldProblem } from "../../app/domain/problems";
import type { RowFailure } from "../../app/domain/validation";
import { contactName } from "../../app/domain/workspace";
import { AppError, invalidFields } from "../errors";
import type { Database } from "../db/client";
import {
  assertVersion,
  assignedTo,
  chunk,
  D1_MAX_PARAMS,
  deleteOwned,
  EXPORT_CHUNK_ROWS,
  findOwned,
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
  publicRow,
  rowsPerStatement,
  runBatch,
  selectAll,
  type IfVersion,
  type KeysetOrder,
  type Owner,
  type OwnedTable,
  type PageRequest,
} from "../db/queries";
import {
  AUCTION_SORT_COLUMNS,
  auctionHistory,
  auctions,
  contacts,
  deals,
  entries,
  googleConnections,
  projects,
  properties,
  type AuctionRow,
} from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";
import {
  ASSIGNEE_NAMES,
  assigneeJoin,
  assigneeNames,
  assigneePeople,
  assertMember,
  membersAmong,
  tellAssignees,
  toAssignee,
  type Assignment,
} from "./assignees";
import { actingOf, googleApis, googleStatus, withGoogle, type GoogleScope } from "./google";
import { toProperty } from "../db/records";

export const AUCTION_SORTS = Object.fromEntries(
  AUCTION_SORT_COLUMNS.map((name) => [name, auctions[name]]),
) as { [K in (typeof AUCTION_SORT_COLUMNS)[number]]: (typeof auctions)[K] };
export type AuctionSort = keyof typeof AUCTION_SORTS;

export interface AuctionFilters {
  q?: string;
  saleType?: SaleType;
  status?: AuctionStatus;
  state?: string;
  county?: string;
  /** Sales now set for this instant or later … */
  from?: string;
  /** … and before this one. */
  to?: string;
  /** Deposits still owed (upcoming, postponed or won) falling due from this instant … */
  depositFrom?: string;
  /** … and before this one. */
  depositTo?: string;
  /** Only the auctions assigned to this member; null: to nobody. */
  assignee?: string | null;
}

/** An auction as the API answers it: without the owner and Google bookkeeping, with its deposit. */
export function toAuction(row: AuctionRow) {
  const auction = publicRow(
    row,
    "googleCalendarId",
    "googleSaleEventId",
    "googleDepositEventId",
    "googleSynced",
  );
  return { ...auction, depositDue: auctionDepositDue(row) };
}
export type Auction = ReturnType<typeof toAuction>;

const utc = (iso: string | null) => (iso === null ? null : new Date(iso).toISOString());

/** The row's columns for a validated input: instants in UTC, the time the sale is now set for. */
export function auctionColumns(input: AuctionInput) {
  const saleAt = utc(input.saleAt)!;
  const postponedTo = utc(input.postponedTo);
  return {
    ...input,
    saleAt,
    postponedTo,
    depositDueAt: utc(input.depositDueAt),
    currentSaleAt: currentSaleAt({ saleAt, postponedTo }),
  };
}

/** Equal ignoring case and spaces around: "Allegheny" finds "allegheny ". */
const sameText = (column: SQLiteColumn, value: string) =>
  sql`lower(trim(${column})) = lower(${value.trim()})`;

export function auctionsWhere(userId: string, filters: AuctionFilters) {
  const where: SQL[] = [ownedMatching(SEARCH_INDEXES.auctions, userId, filters.q)];
  if (filters.saleType) where.push(eq(auctions.saleType, filters.saleType));
  if (filters.status) where.push(eq(auctions.status, filters.status));
  if (filters.state) where.push(sameText(auctions.state, filters.state));
  if (filters.county) where.push(sameText(auctions.county, filters.county));
  if (filters.from) where.push(gte(auctions.currentSaleAt, utc(filters.from)!));
  if (filters.to) where.push(lt(auctions.currentSaleAt, utc(filters.to)!));
  if (filters.depositFrom || filters.depositTo) {
    where.push(inArray(auctions.status, [...DEPOSIT_STATUSES]));
    if (filters.depositFrom) where.push(gte(auctions.depositDueAt, utc(filters.depositFrom)!));
    if (filters.depositTo) where.push(lt(auctions.depositDueAt, utc(filters.depositTo)!));
  }
  return and(...where, assignedTo(auctions.assigneeId, filters.assignee));
}

export interface AuctionOrder {
  sort: AuctionSort;
  dir: "asc" | "desc";
}

/** The list's order, its sort's index's: empty values last either way, then by id. */
const auctionsOrder = (order: AuctionOrder): KeysetOrder => ({
  columns: [AUCTION_SORTS[order.sort]],
  dir: order.dir,
  id: auctions.id,
});

/** An auction as a list shows it: its fields and its assignee's initials and name. */
const listedAuctions = (db: Database) =>
  db
    .select({ auction: getTableColumns(auctions), assignee: ASSIGNEE_NAMES })
    .from(auctions)
    .leftJoin(assigneePeople, assigneeJoin(auctions.assigneeId));

/** A page of the owner's auctions, with the total: one round trip. */
export async function listAuctions(
  db: Database,
  owner: Owner,
  filters: AuctionFilters,
  order: AuctionOrder,
  { page, limit }: PageRequest,
) {
  const where = auctionsWhere(ownerId(owner), narrowed(owner, filters));
  const [rows, [total]] = await db.batch([
    listedAuctions(db)
      .where(where)
      .orderBy(...keysetOrderBy(auctionsOrder(order)))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(auctions).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...toAuction(row.auction),
      assignee: toAssignee(row.auction.assigneeId, row.assignee),
    })),
    meta: { page, limit, total: total!.value },
  };
}

/** Every auction the list would show, in its order, a chunk at a time (the CSV export). */
export async function* allAuctions(
  db: Database,
  owner: Owner,
  filters: AuctionFilters,
  order: AuctionOrder,
  size = EXPORT_CHUNK_ROWS,
) {
  const where = auctionsWhere(ownerId(owner), narrowed(owner, filters));
  const chunks = selectAll(db, auctions, where, auctionsOrder(order), size);
  for await (const rows of chunks) yield rows.map(toAuction);
}

export const findAuction = (db: Database, owner: Owner, id: string) =>
  findOwned(db, auctions, owner, id, "Auction");

const historyOf = (db: Database, userId: string, auctionId: string) =>
  db
    .select({
      status: auctionHistory.status,
      changedAt: auctionHistory.changedAt,
      postponedTo: auctionHistory.postponedTo,
    })
    .from(auctionHistory)
    .where(and(eq(auctionHistory.userId, userId), eq(auctionHistory.auctionId, auctionId)))
    .orderBy(asc(auctionHistory.changedAt), sql`rowid`);

type HistoryRow = { status: AuctionStatus; changedAt: string; postponedTo: string | null };
const toHistoryEntry = ({ status, changedAt, postponedTo }: HistoryRow) => ({
  status,
  changedAt,
  ...(postponedTo ? { postponedTo } : {}),
});

/** Every status the auction has had, oldest first (the first is the one it was created with). */
export async function auctionStatusHistory(db: Database, owner: Owner, id: string) {
  await findAuction(db, owner, id);
  return (await historyOf(db, ownerId(owner), id)).map(toHistoryEntry);
}

const named = (row: { id: string; name: string } | undefined) => row ?? null;

/**
 * One auction with its history, its assignee and what it links to: the property, the analysis
 * behind the bid, the project and its documents, the attorney or trustee and the auctioneer. One
 * round trip.
 */
export async function auctionDetail(db: Database, owner: Owner, id: string) {
  const userId = ownerId(owner);
  const row = await findAuction(db, owner, id);
  const contact = (contactId: string | null) =>
    db
      .select()
      .from(contacts)
      .where(ownedBy(contacts, userId, contactId ?? ""));
  const [history, property, deal, project, documents, attorney, auctioneer, [assignee]] =
    await db.batch([
      historyOf(db, userId, id),
      db
        .select()
        .from(properties)
        .where(ownedBy(properties, userId, row.propertyId ?? "")),
      db
        .select({ id: deals.id, name: deals.name })
        .from(deals)
        .where(ownedBy(deals, userId, row.dealId ?? "")),
      db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(ownedBy(projects, userId, row.projectId ?? "")),
      db
        .select({
          id: entries.id,
          title: entries.title,
          kind: entries.kind,
          updatedAt: entries.updatedAt,
        })
        .from(entries)
        .where(and(eq(entries.userId, userId), eq(entries.projectId, row.projectId ?? "")))
        .orderBy(desc(entries.updatedAt)),
      contact(row.attorneyContactId),
      contact(row.auctioneerContactId),
      assigneeNames(db, row.assigneeId),
    ]);
  const person = (rows: (typeof contacts.$inferSelect)[]) =>
    rows[0] ? { id: rows[0].id, name: contactName(rows[0]) } : null;
  return {
    ...toAuction(row),
    assignee: toAssignee(row.assigneeId, assignee),
    history: history.map(toHistoryEntry),
    links: {
      property: property[0] ? toProperty(property[0]) : null,
      deal: named(deal[0]),
      project: named(project[0]),
      attorney: person(attorney),
      auctioneer: person(auctioneer),
      documents,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Links: every record an auction names must be the user's own.

const REFERENCES: { field: keyof AuctionInput; table: OwnedTable; what: string }[] = [
  { field: "propertyId", table: properties, what: "property" },
  { field: "projectId", table: projects, what: "project" },
  { field: "dealId", table: deals, what: "saved analysis" },
  { field: "attorneyContactId", table: contacts, what: "contact" },
  { field: "auctioneerContactId", table: contacts, what: "contact" },
];

/** Of these ids, the ones the user owns in `table`. */
async function ownedIds(db: Database, table: OwnedTable, userId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set<string>();
  const found = await db.batch(
    chunk(unique, D1_MAX_PARAMS - 1).map((part) =>
      db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.userId, userId), inArray(table.id, part))),
    ) as [never, ...never[]],
  );
  return new Set((found as { id: string }[][]).flat().map((row) => row.id));
}

/** Each input's problems with its links (an id not in the user's workspace), by position. */
async function referenceProblems(db: Database, userId: string, inputs: AuctionInput[]) {
  const problems = inputs.map((): FieldProblem[] => []);
  for (const { field, table, what } of REFERENCES) {
    const ids = inputs.map((input) => input[field] as string | null);
    const owned = await ownedIds(
      db,
      table,
      userId,
      ids.filter((value): value is string => Boolean(value)),
    );
    ids.forEach((value, index) => {
      if (value && !owned.has(value))
        problems[index]!.push({ field, message: `No such ${what} in your workspace` });
    });
  }
  return problems;
}

async function assertReferences(db: Database, userId: string, input: AuctionInput) {
  const [problems] = await referenceProblems(db, userId, [input]);
  if (problems!.length) throw invalidFields(problems!);
}

// ---------------------------------------------------------------------------------------------
// Writes

export const historyRow = (
  userId: string,
  row: Pick<AuctionRow, "id" | "status" | "postponedTo">,
) => ({
  userId,
  auctionId: row.id,
  status: row.status,
  postponedTo: row.status === "postponed" ? row.postponedTo : null,
  changedAt: nowIso(),
});

/** The notice of an auction's assignment, for whom it is assigned to now. */
const auctionAssignment = (
  row: Pick<AuctionRow, "id" | "address" | "assigneeId" | "updatedAt">,
  before: string | null,
): Assignment => ({
  what: "auction",
  name: row.address,
  link: auctionPath(row.id),
  assigneeId: row.assigneeId,
  before,
  version: row.updatedAt,
  id: row.id,
});

export async function createAuction(scope: GoogleScope, input: AuctionInput) {
  const { db, env, workspaceId: userId } = scope;
  const owner = actingOf(scope);
  const assigneeId = newAssignee(owner, input.assigneeId);
  const [calendarId] = await Promise.all([
    chosenCalendar(scope),
    assertReferences(db, userId, input),
    assertMember(db, owner, assigneeId),
  ]);
  const now = nowIso();
  const values = { ...auctionColumns(input), assigneeId, id: crypto.randomUUID(), userId };
  // Without a Google calendar for auctions there is nothing to write.
  const googleSynced = !calendarId;
  const [[row]] = (await runBatch(db, [
    db
      .insert(auctions)
      .values({ ...values, googleSynced, createdAt: now, updatedAt: now })
      .returning(),
    db.insert(auctionHistory).values(historyRow(userId, values)),
  ])) as [AuctionRow[]];
  await tellAssignees(db, env, owner, [auctionAssignment(row!, null)]);
  return { auction: toAuction(row!), calendar: await syncAuction(scope, row!, calendarId) };
}

/**
 * Replaces the auction's fields (PUT), its assignee only when the input names one (or nobody);
 * only at one of `ifVersion` when given (else 412). A change of status, or a postponement to a new
 * date, is added to its history; its dates are written again to the Google calendar for auctions.
 *
 * The history entry is written in the same D1 batch (a transaction) as the change, and only if
 * the row as it is then (not as read before) changes: concurrent changes each leave the entry of
 * the change they made, none of a status the auction already had. The entry's time is the
 * auction's new version, which only grows, so the history reads in the order the changes happened.
 */
export async function updateAuction(
  scope: GoogleScope,
  id: string,
  input: AuctionInput,
  ifVersion?: IfVersion,
) {
  const { db, env, workspaceId: userId } = scope;
  const owner = actingOf(scope);
  const condition = { ifVersion, show: toAuction };
  const [before, calendarId] = await Promise.all([
    findAuction(db, owner, id),
    chosenCalendar(scope),
    assertReferences(db, userId, input),
    assertMember(db, owner, input.assigneeId),
  ]);
  assertVersion(before, "Auction", condition);
  const columns = auctionColumns(input);
  // Synced already when there is no Google calendar and no event of it there to remove.
  const googleSynced = !calendarId && !before.googleSaleEventId && !before.googleDepositEventId;
  const where = ownedAt(auctions, owner, id, ifVersion);
  const version = nextVersion(auctions.updatedAt);
  const entry = historyRow(userId, { id, ...columns });
  const changes = or(
    ne(auctions.status, entry.status),
    entry.status === "postponed"
      ? sql`${auctions.postponedTo} IS NOT ${entry.postponedTo}`
      : undefined,
  );
  const [, [row]] = (await runBatch(db, [
    db.insert(auctionHistory).select(
      db
        .select({
          id: sql`${crypto.randomUUID()}`.as("id"),
          userId: auctions.userId,
          auctionId: auctions.id,
          status: sql`${entry.status}`.as("status"),
          postponedTo: sql`${entry.postponedTo}`.as("postponed_to"),
          changedAt: version.as("changed_at"),
        })
        .from(auctions)
        .where(and(where, changes)),
    ),
    db
      .update(auctions)
      .set({ ...columns, googleSynced, updatedAt: version })
      .where(where)
      .returning(),
  ])) as [unknown, AuctionRow[]];
  if (!row) throw await missedChange(db, auctions, owner, id, "Auction", condition);
  await tellAssignees(db, env, owner, [auctionAssignment(row, before.assigneeId)]);
  return { auction: toAuction(row), calendar: await syncAuction(scope, row, calendarId) };
}

/**
 * Deletes the auction (only at one of `ifVersion` when given, else 412) and its events in the
 * Google calendar for auctions.
 */
export async function deleteAuction(scope: GoogleScope, id: string, ifVersion?: IfVersion) {
  const { db } = scope;
  const owner = actingOf(scope);
  const condition = { ifVersion, show: toAuction };
  const row = await findAuction(db, owner, id);
  assertVersion(row, "Auction", condition);
  const calendar = await removeGoogleEvents(scope, row);
  await deleteOwned(db, auctions, owner, id, "Auction", condition);
  return { auction: toAuction(row), calendar };
}

/** How many auctions wait for their dates to be written to Google, at most this many per call. */
export const SYNC_BATCH = 10;

/**
 * Imports up to 1,000 auctions: every row checked (its links must be the user's own, its assignee
 * a member), the valid ones written in one batch with their first history entry; invalid rows
 * reported by index. The first few have their dates written to Google now, the rest on later syncs.
 */
export async function importAuctions(scope: GoogleScope, rows: unknown[]) {
  const { db, env, workspaceId: userId } = scope;
  const owner = actingOf(scope);
  const checked = checkAuctionRows(rows);
  const inputs = checked.valid.map((row) => ({
    ...row.input,
    assigneeId: newAssignee(owner, row.input.assigneeId),
  }));
  const [linkProblems, members] = await Promise.all([
    referenceProblems(db, userId, inputs),
    membersAmong(
      db,
      userId,
      inputs.map((input) => input.assigneeId),
    ),
  ]);
  inputs.forEach(({ assigneeId }, i) => {
    if (assigneeId && !members.has(assigneeId))
      linkProblems[i]!.push({ field: "assigneeId", message: NOT_A_MEMBER });
  });
  const failed: RowFailure[] = [...checked.failed];
  const valid = checked.valid
    .map((row, i) => ({ ...row, input: inputs[i]! }))
    .filter((row, i) => {
      if (!linkProblems[i]!.length) return true;
      failed.push({ index: row.index, errors: linkProblems[i]! });
      return false;
    });
  failed.sort((a, b) => a.index - b.index);
  if (!valid.length)
    throw new AppError(400, "VALIDATION_FAILED", "No valid auction in the request", failed);

  const now = nowIso();
  // Without a Google calendar for auctions there is nothing to write.
  const googleSynced = !(await chosenCalendar(scope));
  const values = valid.map(({ input }) => ({
    ...auctionColumns(input),
    assigneeId: input.assigneeId ?? null,
    id: crypto.randomUUID(),
    userId,
    googleSynced,
    createdAt: now,
    updatedAt: now,
  }));
  await runBatch(db, [
    ...chunk(values, rowsPerStatement(auctions)).map((part) => db.insert(auctions).values(part)),
    ...chunk(
      values.map((value) => historyRow(userId, value)),
      rowsPerStatement(auctionHistory),
    ).map((part) => db.insert(auctionHistory).values(part)),
  ]);
  await tellAssignees(
    db,
    env,
    owner,
    values.map((value) => auctionAssignment(value, null)),
    { what: "auctions", link: modulePath("auction", { assignee: "me" }) },
  );
  const sync = await syncPending(scope);
  return {
    received: rows.length,
    created: values.length,
    failed,
    ids: values.map((value) => value.id),
    calendarPending: sync.pending,
  };
}

// ---------------------------------------------------------------------------------------------
// Calendar: the merged listing's read-only "Auctions" calendar.

/** The sale times and deposit deadlines in a range, as calendar events (AI42's own). */
export async function auctionCalendarEvents(
  db: Database,
  owner: Owner,
  window: EventWindow,
): Promise<CalendarEvent[]> {
  const minutes = (iso: string, count: number) =>
    new Date(Date.parse(iso) + count * 60_000).toISOString();
  const after = (column: SQLiteColumn, shift: number) =>
    window.after ? gte(column, minutes(window.after, shift)) : undefined;
  // Sales start at their time; deposit deadlines are shown as the half hour that ends at them.
  // One batch: every read is a round trip to D1.
  const [sales, deposits] = await db.batch([
    db
      .select()
      .from(auctions)
      .where(
        and(
          ownedRows(auctions, owner),
          ne(auctions.status, "cancelled"),
          gt(auctions.currentSaleAt, minutes(window.timeMin, -SALE_MINUTES)),
          lt(auctions.currentSaleAt, window.timeMax),
          after(auctions.currentSaleAt, 0),
        ),
      )
      .orderBy(asc(auctions.currentSaleAt), asc(auctions.id))
      .limit(window.take),
    db
      .select()
      .from(auctions)
      .where(
        and(
          ownedRows(auctions, owner),
          inArray(auctions.status, [...DEPOSIT_STATUSES]),
          gt(auctions.depositDueAt, window.timeMin),
          lt(auctions.depositDueAt, minutes(window.timeMax, DEPOSIT_MINUTES)),
          after(auctions.depositDueAt, DEPOSIT_MINUTES),
        ),
      )
      .orderBy(asc(auctions.depositDueAt), asc(auctions.id))
      .limit(window.take),
  ]);
  return [
    ...sales.map((row) => auctionEvents(row).sale!),
    ...deposits.map((row) => auctionEvents(row).deposit!),
  ];
}

// ---------------------------------------------------------------------------------------------
// Google: the calendar the user chose for auctions holds one event per date, kept up to date.

export type CalendarSync = { status: "off" | "synced" | "failed"; message?: string };

/** The Google calendar the user chose for auction dates; null for none. */
export async function chosenCalendar({ db, userId }: Pick<GoogleScope, "db" | "userId">) {
  const [row] = await db
    .select({ calendarId: googleConnections.auctionCalendarId })
    .from(googleConnections)
    .where(eq(googleConnections.userId, userId));
  return row?.calendarId ?? null;
}

const GOOGLE_EVENT_COLUMNS = {
  sale: "googleSaleEventId",
  deposit: "googleDepositEventId",
} as const satisfies Record<AuctionEventRole, keyof AuctionRow>;

/** An auction event as Google Calendar takes it, in the chosen calendar. */
const googleInput = (event: CalendarEvent, calendarId: string) => ({
  summary: event.summary,
  description: event.description,
  location: event.location,
  start: event.start,
  end: event.end,
  kind: event.kind,
  calendarId,
  projectId: event.projectId,
  propertyId: event.propertyId,
  contactId: null,
  auctionId: event.auctionId,
});

const isNotFound = (error: unknown) => error instanceof AppError && error.status === 404;
const httpStatus = (error: unknown) =>
  (error as { response?: { status?: number } }).response?.status;

/**
 * Brings the auction's events in Google in line with it: each date inserted, updated in place
 * (a postponement moves the one event), or deleted when it no longer applies, and removed from a
 * calendar the user no longer chooses. Records the event ids, so a date is never written twice.
 */
async function writeGoogleEvents(scope: GoogleScope, row: AuctionRow, calendarId: string | null) {
  const events = calendarId ? auctionEvents(row) : { sale: null, deposit: null };
  const ids: Record<AuctionEventRole, string | null> = {
    sale: row.googleSaleEventId,
    deposit: row.googleDepositEventId,
  };
  await withGoogle(scope, "calendar", async (auth, root) => {
    const apis = await googleApis();
    for (const role of ["sale", "deposit"] as const) {
      const event = events[role];
      let eventId = ids[role];
      if (eventId && (row.googleCalendarId !== calendarId || !event)) {
        await apis
          .deleteGoogleEvent(auth, root, row.googleCalendarId!, eventId)
          .catch((error: unknown) => {
            // Deleted in Google already: what was wanted.
            if (![404, 410].includes(httpStatus(error) ?? 0)) throw error;
          });
        eventId = null;
      }
      if (event && calendarId) {
        const input = googleInput(event, calendarId);
        const written = eventId
          ? await apis.updateGoogleEvent(auth, root, eventId, input)
          : await apis.insertGoogleEvent(auth, root, input);
        eventId = written.id;
      }
      ids[role] = eventId;
    }
  });
  return ids;
}

/** Writes the auction's dates to the chosen Google calendar, if any; records the outcome. */
async function syncAuction(
  scope: GoogleScope,
  row: AuctionRow,
  calendarId: string | null,
): Promise<CalendarSync> {
  const hasEvents = row.googleSaleEventId || row.googleDepositEventId;
  const { db, workspaceId: userId } = scope;
  if (!calendarId && !hasEvents) {
    if (!row.googleSynced)
      await db
        .update(auctions)
        .set({ googleSynced: true })
        .where(ownedBy(auctions, userId, row.id));
    return { status: "off" };
  }
  const record = (ids: Record<AuctionEventRole, string | null>) =>
    db
      .update(auctions)
      .set({
        googleCalendarId: calendarId,
        [GOOGLE_EVENT_COLUMNS.sale]: ids.sale,
        [GOOGLE_EVENT_COLUMNS.deposit]: ids.deposit,
        googleSynced: true,
      })
      .where(ownedBy(auctions, userId, row.id));
  try {
    await record(await writeGoogleEvents(scope, row, calendarId));
    return { status: calendarId ? "synced" : "off" };
  } catch (error) {
    // Google disconnected: its events are out of reach, and nothing more is to be written.
    if (!calendarId && error instanceof AppError && error.status === 409) {
      await record({ sale: null, deposit: null });
      return { status: "off" };
    }
    const message = isNotFound(error)
      ? "The Google calendar for auctions no longer exists: choose another"
      : (error as Error).message;
    return { status: "failed", message };
  }
}

/** Removes a deleted auction's events from Google (what fails there stays there, said so). */
async function removeGoogleEvents(scope: GoogleScope, row: AuctionRow): Promise<CalendarSync> {
  if (!row.googleSaleEventId && !row.googleDepositEventId) return { status: "off" };
  try {
    await writeGoogleEvents(scope, row, null);
    return { status: "synced" };
  } catch (error) {
    return { status: "failed", message: (error as Error).message };
  }
}

const pendingCount = async (db: Database, userId: string) => {
  const [row] = await db
    .select({ value: count() })
    .from(auctions)
    .where(and(eq(auctions.userId, userId), eq(auctions.googleSynced, false)));
  return row!.value;
};

/**
 * Writes the dates of up to SYNC_BATCH auctions still waiting (imported, or changed while Google
 * failed) to the chosen calendar. Stops at the first failure: Google's message is answered and the
 * rest wait for the next call.
 */
export async function syncPending(scope: GoogleScope) {
  const { db, workspaceId: userId } = scope;
  const [calendarId, rows] = await Promise.all([
    chosenCalendar(scope),
    db
      .select()
      .from(auctions)
      .where(and(eq(auctions.userId, userId), eq(auctions.googleSynced, false)))
      .orderBy(asc(auctions.currentSaleAt))
      .limit(SYNC_BATCH),
  ]);
  let synced = 0;
  let failed = 0;
  let message: string | undefined;
  for (const row of rows) {
    const outcome = await syncAuction(scope, row, calendarId);
    if (outcome.status === "failed") {
      failed += 1;
      message = outcome.message;
      break;
    }
    synced += 1;
  }
  return {
    synced,
    failed,
    pending: await pendingCount(db, userId),
    ...(message ? { message } : {}),
  };
}

export async function auctionCalendarSetting(scope: GoogleScope) {
  return {
    googleCalendarId: await chosenCalendar(scope),
    pending: await pendingCount(scope.db, scope.workspaceId),
  };
}

/**
 * Chooses the Google calendar auction dates are written to (null: none). It must be one of the
 * user's calendars they can write to. Every auction is then due to be written again (moved from
 * the calendar chosen before); the first few are written now.
 */
export async function chooseAuctionCalendar(scope: GoogleScope, googleCalendarId: string | null) {
  const { db, userId, workspaceId } = scope;
  const status = await googleStatus(scope, "calendar");
  if (!status.connected)
    throw new AppError(
      409,
      "GOOGLE_NOT_CONNECTED",
      "Connect your Google account in Connections to write auction dates to Google Calendar",
    );
  if (googleCalendarId) {
    const calendars = await withGoogle(scope, "calendar", async (auth, root) =>
      (await googleApis()).listGoogleCalendars(auth, root),
    );
    const calendar = calendars.find((c) => c.id === googleCalendarId);
    if (!calendar || calendar.readOnly)
      throw invalidFields([
        {
          field: "googleCalendarId",
          message: "Choose one of your Google calendars you can add events to",
        },
      ]);
  }
  await db.batch([
    db
      .update(googleConnections)
      .set({ auctionCalendarId: googleCalendarId, updatedAt: nowIso() })
      .where(eq(googleConnections.userId, userId)),
    // Every auction moves to the new calendar; with none, only those with events in Google change.
    db
      .update(auctions)
      .set({ googleSynced: false })
      .where(
        and(
          eq(auctions.userId, workspaceId),
          googleCalendarId
            ? undefined
            : or(isNotNull(auctions.googleSaleEventId), isNotNull(auctions.googleDepositEventId)),
        ),
      ),
  ]);
  await syncPending(scope);
  return auctionCalendarSetting(scope);
}
