/**
 * The per-user limits (app/domain/usage.ts), counted in D1: one `usage_counters` row per user,
 * changed only by single conditional statements, so parallel requests cannot slip past a limit
 * (KV is eventually consistent and takes one write a second per key; the Workers rate-limiting
 * binding counts per Cloudflare location, and a daily token budget does not fit it).
 *
 * - AI requests a minute: an AI call counts when it starts.
 * - AI tokens a UTC day: a call reserves its estimated prompt when it starts (so a hundred parallel
 *   calls cannot all start on an unused budget) and settles to what the provider reported, in the
 *   batch that saves its answer; a call that fails gives its reservation back.
 * - Storage: the bytes of the user's records. Measuring reads every row the user has (about 0.4 s
 *   for 50,000 leads), so it runs at most once a minute per user, when it matters: after a large
 *   write (once answered), before a refusal, for the Connections screen. In between, the figure
 *   grows by what is written. See docs/decisions/0016-per-user-limits.md.
 */
import { and, eq, getTableColumns, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  estimateTokens,
  nextUtcMidnight,
  RATE_WINDOW_MS,
  rateLimitMessage,
  rateWindowOf,
  storageQuotaMessage,
  tokenBudgetMessage,
  usageLimits,
  utcDayOf,
  type UsageLimitName,
  type UsageLimits,
} from "../../app/domain/usage";
import { AppError } from "../errors";
import type { Database } from "../db/client";
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
  files,
  importMappings,
  importRuns,
  importUndo,
  leadBots,
  leads,
  projectFiles,
  projects,
  properties,
  rehabTemplates,
  researchReports,
  routes,
  usageCounters,
  type UsageCounterRow,
} from "../db/schema";
import type { Env } from "../env";

/** A storage figure older than this is measured again before it refuses anything. */
export const STORAGE_REMEASURE_MS = 60_000;
/** A write at least this large is held as pending while it runs, and measured after it. */
export const MEASURE_AFTER_BYTES = 256 * 1024;
/** Reservations of writes that never finished (an isolate that died) are dropped after this. */
const PENDING_EXPIRES_MS = 15 * 60_000;

const counters = usageCounters;

export const limitsOf = (env: Env) => usageLimits(env);

// ---------------------------------------------------------------------------------------------
// Measuring storage

type UserTable = SQLiteTable & { userId: SQLiteColumn };

/** The tables holding a user's records, read through an index on `user_id`. */
const OWNED_TABLES: UserTable[] = [
  properties,
  projects,
  contacts,
  entries,
  conversations,
  researchReports,
  calendarEvents,
  deals,
  auctions,
  routes,
  campaigns,
  leads,
  leadBots,
  importMappings,
  importRuns,
  rehabTemplates,
  files,
];
/** Tables without a `user_id` index, read through their parent's. */
const CHILD_TABLES: {
  table: SQLiteTable;
  key: SQLiteColumn;
  parent: UserTable & { id: SQLiteColumn };
}[] = [
  { table: conversationMessages, key: conversationMessages.conversationId, parent: conversations },
  { table: importUndo, key: importUndo.runId, parent: importRuns },
  { table: auctionHistory, key: auctionHistory.auctionId, parent: auctions },
  { table: projectFiles, key: projectFiles.projectId, parent: projects },
];

/**
 * A row's size: the length of its values written out together (text as characters, numbers as
 * digits). One printf over every column keeps the expression shallow (SQLite refuses a tree over
 * 100 deep, which `length(a) + length(b) + …` over a wide table passes).
 */
function rowBytes(table: SQLiteTable) {
  const columns = Object.values(getTableColumns(table));
  return sql`length(printf(${sql.raw(`'${"%s".repeat(columns.length)}'`)}, ${sql.join(columns, sql`, `)}))`;
}

/** The bytes the user's records take, as one expression (one bound parameter per table). */
function storedBytes(userId: string): SQL {
  const parts = [
    ...OWNED_TABLES.map(
      (table) =>
        sql`(SELECT coalesce(sum(${rowBytes(table)}), 0) FROM ${table} WHERE ${table.userId} = ${userId})`,
    ),
    ...CHILD_TABLES.map(
      ({ table, key, parent }) =>
        sql`(SELECT coalesce(sum(${rowBytes(table)}), 0) FROM ${table} JOIN ${parent} ON ${key} = ${parent.id} WHERE ${parent.userId} = ${userId})`,
    ),
    // A stored file's bytes are in R2, counted by its row: the file's and its thumbnail's.
    sql`(SELECT coalesce(sum(${files.size} + ${files.thumbnailSize}), 0) FROM ${files} WHERE ${files.userId} = ${userId})`,
  ];
  return sql.join(parts, sql` + `);
}

/** Measures the user's storage and keeps the figure; reservations long abandoned are dropped. */
export async function measureStorage(db: Database, userId: string, now = Date.now()) {
  const [row] = await db
    .insert(counters)
    .values({ userId, storageBytes: sql`(${storedBytes(userId)})`, storageMeasuredAt: now })
    .onConflictDoUpdate({
      target: counters.userId,
      set: {
        storageBytes: sql`excluded.storage_bytes`,
        storageMeasuredAt: now,
        storagePending: sql`CASE WHEN ${counters.storagePendingSince} < ${now - PENDING_EXPIRES_MS} THEN 0 ELSE ${counters.storagePending} END`,
      },
    })
    .returning();
  return row!;
}

const mayMeasure = (row: UsageCounterRow | undefined, now: number) =>
  !row || now - row.storageMeasuredAt >= STORAGE_REMEASURE_MS;

const storageUsed = (row: UsageCounterRow) => row.storageBytes + row.storagePending;

// ---------------------------------------------------------------------------------------------
// Refusals

function refusal(
  status: 413 | 429,
  code: string,
  limit: UsageLimitName,
  message: string,
  figures: { used: number; max: number; resetsAt?: number; now: number },
) {
  const { used, max, resetsAt, now } = figures;
  if (resetsAt === undefined) return new AppError(status, code, message, { limit, used, max });
  return new AppError(
    status,
    code,
    message,
    { limit, used, max, resetsAt: new Date(resetsAt).toISOString() },
    { "Retry-After": String(Math.max(1, Math.ceil((resetsAt - now) / 1000))) },
  );
}

const rateRefusal = (limits: UsageLimits, row: UsageCounterRow, now: number) => {
  const resetsAt = row.windowStart + RATE_WINDOW_MS;
  return refusal(
    429,
    "RATE_LIMITED",
    "ai_requests_per_minute",
    rateLimitMessage(limits.aiRequestsPerMinute, resetsAt - now),
    { used: row.requests, max: limits.aiRequestsPerMinute, resetsAt, now },
  );
};

const tokenRefusal = (limits: UsageLimits, used: number, needed: number, now: number) => {
  const resetsAt = nextUtcMidnight(now);
  return refusal(
    429,
    "TOKEN_BUDGET_EXCEEDED",
    "ai_daily_tokens",
    tokenBudgetMessage(used, limits.aiDailyTokens, needed, resetsAt - now),
    { used, max: limits.aiDailyTokens, resetsAt, now },
  );
};

const STORAGE_CODE = "STORAGE_QUOTA_EXCEEDED";
const storageRefusal = (limits: UsageLimits, used: number, needed: number, now: number) =>
  refusal(
    413,
    STORAGE_CODE,
    "storage_quota",
    storageQuotaMessage(used, limits.storageQuotaBytes, needed),
    { used, max: limits.storageQuotaBytes, now },
  );

const readCounters = async (db: Database, userId: string) =>
  (await db.select().from(counters).where(eq(counters.userId, userId)))[0];

// ---------------------------------------------------------------------------------------------
// AI calls

/** An AI call the limits let through: what it reserved, to settle once the provider answered. */
export interface AiCall {
  userId: string;
  day: string;
  reservedTokens: number;
}

export interface AiCost {
  /** The characters sent to the provider (the prompt), for the token estimate. */
  characters: number;
  /** What the call stores of what it was sent (chat, research), in bytes; null: it stores nothing. */
  storing: number | null;
}

/** What an AI route's OpenAPI description says about the limits it meets. */
export const aiLimitsNote = (stores: boolean) =>
  ` Counts against the user's limits: 429 with Retry-After past the AI requests a minute (AI_REQUESTS_PER_MINUTE) or the day's token budget (AI_DAILY_TOKENS, until 00:00 UTC)${stores ? "; 413 once the storage quota (STORAGE_QUOTA_MB) is used up" : ""}.`;

/**
 * Counts an AI call against the user's limits in one statement, or refuses it: 429 for the
 * requests a minute or the day's tokens, 413 when the storage quota is used up, each naming the
 * limit and when it resets.
 */
export async function startAiCall(
  db: Database,
  env: Env,
  userId: string,
  cost: AiCost,
  now = Date.now(),
): Promise<AiCall> {
  const limits = limitsOf(env);
  const { storing } = cost;
  const tokens = estimateTokens(cost.characters);
  if (tokens > limits.aiDailyTokens) throw tokenRefusal(limits, 0, tokens, now);
  const window = rateWindowOf(now);
  const day = utcDayOf(now);
  const admit = () =>
    db
      .insert(counters)
      .values({ userId, windowStart: window, requests: 1, day, tokens })
      .onConflictDoUpdate({
        target: counters.userId,
        set: {
          requests: sql`CASE WHEN ${counters.windowStart} = ${window} THEN ${counters.requests} + 1 ELSE 1 END`,
          windowStart: window,
          tokens: sql`CASE WHEN ${counters.day} = ${day} THEN ${counters.tokens} + ${tokens} ELSE ${tokens} END`,
          day,
        },
        setWhere: and(
          or(ne(counters.windowStart, window), lt(counters.requests, limits.aiRequestsPerMinute)),
          or(ne(counters.day, day), lte(sql`${counters.tokens} + ${tokens}`, limits.aiDailyTokens)),
          // Storage never measured (0) counts as unknown: the refusal path measures it.
          storing === null ? undefined : sql`${counters.storageMeasuredAt} > 0`,
          storing === null
            ? undefined
            : lte(
                sql`${counters.storageBytes} + ${counters.storagePending} + ${storing}`,
                limits.storageQuotaBytes,
              ),
        ),
      })
      .returning({ userId: counters.userId });

  /** The limit this call is over, if any, by the row as it is now. */
  const overLimit = (row: UsageCounterRow) => {
    if (row.windowStart === window && row.requests >= limits.aiRequestsPerMinute) {
      return rateRefusal(limits, row, now);
    }
    if (row.day === day && row.tokens + tokens > limits.aiDailyTokens) {
      return tokenRefusal(limits, row.tokens, tokens, now);
    }
    if (storing !== null && storageUsed(row) + storing > limits.storageQuotaBytes) {
      return storageRefusal(limits, storageUsed(row), storing, now);
    }
    return null;
  };

  const call = { userId, day, reservedTokens: tokens };
  if ((await admit()).length) return call;
  let row = (await readCounters(db, userId))!;
  let over = overLimit(row);
  // Refused for storage, or storage never measured: measure it before saying no.
  if (storing !== null && (!over || over.code === STORAGE_CODE) && mayMeasure(row, now)) {
    row = await measureStorage(db, userId, now);
    over = overLimit(row);
  }
  if (over) throw over;
  // Under every limit now (measured, or another request changed the row meanwhile): once more.
  if ((await admit()).length) return call;
  throw overLimit((await readCounters(db, userId))!) ?? rateRefusal(limits, row, now);
}

/**
 * The statement that settles a call once its answer is in (run it in the batch that saves the
 * answer): the day's tokens take the provider's count instead of the estimate, and the storage
 * figure grows by the bytes written. With nothing used, it gives the reservation back.
 */
export function settleAiCall(
  db: Database,
  call: AiCall,
  used: { tokens: number; bytes: number } = { tokens: 0, bytes: 0 },
) {
  return db
    .update(counters)
    .set({
      // After midnight UTC the reservation was yesterday's: the tokens count today.
      tokens: sql`CASE WHEN ${counters.day} = ${call.day} THEN max(${counters.tokens} + ${used.tokens - call.reservedTokens}, 0) ELSE ${counters.tokens} + ${used.tokens} END`,
      storageBytes: sql`${counters.storageBytes} + ${used.bytes}`,
    })
    .where(eq(counters.userId, call.userId));
}

/** Runs what follows an admitted call; when it fails, the call's token reservation is given back. */
export async function refundingOnFailure<T>(db: Database, call: AiCall, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    await settleAiCall(db, call).catch((refundError: unknown) =>
      console.error("Could not give back an AI call's token reservation", refundError),
    );
    throw error;
  }
}

/** The tokens a call used: the provider's count, or an estimate when it sent none. */
export function tokensUsed(
  call: AiCall,
  usage: { prompt_tokens?: number; completion_tokens?: number } | null | undefined,
  answerCharacters: number,
) {
  const reported = (usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0);
  return reported > 0 ? reported : call.reservedTokens + estimateTokens(answerCharacters);
}

// ---------------------------------------------------------------------------------------------
// Large writes (imports, documents)

/**
 * Makes room for a write of `bytes` against the storage quota, or refuses it (413). The figure is
 * measured first when it is unknown, or when it would refuse and is over a minute old. A small
 * write (a document) is counted at once, one statement; a large one is held as pending while it
 * runs, and answers true: release it with `releaseStorage` once written (or not).
 */
export async function reserveStorage(
  db: Database,
  env: Env,
  userId: string,
  bytes: number,
  now = Date.now(),
) {
  const limits = limitsOf(env);
  const { storageQuotaBytes } = limits;
  const held = bytes >= MEASURE_AFTER_BYTES;
  const reserve = () =>
    db
      .update(counters)
      .set(
        held
          ? { storagePending: sql`${counters.storagePending} + ${bytes}`, storagePendingSince: now }
          : { storageBytes: sql`${counters.storageBytes} + ${bytes}` },
      )
      .where(
        and(
          eq(counters.userId, userId),
          sql`${counters.storageMeasuredAt} > 0`,
          lte(
            sql`${counters.storageBytes} + ${counters.storagePending} + ${bytes}`,
            storageQuotaBytes,
          ),
        ),
      )
      .returning({ userId: counters.userId });
  if ((await reserve()).length) return held;
  const row = await readCounters(db, userId);
  const measured = mayMeasure(row, now) ? await measureStorage(db, userId, now) : row!;
  if (storageUsed(measured) + bytes <= storageQuotaBytes && (await reserve()).length) return held;
  throw storageRefusal(limits, storageUsed(measured), bytes, now);
}

/**
 * Ends a large write's reservation: one that went through adds what it was sent, one that failed
 * adds nothing. Answers whether the figure should now be measured (what a large write stores may
 * differ from what it was sent), when it is over a minute old: the caller measures after answering.
 */
export async function releaseStorage(
  db: Database,
  userId: string,
  bytes: number,
  wrote: boolean,
  now = Date.now(),
) {
  const [row] = await db
    .update(counters)
    .set({
      storagePending: sql`max(${counters.storagePending} - ${bytes}, 0)`,
      storageBytes: sql`${counters.storageBytes} + ${wrote ? bytes : 0}`,
    })
    .where(eq(counters.userId, userId))
    .returning({ measuredAt: counters.storageMeasuredAt });
  return wrote && now - (row?.measuredAt ?? 0) >= STORAGE_REMEASURE_MS;
}

// ---------------------------------------------------------------------------------------------
// What the user has used

/** The user's usage against each limit, as the Connections screen shows it. */
export async function usageOf(db: Database, env: Env, userId: string, now = Date.now()) {
  const limits = limitsOf(env);
  let row = await readCounters(db, userId);
  if (mayMeasure(row, now)) row = await measureStorage(db, userId, now);
  const counted = row!;
  const window = rateWindowOf(now);
  return {
    aiRequests: {
      used: counted.windowStart === window ? counted.requests : 0,
      limit: limits.aiRequestsPerMinute,
      resetsAt: new Date(window + RATE_WINDOW_MS).toISOString(),
    },
    aiTokens: {
      used: counted.day === utcDayOf(now) ? counted.tokens : 0,
      limit: limits.aiDailyTokens,
      resetsAt: new Date(nextUtcMidnight(now)).toISOString(),
    },
    storage: {
      used: storageUsed(counted),
      limit: limits.storageQuotaBytes,
      measuredAt: new Date(counted.storageMeasuredAt).toISOString(),
    },
  };
}
