import { SELF } from "cloudflare:test";

export const ORIGIN = "http://example.com";

let counter = 0;
export function uniqueEmail(prefix = "investor") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export function api(path: string, init: RequestInit & { json?: unknown; token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });
}

export async function register(overrides: Record<string, unknown> = {}) {
  const body = {
    email: uniqueEmail(),
    password: "correct horse battery",
    first_name: "Ana",
    last_name: "Silva",
    ...overrides,
  };
  const response = await api("/auth/register", { method: "POST", json: body });
  const json = (await response.json()) as {
    data: { token: string; user: { id: string; email: string } };
  };
  return { response, body, ...json.data, cookie: response.headers.get("Set-Cookie") ?? "" };
}

export const cookieValue = (setCookie: string) => setCookie.split(";")[0]!;

/** A fresh account and a caller that sends its bearer token. */
export async function account() {
  const { token, user } = await register();
  const call = async <T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}) => {
    const response = await api(path, { ...init, token });
    const body = (await response.json()) as T;
    return { status: response.status, body };
  };
  return { token, user, call };
}

export type Caller = Awaited<ReturnType<typeof account>>["call"];
