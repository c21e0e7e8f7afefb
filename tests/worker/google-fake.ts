/**
 * The local fake Google (tests/fakes/google-server.mjs) as the Worker tests steer it: what it
 * received, and an account connected through the real OAuth flow.
 */
import { env, SELF } from "cloudflare:test";
import { expect } from "vitest";
import { account, api, ORIGIN, uniqueEmail } from "./helpers";

type Data<T> = { data: T };

export interface FakeLog {
  requests: {
    method: string;
    path: string;
    query: Record<string, string | string[]>;
    authorization: string | null;
    body: Record<string, string> | null;
  }[];
  exchanges: number;
  refreshes: number;
  revocations: number;
}

export const fake = (path: string, init?: RequestInit) =>
  fetch(`${env.FAKE_GOOGLE_URL}${path}`, init);
export const steer = (path: string, body: unknown) =>
  fake(path, { method: "POST", body: JSON.stringify(body) });
export const fakeLog = async () => (await (await fake("/__fake/requests")).json()) as FakeLog;

/** Starts the flow as an API client, lets the fake "consent", and answers Google's redirect. */
export async function consent(token: string, setting: Record<string, unknown> = {}) {
  const started = await api("/google/connect", { token });
  expect(started.status).toBe(200);
  const { url } = ((await started.json()) as Data<{ url: string }>).data;
  await steer("/__fake/consent", { email: uniqueEmail("google"), ...setting });
  const google = await fetch(url, { redirect: "manual" });
  expect(google.status).toBe(302);
  return { authUrl: new URL(url), redirect: new URL(google.headers.get("Location")!) };
}

/** Google's redirect arriving at the callback with this session. */
export async function callback(token: string, search: string) {
  const response = await SELF.fetch(`${ORIGIN}/api/google/callback${search}`, {
    headers: { Authorization: `Bearer ${token}` },
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers.get("Location");
}

export async function connected(setting: Record<string, unknown> = {}) {
  const user = await account();
  const { redirect } = await consent(user.token, setting);
  expect(await callback(user.token, redirect.search)).toBe("/connections?google=connected");
  return user;
}
