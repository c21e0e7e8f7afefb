import { describe, expect, it } from "vitest";
import { allowedModels } from "~/domain/ai/providers";
import {
  estimateTokens,
  formatBytes,
  formatWait,
  MB,
  nextUtcMidnight,
  rateLimitMessage,
  rateWindowOf,
  storageQuotaMessage,
  tokenBudgetMessage,
  usageLimits,
  utcDayOf,
} from "~/domain/usage";

describe("the allowed models", () => {
  it("are the configured one and those listed, once each, in order", () => {
    expect(allowedModels("gpt-4o-mini", undefined)).toEqual(["gpt-4o-mini"]);
    expect(allowedModels("gpt-4o-mini", "")).toEqual(["gpt-4o-mini"]);
    expect(allowedModels("gpt-4o-mini", " gpt-4o , gpt-4o-mini,,o3-mini ")).toEqual([
      "gpt-4o-mini",
      "gpt-4o",
      "o3-mini",
    ]);
  });
});

describe("the limits' settings", () => {
  it("keep their defaults when missing or unreadable, and read whole numbers", () => {
    expect(usageLimits({})).toEqual({
      aiRequestsPerMinute: 20,
      aiDailyTokens: 1_000_000,
      storageQuotaBytes: 100 * MB,
    });
    expect(
      usageLimits({
        AI_REQUESTS_PER_MINUTE: "5",
        AI_DAILY_TOKENS: "2500.7",
        STORAGE_QUOTA_MB: "1",
      }),
    ).toEqual({ aiRequestsPerMinute: 5, aiDailyTokens: 2500, storageQuotaBytes: MB });
    expect(usageLimits({ AI_REQUESTS_PER_MINUTE: "0", AI_DAILY_TOKENS: "lots" })).toMatchObject({
      aiRequestsPerMinute: 20,
      aiDailyTokens: 1_000_000,
    });
  });
});

describe("the windows", () => {
  const now = Date.parse("2027-03-15T23:59:30.250Z");
  it("count requests per calendar minute and tokens per UTC day", () => {
    expect(new Date(rateWindowOf(now)).toISOString()).toBe("2027-03-15T23:59:00.000Z");
    expect(utcDayOf(now)).toBe("2027-03-15");
    expect(new Date(nextUtcMidnight(now)).toISOString()).toBe("2027-03-16T00:00:00.000Z");
    expect(new Date(nextUtcMidnight(Date.parse("2027-03-16T00:00:00Z"))).toISOString()).toBe(
      "2027-03-17T00:00:00.000Z",
    );
  });

  it("estimate about four characters a token", () => {
    expect(estimateTokens(0)).toBe(0);
    expect(estimateTokens(1)).toBe(1);
    expect(estimateTokens(4000)).toBe(1000);
  });
});

describe("what a refusal says", () => {
  it("names the limit and when it resets", () => {
    expect(rateLimitMessage(20, 12_300)).toBe(
      "AI request limit reached: 20 requests a minute. Try again in 13 s.",
    );
    expect(tokenBudgetMessage(1_000_250, 1_000_000, 900, (5 * 60 + 7) * 60_000)).toBe(
      "Daily AI token budget reached: 1,000,250 of 1,000,000 tokens used today. It resets at 00:00 UTC, in 5 h 7 min.",
    );
    expect(tokenBudgetMessage(999_000, 1_000_000, 2_000, 30 * 60_000)).toBe(
      "Daily AI token budget reached: 999,000 of 1,000,000 tokens used today; this request needs about 2,000. It resets at 00:00 UTC, in 30 min.",
    );
    expect(tokenBudgetMessage(0, 5000, 8000, 60_000)).toBe(
      "This request needs about 8,000 tokens, more than the daily AI token budget of 5,000: send a shorter conversation.",
    );
    expect(storageQuotaMessage(100 * MB, 100 * MB, 0)).toBe(
      "Storage quota reached: 100 MB of 100 MB used. It does not reset by itself: delete documents, conversations or imported records to make room.",
    );
    expect(storageQuotaMessage(99.5 * MB, 100 * MB, 24 * MB)).toContain(
      "99.5 MB of 100 MB used; this needs about 24 MB more.",
    );
  });

  it("writes sizes and waits the way a person reads them", () => {
    expect(formatBytes(0)).toBe("0 KB");
    expect(formatBytes(1500)).toBe("2 KB");
    expect(formatBytes(12.34 * MB)).toBe("12.3 MB");
    expect(formatBytes(1536 * MB)).toBe("1.5 GB");
    expect(formatWait(0)).toBe("1 s");
    expect(formatWait(59_000)).toBe("59 s");
    expect(formatWait(60_000)).toBe("1 min");
    expect(formatWait(3 * 3_600_000)).toBe("3 h 0 min");
  });
});
