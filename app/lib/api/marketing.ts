/**
 * The marketing team area: leads and their import, campaigns with their figures, the
 * funnel, lead bots and their playground, and outreach drafts. Each call throws a `ServiceError`
 * carrying a "Failed to …" message and what the server said.
 */
import type { z } from "zod";
import type { BotChat, CopyRequest, LeadBotInputSchema } from "~/domain/marketing/bots";
import type { CampaignInputSchema } from "~/domain/marketing/campaigns";
import type { LeadFieldsSchema, LeadStatus } from "~/domain/marketing/leads";
import type {
  CampaignSchema,
  CopyDraftSchema,
  LeadBotSchema,
  LeadImportResultSchema,
  LeadSchema,
  LeadSummarySchema,
} from "../../../worker/api/routes/marketing.schemas";
import { readChatStream } from "./ai";
import { apiFetch, apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, pageOrThrow, queryString, ServiceError } from "./workspace";

export type Lead = z.infer<typeof LeadSchema>;
export type LeadSummary = z.infer<typeof LeadSummarySchema>;
export type LeadImportResult = z.infer<typeof LeadImportResultSchema>;
export type Campaign = z.infer<typeof CampaignSchema>;
export type LeadBot = z.infer<typeof LeadBotSchema>;
export type OutreachDraft = z.infer<typeof CopyDraftSchema>;
/** What a lead's save sends: every field (PUT replaces), as the API's schema takes it. */
export type LeadBody = z.input<typeof LeadFieldsSchema>;
export type CampaignBody = z.input<typeof CampaignInputSchema>;

export interface LeadQuery {
  q?: string;
  status?: LeadStatus;
  campaignId?: string;
  /** Open leads whose follow-up date is this day (YYYY-MM-DD) or earlier. */
  followUpBy?: string;
  sort?: "newest" | "follow_up" | "score" | "name";
  page?: number;
  limit?: number;
}

const id = encodeURIComponent;

const updateLead = (leadId: string, input: LeadBody, ifMatch?: string) =>
  orThrow(
    apiRequest<Lead>(`/marketing/leads/${id(leadId)}`, { method: "PUT", body: input, ifMatch }),
    MESSAGES.updateLead,
  );

export const leadsApi = {
  list: (query: LeadQuery = {}) =>
    pageOrThrow(
      apiRequest<Lead[]>(`/marketing/leads${queryString({ ...query })}`),
      MESSAGES.fetchLeads,
    ),
  get: (leadId: string) =>
    orThrow(apiRequest<Lead>(`/marketing/leads/${id(leadId)}`), MESSAGES.fetchLead),
  create: (input: LeadBody) =>
    orThrow(
      apiRequest<Lead>("/marketing/leads", { method: "POST", body: input }),
      MESSAGES.createLead,
    ),
  update: updateLead,
  /**
   * Changes some of a lead's fields, the rest sent as `lead` has them (a PUT replaces every
   * field). The input rules load with the change: a screen downloads no zod before it.
   */
  change: (lead: Lead, change: Partial<LeadBody>, ifMatch?: string) =>
    import("~/domain/marketing/leads").then(({ leadInputOf }) =>
      updateLead(lead.id, { ...leadInputOf(lead), ...change }, ifMatch),
    ),
  remove: (leadId: string, ifMatch?: string) =>
    orThrow(
      apiRequest<Lead>(`/marketing/leads/${id(leadId)}`, { method: "DELETE", ifMatch }),
      MESSAGES.deleteLead,
    ),
  /** Rows as read from a file (up to 1,000), optionally into a campaign. */
  import: (rows: unknown[], campaignId: string | null) =>
    orThrow(
      apiRequest<LeadImportResult>("/marketing/leads/import", {
        method: "POST",
        body: { rows, campaignId },
      }),
      MESSAGES.importLeads,
    ),
  summary: (campaignId?: string) =>
    orThrow(
      apiRequest<LeadSummary>(`/marketing/summary${queryString({ campaignId })}`),
      MESSAGES.fetchLeadSummary,
    ),
};

export const campaignsApi = {
  list: () => orThrow(apiRequest<Campaign[]>("/marketing/campaigns"), MESSAGES.fetchCampaigns),
  create: (input: CampaignBody) =>
    orThrow(
      apiRequest<Campaign>("/marketing/campaigns", { method: "POST", body: input }),
      MESSAGES.createCampaign,
    ),
  update: (campaignId: string, input: CampaignBody, ifMatch?: string) =>
    orThrow(
      apiRequest<Campaign>(`/marketing/campaigns/${id(campaignId)}`, {
        method: "PUT",
        body: input,
        ifMatch,
      }),
      MESSAGES.updateCampaign,
    ),
  remove: (campaignId: string, ifMatch?: string) =>
    orThrow(
      apiRequest<Campaign>(`/marketing/campaigns/${id(campaignId)}`, {
        method: "DELETE",
        ifMatch,
      }),
      MESSAGES.deleteCampaign,
    ),
};

export const botsApi = {
  list: () => orThrow(apiRequest<LeadBot[]>("/marketing/bots"), MESSAGES.fetchLeadBots),
  create: (input: z.input<typeof LeadBotInputSchema>) =>
    orThrow(
      apiRequest<LeadBot>("/marketing/bots", { method: "POST", body: input }),
      MESSAGES.saveLeadBot,
    ),
  update: (botId: string, input: z.input<typeof LeadBotInputSchema>, ifMatch?: string) =>
    orThrow(
      apiRequest<LeadBot>(`/marketing/bots/${id(botId)}`, { method: "PUT", body: input, ifMatch }),
      MESSAGES.saveLeadBot,
    ),
  remove: (botId: string, ifMatch?: string) =>
    orThrow(
      apiRequest<LeadBot>(`/marketing/bots/${id(botId)}`, { method: "DELETE", ifMatch }),
      MESSAGES.deleteLeadBot,
    ),
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
