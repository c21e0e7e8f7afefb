/**
 * A follow-up sequence's vocabularies (issue 31): the steps' actions, the enrollments' statuses,
 * why a sequence stops, what a step did, the limits and the template's placeholders, without the
 * input schemas (sequences.ts, which re-exports these): Marketing's screens download no zod
 * (issue 28, item 7). Pure: no I/O.
 */

export const STEP_ACTIONS = ["email", "call", "letter", "task"] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

export const STEP_ACTION_LABELS: Record<StepAction, string> = {
  email: "E-mail",
  call: "Call task",
  letter: "Letter task",
  task: "Task",
};

export const ENROLLMENT_STATUSES = ["active", "stopped", "finished"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** Why a sequence stopped, in the words the lead's log shows. */
export const STOP_REASONS = {
  status_changed: "The lead's status changed",
  replied: "The lead replied in the Gmail thread",
  no_consent: "The lead has not agreed to receive e-mail",
  no_email: "The lead has no e-mail address",
  by_user: "Stopped by you",
  turned_off: "Sequences were turned off",
} as const;
export type StopReason = keyof typeof STOP_REASONS;

/** What a step did: e-mailed through Gmail, a task made for the user, or the sequence stopped. */
export const STEP_OUTCOMES = ["sending", "emailed", "task", "stopped"] as const;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];

/** Why a sequence's e-mail steps cannot go to a lead: a reason of STOP_REASONS, or null. */
export type EmailBlock = Extract<StopReason, "no_email" | "no_consent">;

/**
 * Whether a sequence may e-mail the lead: not without an address, nor without the lead's consent
 * to e-mail. Checked before a sequence starts and again before each e-mail step.
 */
export function emailBlock(lead: {
  email: string | null;
  consentEmail: boolean;
}): EmailBlock | null {
  if (!lead.email) return "no_email";
  return lead.consentEmail ? null : "no_consent";
}

/** How many of a sequence's steps are e-mails. */
export const emailStepCount = (steps: readonly { action: StepAction }[]) =>
  steps.filter((step) => step.action === "email").length;

/** What the user is told before a sequence with `emailSteps` e-mail steps starts on `name`. */
export function emailBlockedText(name: string, block: EmailBlock, emailSteps: number) {
  const why =
    block === "no_email" ? `${name} has no e-mail address` : `${name} has not agreed to e-mail`;
  const steps = emailSteps === 1 ? "e-mail step" : `${emailSteps} e-mail steps`;
  return `${why}: this sequence's ${steps} would not be sent`;
}

export const MAX_STEPS = 20;
export const MAX_STEP_DAY = 365;
export const DEFAULT_DAILY_CAP = 50;
export const MAX_DAILY_CAP = 500;

/** The placeholders a step's subject and body may hold, each with what it is filled with. */
export const TEMPLATE_FIELDS = {
  first_name: "The lead's first name",
  last_name: "The lead's last name",
  full_name: "The lead's full name",
  address: "The property address",
  mailing_address: "The lead's mailing address",
  sender_name: "Your name",
} as const;
export type TemplateField = keyof typeof TEMPLATE_FIELDS;
