/**
 * File imports, run by run: each chunk of rows is planned against what the user has (matched,
 * merged field by field so nothing they wrote is lost) and written in one D1 batch with what it
 * replaced, so a run can be undone whole and a failure or a closed tab never leaves half a chunk.
 * Re-running the same file changes nothing. Mappings the user corrected are remembered per source.
 */
import { and, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import type { FieldChange } from "../../app/domain/imports/merge";
import { mergeRecord, sameValue } from "../../app/domain/imports/merge";
import { auctionKey, type AuctionRow } from "../../app/domain/imports/auctions";
import { leadKeys, type LeadRow } from "../../app/domain/imports/leads";
import { AuctionInputSchema, type AuctionInput } from "../../app/domain/auctions/auction";
import { ownerKey, type OwnerValues, type PropertyRow } from "../../app/domain/imports/properties";
import { LeadInputSchema, reachedAfter } from "../../app/domain/marketing/leads";
import type { ImportKind } from "../../app/domain/imports/targets";
import type { RowProblem } from "../../app/domain/imports/table";
import {
  ContactInputSchema,
  PropertyInputSchema,
  propertyDedupeKey,
} from "../../app/domain/workspace";
import { AppError, notFound } from "../errors";
import type { Database } from "../db/client";
import { inJsonList, jsonParts, nowIso, runBatch, upsertJsonRows } from "../db/queries";
import { othersTurn } from "../giving-way";
import { auctionColumns, chosenCalendar, historyRow, syncPending } from "./auctions";
import { auctionFields } from "./auctions.kind";
import { contactFields } from "./contacts.kind";
import { propertyFields } from "./properties.kind";
import { undoWrites, type UndoEntry } from "./import-runs";
import { ownFields } from "./record-kind";
import type { GoogleScope } from "./google";
import { leadIdentities, newLeadRows } from "./leads";
import {
  contacts,
  importMappings,
  importRuns,
  auctionHistory,
  auctions,
  leads,
  mailingZip5,
  properties,
  type LeadRow as LeadRecord,
  type ContactRow,
} from "../db/schema";

/** Rows planned and written together: one D1 batch, all or nothing. */
export const IMPORT_CHUNK_ROWS = 1000;
/** Rows of the plan a preview lists (the counts cover every row). */
export const PREVIEW_ROWS = 200;

export type RowAction = "new" | "merge" | "unchanged";

export interface PlannedRow {
  row: number;
  action: RowAction;
  /** How the row is named on screen: the property's address, the lead's name. */
  label: string;
  changes: FieldChange[];
  kept: FieldChange[];
}

export interface ImportCounts {
  rows: number;
  created: number;
  merged: number;
  unchanged: number;
  failed: number;
}

export interface ImportOutcome {
  runId: string | null;
  counts: ImportCounts;
  problems: RowProblem[];
  /** The first rows' plans (PREVIEW_ROWS), with what each changes and keeps. */
  rows: PlannedRow[];
}

export interface ImportOptions {
  overwriteEdits: boolean;
  dryRun: boolean;
  /** The run a later chunk of the same file belongs to (from the first chunk's answer). */
  runId?: string;
  fileName?: string;
  source?: string;
}

/**
 * The user's contacts an owner with one of these keys may be, each with its key: those an import
 * keyed with one of them, and those not keyed yet (made or changed outside an import since) mailed
 * to one of these five-digit ZIPs; both through one index, so the read is bounded by the file's
 * owners, not by how many contacts share their ZIPs. The earliest made come first.
 */
export async function ownerCandidates(
  db: Database,
  userId: string,
  keys: string[],
  zips: string[],
) {
  const [keyed, unkeyed] = await db.batch([
    db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inJsonList(contacts.ownerKey, keys))),
    db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.userId, userId),
          isNull(contacts.ownerKey),
          inJsonList(mailingZip5(contacts.mailingZip), zips),
        ),
      ),
  ]);
  return [...keyed, ...unkeyed]
    .map((contact) => ({ contact, key: ownerKey(contact) }))
    .sort(
      (a, b) =>
        a.contact.createdAt.localeCompare(b.contact.createdAt) ||
        a.contact.id.localeCompare(b.contact.id),
    );
}

/**
 * Keys these contacts as owners ("" for none), each only if it is still as it was read (its
 * version) and not keyed since: the next import finds them through the index.
 */
function keyContacts(
  db: Database,
  userId: string,
  read: { contact: ContactRow; key: string | null }[],
) {
  const rows = read
    .filter(({ contact }) => contact.ownerKey === null)
    .map(({ contact, key }) => ({ i: contact.id, u: contact.updatedAt, k: key ?? "" }));
  return jsonParts(rows).map((json) =>
    db
      .update(contacts)
      .set({ ownerKey: sql`read.k` })
      .from(
        sql`(SELECT json_extract(value, '$.i') AS i, json_extract(value, '$.u') AS u, json_extract(value, '$.k') AS k FROM json_each(${json})) AS read`,
      )
      // Each contact sought by its id from the list (the unary + keeps SQLite from walking the
      // user's unkeyed contacts by index instead, reading the list again for each).
      .where(
        and(
          sql`${contacts.id} = read.i`,
          sql`+${contacts.userId} = ${userId}`,
          sql`${contacts.updatedAt} = read.u`,
          sql`+${contacts.ownerKey} IS NULL`,
        ),
      ),
  );
}

/** Plans one chunk of property rows: which are new, merged or unchanged, and the writes. */
async function planPropertyChunk(
  db: Database,
  userId: string,
  rows: PropertyRow[],
  options: ImportOptions,
  seenKeys: Map<string, number>,
) {
  const problems: RowProblem[] = [];
  const unique: PropertyRow[] = [];
  for (const row of rows) {
    const first = seenKeys.get(row.key);
    if (first !== undefined) {
      problems.push({
        row: row.row,
        message: `Row ${row.row}: the same property as row ${first}; the row was not imported`,
      });
      continue;
    }
    seenKeys.set(row.key, row.row);
    unique.push(row);
  }
  const existingRows = unique.length
    ? await db
        .select()
        .from(properties)
        .where(
          and(
            eq(properties.userId, userId),
            inJsonList(
              properties.dedupeKey,
              unique.map((row) => row.key),
            ),
          ),
        )
    : [];
  const byKey = new Map(existingRows.map((row) => [row.dedupeKey, row]));
  const ownerIds = existingRows.flatMap((row) => (row.ownerContactId ? [row.ownerContactId] : []));
  const owners = ownerIds.length
    ? await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.userId, userId), inJsonList(contacts.id, ownerIds)))
    : [];
  const ownerById = new Map(owners.map((row) => [row.id, row]));
  // Owners the user already has (a contact of the same name and mailing address), found by the
  // keys of the chunk's owners.
  const keys = new Set<string>();
  const zips = new Set<string>();
  for (const row of unique) {
    const key = row.owner && ownerKey(row.owner);
    if (!key) continue;
    keys.add(key);
    zips.add(row.owner!.mailingZip!.trim().slice(0, 5));
  }
  const candidates = keys.size ? await ownerCandidates(db, userId, [...keys], [...zips]) : [];
  const ownerByKey = new Map<string, ContactRow>();
  for (const { contact, key } of candidates) {
    if (key && !ownerByKey.has(key)) ownerByKey.set(key, contact);
  }
  /** The contact each owner of this chunk became, by owner key. */
  const chunkOwners = new Map<string, string>();

  const now = nowIso();
  const propertyWrites: (typeof properties.$inferInsert)[] = [];
  const contactWrites: (typeof contacts.$inferInsert)[] = [];
  const undo: UndoEntry[] = [];
  const planned: PlannedRow[] = [];
  const counts = { created: 0, merged: 0, unchanged: 0 };

  for (const row of unique) {
    const current = byKey.get(row.key) ?? null;
    const propertyId = current?.id ?? crypto.randomUUID();
    // The owner: merged into the contact the property already names, else into the contact of
    // the same name and mailing address (the user's, or one this chunk made), else a new contact.
    let ownerId = current?.ownerContactId ?? null;
    const key = row.owner && !ownerId ? ownerKey(row.owner) : null;
    const sameOwner = key ? chunkOwners.get(key) : undefined;
    if (sameOwner) ownerId = sameOwner;
    const ownerCurrent = ownerId
      ? (ownerById.get(ownerId) ?? null)
      : key
        ? (ownerByKey.get(key) ?? null)
        : null;
    const ownerPlan =
      row.owner && !sameOwner ? planOwner(row.owner, ownerCurrent, options, now, userId) : null;
    if (ownerPlan) {
      ownerId = ownerPlan.write?.id ?? ownerCurrent?.id ?? ownerId;
      if (key && ownerId) chunkOwners.set(key, ownerId);
      if (ownerPlan.write) {
        contactWrites.push(ownerPlan.write);
        undo.push({
          tableName: "contacts",
          recordId: ownerPlan.write.id!,
          before: ownerPlan.before,
        });
      }
    }
    const incoming = { ...row.property, ...(ownerId ? { ownerContactId: ownerId } : {}) };
    const merged = mergeRecord(
      current ? propertyFields(current) : null,
      current?.imported ?? null,
      incoming,
      options,
    );
    const ownerChanges =
      ownerPlan?.merged.changes.map((c) => ({ ...c, field: `owner.${c.field}` })) ?? [];
    const ownerKept =
      ownerPlan?.merged.kept.map((c) => ({ ...c, field: `owner.${c.field}` })) ?? [];
    const changes = [
      ...merged.changes.filter((c) => c.field !== "ownerContactId"),
      ...ownerChanges,
    ];
    const kept = [...merged.kept, ...ownerKept];
    let action: RowAction;
    if (!current) {
      action = "new";
      const input = PropertyInputSchema.parse(incoming);
      propertyWrites.push({
        ...input,
        id: propertyId,
        userId,
        dedupeKey: row.key,
        imported: merged.imported,
        createdAt: now,
        updatedAt: now,
      });
      undo.push({ tableName: "properties", recordId: propertyId, before: null });
    } else {
      action = changes.length ? "merge" : "unchanged";
      const next = { ...current, ...merged.values, imported: merged.imported };
      if (changes.length || !sameValue(current.imported, merged.imported)) {
        propertyWrites.push({
          ...next,
          dedupeKey: propertyDedupeKey(next),
          updatedAt: changes.length ? now : current.updatedAt,
        });
        undo.push({ tableName: "properties", recordId: current.id, before: current });
      }
    }
    tally({ counts, planned }, { row: row.row, label: row.property.address }, action, {
      changes,
      kept,
    });
  }
  return {
    problems,
    propertyWrites,
    contactWrites,
    keying: keyContacts(db, userId, candidates),
    undo,
    planned,
    counts,
  };
}

/** The owner's contact merged (or made), and the write it needs, if any. */
function planOwner(
  owner: OwnerValues,
  current: ContactRow | null,
  options: ImportOptions,
  now: string,
  userId: string,
) {
  const merged = mergeRecord(
    current ? contactFields(current) : null,
    current?.imported ?? null,
    owner,
    options,
  );
  if (!current) {
    const input = ContactInputSchema.parse(owner);
    return {
      merged,
      before: null,
      write: {
        ...input,
        id: crypto.randomUUID(),
        userId,
        imported: merged.imported,
        ownerKey: ownerKey(input) ?? "",
        createdAt: now,
        updatedAt: now,
      } satisfies typeof contacts.$inferInsert,
    };
  }
  if (!merged.changes.length && sameValue(current.imported, merged.imported)) {
    return { merged, before: current, write: null };
  }
  return {
    merged,
    before: current,
    write: withOwnerKey({
      ...current,
      ...merged.values,
      imported: merged.imported,
      updatedAt: merged.changes.length ? now : current.updatedAt,
    } as typeof contacts.$inferInsert),
  };
}

/** A contact as an import writes it: keyed as an owner by its name and mailing address. */
const withOwnerKey = <T extends typeof contacts.$inferInsert>(contact: T): T => ({
  ...contact,
  ownerKey: ownerKey(contact) ?? "",
});

/** The user's run with this id (a later chunk of the same file), or a new one. */
async function runFor(db: Database, userId: string, kind: ImportKind, options: ImportOptions) {
  if (options.runId) {
    const [run] = await db
      .select()
      .from(importRuns)
      .where(and(eq(importRuns.id, options.runId), eq(importRuns.userId, userId)));
    if (!run) throw notFound("Import run");
    if (run.kind !== kind) {
      throw new AppError(400, "WRONG_RUN", `That run imports ${run.kind}, not ${kind}`);
    }
    if (run.undoneAt)
      throw new AppError(409, "RUN_UNDONE", "That import was undone; start a new one");
    return { id: run.id, isNew: false };
  }
  return { id: crypto.randomUUID(), isNew: true };
}

/** Counts a planned row by what it does and keeps its plan for the preview. */
function tally(
  chunk: { counts: Record<"created" | "merged" | "unchanged", number>; planned: PlannedRow[] },
  row: { row: number; label: string },
  action: RowAction,
  fields: Pick<PlannedRow, "changes" | "kept">,
) {
  chunk.counts[action === "new" ? "created" : action === "merge" ? "merged" : "unchanged"] += 1;
  chunk.planned.push({ row: row.row, action, label: row.label, ...fields });
}

/** What one chunk of rows does: its problems, its plan, its writes and what they replace. */
interface ChunkPlan {
  problems: RowProblem[];
  planned: PlannedRow[];
  counts: { created: number; merged: number; unchanged: number };
  undo: UndoEntry[];
  writes: unknown[];
}

/**
 * Runs an import chunk by chunk (IMPORT_CHUNK_ROWS rows, one batch each, with what it replaces
 * for Undo and the run's counts). With `dryRun` nothing is written and the answer is the
 * preview: every row counted as new, merged (with each field it changes and each edit of yours
 * it keeps) or unchanged, and every problem.
 */
async function runImport<R>(
  db: Database,
  userId: string,
  kind: ImportKind,
  rows: R[],
  readProblems: RowProblem[],
  options: ImportOptions,
  planChunk: (part: R[]) => Promise<ChunkPlan>,
): Promise<ImportOutcome> {
  const run = options.dryRun ? null : await runFor(db, userId, kind, options);
  const counts: ImportCounts = {
    rows: rows.length + readProblems.length,
    created: 0,
    merged: 0,
    unchanged: 0,
    failed: readProblems.length,
  };
  const problems = [...readProblems];
  const preview: PlannedRow[] = [];
  let start = 0;
  do {
    const first = start === 0;
    if (!first) await othersTurn();
    const plan = await planChunk(rows.slice(start, start + IMPORT_CHUNK_ROWS));
    problems.push(...plan.problems);
    counts.failed += plan.problems.length;
    counts.created += plan.counts.created;
    counts.merged += plan.counts.merged;
    counts.unchanged += plan.counts.unchanged;
    for (const row of plan.planned) if (preview.length < PREVIEW_ROWS) preview.push(row);
    if (run) {
      // The file's own problems are counted once, with the first chunk.
      const failed = plan.problems.length + (first ? readProblems.length : 0);
      await runBatch(db, [
        ...(first && run.isNew
          ? [
              db.insert(importRuns).values({
                id: run.id,
                userId,
                kind,
                fileName: options.fileName ?? null,
                source: options.source ?? null,
                createdAt: nowIso(),
                updatedAt: nowIso(),
              }),
            ]
          : []),
        ...plan.writes,
        ...undoWrites(db, run.id, plan.undo),
        db
          .update(importRuns)
          .set({
            created: sql`${importRuns.created} + ${plan.counts.created}`,
            merged: sql`${importRuns.merged} + ${plan.counts.merged}`,
            unchanged: sql`${importRuns.unchanged} + ${plan.counts.unchanged}`,
            failed: sql`${importRuns.failed} + ${failed}`,
            updatedAt: nowIso(),
          })
          .where(and(eq(importRuns.id, run.id), eq(importRuns.userId, userId))),
      ]);
    }
    start += IMPORT_CHUNK_ROWS;
  } while (start < rows.length);
  problems.sort((a, b) => a.row - b.row);
  return { runId: run?.id ?? null, counts, problems, rows: preview };
}

/** Imports property rows (read from a file by app/domain/imports), each with its owner. */
export function importPropertyRows(
  db: Database,
  userId: string,
  rows: PropertyRow[],
  readProblems: RowProblem[],
  options: ImportOptions,
) {
  const seenKeys = new Map<string, number>();
  return runImport(db, userId, "properties", rows, readProblems, options, async (part) => {
    const plan = await planPropertyChunk(db, userId, part, options, seenKeys);
    return {
      ...plan,
      // Owners first: properties point at them.
      writes: [
        ...plan.keying,
        ...upsertJsonRows(db, contacts, plan.contactWrites, [contacts.id]),
        ...upsertJsonRows(db, properties, plan.propertyWrites, [properties.id]),
      ],
    };
  });
}

/**
 * Imports auction rows: a row whose case (else address and sale day) is an auction's already is
 * merged into it (a new status is written to its history); the rest are new auctions. Changed
 * sale times are written to the Google calendar for auctions on the next sync.
 */
export async function importAuctionRows(
  scope: GoogleScope,
  rows: AuctionRow[],
  readProblems: RowProblem[],
  options: ImportOptions,
) {
  const { db, workspaceId: userId } = scope;
  const known = await db
    .select({
      id: auctions.id,
      caseNumber: auctions.caseNumber,
      county: auctions.county,
      state: auctions.state,
      address: auctions.address,
      city: auctions.city,
      zip: auctions.zip,
      saleAt: auctions.saleAt,
    })
    .from(auctions)
    .where(eq(auctions.userId, userId));
  const auctionByKey = new Map(known.map((row) => [auctionKey(row), row.id]));
  // Without a Google calendar for auctions there is nothing to write.
  const googleSynced = !(await chosenCalendar(scope));
  const seenKeys = new Map<string, number>();

  const outcome = await runImport(
    db,
    userId,
    "auctions",
    rows,
    readProblems,
    options,
    async (part) => {
      const problems: RowProblem[] = [];
      const unique = part.filter((row) => {
        const first = seenKeys.get(row.key);
        if (first === undefined) {
          seenKeys.set(row.key, row.row);
          return true;
        }
        problems.push({
          row: row.row,
          message: `Row ${row.row}: the same sale as row ${first} (same case, or address and day); the row was not imported`,
        });
        return false;
      });
      const ids = unique.flatMap((row) => {
        const id = auctionByKey.get(row.key);
        return id ? [id] : [];
      });
      const existing = ids.length
        ? await db
            .select()
            .from(auctions)
            .where(and(eq(auctions.userId, userId), inJsonList(auctions.id, ids)))
        : [];
      const byId = new Map(existing.map((row) => [row.id, row]));
      const now = nowIso();
      const auctionWrites: (typeof auctions.$inferInsert)[] = [];
      const historyWrites: (typeof auctionHistory.$inferInsert)[] = [];
      const undo: UndoEntry[] = [];
      const planned: PlannedRow[] = [];
      const counts = { created: 0, merged: 0, unchanged: 0 };
      for (const row of unique) {
        const id = auctionByKey.get(row.key);
        const current = id ? (byId.get(id) ?? null) : null;
        const merged = mergeRecord(
          current ? auctionFields(current) : null,
          current?.imported ?? null,
          row.auction,
          options,
        );
        let action: RowAction;
        if (!current) {
          action = "new";
          const values = {
            ...auctionColumns(AuctionInputSchema.parse(row.auction)),
            id: crypto.randomUUID(),
            userId,
            googleSynced,
            imported: merged.imported,
            createdAt: now,
            updatedAt: now,
          };
          auctionWrites.push(values);
          historyWrites.push({ ...historyRow(userId, values), id: crypto.randomUUID() });
          undo.push({ tableName: "auctions", recordId: values.id, before: null });
        } else {
          action = merged.changes.length ? "merge" : "unchanged";
          if (merged.changes.length || !sameValue(current.imported, merged.imported)) {
            const fields = { ...auctionFields(current), ...merged.values } as AuctionInput;
            const values = {
              ...current,
              ...auctionColumns(fields),
              imported: merged.imported,
              googleSynced: merged.changes.length ? googleSynced : current.googleSynced,
              updatedAt: merged.changes.length ? now : current.updatedAt,
            };
            auctionWrites.push(values);
            undo.push({ tableName: "auctions", recordId: current.id, before: current });
            if (values.status !== current.status || values.postponedTo !== current.postponedTo) {
              const entry = { ...historyRow(userId, values), id: crypto.randomUUID() };
              historyWrites.push(entry);
              undo.push({ tableName: "auction_history", recordId: entry.id, before: null });
            }
          }
        }
        tally({ counts, planned }, row, action, merged);
      }
      return {
        problems,
        planned,
        counts,
        undo,
        writes: [
          ...upsertJsonRows(db, auctions, auctionWrites, [auctions.id]),
          ...upsertJsonRows(db, auctionHistory, historyWrites, [auctionHistory.id]),
        ],
      };
    },
  );
  if (!options.dryRun && !googleSynced) await syncPending(scope);
  return outcome;
}

/** A lead's contact and marketing fields as one record (what merges compare). */
const leadFields = (contact: ContactRow, lead: LeadRecord) => ({
  ...contactFields(contact),
  ...ownFields(lead, ["contactId", "reached", "firstContactedAt"]),
});

const CONTACT_KEYS = new Set(Object.keys(getTableColumns(contacts)));

/**
 * Imports lead rows: a row whose e-mail or phone (else name and address) is a lead's already is
 * merged into that lead; the rest are new leads, in `campaignId` when one is given.
 */
export async function importLeadRows(
  db: Database,
  userId: string,
  rows: LeadRow[],
  readProblems: RowProblem[],
  options: ImportOptions & { campaignId: string | null },
) {
  // Every key the user's leads are known by, read once for the whole request.
  const known = await leadIdentities(db, userId);
  const leadByKey = new Map<string, string>();
  for (const lead of known) for (const key of leadKeys(lead)) leadByKey.set(key, lead.id);
  const rowByKey = new Map<string, number>();

  return runImport(db, userId, "leads", rows, readProblems, options, async (part) => {
    const problems: RowProblem[] = [];
    const unique: { row: LeadRow; existingId: string | null }[] = [];
    const claimed = new Set<string>();
    for (const row of part) {
      const twin = row.keys.map((key) => rowByKey.get(key)).find((r) => r !== undefined);
      const existingId = row.keys.map((key) => leadByKey.get(key)).find(Boolean) ?? null;
      if (twin !== undefined || (existingId && claimed.has(existingId))) {
        problems.push({
          row: row.row,
          message: `Row ${row.row}: the same lead as row ${twin ?? "above"} (same e-mail, phone or name and address); the row was not imported`,
        });
        continue;
      }
      for (const key of row.keys) rowByKey.set(key, row.row);
      if (existingId) claimed.add(existingId);
      unique.push({ row, existingId });
    }
    const ids = unique.flatMap(({ existingId }) => (existingId ? [existingId] : []));
    const [contactRows, leadRows] = ids.length
      ? await db.batch([
          db
            .select()
            .from(contacts)
            .where(and(eq(contacts.userId, userId), inJsonList(contacts.id, ids))),
          db
            .select()
            .from(leads)
            .where(and(eq(leads.userId, userId), inJsonList(leads.contactId, ids))),
        ])
      : [[], []];
    const contactById = new Map(contactRows.map((row) => [row.id, row]));
    const leadById = new Map(leadRows.map((row) => [row.contactId, row]));

    const now = nowIso();
    const contactWrites: (typeof contacts.$inferInsert)[] = [];
    const leadWrites: (typeof leads.$inferInsert)[] = [];
    const undo: UndoEntry[] = [];
    const planned: PlannedRow[] = [];
    const counts = { created: 0, merged: 0, unchanged: 0 };
    for (const { row, existingId } of unique) {
      const contact = existingId ? contactById.get(existingId) : undefined;
      const lead = existingId ? leadById.get(existingId) : undefined;
      const incoming = {
        ...row.lead,
        ...(options.campaignId ? { campaignId: options.campaignId } : {}),
      };
      const current = contact && lead ? leadFields(contact, lead) : null;
      const merged = mergeRecord(current, contact?.imported ?? null, incoming, options);
      let action: RowAction;
      if (!contact || !lead) {
        action = "new";
        const input = LeadInputSchema.parse(incoming);
        const { contact: newContact, lead: newLead } = newLeadRows(userId, input, now, true);
        contactWrites.push(withOwnerKey({ ...newContact, imported: merged.imported }));
        leadWrites.push(newLead);
        undo.push({ tableName: "contacts", recordId: newContact.id, before: null });
      } else {
        action = merged.changes.length ? "merge" : "unchanged";
        if (merged.changes.length || !sameValue(contact.imported, merged.imported)) {
          const updatedAt = merged.changes.length ? now : contact.updatedAt;
          const contactValues = Object.fromEntries(
            Object.entries(merged.values).filter(([key]) => CONTACT_KEYS.has(key)),
          );
          const leadValues = Object.fromEntries(
            Object.entries(merged.values).filter(([key]) => !CONTACT_KEYS.has(key)),
          );
          contactWrites.push(
            withOwnerKey({ ...contact, ...contactValues, imported: merged.imported, updatedAt }),
          );
          const status = (leadValues.status as LeadRecord["status"] | undefined) ?? lead.status;
          leadWrites.push({
            ...lead,
            ...leadValues,
            reached: reachedAfter(lead.reached, status),
            updatedAt: Object.keys(leadValues).length ? now : lead.updatedAt,
          });
          undo.push({ tableName: "contacts", recordId: contact.id, before: contact });
          undo.push({ tableName: "leads", recordId: lead.contactId, before: lead });
        }
      }
      tally({ counts, planned }, row, action, merged);
    }
    return {
      problems,
      planned,
      counts,
      undo,
      writes: [
        ...upsertJsonRows(db, contacts, contactWrites, [contacts.id]),
        ...upsertJsonRows(db, leads, leadWrites, [leads.contactId]),
      ],
    };
  });
}

/** The user's corrected mapping for this source, header → target. */
export async function rememberedMapping(
  db: Database,
  userId: string,
  kind: ImportKind,
  sourceKey: string,
) {
  const [row] = await db
    .select({ columns: importMappings.columns })
    .from(importMappings)
    .where(
      and(
        eq(importMappings.userId, userId),
        eq(importMappings.kind, kind),
        eq(importMappings.sourceKey, sourceKey),
      ),
    );
  return row?.columns ?? {};
}

/** Remembers the user's corrections for this source (an empty set forgets them). */
export async function rememberMapping(
  db: Database,
  userId: string,
  kind: ImportKind,
  sourceKey: string,
  columns: Record<string, string>,
) {
  if (!Object.keys(columns).length) {
    await db
      .delete(importMappings)
      .where(
        and(
          eq(importMappings.userId, userId),
          eq(importMappings.kind, kind),
          eq(importMappings.sourceKey, sourceKey),
        ),
      );
    return;
  }
  await db
    .insert(importMappings)
    .values({ userId, kind, sourceKey, columns, updatedAt: nowIso() })
    .onConflictDoUpdate({
      target: [importMappings.userId, importMappings.kind, importMappings.sourceKey],
      set: { columns, updatedAt: nowIso() },
    });
}
