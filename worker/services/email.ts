/**
 * Outgoing e-mail through an HTTP API that speaks Resend's format (`POST {from,to,subject,text}`
 * with a bearer key). Without EMAIL_API_KEY the message is written to the server log instead, so
 * local development works offline.
 */
import type { Env } from "../env";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export async function sendEmail(env: Env, email: OutgoingEmail): Promise<"sent" | "logged"> {
  if (!env.EMAIL_API_KEY) {
    console.log(`[email] to ${email.to}: ${email.subject}\n${email.text}`);
    return "logged";
  }
  const response = await fetch(env.EMAIL_API_URL ?? "https://api.resend.com/emails", {
    method: "POST",
    headers: { Authorization: `Bearer ${env.EMAIL_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      from: env.EMAIL_FROM ?? "AI42 <no-reply@ai42.app>",
      to: [email.to],
      subject: email.subject,
      text: email.text,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`E-mail provider answered ${response.status}`);
  return "sent";
}
