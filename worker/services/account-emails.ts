/**
 * The e-mails about the account itself: confirm your address, you already have an account, reset
 * your password, your password was changed. A request only queues one (the JOBS queue,
 * worker/queue.ts) and answers: the answer then takes as long whether or not an account exists
 * for the address, and a provider that is slow or down is tried again without the user waiting.
 * What a message carries is never a secret: the link's token is made when the e-mail is sent.
 */
import { modulePath } from "../../app/domain/modules";
import type { Env } from "../env";
import { queueJob, type JobMessage } from "../jobs";
import { CONFIRM_TTL_SECONDS, issueConfirmToken } from "./email-confirmation";
import { sendEmail } from "./email";
import { issueResetToken, mayResendReset, RESET_TTL_SECONDS } from "./password-reset";
import { findUserByEmail, findUserById } from "./users";

export type AccountEmail = Extract<JobMessage, { type: "account-email" }>;

/**
 * An account e-mail (an invitation's too) is tried this many times (the queue's deliveries), then
 * given up and logged.
 */
export const MAX_ACCOUNT_EMAIL_ATTEMPTS = 5;
/** At most one "you already have an account" e-mail per account in this many seconds. */
export const ALREADY_REGISTERED_RESEND_SECONDS = 60 * 60;

export const CONFIRM_EMAIL_PATH = "/confirm-email";
export const RESET_PASSWORD_PATH = "/reset-password";
export const FORGOT_PASSWORD_PATH = "/forgot-password";

/** Hands the e-mail to the queue; without one bound, sends it after the answer. */
export const queueAccountEmail = (
  env: Env,
  email: AccountEmail,
  waitUntil: (work: Promise<unknown>) => void,
) => queueJob(env.JOBS, email, () => deliverAccountEmail(env, email, 1), waitUntil);

const days = (seconds: number) => Math.round(seconds / 86_400);

/**
 * Sends one account e-mail, or nothing when there is nothing to say (no account for a reset, an
 * address already confirmed, one sent moments ago). Throws when the provider fails: the queue
 * tries again. `attempt` is the queue's count: a retry skips the once-a-minute checks its first
 * try passed.
 */
export async function deliverAccountEmail(env: Env, email: AccountEmail, attempt: number) {
  const first = attempt <= 1;
  if (email.kind === "password-reset") {
    const row = await findUserByEmail(env.DB, email.email);
    if (!row || (first && !(await mayResendReset(env, row.email)))) return;
    const link = `${email.origin}${RESET_PASSWORD_PATH}?token=${await issueResetToken(env, row)}`;
    await sendEmail(env, {
      to: row.email,
      subject: "Reset your AI42 password",
      text: `Hello ${row.firstName},\n\nSomeone asked to reset the password of your AI42 account. Open this link within ${RESET_TTL_SECONDS / 60} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.`,
    });
    return;
  }
  const row = await findUserById(env.DB, email.userId);
  if (!row) return;
  const signIn = `${email.origin}${modulePath("home")}`;
  const forgot = `${email.origin}${FORGOT_PASSWORD_PATH}`;
  if (email.kind === "confirm-email") {
    if (row.emailConfirmedAt) return;
    const link = `${email.origin}${CONFIRM_EMAIL_PATH}?token=${await issueConfirmToken(env, row.id)}`;
    await sendEmail(env, {
      to: row.email,
      subject: "Confirm your e-mail for AI42",
      text: `Hello ${row.firstName},\n\nConfirm that this address is yours to finish signing up for AI42. Open this link within ${days(CONFIRM_TTL_SECONDS)} days:\n\n${link}\n\nUntil then AI42 keeps your reminders and daily brief in the app and e-mails you nothing else.\n\nIf you did not sign up, ignore this message: without the link, AI42 sends this address nothing more.`,
    });
    return;
  }
  if (email.kind === "already-registered") {
    if (first && !(await mayResendAlreadyRegistered(env, row.id))) return;
    await sendEmail(env, {
      to: row.email,
      subject: "You already have an AI42 account",
      text: `Hello ${row.firstName},\n\nSomeone tried to sign up for AI42 with this address, which already has an account, so no new one was made and nothing changed.\n\nIf it was you, sign in: ${signIn}\nForgot the password? Choose a new one: ${forgot}\n\nIf it was not you, ignore this message.`,
    });
    return;
  }
  // A notice of a new password goes only to an address its owner confirmed (or reset through).
  if (!row.emailConfirmedAt) return;
  await sendEmail(env, {
    to: row.email,
    subject: "Your AI42 password was changed",
    text: `Hello ${row.firstName},\n\nThe password of your AI42 account was just changed. Every device signed in to it was signed out, and every personal access token and every connected AI app (MCP) was revoked: sign in again, and make new tokens or connect the apps again where you need them.\n\nIf it was not you, choose a new password now: ${forgot}`,
  });
}

async function mayResendAlreadyRegistered(env: Env, userId: string) {
  const key = `registered-sent:${userId}`;
  if (await env.SESSIONS.get(key)) return false;
  await env.SESSIONS.put(key, "1", { expirationTtl: ALREADY_REGISTERED_RESEND_SECONDS });
  return true;
}
