import { z } from "@hono/zod-openapi";
import { GMAIL_SENDING } from "../../../app/domain/google";
import { SequenceStepSchema } from "../../../app/domain/marketing/sequences";
import { sequenceEnrollments, sequenceLog, sequences } from "../../db/schema";
import { createSelectSchema, owner } from "../shared-schemas";

export const SequenceSchema = createSelectSchema(sequences, {
  steps: z.array(SequenceStepSchema.openapi("SequenceStep")),
})
  .omit(owner)
  .extend({ running: z.number().openapi({ description: "Leads it is running on now" }) })
  .openapi("Sequence");

export const SequenceSettingsResultSchema = z
  .object({
    enabled: z.boolean(),
    dailyCap: z.number().int(),
    gmailSending: z.enum(GMAIL_SENDING).openapi({
      description:
        "Whether e-mail steps go from the user's Gmail (`allowed`); otherwise they become tasks: `not_connected` (connect Google), `not_allowed` (connect again with `scopes=gmail.send`), `reconnect` (Google refused the grant)",
    }),
  })
  .openapi("SequenceSettings");

/** Which sequence to start on a lead. */
export const EnrollmentInputSchema = z
  .object({ sequenceId: z.string().min(1).max(64) })
  .openapi("SequenceEnrollmentInput");

export const EnrollmentSchema = createSelectSchema(sequenceEnrollments)
  .pick({
    id: true,
    sequenceId: true,
    sequenceName: true,
    status: true,
    stopReason: true,
    nextStep: true,
    nextAt: true,
    startedAt: true,
    gmailThreadId: true,
  })
  .extend({
    leadId: z.string(),
    stepCount: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Null once the sequence is deleted" }),
  })
  .openapi("SequenceEnrollment");

export const SequenceLogEntrySchema = createSelectSchema(sequenceLog)
  .pick({
    id: true,
    enrollmentId: true,
    step: true,
    action: true,
    outcome: true,
    detail: true,
    gmailMessageId: true,
    calendarEventId: true,
    at: true,
  })
  .openapi("SequenceLogEntry");

export const LeadSequencesSchema = z
  .object({ enrollments: z.array(EnrollmentSchema), log: z.array(SequenceLogEntrySchema) })
  .openapi("LeadSequences");
