/**
 * Sessions: a random 128-bit id stored in KV (key `session:<userId>:<sessionId>`) with a TTL,
 * named by a jose-signed HS256 JWT. The same JWT travels as the bearer token and in an HttpOnly
 * cookie; both resolve to the one KV record, so deleting it revokes both at once.
 */
import { jwtVerify, SignJWT } from "jose";
import type { AccessScope } from "../../app/domain/access";
import { DEFAULT_TIME_ZONE, TIME_ZONE_HEADER, validTimeZone } from "../../app/domain/today";
import type { Env } from "../env";
import { readCookie, SESSION_COOKIE } from "../cookies";
import type { PublicUser } from "./users";

/** Where they are defined (cookies.ts) the Worker entry reads them without this module. */
export { readCookie, SESSION_COOKIE };

export const SESSION_TTL_SECONDS = 12 * 60 * 60;
export const REMEMBERED_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
const JWT_ALGORITHM = "HS256";

export interface SessionRecord {
  userId: string;
  /** A snapshot of the public user, so the hot path (/auth/me, page renders) needs no D1 read. */
  user: PublicUser;
  createdAt: number;
  expiresAt: number;
  remember: boolean;
  /**
   * The time zone the browser named when signing in, for requests that name none (a download by
   * plain link). Sessions from before it have none: UTC.
   */
  timeZone?: string;
  /**
   * The workspace the person chose to work in (the sidebar's switcher): where a request that names
   * none acts. Without it, their own.
   */
  workspaceId?: string;
}

export interface Session extends SessionRecord {
  id: string;
  /** The user's zone for their today: the request's X-Time-Zone, else the sign-in's. */
  timeZone: string;
  /**
   * Set when a personal access token, not a sign-in, authenticated the request: which token, and
   * the scope that bounds what it may do, and the workspace it acts in.
   */
  access?: { tokenId: string; tokenName: string; scope: AccessScope; workspaceId: string };
}

/** The real IANA zone a request names in X-Time-Zone (the browser's), or null. */
export const requestTimeZone = (request: Request) =>
  validTimeZone(request.headers.get(TIME_ZONE_HEADER));

const sessionKey = (userId: string, sessionId: string) => `session:${userId}:${sessionId}`;

const keys = new Map<string, Promise<CryptoKey>>();
/** The HMAC key for JWT_SECRET, imported once per isolate rather than on every request. */
function signingKey(env: Env) {
  const secret = env.JWT_SECRET;
  if (!secret) throw new Error("JWT_SECRET is not set");
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(secret),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    );
    keys.set(secret, key);
  }
  return key;
}

function randomId(bytes = 16) {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const firstWorkspaceKey = (userId: string) => `first-workspace:${userId}`;
/** A new account's first session is made within this long of the sign-up, or not in a team's. */
const FIRST_WORKSPACE_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Makes `workspaceId` the workspace a new account's first session works in: the team it joined by
 * signing up from an invitation's link, as the link's page would have made it (signing up does not
 * sign in).
 */
export async function setFirstSessionWorkspace(env: Env, userId: string, workspaceId: string) {
  await env.SESSIONS.put(firstWorkspaceKey(userId), workspaceId, {
    expirationTtl: FIRST_WORKSPACE_TTL_SECONDS,
  });
}

/** The workspace set for the account's first session, once: the sessions after start as usual. */
async function takeFirstSessionWorkspace(env: Env, userId: string) {
  const workspaceId = await env.SESSIONS.get(firstWorkspaceKey(userId));
  if (workspaceId) await env.SESSIONS.delete(firstWorkspaceKey(userId));
  return workspaceId ?? undefined;
}

export async function createSession(
  env: Env,
  user: PublicUser,
  remember: boolean,
  timeZone: string | null = null,
) {
  const ttl = remember ? REMEMBERED_SESSION_TTL_SECONDS : SESSION_TTL_SECONDS;
  const now = Math.floor(Date.now() / 1000);
  const userId = user.id;
  const record = {
    userId,
    user,
    createdAt: now,
    expiresAt: now + ttl,
    remember,
    timeZone: timeZone ?? DEFAULT_TIME_ZONE,
    workspaceId: await takeFirstSessionWorkspace(env, userId),
  } satisfies SessionRecord;
  const sessionId = randomId();
  await env.SESSIONS.put(sessionKey(userId, sessionId), JSON.stringify(record), {
    expirationTtl: ttl,
  });
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: JWT_ALGORITHM })
    .setSubject(userId)
    .setIssuedAt(now)
    .setExpirationTime(record.expiresAt)
    .sign(await signingKey(env));
  return { token, session: { id: sessionId, ...record } };
}

/** Keeps `workspaceId` as the session's current workspace, for the rest of the session's life. */
export async function setSessionWorkspace(
  env: Env,
  session: Pick<Session, "id" | "userId">,
  workspaceId: string,
) {
  const key = sessionKey(session.userId, session.id);
  const record = await env.SESSIONS.get<SessionRecord>(key, "json");
  if (!record) return;
  const ttl = Math.max(60, record.expiresAt - Math.floor(Date.now() / 1000));
  await env.SESSIONS.put(key, JSON.stringify({ ...record, workspaceId } satisfies SessionRecord), {
    expirationTtl: ttl,
  });
}

/** The live session a token names, or null when the token is invalid, expired or revoked. */
export async function readSession(env: Env, token: string): Promise<Session | null> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, await signingKey(env), {
      algorithms: [JWT_ALGORITHM],
    }));
  } catch {
    return null;
  }
  const sessionId = payload.sid;
  // A token made for another purpose (`signedToken`: an audience) is never a session.
  if (typeof sessionId !== "string" || !payload.sub || payload.aud !== undefined) return null;
  const record = await env.SESSIONS.get<SessionRecord>(sessionKey(payload.sub, sessionId), "json");
  if (!record?.user || record.userId !== payload.sub || record.expiresAt <= Date.now() / 1000)
    return null;
  return { id: sessionId, ...record, timeZone: record.timeZone ?? DEFAULT_TIME_ZONE };
}

/**
 * A token for another purpose than a session (`audience`: "unsubscribe"), signed with the same
 * key and never expiring: it names its subject and claims and can be used for nothing else.
 */
export async function signedToken(
  env: Env,
  audience: string,
  subject: string,
  claims: Record<string, string>,
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: JWT_ALGORITHM })
    .setAudience(audience)
    .setSubject(subject)
    .sign(await signingKey(env));
}

/** The subject and claims of a token `signedToken` made for `audience`, or null. */
export async function readSignedToken(env: Env, audience: string, token: string) {
  try {
    const { payload } = await jwtVerify(token, await signingKey(env), {
      algorithms: [JWT_ALGORITHM],
      audience,
    });
    return payload.sub
      ? { subject: payload.sub, claims: payload as Record<string, unknown> }
      : null;
  } catch {
    return null;
  }
}

export async function revokeSession(env: Env, session: Pick<Session, "id" | "userId">) {
  await env.SESSIONS.delete(sessionKey(session.userId, session.id));
}

export async function revokeAllSessions(env: Env, userId: string) {
  const prefix = `session:${userId}:`;
  let cursor: string | undefined;
  do {
    const page = await env.SESSIONS.list({ prefix, cursor });
    await Promise.all(page.keys.map((key) => env.SESSIONS.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

export function sessionCookie(token: string, session: SessionRecord) {
  const maxAge = session.expiresAt - Math.floor(Date.now() / 1000);
  const persistence = session.remember ? `; Max-Age=${maxAge}` : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax${persistence}`;
}

export const clearedSessionCookie = `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;

export function bearerToken(header: string | null): string | null {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** The token a request carries: the bearer header wins over the cookie. */
export function requestToken(request: Request) {
  const bearer = bearerToken(request.headers.get("Authorization"));
  if (bearer) return { token: bearer, via: "bearer" as const };
  const cookie = readCookie(request.headers.get("Cookie"), SESSION_COOKIE);
  if (cookie) return { token: cookie, via: "cookie" as const };
  return null;
}

/**
 * The session's cookie for a browser that carries the session only as its stored bearer token
 * (signed in before the cookie was set, or with it cleared), when its own pages ask
 * (`Sec-Fetch-Site: same-origin`): the pages' loaders read the cookie, so they then read as this
 * user too. Null for any other request: one with the cookie already, an access token's, another
 * site's.
 */
export function cookieForStoredToken(request: Request, session: Session) {
  const carried = requestToken(request);
  if (carried?.via !== "bearer" || session.access) return null;
  if (request.headers.get("Sec-Fetch-Site") !== "same-origin") return null;
  if (readCookie(request.headers.get("Cookie"), SESSION_COOKIE) === carried.token) return null;
  return sessionCookie(carried.token, session);
}
