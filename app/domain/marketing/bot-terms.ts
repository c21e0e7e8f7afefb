/**
 * A lead bot's and an outreach draft's vocabularies and limits, without the schemas (bots.ts, which
 * re-exports these): Marketing's screens download no zod, so their first load stays small.
 * Pure: no I/O.
 */

/** The lead field a question's answer fills, besides being kept with the others. */
export const QUESTION_FIELDS = ["none", "name", "phone", "email", "address"] as const;
export type QuestionField = (typeof QUESTION_FIELDS)[number];

export const MAX_BOT_QUESTIONS = 12;

export const COPY_KINDS = ["email", "sms", "letter"] as const;
export type CopyKind = (typeof COPY_KINDS)[number];
