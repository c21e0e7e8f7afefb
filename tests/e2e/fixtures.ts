import { test as base, expect, type Page } from "@playwright/test";

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

/** Creates an account through the API; the session cookie lands in the page's context. */
export async function registerThroughApi(page: Page, user: TestUser) {
  const response = await page.request.post("/api/auth/register", { data: user });
  expect(response.status()).toBe(201);
  return (await response.json()).data as { token: string };
}

/**
 * Signs a new user in (the session cookie lands in the page's context) and gives a caller for the
 * API with the bearer token (a cookie-only POST is refused as CSRF), to create test data.
 */
export async function signIn(page: Page) {
  const { token } = await registerThroughApi(page, newUser());
  const call = (path: string, data: unknown) =>
    page.request.post(path, { data, headers: { Authorization: `Bearer ${token}` } });
  return { token, call };
}

export const test = base;

export { expect };

/** Opens a path and waits until the screen (login or workspace) is interactive (hydrated). */
export async function openApp(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
  return response;
}
