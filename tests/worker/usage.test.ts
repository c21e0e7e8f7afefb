/**
 * The per-user limits inside workerd with real local D1: AI requests a minute, AI tokens a UTC
 * day, the storage quota, and GET /api/usage that the Connections screen shows. Each test runs
 * with its own low limits (apiWith) against the fake OpenAI-compatible server.
 */
import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { releaseStorage, reserveStorage } from "../../worker/services/usage";
import { account, apiWith, remeasureAllStorage } from "./helpers";

type Failure = { error: { message: string; code: string; details?: Record<string, unknown> } };
interface Usage {
  aiRequests: { used: number; limit: number; resetsAt: string };
  aiTokens: { used: number; limit: number; resetsAt: string };
  storage: { used: number; limit: number; measuredAt: string };
}

const fakeLog = async () =>
  (await (await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`)).json()) as unknown[];
const ask = (content: string) => ({ messages: [{ role: "user", content }] });
const MB = 1024 * 1024;

beforeEach(async () => {
  await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`, { method: "DELETE" });
});

/** Requests a minute count per calendar minute: start a test early in one, not at its edge. */
async function awayFromTheMinuteEdge() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const usageOf = async (call: ReturnType<typeof apiWith>, token: string) =>
  ((await (await call("/usage", { token })).json()) as { data: Usage }).data;

describe("AI requests a minute", () => {
  it("lets the limit through at once and answers the rest 429 with Retry-After", async () => {
    await awayFromTheMinuteEdge();
    const call = apiWith({ AI_REQUESTS_PER_MINUTE: "3" });
    const { token } = await account();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call("/ai/openai", { method: "POST", token, json: ask(`Question ${i}`) }),
      ),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await fakeLog()).toHaveLength(3);

    const refused = responses.find((response) => response.status === 429)!;
    const wait = Number(refused.headers.get("Retry-After"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const { error } = (await refused.json()) as Failure;
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(
      /^AI request limit reached: 3 requests a minute\. Try again in (\d+ s|1 min)\.$/,
    );
    expect(error.details).toMatchObject({ limit: "ai_requests_per_minute", used: 3, max: 3 });

    // Text to speech counts too, and another user has their own minute.
    const tts = await call("/ai/tts", { method: "POST", token, json: { text: "hi" } });
    expect(tts.status).toBe(429);
    const other = await account();
    const theirs = await call("/ai/openai", {
      method: "POST",
      token: other.token,
      json: ask("hi"),
    });
    expect(theirs.status).toBe(200);

    const usage = await usageOf(call, token);
    expect(usage.aiRequests).toMatchObject({ used: 3, limit: 3 });
    expect(Date.parse(usage.aiRequests.resetsAt) - Date.now()).toBeLessThanOrEqual(60_000);
  });
});

describe("AI tokens a day", () => {
  it("counts what the provider reported, and refuses once the day's budget is used", async () => {
    const call = apiWith({ AI_DAILY_TOKENS: "1000" });
    const { token, call: signedIn } = await account();
    let refused: Response | undefined;
    for (let i = 0; i < 20 && !refused; i += 1) {
      const response = await call("/ai/openai", {
        method: "POST",
        token,
        json: ask(`Tell me about cap rates, take ${i}`),
      });
      if (response.status === 429) refused = response;
      else expect(response.status).toBe(200);
    }
    expect(refused).toBeDefined();
    const { error } = (await refused!.json()) as Failure;
    expect(error.code).toBe("TOKEN_BUDGET_EXCEEDED");
    expect(error.message).toMatch(
      /^Daily AI token budget reached: [\d,]+ of 1,000 tokens used today(; this request needs about [\d,]+)?\. It resets at 00:00 UTC, in (\d+ h )?\d+ min\.$/,
    );
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    const wait = Number(refused!.headers.get("Retry-After"));
    expect(Math.abs(wait - (midnight.getTime() - Date.now()) / 1000)).toBeLessThan(5);
    expect(error.details).toMatchObject({
      limit: "ai_daily_tokens",
      max: 1000,
      resetsAt: midnight.toISOString(),
    });

    // The count is the providers' own: the same as the conversations' totals.
    const conversations = await signedIn<{
      data: { promptTokens: number; completionTokens: number }[];
    }>("/conversations?limit=100");
    const reported = conversations.body.data.reduce(
      (sum, c) => sum + c.promptTokens + c.completionTokens,
      0,
    );
    const usage = await usageOf(call, token);
    expect(usage.aiTokens).toMatchObject({ used: reported, limit: 1000 });
    expect(usage.aiTokens.resetsAt).toBe(midnight.toISOString());
  });

  it("reserves a call's prompt when it starts, so parallel calls cannot all start on it", async () => {
    // Each prompt is over 2,000 tokens: a 6,000 budget admits at most two at once.
    const call = apiWith({ AI_DAILY_TOKENS: "6000" });
    const { token } = await account();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call("/ai/openai", { method: "POST", token, json: ask(`${i} ${"x".repeat(8000)}`) }),
      ),
    );
    const admitted = responses.filter((response) => response.status === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(1);
    expect(admitted).toBeLessThanOrEqual(2);
    for (const response of responses.filter((r) => r.status !== 200)) {
      expect(((await response.json()) as Failure).error.code).toBe("TOKEN_BUDGET_EXCEEDED");
    }
    expect(await fakeLog()).toHaveLength(admitted);
  });

  it("gives the reservation back when the provider fails", async () => {
    const call = apiWith({ AI_DAILY_TOKENS: "3000" });
    const { token } = await account();
    const failed = await call("/ai/openai", {
      method: "POST",
      token,
      json: ask(`please fail with 500 ${"x".repeat(4000)}`),
    });
    expect(failed.status).toBe(502);
    expect((await usageOf(call, token)).aiTokens.used).toBe(0);
  });
});

describe("the storage quota", () => {
  const document = (i: number) => ({ title: `Notes ${i}`, content: "n".repeat(100_000) });

  it("refuses documents and AI chats once the user's records fill it (413 naming it)", async () => {
    const call = apiWith({ STORAGE_QUOTA_MB: "1" });
    const { token } = await account();
    const saved: string[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 15 && !refused; i += 1) {
      const response = await call("/data/entries", { method: "POST", token, json: document(i) });
      if (response.status === 413) refused = response;
      else saved.push(((await response.json()) as { data: { id: string } }).data.id);
    }
    expect(saved.length).toBeGreaterThanOrEqual(9);
    expect(saved.length).toBeLessThanOrEqual(10);
    const { error } = (await refused!.json()) as Failure;
    expect(error.code).toBe("STORAGE_QUOTA_EXCEEDED");
    expect(error.message).toMatch(
      /^Storage quota reached: [\d.]+ (KB|MB) of 1 MB used(; this needs about \d+ KB more)?\. It does not reset by itself: delete documents, conversations or imported records to make room\.$/,
    );
    expect(error.details).toMatchObject({ limit: "storage_quota", max: MB });

    // A chat stores what it is sent: one that does not fit in what is left is refused.
    const long = "x".repeat(30_000);
    const chat = await call("/ai/openai", {
      method: "POST",
      token,
      json: {
        messages: [
          { role: "user", content: long },
          { role: "assistant", content: long },
          { role: "user", content: "hi" },
        ],
      },
    });
    expect(chat.status).toBe(413);
    expect(((await chat.json()) as Failure).error.message).toContain("this needs about 59 KB more");
    expect(await fakeLog()).toEqual([]);

    const usage = await usageOf(call, token);
    expect(usage.storage.limit).toBe(MB);
    expect(usage.storage.used).toBeGreaterThan(900_000);
  });

  it("makes room as soon as records are deleted", async () => {
    const call = apiWith({ STORAGE_QUOTA_MB: "1" });
    const { token, user } = await account();
    const db = database(env.DB);
    const envWithQuota = { ...env, STORAGE_QUOTA_MB: "1" };
    for (let i = 0; i < 8; i += 1) {
      await call("/data/entries", { method: "POST", token, json: document(i) });
    }
    await expect(reserveStorage(db, envWithQuota, user.id, 400_000)).rejects.toMatchObject({
      status: 413,
    });
    const list = (await (await call("/data/entries", { token })).json()) as {
      data: { id: string }[];
    };
    for (const { id } of list.data) {
      await call(`/data/entries?id=${id}`, { method: "DELETE", token });
    }
    // The deletions are counted by the deletes themselves: no measuring, no wait.
    await reserveStorage(db, envWithQuota, user.id, 400_000);
    await releaseStorage(db, user.id, 400_000);
    expect((await usageOf(call, token)).storage.used).toBeLessThan(10_000);
  });

  it("refuses an import that would not fit, and lets a preview through", async () => {
    const call = apiWith({ STORAGE_QUOTA_MB: "1" });
    const { token } = await account();
    const rows = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => ({
        address: `${from + i} Quota Street`,
        city: "Springfield",
        notes: "q".repeat(2000),
      }));
    const preview = await call("/data/properties?dryRun=true", {
      method: "POST",
      token,
      json: rows(600),
    });
    expect(preview.status).toBe(200);
    const tooBig = await call("/data/properties", { method: "POST", token, json: rows(600) });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as Failure).error.code).toBe("STORAGE_QUOTA_EXCEEDED");

    const first = await call("/data/properties", { method: "POST", token, json: rows(200) });
    expect(first.status).toBe(200);
    const second = await call("/data/properties", {
      method: "POST",
      token,
      json: rows(400, 200),
    });
    expect(second.status).toBe(413);
    const properties = (await (await call("/data/properties?limit=1", { token })).json()) as {
      meta: { total: number };
    };
    expect(properties.meta.total).toBe(200);
  });

  it("counts a large import's rows as they are written: a CSV's rows take more than the file", async () => {
    const call = apiWith({ STORAGE_QUOTA_MB: "50" });
    const { token } = await account();
    const csv = [
      "First Name,Last Name,Phone 1,Email 1,Mailing Address,Mailing City,Mailing State",
      ...Array.from(
        { length: 3000 },
        (_, i) =>
          `Owner${i},Family${i},(555) 010-${String(i).padStart(4, "0")},owner${i}@example.com,PO Box ${i},Dayton,OH`,
      ),
    ].join("\r\n");
    const imported = await call("/imports/leads", {
      method: "POST",
      token,
      body: csv,
      headers: { "Content-Type": "text/csv" },
    });
    expect(imported.status).toBe(200);
    // Each lead keeps what the file said (for the next merge), its contact and its undo entry.
    const counted = (await usageOf(call, token)).storage.used;
    expect(counted).toBeGreaterThan(3 * csv.length);
    // What the background re-measure finds is what was counted.
    await remeasureAllStorage();
    expect((await usageOf(call, token)).storage.used).toBe(counted);
  });
});
