import { createExecutionContext, env, SELF } from "cloudflare:test";
import { createApi } from "../../worker/api/app";
import type { Env } from "../../worker/env";

export const ORIGIN = "http://example.com";

let counter = 0;
export function uniqueEmail(prefix = "investor") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

type CallInit = RequestInit & { json?: unknown; token?: string };

function requestInit(init: CallInit): RequestInit {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  return {
    ...init,
    headers,
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  };
}

export const api = (path: string, init: CallInit = {}) =>
  SELF.fetch(`${ORIGIN}/api${path}`, requestInit(init));

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

interface MadeToken {
  token: string;
  access_token: {
    id: string;
    name: string;
    scope: string;
    shown: string;
    expires_at: string | null;
    last_used_at: string | null;
  };
}

/** An account and one token of `scope` made through the API as the Connections screen does. */
export async function withToken(scope: "read" | "read_write", expires: number | null = 30) {
  const owner = await account();
  const made = await owner.call<{ data: MadeToken }>("/access-tokens", {
    method: "POST",
    json: { name: `${scope} token`, scope, expires_in_days: expires },
  });
  if (made.status !== 201) throw new Error(`Making a token answered ${made.status}`);
  return { ...owner, pat: made.body.data.token, made: made.body.data };
}

/**
 * Calls the API as `fetch` would, with some settings other than wrangler.toml's (a low limit, say):
 * `const call = apiWith({ AI_DAILY_TOKENS: "500" }); await call("/ai/openai", { token, json })`.
 */
export function apiWith(vars: Partial<Env>) {
  const app = createApi();
  return async (path: string, init: CallInit = {}) =>
    app.request(
      `${ORIGIN}/api${path}`,
      requestInit(init),
      { ...env, ...vars },
      createExecutionContext(),
    );
}

/** A $250,000 rental bought with 20 % down: a $200,000 30-year loan at 6.5 %. */
export const RENTAL = {
  purchasePrice: 250000,
  closingCosts: 5000,
  grossMonthlyRent: 2000,
  vacancyPct: 5,
  propertyTaxesAnnual: 3000,
  insuranceAnnual: 1200,
  managementPct: 8,
  maintenancePct: 5,
  capexPct: 5,
  financing: { type: "loan", downPaymentPct: 20, interestRatePct: 6.5, termYears: 30 },
};
