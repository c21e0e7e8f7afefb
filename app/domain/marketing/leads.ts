/**
 * Leads: contacts of type `lead` with where they came from, how far they got, how warm they are,
 * what they agreed to be contacted by, and when to call them next. Their rules, the funnel they
 * move through and the speed-to-lead figure, shared by the API, the screen and the dashboard.
 * Pure: no I/O.
 */
import { z } from "zod";
import { assigneeIdField } from "../assignee-input";
import {
  ContactFieldsSchema,
  id,
  isNamed,
  isoDate,
  money,
  optional,
  optionalText,
  text,
  UNNAMED_CONTACT,
} from "../workspace";
import { LEAD_STATUSES } from "./lead-terms";

export * from "./lead-terms";

export const LeadAnswerSchema = z.object({
  question: text(300).min(1),
  answer: text(2000),
});
export type LeadAnswer = z.infer<typeof LeadAnswerSchema>;

const flag = z.boolean().default(false);

/** A lead as the API and the form take it: the contact's fields and the lead's own. */
export const LeadFieldsSchema = ContactFieldsSchema.omit({ type: true }).extend({
  source: optionalText(100),
  status: z.enum(LEAD_STATUSES).default("new"),
  score: optional(z.number().int().min(0).max(100)),
  consentEmail: flag,
  consentSms: flag,
  consentCall: flag,
  followUpOn: isoDate,
  campaignId: optional(id),
  /** What the deal brought (assignment fee or profit): a campaign's return is counted from it. */
  dealValue: money,
  assigneeId: assigneeIdField,
  /** A lead bot's questions and the seller's answers. */
  answers: z.array(LeadAnswerSchema).max(20).default([]),
});
export const LeadInputSchema = LeadFieldsSchema.refine(isNamed, UNNAMED_CONTACT);
export type LeadInput = z.infer<typeof LeadInputSchema>;

/**
 * A lead's own fields, as a save sends them back (a PUT replaces every field): what the server
 * works out (stage reached, first contact, speed to lead, times) left out.
 */
export const leadInputOf = (lead: LeadInput): LeadInput =>
  Object.fromEntries(
    Object.keys(LeadFieldsSchema.shape).map((key) => [key, lead[key as keyof LeadInput]]),
  ) as LeadInput;
