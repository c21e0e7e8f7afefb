/**
 * Single-use password-reset tokens: 256 random bits handed to the user, only their SHA-256 kept
 * in KV for 30 minutes. Using one deletes it. Only a user's newest link works, and only while the
 * password is the one it was issued under: a new link, or a changed password (by a reset or any
 * other way), kills every older one.
 */
import type { UserRow } from "../db/schema";
import type { Env } from "../env";
import { randomToken, sha256Hex } from "./crypto";
import { findUserById } from "./users";

export const RESET_TTL_SECONDS = 30 * 60;
/** At most one reset e-mail per address in this many seconds. */
export const RESET_RESEND_SECONDS = 60;

const tokenKey = (tokenDigest: string) => `reset:${tokenDigest}`;
/** The user's newest link: its token's digest and the digest of the password hash it was made under. */
const userKey = (userId: string) => `reset-user:${userId}`;
interface NewestLink {
  token: string;
  password: string;
}

export async function issueResetToken(env: Env, user: Pick<UserRow, "id" | "passwordHash">) {
  const token = randomToken();
  const tokenDigest = await sha256Hex(token);
  const older = await env.SESSIONS.get<NewestLink>(userKey(user.id), "json");
  if (older) await env.SESSIONS.delete(tokenKey(older.token));
  const newest: NewestLink = { token: tokenDigest, password: await sha256Hex(user.passwordHash) };
  await env.SESSIONS.put(tokenKey(tokenDigest), user.id, { expirationTtl: RESET_TTL_SECONDS });
  await env.SESSIONS.put(userKey(user.id), JSON.stringify(newest), {
    expirationTtl: RESET_TTL_SECONDS,
  });
  return token;
}

/**
 * The user the token was issued for, consuming the token; null if unknown, expired, older than
 * the user's newest link, or made before the password last changed (checked against D1, so no
 * stale KV read can revive it).
 */
export async function consumeResetToken(env: Env, token: string) {
  const tokenDigest = await sha256Hex(token);
  const userId = await env.SESSIONS.get(tokenKey(tokenDigest));
  if (!userId) return null;
  await env.SESSIONS.delete(tokenKey(tokenDigest));
  const newest = await env.SESSIONS.get<NewestLink>(userKey(userId), "json");
  if (newest?.token !== tokenDigest) return null;
  await env.SESSIONS.delete(userKey(userId));
  const row = await findUserById(env.DB, userId);
  return row && (await sha256Hex(row.passwordHash)) === newest.password ? row : null;
}

/** True when a reset e-mail may go to this address now (and notes that one is going). */
export async function mayResendReset(env: Env, email: string) {
  const key = `reset-sent:${email}`;
  if (await env.SESSIONS.get(key)) return false;
  await env.SESSIONS.put(key, "1", { expirationTtl: RESET_RESEND_SECONDS });
  return true;
}
