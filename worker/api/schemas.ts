/** Response shapes of the workspace resources, for validation docs and the OpenAPI document. */
import { z } from "@hono/zod-openapi";
import {
  CONTACT_TYPES,
  ENTRY_KINDS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from "../../app/domain/workspace";
import { AI_PROVIDERS, ResearchReportSchema as ReportBody } from "../../app/domain/ai";

const timestamps = { createdAt: z.string(), updatedAt: z.string() };

export const ProjectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(PROJECT_TYPES),
    status: z.enum(PROJECT_STATUSES),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    description: z.string().nullable(),
    budget: z.number().nullable(),
    purchasePrice: z.number().nullable(),
    targetCloseDate: z.string().nullable().openapi({ example: "2027-03-31" }),
    propertyId: z.string().nullable(),
    ...timestamps,
  })
  .openapi("Project");

export const ContactSchema = z
  .object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    company: z.string().nullable(),
    type: z.enum(CONTACT_TYPES),
    notes: z.string().nullable(),
    tags: z.array(z.string()),
    ...timestamps,
  })
  .openapi("Contact");

export const EntrySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    kind: z.enum(ENTRY_KINDS),
    content: z.string().openapi({ description: "Markdown" }),
    tags: z.array(z.string()),
    projectId: z.string().nullable(),
    ...timestamps,
  })
  .openapi("Entry");

export const PropertySchema = z
  .object({
    id: z.string(),
    address: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    propertyType: z.enum(PROPERTY_TYPES).nullable(),
    beds: z.number().nullable(),
    baths: z.number().nullable(),
    squareFeet: z.number().nullable(),
    lotSize: z.number().nullable(),
    yearBuilt: z.number().nullable(),
    listPrice: z.number().nullable(),
    estimatedValue: z.number().nullable(),
    arv: z.number().nullable(),
    rentEstimate: z.number().nullable(),
    status: z.enum(PROPERTY_STATUSES),
    source: z.string().nullable(),
    externalId: z.string().nullable(),
    notes: z.string().nullable(),
    ...timestamps,
  })
  .openapi("Property");

export const ProjectStatsSchema = z
  .object({
    projects: z.number(),
    byStatus: z.record(z.string(), z.number()),
    byType: z.record(z.string(), z.number()),
    totalBudget: z.number(),
    totalPurchasePrice: z.number(),
    contacts: z.number(),
    documents: z.number(),
    properties: z.number(),
    recentDocuments: z.array(EntrySchema),
  })
  .openapi("ProjectStats");

export const ToolCallSchema = z.object({
  name: z.string(),
  arguments: z.unknown(),
  ok: z.boolean(),
  summary: z.string(),
  wrote: z.boolean().openapi({ description: "Whether the call changed the user's data" }),
});

export const MessageSchema = z
  .object({
    id: z.string(),
    position: z.number(),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    provider: z.enum(AI_PROVIDERS).nullable(),
    model: z.string().nullable(),
    status: z.enum(["complete", "stopped"]),
    promptTokens: z.number().nullable(),
    completionTokens: z.number().nullable(),
    toolCalls: z.array(ToolCallSchema).nullable(),
    citations: z.array(z.string()).nullable(),
    createdAt: z.string(),
  })
  .openapi("Message");

export const ConversationSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    provider: z.enum(AI_PROVIDERS),
    model: z.string(),
    promptTokens: z.number(),
    completionTokens: z.number(),
    ...timestamps,
  })
  .openapi("Conversation");

export const ConversationDetailSchema = ConversationSchema.extend({
  messages: z.array(MessageSchema),
}).openapi("ConversationDetail");

export const ChatAnswerSchema = z
  .object({ conversationId: z.string(), message: MessageSchema })
  .openapi("ChatAnswer");

export const ResearchSchema = z
  .object({
    id: z.string(),
    query: z.string(),
    report: ReportBody,
    provider: z.enum(AI_PROVIDERS),
    model: z.string(),
    grounding: z.array(
      z.object({ kind: z.enum(["project", "property"]), id: z.string(), name: z.string() }),
    ),
    createdAt: z.string(),
  })
  .openapi("Research");
