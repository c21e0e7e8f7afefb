/** Leads in Export Data and Import Data: each the marketing record of a contact. */
import { LeadFieldsSchema, reachedAfter, FUNNEL_STAGES } from "../../app/domain/marketing/leads";
import { z } from "zod";
import { leads, type LeadRow } from "../db/schema";
import { recordKind, timestamp, usersRows } from "./record-kind";

/** A lead's own fields as exported: its contact's are in the contact row of the same id. */
const LeadRecordSchema = LeadFieldsSchema.pick({
  source: true,
  status: true,
  score: true,
  consentEmail: true,
  consentSms: true,
  consentCall: true,
  followUpOn: true,
  campaignId: true,
  dealValue: true,
  answers: true,
}).extend({
  reached: z.enum(FUNNEL_STAGES).optional(),
  firstContactedAt: timestamp.nullable(),
});

/**
 * Leads, named by their contact's id (the contact is a record of the file or of the account),
 * pointing at a campaign of the file or of the account.
 */
export const leadKind = recordKind({
  name: "leads",
  table: leads,
  key: leads.contactId,
  recordOf: "contacts",
  exportQueries: usersRows(leads),
  exportRecords: ([rows]) =>
    (rows as LeadRow[]).map(({ userId: _u, contactId, imported: _i, ...lead }) => ({
      id: contactId,
      ...lead,
    })),
  input: LeadRecordSchema,
  references: { campaignId: "campaigns" },
  build: (row, contactId, { userId, times }) => ({
    ...row.input,
    reached: row.input.reached ?? reachedAfter(null, row.input.status),
    firstContactedAt: row.input.firstContactedAt ?? null,
    ...times(row),
    contactId,
    userId,
  }),
});
