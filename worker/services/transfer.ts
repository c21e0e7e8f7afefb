/**
 * Export Data / Import Data: everything a user made as one JSON document, and that document read
 * back. Import is idempotent: records keep their ids (or, when another account already uses an
 * id, an id derived from it for this account), so importing the same file again finds them
 * "already here" and skips or updates them as the user chooses. Rows are checked one by one (a
 * bad row is reported and left out, numbers may be written as people write them), references
 * between rows are followed, and everything is written in one D1 batch, or nothing is.
 */
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { AI_PROVIDERS } from "../../app/domain/ai/providers";
import { MAX_QUERY_CHARS, ResearchReportSchema } from "../../app/domain/ai/research";
import {
  fieldProblems,
  parseTyped,
  type ImportCounts,
  type RowFailure,
} from "../../app/domain/validation";
import { MAX_TITLE_CHARS } from "../../app/domain/ai/chat";
import { AUCTION_STATUSES, AuctionInputSchema } from "../../app/domain/auctions/auction";
import { EventInputSchema } from "../../app/domain/calendar/events";
import { DealInputSchema } from "../../app/domain/deals/inputs";
import { LeadBotInputSchema } from "../../app/domain/marketing/bots";
import { CampaignInputSchema } from "../../app/domain/marketing/campaigns";
import { FUNNEL_STAGES, LeadFieldsSchema, reachedAfter } from "../../app/domain/marketing/leads";
import { RouteInputSchema, type RouteStop } from "../../app/domain/routing/route";
import {
  ContactInputSchema,
  EntryInputSchema,
  ProjectFileInputSchema,
  ProjectInputSchema,
  PropertyInputSchema,
  propertyDedupeKey,
  type PropertyInput,
} from "../../app/domain/workspace";
import { mergeRecord } from "../../app/domain/imports/merge";
import { currentSaleAt } from "../../app/domain/auctions/auction";
import { ApiError } from "../api/errors";
import type { Database } from "../db/client";
import {
  chunk,
  D1_MAX_PARAMS,
  inJsonList,
  nowIso,
  publicRow,
  rowsPerStatement,
  runBatch,
} from "../db/queries";
import {
  auctionHistory,
  auctions,
  calendarEvents,
  campaigns,
  contacts,
  conversationMessages,
  conversations,
  deals,
  entries,
  leadBots,
  leads,
  MESSAGE_STATUSES,
  projectContacts,
  projectFiles,
  projects,
  properties,
  researchReports,
  routes,
} from "../db/schema";
import { auctionColumns, chosenCalendar } from "./auctions";
import { eventColumns, toEvent } from "./calendar";
import { toContact } from "./contacts";
import { toMessage } from "./conversations";
import { dealColumns } from "./deals";
import { toEntry } from "./entries";
import { toProject } from "./projects";
import { propertyIdsByKey, toProperty, type ExistingRows } from "./properties";
import { toResearch } from "./research";
import { auctionFields, contactFields, propertyFields } from "./imports";
import { estimatedPlan } from "./routes";

export const EXPORT_FORMAT = "ai42-export";
/**
 * 2 added conversations and research (and, later, calendar events, Drive files linked to
 * projects, deal analyses, auctions and routes, which older files simply lack); version 1 documents still
 * import.
 */
export const EXPORT_VERSION = 2;
export const MAX_RECORDS_PER_KIND = 5000;

/** Everything the user made, as one document. */
export async function exportWorkspace(db: Database, userId: string) {
  const [
    projectRows,
    contactRows,
    linkRows,
    entryRows,
    propertyRows,
    conversationRows,
    messageRows,
    researchRows,
    eventRows,
    fileRows,
    dealRows,
    auctionRows,
    historyRows,
    routeRows,
    campaignRows,
    leadRows,
    botRows,
  ] = await db.batch([
    db.select().from(projects).where(eq(projects.userId, userId)),
    db.select().from(contacts).where(eq(contacts.userId, userId)),
    db
      .select({ projectId: projectContacts.projectId, contactId: projectContacts.contactId })
      .from(projectContacts)
      .where(eq(projectContacts.userId, userId)),
    db.select().from(entries).where(eq(entries.userId, userId)),
    db.select().from(properties).where(eq(properties.userId, userId)),
    db.select().from(conversations).where(eq(conversations.userId, userId)),
    db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.userId, userId))
      .orderBy(conversationMessages.conversationId, conversationMessages.position),
    db.select().from(researchReports).where(eq(researchReports.userId, userId)),
    db.select().from(calendarEvents).where(eq(calendarEvents.userId, userId)),
    db.select().from(projectFiles).where(eq(projectFiles.userId, userId)),
    db.select().from(deals).where(eq(deals.userId, userId)),
    db.select().from(auctions).where(eq(auctions.userId, userId)),
    db
      .select()
      .from(auctionHistory)
      .where(eq(auctionHistory.userId, userId))
      .orderBy(auctionHistory.auctionId, auctionHistory.changedAt, sql`rowid`),
    db.select().from(routes).where(eq(routes.userId, userId)),
    db.select().from(campaigns).where(eq(campaigns.userId, userId)),
    db.select().from(leads).where(eq(leads.userId, userId)),
    db.select().from(leadBots).where(eq(leadBots.userId, userId)),
  ]);
  const historyOf = new Map<
    string,
    { status: string; changedAt: string; postponedTo?: string }[]
  >();
  for (const { auctionId, status, changedAt, postponedTo } of historyRows) {
    const list = historyOf.get(auctionId) ?? [];
    list.push({ status, changedAt, ...(postponedTo ? { postponedTo } : {}) });
    historyOf.set(auctionId, list);
  }
  const messagesOf = new Map<string, ReturnType<typeof toMessage>[]>();
  for (const row of messageRows) {
    const list = messagesOf.get(row.conversationId) ?? [];
    list.push(toMessage(row));
    messagesOf.set(row.conversationId, list);
  }
  return {
    format: EXPORT_FORMAT as typeof EXPORT_FORMAT,
    version: EXPORT_VERSION as typeof EXPORT_VERSION,
    exportedAt: nowIso(),
    projects: projectRows.map(toProject),
    contacts: contactRows.map(toContact),
    projectContacts: linkRows,
    entries: entryRows.map(toEntry),
    properties: propertyRows.map(toProperty),
    conversations: conversationRows.map((row) => ({
      ...publicRow(row),
      messages: (messagesOf.get(row.id) ?? []).map(({ id: _id, ...message }) => message),
    })),
    research: researchRows.map(toResearch),
    events: eventRows.map((row) => ({
      ...toEvent(row),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    })),
    projectFiles: fileRows.map((row) => publicRow(row)),
    // What was entered, not what follows from it: the metrics are worked out again on import.
    deals: dealRows.map(
      ({ userId: _u, cashFlowMonthly: _c, capRate: _r, cashOnCash: _o, ...deal }) => deal,
    ),
    // Without the Google bookkeeping, which belongs to this account's Google calendar.
    auctions: auctionRows.map(
      ({
        userId: _u,
        currentSaleAt: _c,
        googleCalendarId: _g,
        googleSaleEventId: _s,
        googleDepositEventId: _d,
        googleSynced: _y,
        imported: _i,
        ...auction
      }) => ({ ...auction, history: historyOf.get(auction.id) ?? [] }),
    ),
    // What was planned, not what follows from it (the figures) nor this account's calendar.
    routes: routeRows.map(
      ({ userId: _u, plan: _p, planSource: _s, calendarId: _c, calendarEventIds: _e, ...route }) =>
        route,
    ),
    campaigns: campaignRows.map((row) => publicRow(row)),
    // A lead's marketing record, named by its contact's id (the contact is in `contacts`).
    leads: leadRows.map(({ userId: _u, contactId, ...lead }) => ({ id: contactId, ...lead })),
    leadBots: botRows.map((row) => publicRow(row)),
  };
}

const rows = z.array(z.unknown()).max(MAX_RECORDS_PER_KIND).default([]);

/** What must hold for the file as a whole; each row is checked on its own afterwards. */
export const ImportDocumentSchema = z.object({
  format: z.literal(EXPORT_FORMAT, {
    error: `Not an AI42 export (format must be "${EXPORT_FORMAT}")`,
  }),
  version: z.union([z.literal(1), z.literal(EXPORT_VERSION)], {
    error: `Unsupported export version (this AI42 reads versions 1 and ${EXPORT_VERSION})`,
  }),
  projects: rows,
  contacts: rows,
  projectContacts: rows,
  entries: rows,
  properties: rows,
  conversations: rows,
  research: rows,
  events: rows,
  projectFiles: rows,
  deals: rows,
  auctions: rows,
  routes: rows,
  campaigns: rows,
  leads: rows,
  leadBots: rows,
});
export type ImportDocument = z.infer<typeof ImportDocumentSchema>;

/** A date and time, stored as ISO 8601 whatever way the file writes it (lists sort on it). */
const timestamp = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { error: "Not a date and time" })
  .transform((value) => new Date(value).toISOString())
  .optional();
/** Every imported record carries its id; its times are kept when given. */
const RecordMetaSchema = z.object({
  id: z.string().trim().min(1).max(64),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const ExportedMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(100_000),
  provider: z.enum(AI_PROVIDERS).nullish(),
  model: z.string().max(200).nullish(),
  status: z.enum(MESSAGE_STATUSES).default("complete"),
  promptTokens: z.number().int().min(0).nullish(),
  completionTokens: z.number().int().min(0).nullish(),
  toolCalls: z
    .array(
      z.object({
        name: z.string(),
        arguments: z.unknown(),
        ok: z.boolean(),
        summary: z.string(),
        wrote: z.boolean(),
      }),
    )
    .nullish(),
  citations: z.array(z.string()).nullish(),
  createdAt: timestamp,
});
const ConversationInputSchema = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_CHARS),
  provider: z.enum(AI_PROVIDERS),
  model: z.string().min(1).max(200),
  promptTokens: z.number().int().min(0).default(0),
  completionTokens: z.number().int().min(0).default(0),
  messages: z.array(ExportedMessageSchema).max(1000).default([]),
});
const ResearchInputSchema = z.object({
  query: z.string().trim().min(1).max(MAX_QUERY_CHARS),
  report: ResearchReportSchema,
  provider: z.enum(AI_PROVIDERS),
  model: z.string().min(1).max(200),
  grounding: z
    .array(z.object({ kind: z.enum(["project", "property"]), id: z.string(), name: z.string() }))
    .default([]),
  savedEntryId: z.string().nullish(),
});
const ProjectFileRowSchema = ProjectFileInputSchema.extend({
  projectId: z.string().min(1).max(64),
});
/** A lead's own fields as exported: its contact's are in the contact row of the same id. */
const LeadRecordSchema = LeadFieldsSchema.pick({
  source: true,
  status: true,
  score: true,
  consentEmail: true,
  consentSms: true,
  consentCall: true,
  followUpOn: true,
  campaignId: true,
  dealValue: true,
  answers: true,
}).extend({
  reached: z.enum(FUNNEL_STAGES).optional(),
  firstContactedAt: timestamp.nullable(),
});
const LinkSchema = z.object({ projectId: z.string().min(1), contactId: z.string().min(1) });
const AuctionHistorySchema = z
  .array(
    z.object({
      status: z.enum(AUCTION_STATUSES),
      changedAt: timestamp.unwrap(),
      postponedTo: z.iso.datetime({ offset: true }).nullish(),
    }),
  )
  .max(1000)
  .default([]);

export type KindResult = ImportCounts;

type Checked<T> = { index: number; id: string; input: T; createdAt?: string; updatedAt?: string };

/**
 * Each row parsed with its input schema and its id; the failures by index. A flat record's
 * numbers may be written as people write them; a nested one's (a deal's inputs) must be numbers.
 */
function checkRows<T extends z.ZodType>(list: unknown[], schema: T) {
  const valid: Checked<z.output<T>>[] = [];
  const failed: RowFailure[] = [];
  list.forEach((row, index) => {
    const record = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const meta = RecordMetaSchema.safeParse(record);
    const input = (
      schema instanceof z.ZodObject ? parseTyped(schema, record) : schema.safeParse(record)
    ) as z.ZodSafeParseResult<z.output<T>>;
    if (meta.success && input.success) {
      valid.push({ index, ...meta.data, input: input.data });
    } else {
      const errors = [
        ...(meta.success ? [] : fieldProblems(meta.error, "row")),
        ...(input.success ? [] : fieldProblems(input.error, "row")),
      ];
      failed.push({ index, errors });
    }
  });
  return { valid, failed };
}

/** The id this account uses for an exported id another account already holds. */
async function derivedId(userId: string, id: string) {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${userId}:${id}`)),
  );
  const hex = Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

interface IdTable extends SQLiteTable {
  id: SQLiteColumn;
  userId: SQLiteColumn;
}

/** Who holds each of these ids in the table (this user or another). */
async function holders(db: Database, table: IdTable, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<string, string>();
  const found = await db.batch(
    chunk(unique, D1_MAX_PARAMS).map((part) =>
      db
        .select({ id: table.id, userId: table.userId })
        .from(table as SQLiteTable)
        .where(inArray(table.id, part)),
    ) as [never, ...never[]],
  );
  return new Map((found as { id: string; userId: string }[][]).flat().map((r) => [r.id, r.userId]));
}

/**
 * Where each exported id lands in this account, and whether the record is already here: the id
 * itself if this user holds it or nobody does; else the id derived for this user.
 */
async function resolveIds(db: Database, table: IdTable, userId: string, ids: string[]) {
  const derived = new Map(
    await Promise.all(ids.map(async (id) => [id, await derivedId(userId, id)] as const)),
  );
  const held = await holders(db, table, [...ids, ...derived.values()]);
  const targets = new Map<string, { id: string; existing: boolean }>();
  for (const id of ids) {
    const other = derived.get(id)!;
    if (held.get(id) === userId) targets.set(id, { id, existing: true });
    else if (held.get(other) === userId) targets.set(id, { id: other, existing: true });
    else targets.set(id, { id: held.has(id) ? other : id, existing: false });
  }
  return targets;
}

/** Multi-row upserts by id, sized to D1's parameter limit, that never touch another user's row. */
function upserts<T extends IdTable>(
  db: Database,
  table: T,
  values: T["$inferInsert"][],
  keep: string[] = ["id", "userId", "createdAt"],
  target: SQLiteColumn = table.id,
) {
  const columns = Object.entries(getTableColumns(table)).filter(([name]) => !keep.includes(name));
  const set = Object.fromEntries(
    columns.map(([name, column]) => [name, sql.raw(`excluded.${column.name}`)]),
  ) as SQLiteUpdateSetSource<T>;
  return chunk(values, rowsPerStatement(table)).map((part) =>
    db
      .insert(table)
      .values(part)
      .onConflictDoUpdate({
        target,
        set,
        setWhere: sql`${table.userId} = excluded.user_id`,
      }),
  );
}

/**
 * The file's rows of a kind that tracks imports (properties, contacts, auctions) merged onto the
 * records this user already has with their ids, comparing the fields the file import compares
 * (`fieldsOf`); `derive` works out again what follows from the merged fields (a property's match
 * key, an auction's time and whether Google has it).
 */
async function mergeOnto<T extends IdTable & { imported: SQLiteColumn }>(
  db: Database,
  table: T,
  values: T["$inferInsert"][],
  options: { userId: string; overwriteEdits: boolean; now: string },
  fieldsOf: (row: T["$inferSelect"]) => Record<string, unknown>,
  derive: (
    next: Record<string, unknown>,
    changed: boolean,
    value: T["$inferInsert"],
  ) => Record<string, unknown> = () => ({}),
): Promise<T["$inferInsert"][]> {
  const ids = values.map((value) => (value as { id: string }).id);
  if (!ids.length) return values;
  const current = (await db
    .select()
    .from(table as SQLiteTable)
    .where(and(eq(table.userId, options.userId), inJsonList(table.id, ids)))) as Record<
    string,
    unknown
  >[];
  const byId = new Map(current.map((row) => [row.id as string, row]));
  return values.map((value) => {
    const row = byId.get((value as { id: string }).id);
    if (!row) return value;
    const merged = mergeRecord(
      fieldsOf(row as T["$inferSelect"]),
      (row.imported as Record<string, unknown> | null) ?? null,
      fieldsOf(value as T["$inferSelect"]),
      options,
    );
    const changed = merged.changes.length > 0;
    const next = {
      ...row,
      ...merged.values,
      imported: merged.imported,
      updatedAt: changed ? options.now : row.updatedAt,
    };
    return { ...next, ...derive(next, changed, value) } as T["$inferInsert"];
  });
}

const fail = (failed: RowFailure[], index: number, field: string, message: string) =>
  failed.push({ index, errors: [{ field, message }] });

/** A reference to a record that is neither in the file nor in the account. */
class RowProblem {
  readonly message: string;
  constructor(
    readonly field: string,
    what: string,
    message = `No such ${what} in the file or your workspace`,
  ) {
    this.message = message;
  }
}

/**
 * What importing the document would do, per kind, and the statements that do it. Nothing is
 * written here: the caller runs the statements (one batch) or, for the preview, does not.
 */
export async function planImport(
  db: Database,
  userId: string,
  doc: ImportDocument,
  existingRows: ExistingRows,
  overwriteEdits = false,
) {
  const now = nowIso();
  const times = (row: { createdAt?: string; updatedAt?: string }) => ({
    createdAt: row.createdAt ?? now,
    updatedAt: row.updatedAt ?? row.createdAt ?? now,
  });
  const result = (failed: RowFailure[]): KindResult => ({
    created: 0,
    updated: 0,
    skipped: 0,
    failed,
  });
  /** Counts a row and says whether to write it. */
  const counted = (kind: KindResult, existing: boolean) => {
    if (!existing) kind.created += 1;
    else if (existingRows === "update") kind.updated += 1;
    else kind.skipped += 1;
    return !existing || existingRows === "update";
  };
  const duplicateIds = <T extends { id: string; index: number }>(
    valid: T[],
    failed: RowFailure[],
  ) => {
    const seen = new Map<string, number>();
    return valid.filter((row) => {
      const first = seen.get(row.id);
      if (first !== undefined) {
        fail(failed, row.index, "id", `The same id as row ${first + 1}`);
        return false;
      }
      seen.set(row.id, row.index);
      return true;
    });
  };

  // Properties: matched on their id, else on their address or APN (the dedupe key).
  const checkedProperties = checkRows(doc.properties, PropertyInputSchema);
  const propertyRows = duplicateIds(checkedProperties.valid, checkedProperties.failed);
  const propertyResult = result(checkedProperties.failed);
  const propertyTargets = await resolveIds(
    db,
    properties,
    userId,
    propertyRows.map((row) => row.id),
  );
  const keys = propertyRows.map((row) => propertyDedupeKey(row.input));
  const idByKey = await propertyIdsByKey(db, userId, keys);
  const keyRow = new Map<string, number>();
  const targetRow = new Map<string, number>();
  const propertyIds = new Map<string, string>();
  const propertyValues: (typeof properties.$inferInsert)[] = [];
  propertyRows.forEach((row, i) => {
    const key = keys[i]!;
    const twin = keyRow.get(key);
    if (twin !== undefined) {
      fail(propertyResult.failed, row.index, "address", `The same property as row ${twin + 1}`);
      return;
    }
    keyRow.set(key, row.index);
    const byId = propertyTargets.get(row.id)!;
    const target = idByKey.get(key) ?? byId.id;
    // Two rows may not land on one property (an id that moved address, and another row at
    // that address): the second would overwrite the first.
    const taken = targetRow.get(target);
    if (taken !== undefined) {
      fail(propertyResult.failed, row.index, "id", `The same property as row ${taken + 1}`);
      return;
    }
    targetRow.set(target, row.index);
    propertyIds.set(row.id, target);
    const existing = idByKey.has(key) || byId.existing;
    if (counted(propertyResult, existing)) {
      propertyValues.push({ ...row.input, ...times(row), id: target, userId, dedupeKey: key });
    }
  });

  /**
   * One kind of record: each row checked, its id resolved, counted as new or already here.
   * `build` gives the values to write, or the problem that leaves the row out.
   */
  async function plan<T extends z.ZodType, V>(
    list: unknown[],
    schema: T,
    table: IdTable,
    build: (row: Checked<z.output<T>>, id: string) => V | RowProblem,
  ) {
    const checked = checkRows(list, schema);
    const rows = duplicateIds(checked.valid, checked.failed);
    const kind = result(checked.failed);
    const targets = await resolveIds(
      db,
      table,
      userId,
      rows.map((row) => row.id),
    );
    const ids = new Map<string, string>();
    const values: V[] = [];
    for (const row of rows) {
      const target = targets.get(row.id)!;
      const built = build(row, target.id);
      if (built instanceof RowProblem) {
        fail(kind.failed, row.index, built.field, built.message);
        continue;
      }
      ids.set(row.id, target.id);
      if (counted(kind, target.existing)) values.push(built);
    }
    return { kind, ids, values };
  }

  // References may point at a row of the file or at a record the account already has.
  const [ownProjects, ownProperties, ownEntries, ownContacts, ownDeals] = await Promise.all([
    holders(db, projects, [
      ...collect(doc.entries, "projectId"),
      ...collect(doc.events, "projectId"),
      ...collect(doc.projectFiles, "projectId"),
      ...collect(doc.deals, "projectId"),
      ...collect(doc.auctions, "projectId"),
    ]),
    holders(db, properties, [
      ...collect(doc.projects, "propertyId"),
      ...collect(doc.events, "propertyId"),
      ...collect(doc.deals, "propertyId"),
      ...collect(doc.auctions, "propertyId"),
    ]),
    holders(db, entries, collect(doc.research, "savedEntryId")),
    holders(db, contacts, [
      ...collect(doc.events, "contactId"),
      ...collect(doc.auctions, "attorneyContactId"),
      ...collect(doc.auctions, "auctioneerContactId"),
    ]),
    holders(db, deals, collect(doc.auctions, "dealId")),
  ]);
  const reference = (
    id: string | null | undefined,
    fromFile: Map<string, string>,
    own: Map<string, string>,
  ) => (id ? (fromFile.get(id) ?? (own.get(id) === userId ? id : undefined)) : null);

  const contactPlan = await plan(doc.contacts, ContactInputSchema, contacts, (row, id) => ({
    ...row.input,
    ...times(row),
    id,
    userId,
  }));

  const projectPlan = await plan(doc.projects, ProjectInputSchema, projects, (row, id) => {
    const propertyId = reference(row.input.propertyId, propertyIds, ownProperties);
    if (propertyId === undefined) return new RowProblem("propertyId", "property");
    return { ...row.input, ...times(row), propertyId, id, userId };
  });

  const entryPlan = await plan(doc.entries, EntryInputSchema, entries, (row, id) => {
    const projectId = reference(row.input.projectId, projectPlan.ids, ownProjects);
    if (projectId === undefined) return new RowProblem("projectId", "project");
    return { ...row.input, ...times(row), projectId, id, userId };
  });

  // Links between projects and contacts of the file.
  const linkResult = result([]);
  const links: { projectId: string; contactId: string }[] = [];
  doc.projectContacts.forEach((raw, index) => {
    const link = LinkSchema.safeParse(raw);
    if (!link.success) {
      linkResult.failed.push({ index, errors: fieldProblems(link.error, "row") });
      return;
    }
    const projectId = projectPlan.ids.get(link.data.projectId);
    const contactId = contactPlan.ids.get(link.data.contactId);
    if (!projectId || !contactId) {
      fail(
        linkResult.failed,
        index,
        projectId ? "contactId" : "projectId",
        "Links a project or contact that is not imported",
      );
      return;
    }
    links.push({ projectId, contactId });
  });
  const knownLinks = await existingLinks(db, userId, links);
  const linkValues = links
    .filter((link) => counted(linkResult, knownLinks.has(`${link.projectId}|${link.contactId}`)))
    .map((link) => ({ ...link, userId, createdAt: now }));

  // Conversations, with their messages.
  const conversationPlan = await plan(
    doc.conversations,
    ConversationInputSchema,
    conversations,
    (row, id) => ({ ...row.input, ...times(row), id, userId }),
  );
  const conversationValues = conversationPlan.values.map(({ messages: _m, ...row }) => row);
  const messageValues = conversationPlan.values.flatMap(({ id, messages, createdAt }) =>
    messages.map((message, position) => ({
      ...message,
      conversationId: id,
      userId,
      position,
      createdAt: message.createdAt ?? createdAt,
    })),
  );

  // Research, pointing at the documents it was saved as and the records it was grounded in.
  const researchPlan = await plan(
    doc.research,
    ResearchInputSchema,
    researchReports,
    (row, id) => ({
      ...row.input,
      grounding: row.input.grounding.map((g) => ({
        ...g,
        id: (g.kind === "project" ? projectPlan.ids : propertyIds).get(g.id) ?? g.id,
      })),
      savedEntryId: reference(row.input.savedEntryId, entryPlan.ids, ownEntries) ?? null,
      createdAt: times(row).createdAt,
      id,
      userId,
    }),
  );

  // AI42 calendar events, pointing at the projects, properties and contacts they are about.
  const eventPlan = await plan(doc.events, EventInputSchema, calendarEvents, (row, id) => {
    const projectId = reference(row.input.projectId, projectPlan.ids, ownProjects);
    if (projectId === undefined) return new RowProblem("projectId", "project");
    const propertyId = reference(row.input.propertyId, propertyIds, ownProperties);
    if (propertyId === undefined) return new RowProblem("propertyId", "property");
    const contactId = reference(row.input.contactId, contactPlan.ids, ownContacts);
    if (contactId === undefined) return new RowProblem("contactId", "contact");
    const columns = eventColumns({ ...row.input, projectId, propertyId, contactId });
    return { ...columns, ...times(row), id, userId };
  });

  // Drive files linked to projects.
  const filePlan = await plan(doc.projectFiles, ProjectFileRowSchema, projectFiles, (row, id) => {
    const projectId = reference(row.input.projectId, projectPlan.ids, ownProjects);
    if (!projectId) return new RowProblem("projectId", "project");
    return { ...row.input, projectId, createdAt: times(row).createdAt, id, userId };
  });

  // Deal analyses, pointing at the property and project they are about; their key figures are
  // worked out from the inputs, whatever the file says.
  const dealPlan = await plan(doc.deals, DealInputSchema, deals, (row, id) => {
    const propertyId = reference(row.input.propertyId, propertyIds, ownProperties);
    if (propertyId === undefined) return new RowProblem("propertyId", "property");
    const projectId = reference(row.input.projectId, projectPlan.ids, ownProjects);
    if (projectId === undefined) return new RowProblem("projectId", "project");
    return { ...dealColumns({ ...row.input, propertyId, projectId }), ...times(row), id, userId };
  });

  // Auctions, pointing at the property, project, analysis and people they concern, with their
  // status history (an auction without one starts it with its status). Their dates are written to
  // the Google calendar for auctions on the next sync, when one is chosen.
  const googleSynced = !(await chosenCalendar({ db, userId }));
  const auctionPlan = await plan(doc.auctions, AuctionInputSchema, auctions, (row, id) => {
    const history = AuctionHistorySchema.safeParse(
      (doc.auctions[row.index] as { history?: unknown }).history,
    );
    if (!history.success)
      return new RowProblem("history", "history", fieldProblems(history.error)[0]!.message);
    const links = {
      propertyId: reference(row.input.propertyId, propertyIds, ownProperties),
      projectId: reference(row.input.projectId, projectPlan.ids, ownProjects),
      dealId: reference(row.input.dealId, dealPlan.ids, ownDeals),
      attorneyContactId: reference(row.input.attorneyContactId, contactPlan.ids, ownContacts),
      auctioneerContactId: reference(row.input.auctioneerContactId, contactPlan.ids, ownContacts),
    };
    for (const [field, value] of Object.entries(links))
      if (value === undefined) return new RowProblem(field, field.replace(/(Contact)?Id$/, ""));
    const columns = auctionColumns({ ...row.input, ...(links as Record<string, string | null>) });
    const statuses = history.data.length
      ? history.data
      : [{ status: columns.status, changedAt: times(row).createdAt, postponedTo: null }];
    return { ...columns, ...times(row), id, userId, googleSynced, history: statuses };
  });
  const auctionValues = auctionPlan.values.map(({ history: _h, ...auction }) => auction);
  const historyValues = auctionPlan.values.flatMap(({ id, history }) =>
    history.map((entry) => ({
      auctionId: id,
      userId,
      status: entry.status,
      changedAt: entry.changedAt,
      postponedTo: entry.postponedTo ? new Date(entry.postponedTo).toISOString() : null,
    })),
  );

  // Saved routes: their stops are carried whole, each pointing at the record it came from as
  // imported (left as it is when the file does not hold it); their figures are the estimate until
  // the route is saved again.
  const sourceIds: Partial<Record<RouteStop["source"], Map<string, string>>> = {
    property: propertyIds,
    contact: contactPlan.ids,
    auction: auctionPlan.ids,
    event: eventPlan.ids,
  };
  const routePlan = await plan(doc.routes, RouteInputSchema, routes, (row, id) => {
    const stops = row.input.stops.map((stop) => ({
      ...stop,
      sourceId: (stop.sourceId && sourceIds[stop.source]?.get(stop.sourceId)) || stop.sourceId,
    }));
    return {
      ...row.input,
      stops,
      ...estimatedPlan(row.input),
      ...times(row),
      id,
      userId,
    };
  });

  // Marketing: campaigns, then leads (a contact's record, pointing at a campaign), and lead bots.
  const campaignPlan = await plan(doc.campaigns, CampaignInputSchema, campaigns, (row, id) => ({
    ...row.input,
    ...times(row),
    id,
    userId,
  }));
  const botPlan = await plan(doc.leadBots, LeadBotInputSchema, leadBots, (row, id) => ({
    ...row.input,
    ...times(row),
    id,
    userId,
  }));
  const leadPlan = await planLeads(db, userId, doc.leads, {
    contacts: contactPlan.ids,
    campaigns: campaignPlan.ids,
    counted,
    result,
    times,
  });

  // Records already here are merged, as a file import merges them: an empty field of the file
  // never blanks one, and a field changed here since the last import keeps its value.
  const merge = { userId, overwriteEdits, now };
  const [mergedProperties, mergedContacts, mergedAuctions] = await Promise.all([
    mergeOnto(db, properties, propertyValues, merge, propertyFields, (row) => ({
      dedupeKey: propertyDedupeKey(row as PropertyInput),
    })),
    mergeOnto(db, contacts, contactPlan.values, merge, contactFields),
    mergeOnto(db, auctions, auctionValues, merge, auctionFields, (row, changed, value) => ({
      currentSaleAt: currentSaleAt(row as { saleAt: string; postponedTo: string | null }),
      // A changed auction's dates go to Google on the next sync, as a new one's do.
      googleSynced: changed ? value.googleSynced : row.googleSynced,
    })),
  ]);

  const historyFromFile = new Set(
    mergedAuctions
      .filter((auction, i) => auction.status === auctionValues[i]!.status)
      .map((auction) => auction.id!),
  );

  const rewrittenConversations = conversationValues.map((c) => c.id);
  const statements = [
    ...upserts(db, properties, mergedProperties),
    ...upserts(db, contacts, mergedContacts),
    ...upserts(db, projects, projectPlan.values),
    ...upserts(db, entries, entryPlan.values),
    ...chunk(linkValues, rowsPerStatement(projectContacts)).map((part) =>
      db.insert(projectContacts).values(part).onConflictDoNothing(),
    ),
    ...upserts(db, conversations, conversationValues),
    // An updated conversation gets the file's messages instead of its own.
    ...chunk(rewrittenConversations, D1_MAX_PARAMS - 1).map((part) =>
      db
        .delete(conversationMessages)
        .where(
          and(
            eq(conversationMessages.userId, userId),
            inArray(conversationMessages.conversationId, part),
          ),
        ),
    ),
    ...chunk(messageValues, rowsPerStatement(conversationMessages)).map((part) =>
      db.insert(conversationMessages).values(part),
    ),
    ...upserts(db, researchReports, researchPlan.values),
    ...upserts(db, calendarEvents, eventPlan.values),
    ...upserts(db, projectFiles, filePlan.values),
    ...upserts(db, deals, dealPlan.values),
    ...upserts(db, auctions, mergedAuctions),
    // An updated auction gets the file's history instead of its own, unless the user's own
    // status was kept over the file's (then its own history goes with it).
    ...chunk([...historyFromFile], D1_MAX_PARAMS - 1).map((part) =>
      db
        .delete(auctionHistory)
        .where(and(eq(auctionHistory.userId, userId), inArray(auctionHistory.auctionId, part))),
    ),
    ...chunk(
      historyValues.filter((entry) => historyFromFile.has(entry.auctionId)),
      rowsPerStatement(auctionHistory),
    ).map((part) => db.insert(auctionHistory).values(part)),
    ...upserts(db, routes, routePlan.values),
    ...upserts(db, campaigns, campaignPlan.values),
    ...upserts(db, leadBots, botPlan.values),
    ...upserts(
      db,
      leads as unknown as IdTable,
      leadPlan.values,
      ["contactId", "userId", "createdAt"],
      leads.contactId,
    ),
  ];
  return {
    summary: {
      properties: propertyResult,
      contacts: contactPlan.kind,
      projects: projectPlan.kind,
      entries: entryPlan.kind,
      links: linkResult,
      conversations: conversationPlan.kind,
      research: researchPlan.kind,
      events: eventPlan.kind,
      projectFiles: filePlan.kind,
      deals: dealPlan.kind,
      auctions: auctionPlan.kind,
      routes: routePlan.kind,
      campaigns: campaignPlan.kind,
      leads: leadPlan.kind,
      leadBots: botPlan.kind,
    },
    statements,
  };
}

/**
 * Leads: each the marketing record of a contact of the file (or of the account), keyed by that
 * contact, pointing at a campaign of the file or of the account.
 */
async function planLeads(
  db: Database,
  userId: string,
  list: unknown[],
  context: {
    contacts: Map<string, string>;
    campaigns: Map<string, string>;
    counted: (kind: KindResult, existing: boolean) => boolean;
    result: (failed: RowFailure[]) => KindResult;
    times: (row: { createdAt?: string; updatedAt?: string }) => {
      createdAt: string;
      updatedAt: string;
    };
  },
) {
  const checked = checkRows(list, LeadRecordSchema);
  const kind = context.result(checked.failed);
  const [ownContacts, ownCampaigns] = await Promise.all([
    holders(db, contacts, collect(list, "id")),
    holders(db, campaigns, collect(list, "campaignId")),
  ]);
  const target = (id: string | null, fromFile: Map<string, string>, own: Map<string, string>) =>
    id ? (fromFile.get(id) ?? (own.get(id) === userId ? id : undefined)) : null;
  const contactIds = checked.valid.map((row) => target(row.id, context.contacts, ownContacts));
  const present = contactIds.filter((id): id is string => Boolean(id));
  const existing = new Set(
    (
      await Promise.all(
        chunk(present, D1_MAX_PARAMS - 1).map((part) =>
          db
            .select({ id: leads.contactId })
            .from(leads)
            .where(and(eq(leads.userId, userId), inArray(leads.contactId, part))),
        ),
      )
    )
      .flat()
      .map((row) => row.id),
  );
  const seen = new Set<string>();
  const values: (typeof leads.$inferInsert)[] = [];
  checked.valid.forEach((row, i) => {
    const contactId = contactIds[i];
    if (!contactId) {
      fail(kind.failed, row.index, "id", "No such contact in the file or your workspace");
      return;
    }
    if (seen.has(contactId)) {
      fail(kind.failed, row.index, "id", "The same contact as an earlier lead");
      return;
    }
    seen.add(contactId);
    const campaignId = target(row.input.campaignId, context.campaigns, ownCampaigns);
    if (campaignId === undefined) {
      fail(kind.failed, row.index, "campaignId", "No such campaign in the file or your workspace");
      return;
    }
    if (!context.counted(kind, existing.has(contactId))) return;
    values.push({
      ...row.input,
      reached: row.input.reached ?? reachedAfter(null, row.input.status),
      firstContactedAt: row.input.firstContactedAt ?? null,
      campaignId,
      ...context.times(row),
      contactId,
      userId,
    });
  });
  return { kind, values };
}

/** The ids a list of raw rows names in one field (for looking up references). */
function collect(list: unknown[], field: string) {
  return list
    .map((row) => (row && typeof row === "object" ? (row as Record<string, unknown>)[field] : null))
    .filter((id): id is string => typeof id === "string" && id.length > 0);
}

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

/** Runs an import plan in one batch; a database refusal leaves everything as it was. */
export async function writeImport(db: Database, statements: unknown[]) {
  try {
    await runBatch(db, statements);
  } catch (error) {
    // A record the file cannot have (a clash the plan did not foresee) is the file's doing;
    // anything else (D1 unavailable) is ours and answers 500.
    if (!String(error).includes("SQLITE_CONSTRAINT")) throw error;
    console.error("Import refused by a constraint", error);
    throw new ApiError(400, "IMPORT_FAILED", "The file could not be imported; nothing was changed");
  }
}
