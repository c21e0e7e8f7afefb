/**
 * Deal analyses: the math run on inputs (nothing stored) and saved analyses (CRUD), the one data
 * access for the API and the agent. Every answer's metrics are worked out afresh from the stored
 * inputs; the three key figures kept in the row serve only SQL (sorting properties by them).
 */
import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import { analyzeDeal } from "../../app/domain/deals/analyze";
import {
  judgeCriteria,
  NO_CRITERIA,
  savedCriteria,
  type CriteriaVerdict,
  type DealCriteria,
  type DealCriteriaInput,
} from "../../app/domain/deals/criteria";
import type { AnalyzeRequest, DealInput } from "../../app/domain/deals/inputs";
import { sensitivityGrid, type SensitivityRequest } from "../../app/domain/deals/sensitivity";
import type {
  Analysis,
  DealInputs,
  DealMetrics,
  Strategy,
  YearRow,
} from "../../app/domain/deals/types";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { invalidFields } from "../errors";
import {
  assertOwnedReference,
  assertVersion,
  deleteOwned,
  EXPORT_CHUNK_ROWS,
  findOwned,
  keysetChunks,
  keysetOrderBy,
  missedChange,
  nextVersion,
  nowIso,
  ownedAt,
  runBatch,
  selectPage,
  type IfVersion,
  type KeysetOrder,
  type PageRequest,
} from "../db/queries";
import { auctions, dealCriteria, deals, projects, properties, type DealRow } from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";
import { dealFigures } from "./deal-figures";
import { primaryDeal, rejudgeStatement } from "../db/list-figures";

export interface DealFilters {
  q?: string;
  propertyId?: string;
  projectId?: string;
  strategy?: Strategy;
}

/** A saved analysis as the API answers it: its inputs as stored, their metrics, the buy box. */
export type Deal = {
  [S in Strategy]: Pick<
    DealRow,
    "id" | "name" | "propertyId" | "projectId" | "primary" | "createdAt" | "updatedAt"
  > & {
    strategy: S;
    inputs: DealInputs[S];
    metrics: DealMetrics<S>;
    /** The projection of a rental or BRRRR; not in lists. */
    years?: YearRow[];
  } & CriteriaVerdict;
}[Strategy];

/** The user's buy box: every criterion, null where none is set. */
export async function findCriteria(db: Database, userId: string): Promise<DealCriteria> {
  const [row] = await db.select().from(dealCriteria).where(eq(dealCriteria.userId, userId));
  if (!row) return NO_CRITERIA;
  const { userId: _user, updatedAt: _updated, ...criteria } = row;
  return criteria;
}

/** Properties judged again per statement when the buy box changes: each a few milliseconds. */
const REJUDGE_SLICE = 500;
/** Slices judged in the request that saves the buy box: a workspace of this size is right at once. */
const REJUDGE_IN_REQUEST = 4;
/** Slices judged per queue message: the rest goes on in the next. */
const REJUDGE_PER_MESSAGE = 40;

/**
 * Judges the user's analysed properties again by the buy box as it is now, a slice at a time in
 * primary-analysis order from `after` ("" for the first), at most `slices` slices: answers where
 * to carry on, or null once every property is judged.
 */
export async function rejudgeBuyBox(db: Database, userId: string, after: string, slices: number) {
  for (let slice = 0; slice < slices; slice++) {
    const judged = await db.all<{ primary_deal_id: string }>(
      rejudgeStatement(userId, after, REJUDGE_SLICE),
    );
    if (judged.length < REJUDGE_SLICE) return null;
    after = judged.reduce(
      (last, row) => (row.primary_deal_id > last ? row.primary_deal_id : last),
      after,
    );
  }
  return after;
}

/**
 * Replaces the user's buy box with the criteria given (those left out are cleared), and judges
 * the properties' analyses by it: a small workspace's at once, a large one's in the background
 * (`carryOn` is handed where to go on from).
 */
export async function saveCriteria(
  db: Database,
  userId: string,
  input: DealCriteriaInput,
  carryOn: (after: string) => Promise<void>,
) {
  const criteria = savedCriteria(input);
  const values = { ...criteria, updatedAt: nowIso() };
  await db
    .insert(dealCriteria)
    .values({ ...values, userId })
    .onConflictDoUpdate({ target: dealCriteria.userId, set: values });
  const after = await rejudgeBuyBox(db, userId, "", REJUDGE_IN_REQUEST);
  if (after !== null) await carryOn(after);
  return criteria;
}

/**
 * What `saveCriteria` hands the rest of the judging to: the JOBS queue; without one bound, the
 * request's own background work.
 */
export const judgeLater =
  (env: Env, db: Database, userId: string, waitUntil: (work: Promise<unknown>) => void) =>
  async (after: string) => {
    if (env.JOBS) await env.JOBS.send({ type: "buy-box", userId, after });
    else waitUntil(rejudgeBuyBox(db, userId, after, Infinity));
  };

/** One queue message's share of judging the properties again: answers where the next carries on. */
export const rejudgeBuyBoxLater = (db: Database, userId: string, after: string) =>
  rejudgeBuyBox(db, userId, after, REJUDGE_PER_MESSAGE);

/** The analysis of validated inputs: `{ strategy, metrics, years? }`. */
export const analyze = ({ strategy, inputs }: AnalyzeRequest): Analysis =>
  analyzeDeal(strategy, inputs);

/** The analysis of validated inputs and how it measures up to the user's buy box. */
export async function analyzeForUser(db: Database, userId: string, request: AnalyzeRequest) {
  const analysis = analyze(request);
  const verdict = judgeCriteria(
    request.strategy,
    request.inputs,
    analysis.metrics,
    await findCriteria(db, userId),
  );
  return { ...analysis, ...verdict };
}

/** The what-if grid: each cell the analysis of the inputs with its row's and column's values. */
export function sensitivity(request: SensitivityRequest) {
  const result = sensitivityGrid(request);
  if (result.problems) throw invalidFields(result.problems);
  return result.grid;
}

/** The row's columns for a validated deal, its figures worked out now. */
export const dealColumns = (input: DealInput) => ({
  name: input.name,
  strategy: input.strategy,
  inputs: input.inputs,
  propertyId: input.propertyId,
  projectId: input.projectId,
  primary: input.primary,
  ...dealFigures(input.strategy, input.inputs),
});

/**
 * The deal with its metrics (and, unless in a list, its projection) worked out from its inputs,
 * judged against the buy box given.
 */
export function toDeal(
  row: DealRow,
  { years = true, criteria = NO_CRITERIA }: { years?: boolean; criteria?: DealCriteria } = {},
): Deal {
  const analysis = analyzeDeal(row.strategy, row.inputs);
  return {
    id: row.id,
    name: row.name,
    strategy: row.strategy,
    inputs: row.inputs,
    propertyId: row.propertyId,
    projectId: row.projectId,
    primary: row.primary,
    metrics: analysis.metrics,
    ...(years && analysis.years && { years: analysis.years }),
    ...judgeCriteria(row.strategy, row.inputs, analysis.metrics, criteria),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  } as Deal;
}

/** `toDeal` against the user's buy box, read once for however many deals. */
async function dealShower(db: Database, userId: string, options: { years?: boolean } = {}) {
  const criteria = await findCriteria(db, userId);
  return (row: DealRow) => toDeal(row, { ...options, criteria });
}

function dealsWhere(userId: string, filters: DealFilters) {
  const where: SQL[] = [ownedMatching(SEARCH_INDEXES.deals, userId, filters.q)];
  if (filters.propertyId) where.push(eq(deals.propertyId, filters.propertyId));
  if (filters.projectId) where.push(eq(deals.projectId, filters.projectId));
  if (filters.strategy) where.push(eq(deals.strategy, filters.strategy));
  return and(...where);
}

/** The order `deals_user_updated` holds. */
const NEWEST_CHANGE_FIRST: KeysetOrder = { columns: [deals.updatedAt], dir: "desc", id: deals.id };

/** A page of the user's analyses, most recently changed first, without their projections. */
export async function listDeals(
  db: Database,
  userId: string,
  filters: DealFilters,
  page: PageRequest,
) {
  const [{ rows, meta }, show] = await Promise.all([
    selectPage(db, deals, dealsWhere(userId, filters), keysetOrderBy(NEWEST_CHANGE_FIRST), page),
    dealShower(db, userId, { years: false }),
  ]);
  return { items: rows.map(show), meta };
}

/**
 * Every analysis the list would show, in its order, with its property's address, a chunk at a
 * time (the CSV export). The key figures are the row's own (written with the analysis, as the
 * property list sorts on them), so a long export works out no projections.
 */
export function allDeals(
  db: Database,
  userId: string,
  filters: DealFilters,
  size = EXPORT_CHUNK_ROWS,
) {
  return keysetChunks(
    (after, orderBy, limit) =>
      db
        .select({ deal: deals, propertyAddress: properties.address })
        .from(deals)
        .leftJoin(
          properties,
          and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)),
        )
        .where(and(dealsWhere(userId, filters), after))
        .orderBy(...orderBy)
        .limit(limit),
    NEWEST_CHANGE_FIRST,
    ({ deal }) => [deal.updatedAt, deal.id],
    size,
  );
}

export const findDeal = (db: Database, userId: string, id: string) =>
  findOwned(db, deals, userId, id, "Deal");

export async function dealDetail(db: Database, userId: string, id: string) {
  const [row, show] = await Promise.all([findDeal(db, userId, id), dealShower(db, userId)]);
  return show(row);
}

/** The property and project a deal names must be the user's own (400 naming the field). */
const assertReferences = (db: Database, userId: string, input: DealInput) =>
  Promise.all([
    assertOwnedReference(db, properties, userId, input.propertyId, "propertyId", "property"),
    assertOwnedReference(db, projects, userId, input.projectId, "projectId", "project"),
  ]);

/**
 * Writes a deal with, when it becomes its property's primary analysis, the statement that
 * takes the flag from the property's other deals: both in one batch, so a property never has
 * two primaries.
 */
async function writeDeal(
  db: Database,
  userId: string,
  id: string,
  input: DealInput,
  write: { returning: () => unknown },
  ifVersion?: IfVersion,
) {
  const statements: unknown[] = [];
  if (input.primary && input.propertyId) {
    statements.push(
      db
        .update(deals)
        .set({ primary: false })
        .where(
          and(
            eq(deals.userId, userId),
            eq(deals.propertyId, input.propertyId),
            eq(deals.primary, true),
            ne(deals.id, id),
          ),
        ),
    );
  }
  statements.push(write.returning());
  const results = await runBatch(db, statements);
  const [row] = results.at(-1) as DealRow[];
  const show = await dealShower(db, userId);
  if (!row) throw await missedChange(db, deals, userId, id, "Deal", { ifVersion, show });
  return show(row);
}

/** Whether the property has no analysis but this one: its first is its primary. */
async function isFirstOfProperty(
  db: Database,
  userId: string,
  propertyId: string | null,
  id: string,
) {
  if (!propertyId) return false;
  const other = await db
    .select({ id: deals.id })
    .from(deals)
    .where(and(eq(deals.userId, userId), eq(deals.propertyId, propertyId), ne(deals.id, id)))
    .limit(1);
  return other.length === 0;
}

/**
 * A property's first analysis is its primary; another becomes primary only when the user says
 * so, and a primary stays one until another is made primary.
 */
export async function createDeal(db: Database, userId: string, input: DealInput) {
  await assertReferences(db, userId, input);
  const id = crypto.randomUUID();
  const now = nowIso();
  const primary = input.primary || (await isFirstOfProperty(db, userId, input.propertyId, id));
  const written = { ...input, primary };
  const values = { ...dealColumns(written), id, userId, createdAt: now, updatedAt: now };
  return writeDeal(db, userId, id, written, db.insert(deals).values(values));
}

/**
 * Replaces the deal's name, inputs and links (PUT); only at one of `ifVersion` when given (else
 * 412, and the batch that would have taken the primary flag from other deals is undone).
 */
export async function updateDeal(
  db: Database,
  userId: string,
  id: string,
  input: DealInput,
  ifVersion?: IfVersion,
) {
  const deal = await findDeal(db, userId, id);
  assertVersion(deal, "Deal", { ifVersion, show: await dealShower(db, userId) });
  await assertReferences(db, userId, input);
  const primary =
    input.primary ||
    (deal.primary && deal.propertyId === input.propertyId) ||
    (await isFirstOfProperty(db, userId, input.propertyId, deal.id));
  const written = { ...input, primary };
  const update = db
    .update(deals)
    .set({ ...dealColumns(written), updatedAt: nextVersion(deals.updatedAt) })
    .where(ownedAt(deals, userId, deal.id, ifVersion));
  return writeDeal(db, userId, deal.id, written, update, ifVersion);
}

export async function deleteDeal(db: Database, userId: string, id: string, ifVersion?: IfVersion) {
  const show = await dealShower(db, userId);
  return show(await deleteOwned(db, deals, userId, id, "Deal", { ifVersion, show }));
}

/** What a property or auction is judged by, and how it measures up to the buy box. */
interface BoxedRecord {
  id: string;
  address: string;
  /** The analysis judged: an auction's own, else its property's primary (as the property's). */
  deal: { id: string; name: string; strategy: Strategy } | null;
  meetsCriteria: boolean | null;
  /** The criteria that fail, with the figure and the target. */
  failed: { name: string; target: number; value: number | null }[];
}

function boxed(
  record: { id: string; address: string },
  deal: DealRow | null,
  criteria: DealCriteria,
): BoxedRecord {
  if (!deal) return { ...record, deal: null, meetsCriteria: null, failed: [] };
  const verdict = judgeCriteria(
    deal.strategy,
    deal.inputs,
    analyzeDeal(deal.strategy, deal.inputs).metrics,
    criteria,
  );
  return {
    ...record,
    deal: { id: deal.id, name: deal.name, strategy: deal.strategy },
    meetsCriteria: verdict.meetsCriteria,
    failed: verdict.criteria
      .filter((check) => !check.pass)
      .map(({ name, target, value }) => ({ name, target, value })),
  };
}

/** How many properties and auctions of each verdict the agent is shown at most. */
export const BUY_BOX_SHOWN = 50;

/**
 * Which of the user's properties and auctions meet the buy box: each property by its primary
 * analysis (the verdict kept on the property, read through its index), each auction by the
 * analysis it names, else by its property's primary analysis. The properties that meet it come
 * first, then those that miss it, at most BUY_BOX_SHOWN of each, with how many there are of each;
 * the next auctions, at most BUY_BOX_SHOWN. Without an analysis, or without a criterion that
 * applies to it, a record has no verdict (counted, not listed, for properties).
 */
export async function buyBoxMatches(db: Database, userId: string) {
  const judged = (verdict: 0 | 1) =>
    db
      .select({ id: properties.id, address: properties.address, deal: primaryDeal })
      .from(properties)
      .innerJoin(primaryDeal, eq(primaryDeal.id, properties.primaryDealId))
      .where(and(eq(properties.userId, userId), eq(properties.meetsCriteria, verdict)))
      .orderBy(desc(properties.id))
      .limit(BUY_BOX_SHOWN);
  const counted = (where: SQL) =>
    db
      .select({ value: count() })
      .from(properties)
      .where(and(eq(properties.userId, userId), where));
  const [criteria, meeting, missing, [meetingCount], [missingCount], auctionRows] =
    await Promise.all([
      findCriteria(db, userId),
      judged(1),
      judged(0),
      counted(eq(properties.meetsCriteria, 1)),
      counted(eq(properties.meetsCriteria, 0)),
      db
        .select({
          id: auctions.id,
          address: auctions.address,
          status: auctions.status,
          currentSaleAt: auctions.currentSaleAt,
          deal: deals,
          propertyDeal: primaryDeal,
        })
        .from(auctions)
        .leftJoin(deals, and(eq(deals.id, auctions.dealId), eq(deals.userId, auctions.userId)))
        .leftJoin(
          properties,
          and(eq(properties.id, auctions.propertyId), eq(properties.userId, auctions.userId)),
        )
        .leftJoin(primaryDeal, eq(primaryDeal.id, properties.primaryDealId))
        .where(eq(auctions.userId, userId))
        .orderBy(auctions.currentSaleAt)
        .limit(BUY_BOX_SHOWN),
    ]);
  return {
    criteria,
    properties: [...meeting, ...missing].map((row) => boxed(row, row.deal, criteria)),
    counts: { meeting: meetingCount!.value, missing: missingCount!.value },
    auctions: auctionRows.map((row) => ({
      ...boxed(row, row.deal ?? row.propertyDeal, criteria),
      status: row.status,
      currentSaleAt: row.currentSaleAt,
    })),
  };
}
