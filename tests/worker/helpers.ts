import { createExecutionContext, env, SELF } from "cloudflare:test";
import { createApi } from "../../worker/api/app";
import { database } from "../../worker/db/client";
import { remeasureStorage } from "../../worker/services/storage";
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

/** A small CSV named `name` uploaded to one of the user's records through the API: its id. */
export async function uploadFile(token: string, ownerType: string, ownerId: string, name: string) {
  const body = new FormData();
  body.append("ownerType", ownerType);
  body.append("ownerId", ownerId);
  body.append("file", new File([`Unit,Rent\nA,1200\n${name}\n`], name, { type: "text/csv" }));
  const response = await api("/files", { method: "POST", token, body });
  if (response.status !== 201) throw new Error(`${name} not uploaded: ${response.status}`);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

/** The names of a record's files, as the API lists them. */
export async function fileNames(token: string, ownerType: string, ownerId: string) {
  const response = await api(`/files?ownerType=${ownerType}&ownerId=${ownerId}`, { token });
  return ((await response.json()) as { data: { name: string }[] }).data.map(({ name }) => name);
}

/**
 * Signs up (which does not sign in) and then signs in, both through the API: `response` is the
 * sign-up's answer, `token`, `user` and `cookie` the sign-in's. The address is not confirmed
 * (see `confirmEmail`).
 */
export async function register(overrides: Record<string, unknown> = {}) {
  const body = {
    email: uniqueEmail(),
    password: "correct horse battery",
    first_name: "Ana",
    last_name: "Silva",
    ...overrides,
  };
  const response = await api("/auth/register", { method: "POST", json: body });
  if (response.status !== 202) throw new Error(`Signing up answered ${response.status}`);
  const signedIn = await api("/auth/login", {
    method: "POST",
    json: { email: body.email, password: body.password },
  });
  const json = (await signedIn.json()) as {
    data: { token: string; user: { id: string; email: string } };
  };
  return { response, body, ...json.data, cookie: signedIn.headers.get("Set-Cookie") ?? "" };
}

interface SentEmail {
  to: string[];
  subject: string;
  text: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  authorization?: string;
}

/** What the fake e-mail provider (tests/fakes/email-server.mjs) was sent, oldest first. */
export const outbox = async () =>
  (await (await fetch(`${env.FAKE_EMAIL_URL}/outbox`)).json()) as SentEmail[];

/**
 * The e-mails to `address` whose subject contains `subject`, once `count` of them have arrived
 * (the JOBS queue delivers them after the request that queued them has answered).
 */
export async function emailsTo(
  address: string,
  match: string | RegExp = "",
  count = 1,
  waitMs = 8000,
) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mine = (await outbox()).filter(
      (email) =>
        email.to.includes(address) &&
        (typeof match === "string" ? email.subject.includes(match) : match.test(email.text)),
    );
    if (mine.length >= count || Date.now() >= deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The token of the newest link to `path` e-mailed to `address`, once `count` such e-mails have
 * arrived.
 */
export async function linkToken(address: string, path: string, count = 1) {
  const pattern = new RegExp(`${path}\\?token=([\\w-]+)`);
  const found = await emailsTo(address, pattern, count);
  const token = found.at(-1)?.text.match(pattern)?.[1];
  if (!token) throw new Error(`No ${path} link was e-mailed to ${address}`);
  return token;
}

/** Confirms the account's address as its owner would: the e-mailed link, through the API. */
export async function confirmEmail(address: string) {
  const token = await linkToken(address, "/confirm-email");
  const confirmed = await api("/auth/confirm-email", { method: "POST", json: { token } });
  if (confirmed.status !== 200) throw new Error(`Confirming answered ${confirmed.status}`);
}

export const cookieValue = (setCookie: string) => setCookie.split(";")[0]!;

/** A fresh account and a caller that sends its bearer token; `confirmed`: its address confirmed. */
export async function account(options: { confirmed?: boolean } = {}) {
  const { token, user, cookie } = await register();
  if (options.confirmed) await confirmEmail(user.email);
  const call = async <T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}) => {
    const response = await api(path, { ...init, token });
    const body = (await response.json()) as T;
    return { status: response.status, body };
  };
  return { token, user, cookie, call };
}

export type Caller = Awaited<ReturnType<typeof account>>["call"];

/**
 * Puts person `userId` in workspace `workspaceId` as `role`, as an accepted invitation does,
 * written straight to the database (for the tests about something else than inviting);
 * `assignedOnly`: they see only the records assigned to them.
 */
export async function joinAs(
  workspaceId: string,
  userId: string,
  role: string,
  assignedOnly = false,
) {
  const now = new Date().toISOString();
  await env.DB.prepare(
    "INSERT INTO workspace_members (workspace_id, user_id, role, assigned_only, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
  )
    .bind(workspaceId, userId, role, assignedOnly ? 1 : 0, now, now)
    .run();
}

/** An invitation as POST /workspaces/{id}/invitations answers it, with its link's token. */
export interface MadeInvitation {
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
  url: string;
  token: string;
}

/** `inviter` invites `email` to workspace `workspaceId` as `role`, through the API. */
export async function invite(inviter: Caller, workspaceId: string, email: string, role = "member") {
  const made = await inviter<{ data: MadeInvitation }>(`/workspaces/${workspaceId}/invitations`, {
    method: "POST",
    json: { email, role },
  });
  if (made.status !== 201) throw new Error(`Inviting answered ${made.status}`);
  const { url } = made.body.data;
  return { ...made.body.data, token: url.slice(url.lastIndexOf("/") + 1) };
}

/** A fresh account that joined workspace `workspaceId` as `role`, invited by `inviter`. */
export async function member(inviter: Caller, workspaceId: string, role = "member") {
  const joining = await account();
  const { token } = await invite(inviter, workspaceId, joining.user.email, role);
  const accepted = await joining.call(`/invitations/${token}/accept`, { method: "POST" });
  if (accepted.status !== 200) throw new Error(`Accepting answered ${accepted.status}`);
  return joining;
}

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

/** The bytes the user's records and files count as now (their storage figure). */
export async function storedBytes(userId: string) {
  const row = await env.DB.prepare(
    "SELECT storage_bytes AS bytes FROM usage_counters WHERE user_id = ?",
  )
    .bind(userId)
    .first<{ bytes: number }>();
  return row?.bytes ?? 0;
}

/** Runs the background re-measure of storage until its pass is done. */
export async function remeasureAllStorage() {
  const db = database(env.DB);
  while (!(await remeasureStorage(db))) {
    // The pass goes on a slice at a time.
  }
}

/** A statement a service ran: its SQL and the values bound to it. */
export interface RanStatement {
  sql: string;
  params: unknown[];
}

/**
 * D1 as the Worker and its services use it, handing each statement it is given, with its values,
 * to `sent` (a statement without parameters when prepared, any other each time it is bound); a
 * batch runs the statements as D1 made them.
 */
export function noting(db: D1Database, sent: { push(one: RanStatement): unknown }): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (prepared: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(prepared, {
      get(target, key) {
        if (key === "bind")
          return (...params: unknown[]) => {
            sent.push({ sql, params });
            return statement(target.bind(...params), sql);
          };
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(wrapped, prepared);
    return wrapped;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare")
        return (sql: string) => {
          if (!/\?/.test(sql)) sent.push({ sql, params: [] });
          return statement(target.prepare(sql), sql);
        };
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          target.batch(statements.map((one) => real.get(one) ?? one));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The database as services use it, keeping each statement they run, to read its query plan:
 * the plans asserted are those of the services' own queries.
 */
export function recordingDatabase() {
  const ran: RanStatement[] = [];
  const d1 = new Proxy(env.DB, {
    get(target, key) {
      if (key !== "prepare") {
        const value: unknown = Reflect.get(target, key);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        const statement = target.prepare(sql);
        const entry: RanStatement = { sql, params: [] };
        ran.push(entry);
        const bind = statement.bind.bind(statement);
        statement.bind = (...params: unknown[]) => {
          entry.params = params;
          return bind(...params);
        };
        return statement;
      };
    },
  });
  return { db: database(d1), ran };
}

/** How SQLite runs the statement: the lines of EXPLAIN QUERY PLAN. */
export async function queryPlan({ sql, params }: RanStatement) {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** A plan that sorts rows itself, reads a whole table, or runs a subquery per row. */
export const UNBOUNDED_PLAN =
  /TEMP B-TREE FOR (RIGHT PART OF )?ORDER BY|^SCAN (?!json_each)|CORRELATED/;

/**
 * `rows` of each list but properties for the user, written straight to D1, with ties and empty
 * values in every sort column so that an order's tie-break by id and its place for empty values
 * both matter: leads (three in four contacts, `<user>-c<i>`), other contacts, projects, saved
 * analyses and auctions.
 */
export async function seedLists(userId: string, rows = 20) {
  const numbers = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)`;
  const at = (column: string) => `printf('2026-11-01T00:00:%02d.000Z', ${column})`;
  await env.DB.batch(
    [
      `INSERT INTO contacts (id, user_id, first_name, last_name, type, tags, created_at, updated_at)
       SELECT printf('%s-c%03d', ?1, i), ?1, CASE i % 2 WHEN 0 THEN 'Ann' ELSE 'Ben' END,
              CASE i % 3 WHEN 0 THEN 'Ames' WHEN 1 THEN 'Bell' ELSE 'Cole' END,
              CASE WHEN i % 4 = 0 THEN 'lender' ELSE 'lead' END, '[]', ${at("i % 3")}, ${at("i % 3")}
       FROM n`,
      `INSERT INTO leads (contact_id, user_id, status, reached, score, consent_email, consent_sms,
                          consent_call, follow_up_on, answers, created_at, updated_at)
       SELECT printf('%s-c%03d', ?1, i), ?1, 'new', 'new',
              CASE WHEN i % 3 = 0 THEN NULL ELSE i % 2 END, 0, 0, 0,
              CASE WHEN i % 5 < 2 THEN NULL ELSE printf('2027-03-0%d', i % 2 + 1) END, '[]',
              ${at("i % 3")}, ${at("i % 3")}
       FROM n WHERE i % 4 <> 0`,
      `INSERT INTO projects (id, user_id, name, type, status, created_at, updated_at)
       SELECT printf('%s-j%03d', ?1, i), ?1, printf('Project %d', i), 'other', 'prospecting',
              ${at("i % 3")}, ${at("i % 3")}
       FROM n`,
      `INSERT INTO deals (id, user_id, name, strategy, inputs, created_at, updated_at)
       SELECT printf('%s-a%03d', ?1, i), ?1, printf('Analysis %d', i), 'flip', '{}',
              ${at("i % 3")}, ${at("i % 3")}
       FROM n`,
      `INSERT INTO auctions (id, user_id, sale_type, sale_at, time_zone, current_sale_at, address,
                             county, opening_bid, deposit_due_at, status, created_at, updated_at)
       SELECT printf('%s-u%03d', ?1, i), ?1,
              CASE i % 3 WHEN 0 THEN 'sheriff' WHEN 1 THEN 'tax' ELSE 'trustee' END,
              ${at("i % 3")}, 'America/New_York', ${at("i % 3")}, printf('%d Lot Rd', i % 5),
              CASE WHEN i % 2 = 0 THEN NULL ELSE 'Allegheny' END,
              CASE WHEN i % 4 = 0 THEN NULL ELSE i % 2 * 1000 END,
              CASE WHEN i % 3 = 0 THEN NULL ELSE ${at("i % 2")} END,
              CASE i % 2 WHEN 0 THEN 'upcoming' ELSE 'postponed' END, ${at("i % 3")}, ${at("i % 3")}
       FROM n`,
    ].map((insert) => env.DB.prepare(`${numbers} ${insert}`).bind(userId, rows)),
  );
}

/** A page as the server answers it, redirects not followed (`location` says where to). */
export async function pageAt(path: string, cookie?: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("Location"),
  };
}

/** A form posted by a browser without JavaScript, from this AI42's own page (or `origin`'s). */
export async function postForm(
  path: string,
  cookie: string,
  fields: Record<string, string>,
  origin = ORIGIN,
) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: origin,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("Location"),
    setCookie: response.headers.get("Set-Cookie"),
  };
}

/**
 * A JSON body posted to a page's action, as a page with JavaScript sends a form that builds its
 * input (an auction's); the page answers as its action does, rendered.
 */
export async function postJson(path: string, cookie: string, body: unknown) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(body),
    redirect: "manual",
  });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get("Location"),
  };
}
