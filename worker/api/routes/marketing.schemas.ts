import { z } from "@hono/zod-openapi";
import { BotQuestionSchema, COPY_KINDS } from "../../../app/domain/marketing/bots";
import type { CampaignFigures, Funnel } from "../../../app/domain/marketing/campaigns";
import { FUNNEL_STAGES, LeadAnswerSchema } from "../../../app/domain/marketing/leads";
import { campaigns, leadBots, leads } from "../../db/schema";
import {
  AssigneeSchema,
  createSelectSchema,
  exactly,
  internal,
  RowFailureSchema,
} from "../shared-schemas";
import { ContactSchema } from "./contacts.schemas";

export const LeadRecordSchema = createSelectSchema(leads, {
  answers: z.array(LeadAnswerSchema.openapi("LeadAnswer")),
}).omit({ ...internal, contactId: true, createdAt: true, updatedAt: true });

export const LeadSchema = ContactSchema.pick({
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  company: true,
  address: true,
  mailingAddress: true,
  mailingCity: true,
  mailingState: true,
  mailingZip: true,
  phones: true,
  emails: true,
  doNotContact: true,
  litigator: true,
  deceased: true,
  doNotMail: true,
  notes: true,
  tags: true,
  createdAt: true,
  updatedAt: true,
})
  .extend(LeadRecordSchema.shape)
  .extend({
    speedToLeadMinutes: z.number().nullable().openapi({
      description: "Minutes from the lead coming in to its first contact; null until contacted",
    }),
    assignee: AssigneeSchema.nullable(),
  })
  .openapi("Lead");

export const LeadImportResultSchema = z
  .object({
    received: z.number(),
    created: z.number(),
    skipped: z.array(z.object({ index: z.number(), leadId: z.string().nullable() })).openapi({
      description:
        "Rows whose e-mail or phone is already a lead's (that lead's id) or an earlier row's (null)",
    }),
    failed: z.array(RowFailureSchema),
    ids: z.array(z.string()).openapi({ description: "The new leads' ids, in the order sent" }),
  })
  .openapi("LeadImportResult");

export const FunnelSchema = exactly<Funnel>()(
  z.object({
    steps: z.array(
      z.object({
        stage: z.enum(FUNNEL_STAGES),
        count: z.number(),
        conversion: z.number().nullable(),
      }),
    ),
    dead: z.number(),
    overall: z.number().nullable(),
  }),
);

export const LeadSummarySchema = z
  .object({
    leads: z.number(),
    funnel: FunnelSchema,
    averageSpeedToLeadMinutes: z.number().nullable(),
  })
  .openapi("LeadSummary");

const CampaignFiguresSchema = exactly<CampaignFigures>()(
  z.object({
    leads: z.number(),
    costPerLead: z.number().nullable(),
    dealsClosed: z.number().openapi({
      description: "Leads under contract with a deal value; one without is not counted",
    }),
    revenue: z
      .number()
      .nullable()
      .openapi({ description: "The deal value of the deals closed; null without one" }),
    returnOnSpend: z.number().nullable().openapi({
      description: "(revenue − spend) ÷ spend, as a fraction; null without spend or revenue",
    }),
  }),
);

export const CampaignSchema = createSelectSchema(campaigns)
  .omit(internal)
  .extend({ figures: CampaignFiguresSchema })
  .openapi("Campaign");

export const LeadBotSchema = createSelectSchema(leadBots, {
  questions: z.array(BotQuestionSchema.openapi("LeadBotQuestion")),
})
  .omit(internal)
  .extend({ opening: z.string().openapi({ description: "The bot's first line" }) })
  .openapi("LeadBot");

export const CopyDraftSchema = z
  .object({
    kind: z.enum(COPY_KINDS),
    text: z.string(),
    model: z.string(),
    complianceNote: z.string().nullable(),
    warnings: z.array(z.string()),
  })
  .openapi("OutreachDraft");

/** A campaign without its figures: what a delete and a 412 answer. */
export const CampaignRecordSchema = CampaignSchema.omit({ figures: true });
