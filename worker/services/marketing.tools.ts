/**
 * The agent's tools over marketing (issue 15): the leads, with the follow-ups due, and the facts
 * an outreach draft is written from, so "draft a text to Ann" works from the chat as well.
 */
import { z } from "zod";
import { COPY_KINDS, SMS_COMPLIANCE_NOTE } from "../../app/domain/marketing/bots";
import { LEAD_STATUSES, LeadInputSchema } from "../../app/domain/marketing/leads";
import { todayIn } from "../../app/domain/today";
import { contactName } from "../../app/domain/workspace";
import { getCampaign } from "./campaigns";
import { createLead, getLead, listLeads } from "./leads";
import { found, searchQuery, tool, TOOL_SEARCH_LIMIT } from "./tool";

export const marketingTools = {
  search_leads: tool({
    description:
      "Search the investor's leads (motivated sellers) by name, phone, e-mail, source, tag or notes; optionally by status, or only those whose follow-up is due by today.",
    parameters: z.object({
      query: searchQuery,
      status: z.enum(LEAD_STATUSES).optional(),
      followUpDue: z.boolean().optional().describe("Only open leads to follow up today or before"),
    }),
    run: async (db, userId, { query, status, followUpDue }, context) => {
      const { items } = await listLeads(
        db,
        userId,
        {
          q: query,
          status,
          followUpBy: followUpDue ? todayIn(context.timeZone) : undefined,
          sort: followUpDue ? "follow_up" : "newest",
        },
        { page: 1, limit: TOOL_SEARCH_LIMIT },
      );
      return { result: items, summary: found(items.map(contactName), "lead") };
    },
  }),
  create_lead: tool({
    description:
      "Add a lead (a possible seller) to the investor's marketing leads. Only when the investor asks for it.",
    parameters: LeadInputSchema,
    wrote: true,
    run: async (db, userId, input) => {
      const lead = await createLead(db, userId, input);
      return { result: lead, summary: `Created lead ${contactName(lead)}` };
    },
  }),
  outreach_facts: tool({
    description:
      "Before drafting an outreach e-mail, SMS or letter to a lead or for a campaign: what their records say, what the lead consented to, and the rules to follow. Write the draft yourself from it; AI42 never sends messages.",
    parameters: z.object({
      kind: z.enum(COPY_KINDS),
      leadId: z.string().min(1).max(64).optional(),
      campaignId: z.string().min(1).max(64).optional(),
    }),
    run: async (db, userId, { kind, leadId, campaignId }) => {
      const lead = leadId ? await getLead(db, userId, leadId) : null;
      const campaignOf = campaignId ?? lead?.campaignId;
      const campaign = campaignOf ? await getCampaign(db, userId, campaignOf) : null;
      const consented = lead
        ? { email: lead.consentEmail, sms: lead.consentSms, letter: true }[kind]
        : null;
      return {
        result: {
          kind,
          lead,
          campaign,
          consented,
          rules:
            kind === "sms"
              ? SMS_COMPLIANCE_NOTE
              : "Be honest and respectful: no pressure tactics, no false urgency, no promised price.",
        },
        summary: `Outreach facts for ${lead ? contactName(lead) : (campaign?.name ?? "a template")}`,
      };
    },
  }),
};
