/**
 * The user's Google account: connecting it (OAuth 2.0 for web servers: single-use state bound to
 * the session, PKCE S256, offline access), its status, disconnecting (revoked at Google), and
 * `withGoogle`, which every Gmail, Drive and Calendar call goes through: it decrypts the tokens,
 * refreshes them when five minutes or less remain (one refresh shared by concurrent calls in an
 * isolate), stores refreshed tokens encrypted, marks the connection "reconnect needed" on
 * `invalid_grant`, and turns Google's failures into the API's errors.
 */
import { and, eq, lt } from "drizzle-orm";
import { decodeJwt } from "jose";
import {
  EXTRA_GOOGLE_SCOPES,
  GMAIL_SEND_SCOPE,
  type GmailSending,
  GOOGLE_REQUESTED_SCOPES,
  GOOGLE_SERVICE_LABELS,
  GOOGLE_SERVICE_SCOPES,
  grantedServices,
  type GoogleOutcome,
  type GoogleService,
  type ExtraGoogleScope,
  type GoogleStatus,
} from "../../app/domain/google";
import { AppError, notConfigured } from "../errors";
import type { Database } from "../db/client";
import { nowIso, type Acting } from "../db/queries";
import { googleConnections, googleOauthStates, type GoogleConnectionRow } from "../db/schema";
import type { Env } from "../env";
import { decryptSecret, encryptSecret, randomToken } from "./crypto";
import type { Credentials, GoogleEndpoints, OAuth2Client } from "./google-apis";
import type { Session } from "./sessions";

const STATE_TTL_MS = 10 * 60_000;
export const GOOGLE_CALLBACK_PATH = "/api/google/callback";
const DEFAULT_API_BASE_URL = "https://www.googleapis.com";

/**
 * Where a call for the user's Google account goes: the database, the Worker's settings, the person
 * whose Google account it is (`userId`), the workspace whose records the call reads and writes
 * (`workspaceId`: the account that owns them, docs/decisions/0046) and this AI42's origin (the
 * OAuth redirect's).
 */
export interface GoogleScope {
  db: Database;
  env: Env;
  userId: string;
  workspaceId: string;
  /** Whether the person reaches only the records assigned to them (worker/db/queries.ts). */
  assignedOnly?: boolean;
  origin: string;
  /** The user's zone (the session's), for what "today" means to them. */
  timeZone?: string;
}

/** The person of a scope working in its workspace: the owner its services reach records as. */
export const actingOf = (scope: GoogleScope): Acting => ({
  id: scope.workspaceId,
  personId: scope.userId,
  assignedOnly: scope.assignedOnly ?? false,
});

/** Google's client libraries, loaded on the first call that talks to Google. */
export const googleApis = () => import("./google-apis");

/** The OAuth client's settings, or 503 naming the first key to set. */
export function googleEndpoints(env: Env, origin: string): GoogleEndpoints {
  if (!env.GOOGLE_CLIENT_ID) throw notConfigured("GOOGLE_CLIENT_ID", "Google");
  if (!env.GOOGLE_CLIENT_SECRET) throw notConfigured("GOOGLE_CLIENT_SECRET", "Google");
  if (!env.TOKEN_ENCRYPTION_KEY) throw notConfigured("TOKEN_ENCRYPTION_KEY", "Google");
  const tokenUrl = env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token";
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    redirectUri: new URL(GOOGLE_CALLBACK_PATH, origin).toString(),
    authUrl: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl,
    revokeUrl: new URL("/revoke", tokenUrl).toString(),
    apiBaseUrl: env.GOOGLE_API_BASE_URL || DEFAULT_API_BASE_URL,
  };
}

export const googleConfigured = (env: Env) =>
  Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET && env.TOKEN_ENCRYPTION_KEY);

/**
 * Starts the connect flow: a single-use state for this session, and Google's consent URL. `extra`
 * asks for more than the usual permissions (sending mail); what was granted before is kept.
 */
export async function startGoogleConnect(
  db: Database,
  env: Env,
  session: Session,
  origin: string,
  extra: readonly ExtraGoogleScope[] = [],
) {
  const endpoints = googleEndpoints(env, origin);
  const { oauthClient } = await googleApis();
  const client = oauthClient(endpoints);
  const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
  const state = randomToken();
  const now = Date.now();
  // Flows abandoned long ago are of no use to anyone.
  await db.delete(googleOauthStates).where(lt(googleOauthStates.expiresAt, now));
  await db.insert(googleOauthStates).values({
    state,
    userId: session.userId,
    sessionId: session.id,
    codeVerifier: await encryptSecret(env, codeVerifier),
    returnTo: "/connections",
    expiresAt: now + STATE_TTL_MS,
  });
  const url = client.generateAuthUrl({
    access_type: "offline",
    prompt: "consent",
    include_granted_scopes: true,
    scope: [...GOOGLE_REQUESTED_SCOPES, ...extra.map((name) => EXTRA_GOOGLE_SCOPES[name])],
    state,
    code_challenge: codeChallenge,
    // google-auth-library's enum value is the string "S256".
    code_challenge_method: "S256" as never,
    login_hint: undefined,
  });
  return { url };
}

/** Takes a state: answers its row if it exists, is this session's and is fresh, and deletes it. */
async function takeState(db: Database, state: string | undefined, session: Session) {
  if (!state) return null;
  const [row] = await db
    .delete(googleOauthStates)
    .where(and(eq(googleOauthStates.state, state), eq(googleOauthStates.userId, session.userId)))
    .returning();
  if (!row || row.sessionId !== session.id || row.expiresAt < Date.now()) return null;
  return row;
}

/**
 * The e-mail in an ID token. It came straight from Google's token endpoint over TLS, so its
 * signature need not be checked (OpenID Connect Core, 3.1.3.7).
 */
function emailOf(idToken: string | null | undefined) {
  try {
    const { email } = decodeJwt(idToken ?? "");
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

/**
 * Finishes the connect flow from Google's redirect: checks the state, exchanges the code with the
 * PKCE verifier, stores the tokens encrypted. Answers how it ended; nothing is stored unless the
 * state was this session's own, unused and fresh.
 */
export async function finishGoogleConnect(
  db: Database,
  env: Env,
  session: Session,
  origin: string,
  query: { state?: string; code?: string; error?: string },
): Promise<GoogleOutcome> {
  const stateRow = await takeState(db, query.state, session);
  if (!stateRow) return "expired";
  if (query.error) return query.error === "access_denied" ? "denied" : "failed";
  if (!query.code) return "failed";
  const endpoints = googleEndpoints(env, origin);
  const { oauthClient } = await googleApis();
  let tokens: Credentials;
  try {
    ({ tokens } = await oauthClient(endpoints).getToken({
      code: query.code,
      codeVerifier: await decryptSecret(env, stateRow.codeVerifier),
      redirect_uri: endpoints.redirectUri,
    }));
  } catch (error) {
    console.warn("Google code exchange failed", googleMessage(error));
    return "failed";
  }
  if (!tokens.access_token || !tokens.refresh_token) return "failed";
  const scopes = (tokens.scope ?? "").split(/\s+/).filter(Boolean);
  const values = {
    email: emailOf(tokens.id_token) ?? "Google account",
    scopes: scopes.join(" "),
    accessToken: await encryptSecret(env, tokens.access_token),
    refreshToken: await encryptSecret(env, tokens.refresh_token),
    expiresAt: tokens.expiry_date ?? Date.now() + 3_600_000,
    needsReconnect: false,
    updatedAt: nowIso(),
  };
  await db
    .insert(googleConnections)
    .values({ userId: session.userId, ...values })
    .onConflictDoUpdate({ target: googleConnections.userId, set: values });
  clients.delete(session.userId);
  return grantedServices(scopes).length === Object.keys(GOOGLE_SERVICE_SCOPES).length
    ? "connected"
    : "partial";
}

const connectionOf = (db: Database, userId: string) =>
  db.query.googleConnections.findFirst({ where: eq(googleConnections.userId, userId) });

/** Whether the user's Google account is connected for `service` (or at all), and as whom. */
export async function googleStatus(
  { db, env, userId }: Omit<GoogleScope, "origin">,
  service?: GoogleService,
): Promise<GoogleStatus & { configured: boolean }> {
  const configured = googleConfigured(env);
  const row = await connectionOf(db, userId);
  if (!row) return { configured, connected: false };
  const scopes = row.scopes.split(" ").filter(Boolean);
  return {
    configured,
    connected: service ? scopes.includes(GOOGLE_SERVICE_SCOPES[service]) : true,
    email: row.email,
    scopes,
    needsReconnect: row.needsReconnect,
    ...(row.lastSyncAt ? { lastSyncAt: row.lastSyncAt } : {}),
  };
}

/** Whether AI42 may send mail from the user's Gmail, and if not, what the user can do about it. */
export async function gmailSending(db: Database, userId: string): Promise<GmailSending> {
  const row = await connectionOf(db, userId);
  if (!row) return "not_connected";
  if (!row.scopes.split(" ").includes(GMAIL_SEND_SCOPE)) return "not_allowed";
  return row.needsReconnect ? "reconnect" : "allowed";
}

/**
 * Tells Google a grant ends, by its stored (encrypted) refresh token: best effort, as a token Google
 * already dropped, or a Google that is not configured any more, is no reason to keep it.
 */
export async function revokeAtGoogle(env: Env, origin: string, refreshToken: string) {
  try {
    const endpoints = googleEndpoints(env, origin);
    const { oauthClient } = await googleApis();
    await oauthClient(endpoints).revokeToken(await decryptSecret(env, refreshToken));
  } catch (error) {
    console.warn("Google revoke failed", googleMessage(error));
  }
}

/** The person's stored refresh token, encrypted, or null when Google is not connected. */
export const storedGoogleGrant = async (db: Database, userId: string) =>
  (await connectionOf(db, userId))?.refreshToken ?? null;

/** Revokes the grant at Google (best effort) and forgets it. */
export async function disconnectGoogle({ db, env, userId, origin }: GoogleScope) {
  const row = await connectionOf(db, userId);
  if (!row) return { disconnected: false };
  await revokeAtGoogle(env, origin, row.refreshToken);
  await db.delete(googleConnections).where(eq(googleConnections.userId, userId));
  clients.delete(userId);
  return { disconnected: true };
}

// ---------------------------------------------------------------------------------------------
// Authorised calls

/** What a call needs: a service AI42 reads, or sending mail as the user. */
export type GoogleAccess = GoogleService | "gmailSend";
const ACCESS_SCOPES: Record<GoogleAccess, string> = {
  ...GOOGLE_SERVICE_SCOPES,
  gmailSend: GMAIL_SEND_SCOPE,
};
const ACCESS_LABELS: Record<GoogleAccess, string> = {
  ...GOOGLE_SERVICE_LABELS,
  gmailSend: "sending from Gmail",
};

export const notConnected = (access: GoogleAccess) =>
  new AppError(
    409,
    "GOOGLE_NOT_CONNECTED",
    `Connect your Google account in Connections to use ${ACCESS_LABELS[access]}`,
  );

const reconnectNeeded = () =>
  new AppError(
    409,
    "GOOGLE_RECONNECT_NEEDED",
    "Google no longer accepts AI42's access to your account: reconnect Google in Connections",
  );

interface GaxiosLike {
  message?: string;
  status?: number;
  response?: { status?: number; data?: unknown };
}

/** Google's own words for a failure: `error.message` of an API error, `error_description` of OAuth. */
function googleMessage(error: unknown) {
  const failure = error as GaxiosLike;
  const data = failure?.response?.data as
    { error?: string | { message?: string }; error_description?: string } | undefined;
  if (data && typeof data.error === "object" && data.error?.message) return data.error.message;
  if (data?.error_description) return data.error_description;
  if (typeof data?.error === "string") return data.error;
  return failure?.message ?? String(error);
}

const isInvalidGrant = (error: unknown) =>
  ((error as GaxiosLike)?.response?.data as { error?: unknown } | undefined)?.error ===
  "invalid_grant";

/**
 * The OAuth clients of this isolate, one per user, so concurrent calls share one refresh (the
 * library keeps one refresh promise per client). Kept as promises and set before any await, so
 * calls arriving together get the same client. Rebuilt when the stored grant changes.
 */
const clients = new Map<string, { refreshToken: string; client: Promise<OAuth2Client> }>();

function clientFor(db: Database, env: Env, row: GoogleConnectionRow, endpoints: GoogleEndpoints) {
  const cached = clients.get(row.userId);
  if (cached && cached.refreshToken === row.refreshToken) return cached.client;
  const client = buildClient(db, env, row, endpoints);
  clients.set(row.userId, { refreshToken: row.refreshToken, client });
  client.catch(() => clients.delete(row.userId));
  return client;
}

async function buildClient(
  db: Database,
  env: Env,
  row: GoogleConnectionRow,
  endpoints: GoogleEndpoints,
) {
  const { oauthClient } = await googleApis();
  const client = oauthClient(endpoints, {
    access_token: await decryptSecret(env, row.accessToken),
    refresh_token: await decryptSecret(env, row.refreshToken),
    expiry_date: row.expiresAt,
  });
  client.on("tokens", (tokens) => {
    if (!tokens.access_token) return;
    void (async () => {
      await db
        .update(googleConnections)
        .set({
          accessToken: await encryptSecret(env, tokens.access_token!),
          expiresAt: tokens.expiry_date ?? Date.now() + 3_600_000,
          updatedAt: nowIso(),
        })
        .where(eq(googleConnections.userId, row.userId));
    })().catch((error) => console.warn("Storing refreshed Google tokens failed", error));
  });
  return client;
}

/**
 * Runs `call` with an authorised client for the user's Google account: 409 GOOGLE_NOT_CONNECTED
 * when it is not connected for `service`, 409 GOOGLE_RECONNECT_NEEDED when Google refuses the
 * grant (and the connection is marked so), 404 for what Google does not find, 502 with Google's
 * message for any other failure.
 */
export async function withGoogle<T>(
  { db, env, userId, origin }: GoogleScope,
  access: GoogleAccess,
  call: (auth: OAuth2Client, apiBaseUrl: string) => Promise<T>,
): Promise<T> {
  const endpoints = googleEndpoints(env, origin);
  const row = await connectionOf(db, userId);
  if (!row || !row.scopes.split(" ").includes(ACCESS_SCOPES[access])) throw notConnected(access);
  if (row.needsReconnect) throw reconnectNeeded();
  const client = await clientFor(db, env, row, endpoints);
  try {
    const result = await call(client, endpoints.apiBaseUrl);
    await db
      .update(googleConnections)
      .set({ lastSyncAt: nowIso() })
      .where(eq(googleConnections.userId, userId));
    return result;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isInvalidGrant(error)) {
      clients.delete(userId);
      await db
        .update(googleConnections)
        .set({ needsReconnect: true, updatedAt: nowIso() })
        .where(eq(googleConnections.userId, userId));
      throw reconnectNeeded();
    }
    const status = (error as GaxiosLike)?.response?.status ?? (error as GaxiosLike)?.status;
    if (status === 404 || status === 410)
      throw new AppError(404, "NOT_FOUND", "Not found in your Google account");
    if (!status)
      throw new AppError(
        502,
        "UPSTREAM_UNREACHABLE",
        `Google could not be reached: ${googleMessage(error)}`,
      );
    throw new AppError(502, "GOOGLE_ERROR", `Google answered ${status}: ${googleMessage(error)}`);
  }
}
