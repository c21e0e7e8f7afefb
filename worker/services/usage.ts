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
 * - Storage: the bytes of the user's records and files, counted by triggers in each write that
 *   changes them and re-measured in the background (services/storage.ts); a write holds what it
 *   was sent as pending while it runs, so parallel writes cannot all fit in what is left. See
 *   docs/decisions/0016-per-user-limits.md and 0041-storage-counted-as-written.md.
 */
import { and, eq, lt, lte, ne, or, sql } from "drizzle-orm";
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
import { usageCounters, type UsageCounterRow } from "../db/schema";
import type { Env } from "../env";

/** Reservations of writes that never finished (an isolate that died) are dropped after this. */
const PENDING_EXPIRES_MS = 15 * 60_000;

const counters = usageCounters;

export const limitsOf = (env: Env) => usageLimits(env);

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

/** The user's counters; before their first record or AI call makes them, nothing used. */
const readCounters = async (db: Database, userId: string): Promise<UsageCounterRow> =>
  (await db.select().from(counters).where(eq(counters.userId, userId)))[0] ?? {
    userId,
    windowStart: 0,
    requests: 0,
    day: "",
    tokens: 0,
    storageBytes: 0,
    storageMeasuredAt: 0,
    storageMeasure: 0,
    measurePass: 0,
    storagePending: 0,
    storagePendingSince: 0,
  };

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
  // A user without counters has no records yet (their first makes them): 0 is exact from now.
  const admit = () =>
    db
      .insert(counters)
      .values({ userId, windowStart: window, requests: 1, day, tokens, storageMeasuredAt: now })
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
  const row = await readCounters(db, userId);
  const over = overLimit(row);
  if (over) throw over;
  // Under every limit now (another request changed the row meanwhile): once more.
  if ((await admit()).length) return call;
  throw overLimit(await readCounters(db, userId)) ?? rateRefusal(limits, row, now);
}

/**
 * The statement that settles a call once its answer is in (run it in the batch that saves the
 * answer): the day's tokens take the provider's count instead of the estimate (what the answer
 * stores is counted by the write that stores it). With nothing used, it gives the reservation back.
 */
export function settleAiCall(db: Database, call: AiCall, usedTokens = 0) {
  return db
    .update(counters)
    .set({
      // After midnight UTC the reservation was yesterday's: the tokens count today.
      tokens: sql`CASE WHEN ${counters.day} = ${call.day} THEN max(${counters.tokens} + ${usedTokens - call.reservedTokens}, 0) ELSE ${counters.tokens} + ${usedTokens} END`,
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
 * Makes room for a write of `bytes` against the storage quota, or refuses it (413), in one
 * statement: the bytes are held as pending while the write runs. Release them with
 * `releaseStorage` once it is written (or not): what it wrote is counted by the write itself.
 */
export async function reserveStorage(
  db: Database,
  env: Env,
  userId: string,
  bytes: number,
  now = Date.now(),
) {
  const limits = limitsOf(env);
  // Reservations older than any write runs were left by writes that never finished.
  const pending = sql`CASE WHEN ${counters.storagePendingSince} < ${now - PENDING_EXPIRES_MS} THEN 0 ELSE ${counters.storagePending} END`;
  const reserve = () =>
    db
      .insert(counters)
      .values({ userId, storagePending: bytes, storagePendingSince: now, storageMeasuredAt: now })
      .onConflictDoUpdate({
        target: counters.userId,
        set: { storagePending: sql`${pending} + ${bytes}`, storagePendingSince: now },
        setWhere: lte(
          sql`${counters.storageBytes} + ${pending} + ${bytes}`,
          limits.storageQuotaBytes,
        ),
      })
      .returning({ userId: counters.userId });
  const reserved = bytes <= limits.storageQuotaBytes && (await reserve()).length > 0;
  if (reserved) return;
  const used = storageUsed(await readCounters(db, userId));
  throw storageRefusal(limits, used, bytes, now);
}

/**
 * Runs `write` with `bytes` held against the storage quota (a 413 when they do not fit, `write`
 * then not run), released once it is done or failed.
 */
export async function withStorageHeld<T>(
  db: Database,
  env: Env,
  userId: string,
  bytes: number,
  write: () => Promise<T>,
) {
  await reserveStorage(db, env, userId, bytes);
  try {
    return await write();
  } finally {
    await releaseStorage(db, userId, bytes);
  }
}

/** Ends a write's reservation: what it wrote is counted already, by the write. */
export async function releaseStorage(db: Database, userId: string, bytes: number) {
  await db
    .update(counters)
    .set({ storagePending: sql`max(${counters.storagePending} - ${bytes}, 0)` })
    .where(eq(counters.userId, userId));
}

// ---------------------------------------------------------------------------------------------
// What the user has used

/** The user's usage against each limit, as the Connections screen shows it. */
export async function usageOf(db: Database, env: Env, userId: string, now = Date.now()) {
  const limits = limitsOf(env);
  const counted = await readCounters(db, userId);
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
      measuredAt: new Date(counted.storageMeasuredAt || now).toISOString(),
    },
  };
}
