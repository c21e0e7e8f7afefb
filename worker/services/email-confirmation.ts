/**
 * Confirming the address an account signed up with: a single-use link e-mailed at sign-up (and
 * again on request), 256 random bits of which only the SHA-256 is kept in KV, as password-reset
 * links are. Until it is opened, AI42 e-mails that address nothing else: anyone can sign up with
 * someone else's address, and the address's owner must not get AI42's mail for it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { database } from "../db/client";
import { users } from "../db/schema";
import type { Env } from "../env";
import { randomToken, sha256Hex } from "./crypto";

/** A confirmation link works this long. */
export const CONFIRM_TTL_SECONDS = 7 * 24 * 60 * 60;
/** At most one confirmation e-mail per account in this many seconds ("Send the link again"). */
export const CONFIRM_RESEND_SECONDS = 60;

const tokenKey = (tokenDigest: string) => `confirm:${tokenDigest}`;

/** A new link for the account; the token is what goes in the e-mail, never stored. */
export async function issueConfirmToken(env: Env, userId: string) {
  const token = randomToken();
  await env.SESSIONS.put(tokenKey(await sha256Hex(token)), userId, {
    expirationTtl: CONFIRM_TTL_SECONDS,
  });
  return token;
}

/**
 * Confirms the address the token was issued for, consuming the token; false when it is unknown,
 * used or expired. Confirming twice (two links, one after the other) keeps the first time.
 */
export async function consumeConfirmToken(env: Env, token: string, now = Date.now()) {
  const key = tokenKey(await sha256Hex(token));
  const userId = await env.SESSIONS.get(key);
  if (!userId) return false;
  await env.SESSIONS.delete(key);
  const confirmed = await database(env.DB)
    .update(users)
    .set({ emailConfirmedAt: new Date(now).toISOString() })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  if (confirmed.length) return true;
  // Already confirmed (by another link): still a good link, but the account must exist.
  return Boolean(
    await database(env.DB).query.users.findFirst({
      where: eq(users.id, userId),
      columns: { id: true },
    }),
  );
}

export async function emailConfirmed(env: Env, userId: string) {
  const row = await database(env.DB).query.users.findFirst({
    where: eq(users.id, userId),
    columns: { emailConfirmedAt: true },
  });
  return Boolean(row?.emailConfirmedAt);
}

/** True when a confirmation e-mail may go to this account now (and notes that one is going). */
export async function mayResendConfirmation(env: Env, userId: string) {
  const key = `confirm-sent:${userId}`;
  if (await env.SESSIONS.get(key)) return false;
  await env.SESSIONS.put(key, "1", { expirationTtl: CONFIRM_RESEND_SECONDS });
  return true;
}
