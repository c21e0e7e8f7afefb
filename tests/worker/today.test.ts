/**
 * The user's today: the browser names its time zone in X-Time-Zone, and the agent's date and the
 * exports' file names follow it, not UTC. At 05:30 UTC on Nov 25 it is still 22:30 on Nov 24 in
 * Phoenix.
 */
import { env } from "cloudflare:test";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { api, cookieValue, uniqueEmail } from "./helpers";

const NOW = new Date("2026-11-25T05:30:00Z");
const PHOENIX = { "X-Time-Zone": "America/Phoenix" };

beforeEach(async () => {
  await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`, { method: "DELETE" });
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

/** An account signed in from a browser in `headers`' zone (or none). */
async function signedIn(headers: Record<string, string> = {}) {
  const account = {
    email: uniqueEmail(),
    password: "correct horse battery",
    first_name: "Ana",
    last_name: "Silva",
  };
  expect((await api("/auth/register", { method: "POST", json: account })).status).toBe(202);
  const response = await api("/auth/login", {
    method: "POST",
    headers,
    json: { email: account.email, password: account.password },
  });
  const { data } = (await response.json()) as { data: { token: string } };
  return { token: data.token, cookie: cookieValue(response.headers.get("Set-Cookie") ?? "") };
}

const systemPrompts = async () => {
  const log = (await (await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`)).json()) as {
    messages: { role: string; content: string }[];
  }[];
  return log.map((request) => request.messages.find((m) => m.role === "system")?.content ?? "");
};

const fileName = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];

it("tells the chat and the agent the date where the user is", async () => {
  const { token } = await signedIn();
  const json = { messages: [{ role: "user", content: "What day is it?" }] };
  for (const path of ["/ai/openai", "/ai/coordinate"]) {
    const response = await api(path, { method: "POST", token, headers: PHOENIX, json });
    expect(response.status).toBe(200);
  }
  const prompts = await systemPrompts();
  expect(prompts).toHaveLength(2);
  for (const prompt of prompts) expect(prompt).toContain("Today is 2026-11-24 (America/Phoenix)");
});

it("falls back to UTC for a request naming no zone, or one that is not a zone", async () => {
  const { token } = await signedIn();
  const json = { messages: [{ role: "user", content: "What day is it?" }] };
  await api("/ai/openai", { method: "POST", token, json });
  await api("/ai/openai", {
    method: "POST",
    token,
    json,
    headers: { "X-Time-Zone": "Mars/Olympus" },
  });
  const prompts = await systemPrompts();
  expect(prompts).toHaveLength(2);
  for (const prompt of prompts) expect(prompt).toContain("Today is 2026-11-25 (UTC)");
});

it("names the exports by the user's date", async () => {
  const { token } = await signedIn();
  const workspace = await api("/export", { token, headers: PHOENIX });
  expect(fileName(workspace)).toBe("ai42-export-2026-11-24.json");
  const csv = await api("/export/properties.csv", { token, headers: PHOENIX });
  expect(fileName(csv)).toBe("ai42-properties-2026-11-24.csv");
  const tokyo = await api("/export/properties.csv", {
    token,
    headers: { "X-Time-Zone": "Asia/Tokyo" },
  });
  expect(fileName(tokyo)).toBe("ai42-properties-2026-11-25.csv");
});

it("names a plain-link download (no header, the cookie) by the zone the browser signed in from", async () => {
  const phoenix = await signedIn(PHOENIX);
  const link = await api("/export/properties.csv", { headers: { Cookie: phoenix.cookie } });
  expect(link.status).toBe(200);
  expect(fileName(link)).toBe("ai42-properties-2026-11-24.csv");
  const utc = await signedIn();
  const other = await api("/export/properties.csv", { headers: { Cookie: utc.cookie } });
  expect(fileName(other)).toBe("ai42-properties-2026-11-25.csv");
});
