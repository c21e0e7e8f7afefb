/**
 * The marketing team area's shapes (leads, campaigns with their figures, the funnel), and the
 * calls its pages still make to the API: the lead bots' playground, and outreach drafts (the
 * leads, campaigns and lead bots are read and written through their routes). Each call throws a
 * `ServiceError` carrying a "Failed to …" message and what the server said.
 */
import type { z } from "zod";
import type { BotChat, CopyRequest } from "~/domain/marketing/bots";
import type {
  CampaignSchema,
  CopyDraftSchema,
  LeadBotSchema,
  LeadSchema,
  LeadSummarySchema,
} from "../../../worker/api/routes/marketing.schemas";
import { readChatStream } from "./ai";
import { apiFetch, apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, ServiceError } from "./workspace";

export type Lead = z.infer<typeof LeadSchema>;
export type LeadSummary = z.infer<typeof LeadSummarySchema>;
export type Campaign = z.infer<typeof CampaignSchema>;
/** A campaign as a lead's form or the leads' filter offers it. */
export type CampaignChoice = Pick<Campaign, "id" | "name" | "channel">;
export type LeadBot = z.infer<typeof LeadBotSchema>;
export type OutreachDraft = z.infer<typeof CopyDraftSchema>;

const id = encodeURIComponent;

export const botsApi = {
  /**
   * One playground turn, streamed: `onText` hears the bot's reply so far. Aborting `signal` stops
   * it with what had arrived.
   */
  async chat(
    botId: string,
    chat: BotChat,
    onText: (text: string) => void,
    signal: AbortSignal,
  ): Promise<{ text: string; stopped: boolean }> {
    const { response, error } = await apiFetch(`/marketing/bots/${id(botId)}/chat`, {
      method: "POST",
      body: chat,
      signal,
      accept: "text/event-stream",
    });
    if (error) {
      if (signal.aborted) return { text: "", stopped: true };
      throw new ServiceError(MESSAGES.chatLeadBot, error);
    }
    return readChatStream(response, (text) => onText(text), signal, MESSAGES.chatLeadBot);
  },
  /** The finished conversation's answers, in question order, as a new lead. */
  finish: (botId: string, answers: string[]) =>
    orThrow(
      apiRequest<Lead>(`/marketing/bots/${id(botId)}/leads`, {
        method: "POST",
        body: { answers },
      }),
      MESSAGES.leadFromBot,
    ),
};

export const draftOutreach = (request: CopyRequest) =>
  orThrow(
    apiRequest<OutreachDraft>("/marketing/copy", { method: "POST", body: request }),
    MESSAGES.draftOutreach,
  );
