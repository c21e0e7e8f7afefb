/**
 * Personal access tokens: made with a name, a scope and a lifetime, shown once, kept only as a
 * SHA-256 hash, listed with their last use and revoked by deleting the row. A request's token is
 * looked up by its hash in one indexed read that also brings its user.
 */
import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import {
  MAX_ACCESS_TOKENS,
  TOKEN_PREFIX,
  TOKEN_SHOWN_CHARACTERS,
  expired,
  type AccessScope,
} from "../../app/domain/access";
import type { CreateAccessTokenInput } from "../../app/domain/access-input";
import type { Database } from "../db/client";
import { isoAt } from "../db/queries";
import { accessTokens, users, type AccessTokenRow } from "../db/schema";
import { AppError, notFound } from "../errors";
import { sha256Hex, toBase64Url } from "./crypto";
import { publicUser, type PublicUser } from "./users";

/** A token's last use is written at most this often. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** The token as the API lists it: never its secret or hash. */
export function publicAccessToken(row: AccessTokenRow) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    workspace_id: row.workspaceId ?? row.userId,
    shown: row.shown,
    created_at: row.createdAt,
    expires_at: row.expiresAt,
    last_used_at: row.lastUsedAt,
  };
}
export type PublicAccessToken = ReturnType<typeof publicAccessToken>;

/** Whether a bearer token is a personal access token rather than a session's JWT. */
export const isAccessToken = (token: string) => token.startsWith(TOKEN_PREFIX);

export async function listAccessTokens(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(eq(accessTokens.userId, userId))
    .orderBy(desc(accessTokens.createdAt));
  return rows.map(publicAccessToken);
}

/**
 * Makes a token: 256 random bits after the prefix. The answer is the only time the secret exists
 * outside the client that asked for it.
 */
export async function createAccessToken(
  db: Database,
  userId: string,
  workspaceId: string,
  input: CreateAccessTokenInput,
  now = Date.now(),
) {
  const secret = `${TOKEN_PREFIX}${toBase64Url(crypto.getRandomValues(new Uint8Array(32)))}`;
  const row = {
    id: crypto.randomUUID(),
    userId,
    workspaceId,
    name: input.name,
    scope: input.scope,
    tokenHash: await sha256Hex(secret),
    shown: secret.slice(0, TOKEN_PREFIX.length + TOKEN_SHOWN_CHARACTERS),
    expiresAt: input.expires_in_days === null ? null : isoAt(now + input.expires_in_days * 864e5),
    lastUsedAt: null,
    createdAt: isoAt(now),
  } satisfies AccessTokenRow;
  // Counted and written in one statement, so two requests together cannot pass the limit; a
  // token that has expired does not count.
  const inserted = await db.run(sql`
    INSERT INTO access_tokens
      (id, user_id, workspace_id, name, scope, token_hash, shown, expires_at, created_at)
    SELECT ${row.id}, ${userId}, ${workspaceId}, ${row.name}, ${row.scope}, ${row.tokenHash},
      ${row.shown}, ${row.expiresAt}, ${row.createdAt}
    WHERE (SELECT count(*) FROM access_tokens WHERE user_id = ${userId}
      AND (expires_at IS NULL OR expires_at > ${row.createdAt})) < ${MAX_ACCESS_TOKENS}`);
  if (!inserted.meta.changes) {
    throw new AppError(
      409,
      "TOO_MANY_TOKENS",
      `You have ${MAX_ACCESS_TOKENS} access tokens: revoke one you no longer use first`,
    );
  }
  return { token: secret, access_token: publicAccessToken(row) };
}

/** Revokes a token at once: its next request is refused. Another user's token answers 404. */
export async function revokeAccessToken(db: Database, userId: string, id: string) {
  const [row] = await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.id, id), eq(accessTokens.userId, userId)))
    .returning({ id: accessTokens.id });
  if (!row) throw notFound("Access token");
  return row;
}

/** Revokes every token of the user (a new password: whoever had the old one made them too). */
export async function revokeAllAccessTokens(db: Database, userId: string) {
  await db.delete(accessTokens).where(eq(accessTokens.userId, userId));
}

/** Who a request's personal access token acts for, in which workspace, with its scope. */
export interface TokenHolder {
  tokenId: string;
  tokenName: string;
  scope: AccessScope;
  user: PublicUser;
  workspaceId: string;
}

/**
 * The holder of a presented token, or null when it is unknown, revoked or expired. Its last use is
 * noted (at most once a minute) without holding up the request.
 */
export async function resolveAccessToken(
  db: Database,
  token: string,
  /** Where the last-use write goes so as not to hold the answer; without it, it is awaited. */
  waitUntil?: (work: Promise<unknown>) => void,
  now = Date.now(),
): Promise<TokenHolder | null> {
  if (!isAccessToken(token) || token.length > 200) return null;
  const [found] = await db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.tokenHash, await sha256Hex(token)));
  if (!found || expired(found.token.expiresAt, now)) return null;
  const stale = isoAt(now - LAST_USED_RESOLUTION_MS);
  if (!found.token.lastUsedAt || found.token.lastUsedAt < stale) {
    const noted = db
      .update(accessTokens)
      .set({ lastUsedAt: isoAt(now) })
      .where(
        and(
          eq(accessTokens.id, found.token.id),
          or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, stale)),
        ),
      )
      .run();
    if (waitUntil) waitUntil(noted);
    else await noted;
  }
  return {
    tokenId: found.token.id,
    tokenName: found.token.name,
    scope: found.token.scope,
    user: publicUser(found.user),
    workspaceId: found.token.workspaceId ?? found.user.id,
  };
}

/** A person's tokens in a workspace stop working when they leave it. */
export async function revokeWorkspaceTokens(db: Database, workspaceId: string, userId: string) {
  await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.workspaceId, workspaceId), eq(accessTokens.userId, userId)));
}
