/**
 * Leads: contacts of type `lead` with their marketing record, for the API, the
 * dashboard and the lead bots. A lead's id is its contact's id; deleting it deletes the contact.
 */
import {
  and,
  count,
  eq,
  gt,
  getTableColumns,
  inArray,
  isNotNull,
  lte,
  notInArray,
  sql,
  type SQL,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  campaignFigures,
  leadFunnel,
  type CampaignLeads,
} from "../../app/domain/marketing/campaigns";
import { checkLeadRows } from "../../app/domain/marketing/lead-import";
import {
  duplicateKeys,
  firstContactAfter,
  reachedAfter,
  speedToLeadMinutes,
  type LeadInput,
  type LeadStatus,
} from "../../app/domain/marketing/leads";
import { NOT_A_MEMBER } from "../../app/domain/assignees";
import { leadPath, modulePath } from "../../app/domain/modules";
import { contactName, withFirstListed } from "../../app/domain/workspace";
import type { RowFailure } from "../../app/domain/validation";
import { AppError, notFound, versionMismatch } from "../errors";
import type { Database } from "../db/client";
import {
  assertOwnedReference,
  assignedTo,
  chunk,
  D1_MAX_PARAMS,
  EXPORT_CHUNK_ROWS,
  inJsonList,
  keysetChunks,
  keysetOrderBy,
  narrowed,
  newAssignee,
  nextVersion,
  nowIso,
  ownedRows,
  ownerId,
  rowsPerStatement,
  runBatch,
  type IfVersion,
  type KeysetOrder,
  type Owner,
  type PageRequest,
} from "../db/queries";
import {
  campaigns,
  contacts,
  leadTallies,
  leads,
  type ContactRow,
  type LeadRow,
} from "../db/schema";
import {
  countedRowids,
  onlySearchWords,
  ownedMatching,
  rowidsMatching,
  SEARCH_INDEXES,
  WALK_FROM_MATCHES,
} from "../db/search";
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
import { CONTACTS_BY_NAME } from "./contacts";

export const LEAD_SORTS = ["newest", "follow_up", "score", "name"] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];

export interface LeadFilters {
  q?: string;
  status?: LeadStatus;
  campaignId?: string;
  /** Only leads whose follow-up date is on or before this day (open leads). */
  followUpBy?: string;
  /** Only leads a letter may go to: none deceased, do-not-mail or a known litigator. */
  mailable?: boolean;
  /** Only the leads assigned to this member; null: to nobody. */
  assignee?: string | null;
  sort?: LeadSort;
}

/**
 * A lead's contact fields. Its times are renamed: D1 names a joined row's columns by name alone,
 * so the contact's `created_at` would collide with the lead's.
 */
const CONTACT_FIELDS = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  phone: contacts.phone,
  company: contacts.company,
  address: contacts.address,
  mailingAddress: contacts.mailingAddress,
  mailingCity: contacts.mailingCity,
  mailingState: contacts.mailingState,
  mailingZip: contacts.mailingZip,
  phones: contacts.phones,
  emails: contacts.emails,
  doNotContact: contacts.doNotContact,
  litigator: contacts.litigator,
  deceased: contacts.deceased,
  doNotMail: contacts.doNotMail,
  notes: contacts.notes,
  tags: contacts.tags,
  createdAt: sql<string>`${contacts.createdAt}`.as("contact_created_at"),
  updatedAt: sql<string>`${contacts.updatedAt}`.as("contact_updated_at"),
};
type LeadContact = Pick<ContactRow, keyof typeof CONTACT_FIELDS>;

/**
 * A lead's own columns as a list reads them: all but what its last import wrote (the merge's
 * bookkeeping, which no list shows and a sort would carry for every match).
 */
const { imported: _imported, ...LEAD_FIELDS } = getTableColumns(leads);

/** A lead as the API shows it: the contact's fields, the lead's, its assignee and its speed to lead. */
export function toLead(
  contact: LeadContact,
  lead: Omit<LeadRow, "imported">,
  assignee: Parameters<typeof toAssignee>[1],
) {
  const { contactId: _contactId, userId: _userId, createdAt: _c, updatedAt, ...own } = lead;
  return {
    ...contact,
    ...own,
    assignee: toAssignee(lead.assigneeId, assignee),
    speedToLeadMinutes: speedToLeadMinutes({
      createdAt: contact.createdAt,
      firstContactedAt: lead.firstContactedAt,
    }),
    updatedAt: updatedAt > contact.updatedAt ? updatedAt : contact.updatedAt,
  };
}
export type Lead = ReturnType<typeof toLead>;

const OPEN: LeadStatus[] = ["dead", "under_contract"];

/**
 * Whether these filters read the lead's contact (its flags), not the lead alone: a search does
 * not, its index holding the contact's words.
 */
const readsContact = (filters: LeadFilters) => Boolean(filters.mailable);

/** The leads the filters select; `walk`: a search with many matches (`WALK_FROM_MATCHES`). */
export function leadsWhere(userId: string, filters: LeadFilters, walk = false) {
  // The search index holds the lead's contact's words too (its name, e-mail, phone…).
  const where: SQL[] = [ownedMatching(SEARCH_INDEXES.leads, userId, filters.q, { walk })];
  if (filters.status) where.push(eq(leads.status, filters.status));
  if (filters.campaignId) where.push(eq(leads.campaignId, filters.campaignId));
  if (filters.followUpBy) {
    where.push(
      isNotNull(leads.followUpOn),
      lte(leads.followUpOn, filters.followUpBy),
      notInArray(leads.status, OPEN),
    );
  }
  if (filters.mailable) {
    where.push(
      eq(contacts.doNotMail, false),
      eq(contacts.deceased, false),
      eq(contacts.litigator, false),
    );
  }
  return and(...where, assignedTo(leads.assigneeId, filters.assignee));
}

/** A lead as the list reads it: its contact's fields, its own and its assignee's names. */
type JoinedLead = {
  contact: LeadContact;
  lead: Omit<LeadRow, "imported">;
  assignee: Parameters<typeof toAssignee>[1];
};

/**
 * Each sort is an index's order, its tie-break by id included, so a page or an export's chunk
 * reads only its rows: `leads_user_created` (newest: the lead's own creation, its contact's too),
 * `leads_user_follow_up` (leads without a date first, where the index holds them),
 * `leads_user_score`, `contacts_user_name` (schema.ts). `keyOf` is a row's place in it.
 */
const ORDER: Record<LeadSort, KeysetOrder & { keyOf: (row: JoinedLead) => unknown[] }> = {
  newest: {
    columns: [leads.createdAt],
    dir: "desc",
    id: leads.contactId,
    keyOf: ({ lead }) => [lead.createdAt, lead.contactId],
  },
  follow_up: {
    columns: [leads.followUpOn],
    dir: "asc",
    nulls: "first",
    id: leads.contactId,
    keyOf: ({ lead }) => [lead.followUpOn, lead.contactId],
  },
  score: {
    columns: [leads.score],
    dir: "desc",
    id: leads.contactId,
    keyOf: ({ lead }) => [lead.score, lead.contactId],
  },
  name: {
    ...CONTACTS_BY_NAME,
    keyOf: ({ contact }) => [contact.lastName, contact.firstName, contact.id],
  },
};

const leadsOrder = (filters: LeadFilters) => ORDER[filters.sort ?? "newest"];

/** The leads a list shows; by name, its contact's user too, where the name order's index starts. */
const listedWhere = (userId: string, filters: LeadFilters, walk = false) =>
  and(
    leadsWhere(userId, filters, walk),
    filters.sort === "name" ? eq(contacts.userId, userId) : undefined,
  );

export const joinedLeads = (db: Database) =>
  db
    .select({ contact: CONTACT_FIELDS, lead: LEAD_FIELDS, assignee: ASSIGNEE_NAMES })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .leftJoin(assigneePeople, assigneeJoin(leads.assigneeId));

/** A lead as read by `joinedLeads`, as the API shows it. */
export const toJoinedLead = (row: JoinedLead) => toLead(row.contact, row.lead, row.assignee);

/**
 * How many of the user's leads the filters select: counted from the lead's indexes alone unless a
 * filter reads the contact; a search alone, in its index.
 */
function countLeads(db: Database, userId: string, filters: LeadFilters) {
  const words = onlySearchWords(filters, ["sort"]);
  const counted = db.select({ value: count() });
  if (words)
    return counted.from(countedRowids([rowidsMatching(SEARCH_INDEXES.leads, userId, words)]));
  return (
    readsContact(filters)
      ? counted.from(leads).innerJoin(contacts, eq(contacts.id, leads.contactId))
      : counted.from(leads)
  ).where(leadsWhere(userId, filters));
}

/**
 * A page of the owner's leads, with the total: one round trip (a search: two, its matches counted
 * first, as how many decides how its page is read).
 */
export async function listLeads(
  db: Database,
  owner: Owner,
  given: LeadFilters,
  { page, limit }: PageRequest,
) {
  const userId = ownerId(owner);
  const filters = narrowed(owner, given);
  const pageOf = (walk: boolean) =>
    joinedLeads(db)
      .where(listedWhere(userId, filters, walk))
      .orderBy(...keysetOrderBy(leadsOrder(filters)))
      .limit(limit)
      .offset((page - 1) * limit);
  const counted = countLeads(db, userId, filters);
  const [rows, [total]] = filters.q?.trim()
    ? [null, await counted]
    : await db.batch([pageOf(false), counted]);
  const listed = rows ?? (await pageOf(total!.value >= WALK_FROM_MATCHES));
  return { items: listed.map(toJoinedLead), meta: { page, limit, total: total!.value } };
}

/**
 * Every lead the list would show, in its order, with its campaign's name, a chunk at a time (the
 * CSV export).
 */
export async function* allLeads(
  db: Database,
  owner: Owner,
  given: LeadFilters,
  size = EXPORT_CHUNK_ROWS,
) {
  const userId = ownerId(owner);
  const filters = narrowed(owner, given);
  const order = leadsOrder(filters);
  const chunks = keysetChunks(
    (after, orderBy, limit) =>
      db
        .select({
          contact: CONTACT_FIELDS,
          lead: LEAD_FIELDS,
          assignee: ASSIGNEE_NAMES,
          campaignName: campaigns.name,
        })
        .from(leads)
        .innerJoin(contacts, eq(contacts.id, leads.contactId))
        .leftJoin(assigneePeople, assigneeJoin(leads.assigneeId))
        .leftJoin(campaigns, and(eq(campaigns.id, leads.campaignId), eq(campaigns.userId, userId)))
        .where(and(listedWhere(userId, filters), after))
        .orderBy(...orderBy)
        .limit(limit),
    order,
    order.keyOf,
    size,
  );
  for await (const rows of chunks) {
    yield rows.map((row) => ({ ...toJoinedLead(row), campaignName: row.campaignName }));
  }
}

export async function getLead(db: Database, owner: Owner, id: string) {
  const [row] = await joinedLeads(db)
    .where(and(eq(leads.contactId, id), ownedRows(leads, owner)))
    .limit(1);
  if (!row) throw notFound("Lead");
  return toJoinedLead(row);
}

/** The user's leads' duplicate keys, each with the lead it belongs to. */
/** Each lead's contact fields it is matched on (its e-mails and phones, name and address). */
export const leadIdentities = (db: Database, userId: string) =>
  db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      company: contacts.company,
      email: contacts.email,
      phone: contacts.phone,
      address: contacts.address,
      phones: contacts.phones,
      emails: contacts.emails,
    })
    .from(leads)
    .innerJoin(contacts, eq(contacts.id, leads.contactId))
    .where(eq(leads.userId, userId));

async function keysInUse(db: Database, userId: string) {
  const rows = await leadIdentities(db, userId);
  const owners = new Map<string, { id: string; name: string }>();
  for (const row of rows) {
    for (const key of duplicateKeys(row)) owners.set(key, { id: row.id, name: contactName(row) });
  }
  return owners;
}

/** 409 naming the lead that already has this e-mail or phone (other than `self`). */
async function refuseDuplicate(db: Database, userId: string, input: LeadInput, self?: string) {
  const owners = await keysInUse(db, userId);
  for (const key of duplicateKeys(input)) {
    const owner = owners.get(key);
    if (owner && owner.id !== self) {
      const field = key.startsWith("email:") ? "email" : "phone";
      throw new AppError(
        409,
        "DUPLICATE_LEAD",
        `${owner.name} is already a lead with this ${field === "email" ? "e-mail" : "phone number"}`,
        [{ field, message: `Already a lead: ${owner.name}`, leadId: owner.id }],
      );
    }
  }
}

async function assertCampaign(db: Database, userId: string, input: { campaignId: string | null }) {
  await assertOwnedReference(db, campaigns, userId, input.campaignId, "campaignId", "campaign");
}

const contactColumns = (input: LeadInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  ...withFirstListed({
    phone: input.phone,
    email: input.email,
    phones: input.phones,
    emails: input.emails,
  }),
  company: input.company,
  address: input.address,
  mailingAddress: input.mailingAddress,
  mailingCity: input.mailingCity,
  mailingState: input.mailingState,
  mailingZip: input.mailingZip,
  doNotContact: input.doNotContact,
  litigator: input.litigator,
  deceased: input.deceased,
  doNotMail: input.doNotMail,
  notes: input.notes,
  tags: input.tags,
});

const leadColumns = (input: LeadInput) => ({
  source: input.source,
  status: input.status,
  score: input.score,
  consentEmail: input.consentEmail,
  consentSms: input.consentSms,
  consentCall: input.consentCall,
  followUpOn: input.followUpOn,
  campaignId: input.campaignId,
  dealValue: input.dealValue,
  // Left out: nobody for a new lead, the one it has for a change (see LeadFieldsSchema).
  assigneeId: input.assigneeId,
  answers: input.answers,
});

/**
 * A new lead's rows: the contact (type lead) and its marketing record. A lead made past *new* is
 * contacted now; an imported one was contacted at some unknown time before, so it has no first
 * contact and no speed to lead (rather than a speed of 0 that would flatter the average).
 */
export function newLeadRows(userId: string, input: LeadInput, now: string, imported = false) {
  const id = crypto.randomUUID();
  const reached = reachedAfter(null, input.status);
  return {
    contact: {
      id,
      userId,
      ...contactColumns(input),
      type: "lead" as const,
      createdAt: now,
      updatedAt: now,
    },
    lead: {
      contactId: id,
      userId,
      ...leadColumns(input),
      reached,
      firstContactedAt: imported ? null : firstContactAfter(null, reached, now),
      createdAt: now,
      updatedAt: now,
    },
  };
}

/** The notice of a lead's assignment, for whom it is assigned to now. */
const leadAssignment = (
  lead: { contactId: string; assigneeId?: string | null; updatedAt: string },
  name: string,
  before: string | null,
): Assignment => ({
  what: "lead",
  name,
  link: leadPath(lead.contactId),
  assigneeId: lead.assigneeId ?? null,
  before,
  version: lead.updatedAt,
  id: lead.contactId,
});

export async function createLead(db: Database, owner: Owner, given: LeadInput) {
  const userId = ownerId(owner);
  const input = { ...given, assigneeId: newAssignee(owner, given.assigneeId) };
  await Promise.all([
    assertCampaign(db, userId, input),
    assertMember(db, owner, input.assigneeId),
    refuseDuplicate(db, userId, input),
  ]);
  const rows = newLeadRows(userId, input, nowIso());
  await runBatch(db, [
    db.insert(contacts).values(rows.contact),
    db.insert(leads).values(rows.lead),
  ]);
  const lead = await getLead(db, userId, rows.contact.id);
  await tellAssignees(db, null, owner, [
    leadAssignment({ ...lead, contactId: lead.id }, contactName(lead), null),
  ]);
  return lead;
}

/**
 * The lead of this contact id is at one of these versions (any without them). A lead's version is
 * the later `updatedAt` of its row and its contact's: its contact also changes through /contacts.
 */
const leadAt = (contactId: SQLiteColumn, ifVersion: IfVersion) =>
  ifVersion &&
  inArray(
    sql`max((SELECT l.updated_at FROM leads l WHERE l.contact_id = ${contactId}), (SELECT c.updated_at FROM contacts c WHERE c.id = ${contactId}))`,
    [...ifVersion],
  );

/** Why a conditional change of a lead reached nothing: 404, or 412 with the lead as it is. */
async function missedLead(db: Database, userId: string, id: string, ifVersion: IfVersion) {
  if (!ifVersion) return notFound("Lead");
  const current = await getLead(db, userId, id);
  return versionMismatch("Lead", current, current.updatedAt);
}

/**
 * Replaces the lead's fields (PUT); the stage reached and the first contact follow its status.
 * Only at one of `ifVersion` when given (else 412): the lead's row is changed on that condition,
 * its contact only if the lead's was (`changes()`, in the same batch).
 */
export async function updateLead(
  db: Database,
  owner: Owner,
  id: string,
  input: LeadInput,
  ifVersion?: IfVersion,
) {
  const userId = ownerId(owner);
  const [current] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.contactId, id), ownedRows(leads, owner)))
    .limit(1);
  if (!current) throw notFound("Lead");
  await Promise.all([
    assertCampaign(db, userId, input),
    assertMember(db, owner, input.assigneeId),
    refuseDuplicate(db, userId, input, id),
  ]);
  const now = nowIso();
  const reached = reachedAfter(current.reached, input.status);
  const [changed] = (await runBatch(db, [
    db
      .update(leads)
      .set({
        ...leadColumns(input),
        reached,
        firstContactedAt: firstContactAfter(current.firstContactedAt, reached, now),
        updatedAt: nextVersion(leads.updatedAt, now),
      })
      .where(
        and(eq(leads.contactId, id), eq(leads.userId, userId), leadAt(leads.contactId, ifVersion)),
      )
      .returning({ id: leads.contactId }),
    db
      .update(contacts)
      .set({ ...contactColumns(input), updatedAt: nextVersion(contacts.updatedAt, now) })
      .where(and(eq(contacts.id, id), eq(contacts.userId, userId), sql`changes() = 1`)),
  ])) as [{ id: string }[]];
  if (!changed.length) throw await missedLead(db, userId, id, ifVersion);
  // Read as the workspace's: a lead its member just assigned to someone else is still answered.
  const lead = await getLead(db, userId, id);
  await tellAssignees(db, null, owner, [
    leadAssignment({ ...lead, contactId: id }, contactName(lead), current.assigneeId),
  ]);
  return lead;
}

/** Deletes the lead and its contact; only at one of `ifVersion` when given (else 412). */
export async function deleteLead(db: Database, owner: Owner, id: string, ifVersion?: IfVersion) {
  const userId = ownerId(owner);
  const lead = await getLead(db, owner, id);
  const [deleted] = await db
    .delete(contacts)
    .where(and(eq(contacts.id, id), eq(contacts.userId, userId), leadAt(contacts.id, ifVersion)))
    .returning({ id: contacts.id });
  if (!deleted) throw await missedLead(db, userId, id, ifVersion);
  return lead;
}

/**
 * Many leads at once, all or nothing: invalid rows are reported by index and left out; a row whose
 * e-mail or phone is already a lead's (or an earlier row's) is skipped as already here.
 */
export async function importLeads(
  db: Database,
  owner: Owner,
  rows: unknown[],
  campaignId: string | null,
) {
  const userId = ownerId(owner);
  await assertCampaign(db, userId, { campaignId });
  const checked = checkLeadRows(rows);
  const failed: RowFailure[] = checked.failed;
  // Without a campaign for the whole import, a row may name its own: one of the user's.
  const named = campaignId ? [] : checked.valid.map((row) => row.input.campaignId);
  const assignees = checked.valid.map((row) => newAssignee(owner, row.input.assigneeId));
  const [own, members, owners] = await Promise.all([
    ownCampaignIds(db, userId, named),
    membersAmong(db, userId, assignees),
    keysInUse(db, userId),
  ]);
  const seen = new Set(owners.keys());
  const now = nowIso();
  const fresh: ReturnType<typeof newLeadRows>[] = [];
  const skipped: { index: number; leadId: string | null }[] = [];
  for (const [i, row] of checked.valid.entries()) {
    const rowCampaign = campaignId ?? row.input.campaignId;
    const assigneeId = assignees[i]!;
    if (rowCampaign && rowCampaign !== campaignId && !own.has(rowCampaign)) {
      failed.push({
        index: row.index,
        errors: [{ field: "campaignId", message: "No such campaign in your workspace" }],
      });
      continue;
    }
    if (assigneeId && !members.has(assigneeId)) {
      failed.push({ index: row.index, errors: [{ field: "assigneeId", message: NOT_A_MEMBER }] });
      continue;
    }
    const taken = row.keys.find((key) => seen.has(key));
    if (taken) {
      skipped.push({ index: row.index, leadId: owners.get(taken)?.id ?? null });
      continue;
    }
    row.keys.forEach((key) => seen.add(key));
    fresh.push(
      newLeadRows(userId, { ...row.input, campaignId: rowCampaign, assigneeId }, now, true),
    );
  }
  failed.sort((a, b) => a.index - b.index);
  if (!fresh.length && !skipped.length) {
    throw new AppError(400, "VALIDATION_FAILED", "No valid lead in the request", failed);
  }
  await runBatch(db, [
    ...chunk(
      fresh.map((r) => r.contact),
      rowsPerStatement(contacts),
    ).map((part) => db.insert(contacts).values(part)),
    ...chunk(
      fresh.map((r) => r.lead),
      rowsPerStatement(leads),
    ).map((part) => db.insert(leads).values(part)),
  ]);
  await tellAssignees(
    db,
    null,
    owner,
    fresh.map(({ contact, lead }) => leadAssignment(lead, contactName(contact), null)),
    { what: "leads", link: modulePath("marketing", { tab: "leads", assignee: "me" }) },
  );
  return {
    received: rows.length,
    created: fresh.length,
    skipped,
    failed,
    ids: fresh.map((r) => r.contact.id),
  };
}

/** Which of these campaign ids are the user's. */
async function ownCampaignIds(db: Database, userId: string, ids: (string | null)[]) {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const found = await Promise.all(
    chunk(unique, D1_MAX_PARAMS - 1).map((part) =>
      db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.userId, userId), inArray(campaigns.id, part))),
    ),
  );
  return new Set(found.flat().map((row) => row.id));
}

/**
 * The user's leads counted by the stage each reached and its status (what the funnel adds up), as
 * the triggers on `leads` keep them: a row per pair, however many leads there are.
 */
const KEPT_TALLY = {
  reached: leadTallies.reached,
  status: leadTallies.status,
  leads: leadTallies.leads,
  speedMs: leadTallies.speedMs,
  contacted: leadTallies.contacted,
};
export const leadTally = (db: Database, userId: string) =>
  db
    .select(KEPT_TALLY)
    .from(leadTallies)
    .where(and(eq(leadTallies.userId, userId), gt(leadTallies.leads, 0)));

/**
 * A contacted lead's speed to lead in whole ms, as SQL (`speedToLeadMinutes` × 60,000: julianday
 * keeps milliseconds exactly once rounded); null for a lead not contacted. The tallies' triggers
 * (migration 0038) sum the same expression.
 */
const speedMs = sql`max(0, round((julianday(${leads.firstContactedAt}) - julianday(${leads.createdAt})) * 86400000))`;

/** One campaign's leads counted as `leadTally` counts the user's: from the campaign's index. */
const campaignTally = (db: Database, userId: string, campaignId: string) =>
  db
    .select({
      reached: leads.reached,
      status: leads.status,
      leads: count(),
      speedMs: sql<number | null>`sum(${speedMs})`,
      contacted: sql<number>`count(${speedMs})`,
    })
    .from(leads)
    .where(and(eq(leads.userId, userId), eq(leads.campaignId, campaignId)))
    .groupBy(leads.reached, leads.status);

/** The funnel and the average speed to lead, overall or for one campaign. */
export async function leadSummary(db: Database, userId: string, campaignId?: string) {
  if (campaignId) {
    await assertOwnedReference(db, campaigns, userId, campaignId, "campaignId", "campaign");
  }
  const tallies = await (campaignId
    ? campaignTally(db, userId, campaignId)
    : leadTally(db, userId));
  const sum = (value: (row: (typeof tallies)[number]) => number | null) =>
    tallies.reduce((total, row) => total + Number(value(row) ?? 0), 0);
  const contacted = sum((row) => row.contacted);
  return {
    leads: sum((row) => row.leads),
    funnel: leadFunnel(tallies),
    averageSpeedToLeadMinutes: contacted ? sum((row) => row.speedMs) / 60_000 / contacted : null,
  };
}

/**
 * Every campaign's figures from the leads naming it, by campaign id: one statement over
 * `leads_user_campaign`. A deal is closed when its lead is under contract with a deal value.
 */
export async function figuresByCampaign(
  db: Database,
  userId: string,
  list: { id: string; spend: number | null }[],
) {
  const closed = sql`CASE WHEN ${leads.status} = 'under_contract' THEN ${leads.dealValue} END`;
  const rows = list.length
    ? await db
        .select({
          campaignId: leads.campaignId,
          leads: count(),
          dealsClosed: sql<number>`count(${closed})`,
          revenue: sql<number | null>`sum(${closed})`,
        })
        .from(leads)
        .where(
          and(
            eq(leads.userId, userId),
            inJsonList(
              leads.campaignId,
              list.map((campaign) => campaign.id),
            ),
          ),
        )
        .groupBy(leads.campaignId)
    : [];
  const byCampaign = new Map<string | null, CampaignLeads>(
    rows.map(({ campaignId, ...counted }) => [campaignId, counted]),
  );
  return new Map(
    list.map((campaign) => [
      campaign.id,
      campaignFigures(
        campaign,
        byCampaign.get(campaign.id) ?? { leads: 0, dealsClosed: 0, revenue: null },
      ),
    ]),
  );
}
