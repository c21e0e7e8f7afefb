/**
 * The per-user limits: AI requests a minute, AI tokens a UTC day, and the bytes a user's records
 * may take. Their settings and defaults, the windows they count in, and how a refusal and the
 * usage are said (by the API and on the Connections screen). Pure: no I/O.
 */

export const USAGE_SETTINGS = {
  aiRequestsPerMinute: { name: "AI_REQUESTS_PER_MINUTE", defaultValue: 20 },
  aiDailyTokens: { name: "AI_DAILY_TOKENS", defaultValue: 1_000_000 },
  storageQuotaMb: { name: "STORAGE_QUOTA_MB", defaultValue: 100 },
} as const;
export type UsageSettingName = (typeof USAGE_SETTINGS)[keyof typeof USAGE_SETTINGS]["name"];

export interface UsageLimits {
  aiRequestsPerMinute: number;
  aiDailyTokens: number;
  storageQuotaBytes: number;
}

export const MB = 1024 * 1024;
export const RATE_WINDOW_MS = 60_000;
const DAY_MS = 86_400_000;

/** The limits the settings give; a missing or unreadable setting (or one below 1) keeps its default. */
export function usageLimits(vars: Partial<Record<UsageSettingName, string>>): UsageLimits {
  const read = ({ name, defaultValue }: { name: UsageSettingName; defaultValue: number }) => {
    const value = Number(vars[name]);
    return Number.isFinite(value) && value >= 1 ? Math.floor(value) : defaultValue;
  };
  return {
    aiRequestsPerMinute: read(USAGE_SETTINGS.aiRequestsPerMinute),
    aiDailyTokens: read(USAGE_SETTINGS.aiDailyTokens),
    storageQuotaBytes: read(USAGE_SETTINGS.storageQuotaMb) * MB,
  };
}

/** The start (ms since the epoch) of the minute `now` falls in: AI requests count per minute. */
export const rateWindowOf = (now: number) => now - (now % RATE_WINDOW_MS);
/** The UTC day tokens count in, "2027-03-15". */
export const utcDayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
/** The next midnight UTC after `now`, when the token budget starts again. */
export const nextUtcMidnight = (now: number) => now - (now % DAY_MS) + DAY_MS;

/**
 * What a request will cost before the provider says: about four characters a token (OpenAI's rule
 * of thumb for English). The provider's own count replaces it once the answer is in.
 */
export const estimateTokens = (characters: number) => Math.ceil(characters / 4);

/** "45 s", "12 min", "3 h 20 min". */
export function formatWait(ms: number) {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** "512 KB", "12.3 MB", "1.5 GB". */
export function formatBytes(bytes: number) {
  if (bytes < MB) return `${Math.ceil(bytes / 1024)} KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, "")} MB`;
  return `${(bytes / 1024 / MB).toFixed(1).replace(/\.0$/, "")} GB`;
}

const count = (value: number) => value.toLocaleString("en-US");

/** Which limit refused a request, in the API's `details`. */
export type UsageLimitName = "ai_requests_per_minute" | "ai_daily_tokens" | "storage_quota";

export const rateLimitMessage = (limit: number, waitMs: number) =>
  `AI request limit reached: ${count(limit)} requests a minute. Try again in ${formatWait(waitMs)}.`;

export function tokenBudgetMessage(used: number, budget: number, needed: number, waitMs: number) {
  if (needed > budget) {
    return `This request needs about ${count(needed)} tokens, more than the daily AI token budget of ${count(budget)}: send a shorter conversation.`;
  }
  const need = used < budget ? `; this request needs about ${count(needed)}` : "";
  return `Daily AI token budget reached: ${count(used)} of ${count(budget)} tokens used today${need}. It resets at 00:00 UTC, in ${formatWait(waitMs)}.`;
}

export function storageQuotaMessage(used: number, quota: number, needed: number) {
  const need = needed > 0 && used < quota ? `; this needs about ${formatBytes(needed)} more` : "";
  return `Storage quota reached: ${formatBytes(used)} of ${formatBytes(quota)} used${need}. It does not reset by itself: delete documents, conversations or imported records to make room.`;
}
