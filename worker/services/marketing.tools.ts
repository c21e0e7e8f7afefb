/**
 * The agent's tools over marketing: the leads, with the follow-ups due, the facts an
 * outreach draft is written from, so "draft a text to Ann" works from the chat as well, and the
 * follow-up sequences, to start one on a lead as the lead's screen does.
 */
import { z } from "zod";
import { COPY_KINDS, SMS_COMPLIANCE_NOTE } from "../../app/domain/marketing/bots";
import { LEAD_STATUSES, LeadInputSchema } from "../../app/domain/marketing/leads";
import { todayIn } from "../../app/domain/today";
import { contactName } from "../../app/domain/workspace";
import { getCampaign } from "./campaigns";
import { createLead, getLead, listLeads } from "./leads";
import { enrollLead, listSequences } from "./sequences";
import { creates, found, searchQuery, tool, TOOL_SEARCH_LIMIT, toolOwner } from "./tool";

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
        toolOwner(userId, context),
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
    records: creates("lead"),
    run: async (db, userId, input, context) => {
      const lead = await createLead(db, toolOwner(userId, context), input);
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
    run: async (db, userId, { kind, leadId, campaignId }, context) => {
      const lead = leadId ? await getLead(db, toolOwner(userId, context), leadId) : null;
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
  list_sequences: tool({
    description:
      "List the investor's follow-up sequences: each one's id, name, steps (the day after the start, the action, an e-mail's subject) and how many leads it is running on. A sequence is started on a lead with start_sequence.",
    parameters: z.object({}),
    run: async (db, userId) => {
      const items = await listSequences(db, userId);
      return {
        result: items.map(({ id, name, steps, running }) => ({
          id,
          name,
          steps: steps.map(({ day, action, subject }) => ({ day, action, subject })),
          running,
        })),
        summary: found(
          items.map((sequence) => sequence.name),
          "sequence",
        ),
      };
    },
  }),
  start_sequence: tool({
    description:
      "Start a follow-up sequence (from list_sequences) on a lead (from search_leads), as the lead's screen does: its steps then run on their days: an e-mail step is sent to the lead from the investor's Gmail when Google allows sending, other steps (and e-mails that cannot be sent) become tasks on the investor's calendar. Only when the investor asks for it. Refused while sequences are off in Marketing, or when the lead is in a sequence already.",
    parameters: z.object({
      leadId: z.string().min(1).max(64).describe("The lead's id"),
      sequenceId: z.string().min(1).max(64).describe("The sequence's id"),
    }),
    wrote: true,
    run: async (db, userId, { leadId, sequenceId }, context) => {
      const owner = toolOwner(userId, context);
      const lead = await getLead(db, owner, leadId);
      const enrollment = await enrollLead(db, owner, leadId, sequenceId, Date.now());
      return {
        result: enrollment,
        summary: `Started ${enrollment.sequenceName} on ${contactName(lead)}`,
      };
    },
  }),
};
