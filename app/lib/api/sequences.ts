/**
 * Follow-up sequences for leads as the pages have them: the sequences, their settings
 * and a lead's sequences with their log (read by the routes' loaders, changed by their actions).
 */
import type { z } from "zod";
import type { SequenceInputSchema } from "~/domain/marketing/sequences";
import type {
  LeadSequencesSchema,
  SequenceSchema,
  SequenceSettingsResultSchema,
} from "../../../worker/api/routes/sequences.schemas";

export type Sequence = z.infer<typeof SequenceSchema>;
export type SequenceBody = z.input<typeof SequenceInputSchema>;
export type SequenceSettingsState = z.infer<typeof SequenceSettingsResultSchema>;
export type LeadSequences = z.infer<typeof LeadSequencesSchema>;
