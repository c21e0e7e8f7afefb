import { test as base, expect, type APIResponse, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { bin, ROOT, wranglerEnv } from "../../scripts/lib.mjs";

export interface TestUser {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

let counter = 0;
export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  return {
    email: `investor-${Date.now()}-${counter}@example.com`,
    password: "correct horse battery",
    first_name: "Ana",
    last_name: "Silva",
    ...overrides,
  };
}

/**
 * Creates an account through the API and signs in (signing up does not); the session cookie lands
 * in the page's context (or an API context's). The address is not confirmed (see `confirmEmail`).
 */
export async function registerThroughApi(page: Pick<Page, "request">, user: TestUser, origin = "") {
  const response = await page.request.post(`${origin}/api/auth/register`, { data: user });
  expect(response.status()).toBe(202);
  const signedIn = await page.request.post(`${origin}/api/auth/login`, {
    data: { email: user.email, password: user.password },
  });
  expect(signedIn.status()).toBe(200);
  return (await signedIn.json()).data as { token: string; user: { id: string } };
}

/** The fake e-mail provider (tests/fakes/email-server.mjs) the Worker sends through. */
export const FAKE_EMAIL = `http://127.0.0.1:${process.env.E2E_FAKE_EMAIL_PORT ?? 8796}`;

/** The newest link to `path` e-mailed to `address`, once it has come (the queue sends it). */
export async function emailedLink(address: string, path: string) {
  const pattern = new RegExp(`https?://[^\\s]+${path}\\?token=[\\w-]+`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await fetch(`${FAKE_EMAIL}/outbox`)).json()) as {
          to: string[];
          text: string;
        }[];
        link = outbox
          .filter((email) => email.to.includes(address) && pattern.test(email.text))
          .at(-1)
          ?.text.match(pattern)?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/**
 * Confirms the account's address as its owner would: the e-mailed link's token, through the API,
 * from the app's own origin (the page's session cookie goes along, so the CSRF check wants it).
 */
export async function confirmEmail(page: Page, address: string) {
  const link = new URL(await emailedLink(address, "/confirm-email"));
  const confirmed = await page.request.post(`${link.origin}/api/auth/confirm-email`, {
    data: { token: link.searchParams.get("token") },
    headers: { Origin: link.origin },
  });
  expect(confirmed.status()).toBe(200);
}

/** A signed-in user: the session cookie is in the page's context, the token in `post`. */
export interface Account extends TestUser {
  id: string;
  token: string;
  /** POSTs to the API as this user, to create test data (`post("/projects", {...})`). */
  post: (path: string, data: unknown) => Promise<APIResponse>;
}

/**
 * Tests that ask for `account` run signed in as a fresh user, created through the API (as
 * epic-stack's fixtures do), so each test says only what it is about.
 */
export const test = base.extend<{ account: Account }>({
  account: async ({ page }, provide) => {
    const user = newUser();
    const { token, user: created } = await registerThroughApi(page, user);
    // A cookie-only POST is refused as cross-site: test data goes with the bearer token.
    const post = (path: string, data: unknown) =>
      page.request.post(`/api${path}`, { data, headers: { Authorization: `Bearer ${token}` } });
    await provide({ ...user, id: created.id, token, post });
  },
});

export { expect };

/** The fake OpenAI-compatible server (tests/fakes/openai-server.mjs) the Worker talks to. */
export const FAKE_OPENAI = `http://127.0.0.1:${process.env.E2E_FAKE_OPENAI_PORT ?? 8791}`;

export interface FakeRequest {
  path: string;
  messages: { role: string; content: string }[];
  clientClosed: boolean;
  completed: boolean;
}

/** What the fake model was asked, oldest first, and whether each client went away. */
export const fakeOpenAIRequests = async () =>
  (await (await fetch(`${FAKE_OPENAI}/__fake/requests`)).json()) as FakeRequest[];

/**
 * Opens a path and waits until the screen (login or workspace) is interactive (hydrated). A page's
 * first load can take longer than one assertion's 7 s on a busy CI machine (one did, once).
 */
export async function openApp(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("[data-hydrated]")).toBeAttached({ timeout: 20_000 });
  return response;
}

/**
 * Runs `sql` on the local D1 of the server the tests drive (scripts/serve-e2e.mjs keeps it in
 * .wrangler/e2e-<port>): for a state no API makes (an e-mail that failed, a membership of a role
 * that inviting will give).
 */
export function executeSql(sql: string) {
  const persistTo = join(ROOT, ".wrangler", `e2e-${process.env.E2E_PORT ?? 8788}`);
  execFileSync(
    bin("wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--command", sql],
    { cwd: ROOT, env: wranglerEnv({ CI: "true" }), stdio: "pipe" },
  );
}
