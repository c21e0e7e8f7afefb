/**
 * Follow-up sequences for leads: the steps (a day after the start and an action), the input rules,
 * the template's placeholders, why a sequence stops and what each step did, and the e-mail as
 * Gmail's `users.messages.send` takes it (RFC 2822, base64url). Shared by the Worker's sequence
 * runner, the API and the Sequences screen. Pure: no I/O.
 */
import { z } from "zod";

import {
  MAX_DAILY_CAP,
  MAX_STEP_DAY,
  MAX_STEPS,
  STEP_ACTIONS,
  type TemplateField,
} from "./sequence-terms";

export * from "./sequence-terms";

const text = (max: number) => z.string().trim().max(max);

export const SequenceStepSchema = z
  .object({
    day: z.number().int().min(0).max(MAX_STEP_DAY),
    action: z.enum(STEP_ACTIONS),
    subject: text(200).optional(),
    body: text(10_000).min(1, { error: "Write what the step says or asks" }),
  })
  .refine((step) => step.action !== "email" || Boolean(step.subject), {
    error: "An e-mail step needs a subject",
    path: ["subject"],
  });
export type SequenceStep = z.infer<typeof SequenceStepSchema>;

export const SequenceInputSchema = z.object({
  name: text(120).min(1, { error: "Name the sequence" }),
  /** Ask the AI to personalise e-mail steps (when an AI provider is configured). */
  personalize: z.boolean().default(false),
  steps: z
    .array(SequenceStepSchema)
    .min(1, { error: "Add at least one step" })
    .max(MAX_STEPS, { error: `A sequence has at most ${MAX_STEPS} steps` })
    .refine((steps) => steps.every((step, i) => i === 0 || step.day >= steps[i - 1]!.day), {
      error: "Put the steps in order of their day",
    }),
});
export type SequenceInput = z.infer<typeof SequenceInputSchema>;

export const SequenceSettingsSchema = z.object({
  enabled: z.boolean(),
  dailyCap: z.number().int().min(1).max(MAX_DAILY_CAP),
});
export type SequenceSettings = z.infer<typeof SequenceSettingsSchema>;

/** The lead's fields a template is filled from. */
export interface TemplateLead {
  firstName: string;
  lastName: string;
  address: string | null;
  mailingAddress: string | null;
  mailingCity: string | null;
  mailingState: string | null;
  mailingZip: string | null;
}

/**
 * A template with its `{{placeholders}}` filled (spaces inside the braces allowed); an unknown
 * placeholder is left as written, an empty value leaves nothing.
 */
export function fillTemplate(template: string, lead: TemplateLead, senderName: string) {
  const mailing = [
    lead.mailingAddress,
    [lead.mailingCity, [lead.mailingState, lead.mailingZip].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", "),
  ]
    .filter(Boolean)
    .join(", ");
  const values: Record<TemplateField, string> = {
    first_name: lead.firstName,
    last_name: lead.lastName,
    full_name: [lead.firstName, lead.lastName].filter(Boolean).join(" "),
    address: lead.address ?? "",
    mailing_address: mailing,
    sender_name: senderName,
  };
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) =>
    name in values ? values[name as TemplateField] : whole,
  );
}

/** The idempotency key of a step of an enrollment: its log row is unique by it. */
export const stepKey = (enrollmentId: string, step: number) => `seq:${enrollmentId}:${step}`;

/** When a step is due: `day` days after the start (the first step's day counts from the start). */
export const stepDueAt = (startedAt: number, day: number) => startedAt + day * 86_400_000;

/** The address inside "Name <address>", lower-cased. */
export const addressOf = (from: string) =>
  (/<([^>]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();

/**
 * A header value as it is when plain printable ASCII, else as RFC 2047 encoded-words of at most
 * 75 characters each (45 bytes of UTF-8, whole characters), folded onto lines of their own: a line
 * break in the value can never start a header of its own.
 */
function headerText(value: string) {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const encoder = new TextEncoder();
  const words: string[] = [];
  let part = "";
  for (const char of value) {
    if (part && encoder.encode(part + char).length > 45) {
      words.push(part);
      part = "";
    }
    part += char;
  }
  words.push(part);
  return words.map((word) => `=?UTF-8?B?${base64(encoder.encode(word))}?=`).join("\r\n ");
}

function base64(bytes: Uint8Array) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export const base64Url = (text: string) =>
  base64(new TextEncoder().encode(text)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export interface GmailMessage {
  to: string;
  subject: string;
  body: string;
  /** The Message-IDs of the thread so far, oldest first: the reply's References and In-Reply-To. */
  references?: string[];
}

/** A character that may not stand in a header's value: a control character (CR, LF among them). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const CONTROL = /[\x00-\x1f\x7f]/;

/** The message as RFC 2822 text (plain text, UTF-8, base64 body): what Gmail's `raw` carries. */
export function rfc2822(email: GmailMessage) {
  // Addresses are checked where contacts are saved; a line break here would add a header.
  if (CONTROL.test(email.to)) throw new Error("An e-mail address cannot hold a line break");
  const references = (email.references ?? []).filter((id) => !CONTROL.test(id));
  const headers = [
    `To: ${email.to}`,
    `Subject: ${headerText(email.subject)}`,
    "MIME-Version: 1.0",
    'Content-Type: text/plain; charset="UTF-8"',
    "Content-Transfer-Encoding: base64",
    ...(references.length
      ? [`In-Reply-To: ${references.at(-1)}`, `References: ${references.join(" ")}`]
      : []),
  ];
  const body = base64(new TextEncoder().encode(email.body.replace(/\r?\n/g, "\r\n")))
    .replace(/.{76}/g, "$&\r\n")
    .trimEnd();
  return [...headers, "", body, ""].join("\r\n");
}

/** A later step's subject in the thread: Gmail threads a reply whose subject matches. */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject) ? subject : `Re: ${subject}`;
