/**
 * Follow-up sequences for leads (issue 31): the sequences and their settings (a lead's sequences
 * are read and started on its page, by its route). Each call throws a `ServiceError` carrying a
 * "Failed to …" message and what the server said.
 */
import type { z } from "zod";
import type { SequenceInputSchema, SequenceSettings } from "~/domain/marketing/sequences";
import type {
  LeadSequencesSchema,
  SequenceSchema,
  SequenceSettingsResultSchema,
} from "../../../worker/api/routes/sequences.schemas";
import { apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow } from "./workspace";

export type Sequence = z.infer<typeof SequenceSchema>;
export type SequenceBody = z.input<typeof SequenceInputSchema>;
export type SequenceSettingsState = z.infer<typeof SequenceSettingsResultSchema>;
export type LeadSequences = z.infer<typeof LeadSequencesSchema>;

const BASE = "/marketing/sequences";
const id = encodeURIComponent;

export const sequencesApi = {
  list: () => orThrow(apiRequest<Sequence[]>(BASE), MESSAGES.fetchSequences),
  create: (input: SequenceBody) =>
    orThrow(apiRequest<Sequence>(BASE, { method: "POST", body: input }), MESSAGES.saveSequence),
  update: (sequenceId: string, input: SequenceBody) =>
    orThrow(
      apiRequest<Sequence>(`${BASE}/${id(sequenceId)}`, { method: "PUT", body: input }),
      MESSAGES.saveSequence,
    ),
  remove: (sequenceId: string) =>
    orThrow(
      apiRequest<Sequence>(`${BASE}/${id(sequenceId)}`, { method: "DELETE" }),
      MESSAGES.deleteSequence,
    ),
  saveSettings: (settings: SequenceSettings) =>
    orThrow(
      apiRequest<SequenceSettingsState>(`${BASE}/settings`, { method: "PUT", body: settings }),
      MESSAGES.saveSequenceSettings,
    ),
};
