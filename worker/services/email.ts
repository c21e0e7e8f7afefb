/**
 * Outgoing e-mail through an HTTP API that speaks Resend's format (`POST {from,to,subject,text,
 * headers}` with a bearer key, and an `Idempotency-Key` header: the provider sends a key's e-mail
 * once however often it is asked). Without EMAIL_API_KEY the message is written to the server log
 * instead, so local development works offline.
 */
import type { Env } from "../env";
import { notConfigured } from "../errors";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Extra headers of the message (`List-Unsubscribe`). */
  headers?: Record<string, string>;
  /** The same key twice is one e-mail (Resend keeps a key for 24 hours). */
  idempotencyKey?: string;
}

export async function sendEmail(env: Env, email: OutgoingEmail): Promise<"sent" | "logged"> {
  if (!env.EMAIL_API_KEY) {
    console.log(`[email] to ${email.to}: ${email.subject}\n${email.text}`);
    return "logged";
  }
  const response = await fetch(env.EMAIL_API_URL ?? "https://api.resend.com/emails", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${env.EMAIL_API_KEY}`,
      "Content-Type": "application/json",
      ...(email.idempotencyKey ? { "Idempotency-Key": email.idempotencyKey } : {}),
    },
    body: JSON.stringify({
      from: env.EMAIL_FROM ?? "AI42 <no-reply@ai42.app>",
      to: [email.to],
      subject: email.subject,
      text: email.text,
      ...(email.headers ? { headers: email.headers } : {}),
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    // Resend's error body: `{ name, message, statusCode }`.
    const detail = await response
      .json<{ message?: string }>()
      .then((body) => body.message)
      .catch(() => undefined);
    throw new Error(
      `The e-mail provider answered ${response.status}${detail ? `: ${detail}` : ""}`,
    );
  }
  return "sent";
}

/** Hosts a local run is reached at; the only ones an e-mailed link may name without APP_URL. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * The origin links in account e-mails (reset, confirmation) are made with: APP_URL; without it,
 * the request's own origin only for a local run (e-mails printed to the log, no EMAIL_API_KEY)
 * reached at a loopback address. Else null: the request's Host is the sender's to choose, and a
 * link to their host hands them the token.
 */
export function emailLinkOrigin(env: Env, requestUrl: string) {
  if (env.APP_URL) return env.APP_URL.replace(/\/+$/, "");
  const { hostname, origin } = new URL(requestUrl);
  return !env.EMAIL_API_KEY && LOOPBACK_HOST.test(hostname) ? origin : null;
}

/**
 * The origin e-mailed links name (see `emailLinkOrigin`); without one, the request is refused 503
 * before anything changes, and the log says what to set.
 */
export function requireLinkOrigin(env: Env, requestUrl: string, what: string) {
  const origin = emailLinkOrigin(env, requestUrl);
  if (origin) return origin;
  console.error(
    `[email] ${what} not sent: set APP_URL to this app's public address. Without it, e-mailed links are made only for a local run at a loopback address with no EMAIL_API_KEY (this request came to ${new URL(requestUrl).host}).`,
  );
  throw notConfigured("APP_URL", what);
}
