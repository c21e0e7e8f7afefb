/**
 * Single-use password-reset tokens: 256 random bits handed to the user, only their SHA-256 kept
 * in KV for 30 minutes. Using one deletes it.
 */
import type { Env } from "../env";

export const RESET_TTL_SECONDS = 30 * 60;
/** At most one reset e-mail per address in this many seconds. */
export const RESET_RESEND_SECONDS = 60;

async function digest(token: string) {
  const bytes = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function issueResetToken(env: Env, userId: string) {
  const token = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  await env.SESSIONS.put(`reset:${await digest(token)}`, userId, {
    expirationTtl: RESET_TTL_SECONDS,
  });
  return token;
}

/** The user id the token was issued for, consuming the token; null if unknown or expired. */
export async function consumeResetToken(env: Env, token: string) {
  const key = `reset:${await digest(token)}`;
  const userId = await env.SESSIONS.get(key);
  if (userId) await env.SESSIONS.delete(key);
  return userId;
}

/** True when a reset e-mail may go to this address now (and notes that one is going). */
export async function mayResendReset(env: Env, email: string) {
  const key = `reset-sent:${email}`;
  if (await env.SESSIONS.get(key)) return false;
  await env.SESSIONS.put(key, "1", { expirationTtl: RESET_RESEND_SECONDS });
  return true;
}
