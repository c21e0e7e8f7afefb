/**
 * A follow-up sequence's vocabularies: the steps' actions, the enrollments' statuses,
 * why a sequence stops, what a step did, the limits and the template's placeholders, without the
 * input schemas (sequences.ts, which re-exports these): Marketing's screens download no zod
 *. Pure: no I/O.
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
  do_not_contact: "The lead is flagged do not contact",
  litigator: "The lead is a known litigator",
  deceased: "The lead is deceased",
  do_not_mail: "The lead is flagged do not mail",
  by_user: "Stopped by you",
  turned_off: "Sequences were turned off",
} as const;
export type StopReason = keyof typeof STOP_REASONS;

/** What a step did: e-mailed through Gmail, a task made for the user, or the sequence stopped. */
export const STEP_OUTCOMES = ["sending", "emailed", "task", "stopped"] as const;
export type StepOutcome = (typeof STEP_OUTCOMES)[number];

/** Why a sequence (or one of its steps) cannot go to a lead: a reason of STOP_REASONS. */
export type SequenceBlock = Extract<
  StopReason,
  "no_email" | "no_consent" | "do_not_contact" | "litigator" | "deceased" | "do_not_mail"
>;

interface Reachable {
  email: string | null;
  consentEmail: boolean;
  doNotContact: boolean;
  litigator: boolean;
  deceased: boolean;
  doNotMail: boolean;
}

/**
 * Whether a step may reach the lead: nothing reaches someone flagged do not contact, a known
 * litigator or deceased; a letter not someone flagged do not mail; an e-mail not someone without
 * an address or without their consent to e-mail. Checked before a sequence starts (for each of
 * its steps) and again before each step.
 */
export function stepBlock(lead: Reachable, action: StepAction): SequenceBlock | null {
  if (lead.deceased) return "deceased";
  if (lead.litigator) return "litigator";
  if (lead.doNotContact) return "do_not_contact";
  if (action === "letter" && lead.doNotMail) return "do_not_mail";
  if (action !== "email") return null;
  if (!lead.email) return "no_email";
  return lead.consentEmail ? null : "no_consent";
}

/** Whether a sequence may start on the lead: the first of its steps that can't reach them. */
export function sequenceBlock(lead: Reachable, steps: readonly { action: StepAction }[]) {
  for (const step of steps) {
    const blocked = stepBlock(lead, step.action);
    if (blocked) return blocked;
  }
  return null;
}

/** How many of a sequence's steps are e-mails. */
export const emailStepCount = (steps: readonly { action: StepAction }[]) =>
  steps.filter((step) => step.action === "email").length;

/** What the user is told before a sequence of `steps` starts on `name`, when it can't. */
export function sequenceBlockedText(
  name: string,
  block: SequenceBlock,
  steps: readonly { action: StepAction }[],
) {
  const count = (action: StepAction, one: string) => {
    const n = steps.filter((step) => step.action === action).length;
    return n === 1 ? one : `${n} ${one.replace(/^an? /, "")}s`;
  };
  switch (block) {
    case "deceased":
    case "litigator":
    case "do_not_contact":
      return `${name} is flagged ${block === "do_not_contact" ? "do not contact" : block === "litigator" ? "a known litigator" : "deceased"}: no sequence starts on them`;
    case "do_not_mail":
      return `${name} is flagged do not mail: this sequence's ${count("letter", "letter step")} would not be done`;
    default: {
      const why =
        block === "no_email" ? `${name} has no e-mail address` : `${name} has not agreed to e-mail`;
      return `${why}: this sequence's ${count("email", "e-mail step")} would not be sent`;
    }
  }
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
