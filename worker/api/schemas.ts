/**
 * What the API answers, derived from the drizzle tables (drizzle-zod), so a column added to the
 * schema shows in the responses, the OpenAPI document and the browser's types at once. The
 * browser infers its types from these (type-only imports: no Worker code reaches the client).
 */
import { z } from "@hono/zod-openapi";
import { createSchemaFactory } from "drizzle-zod";
import { ResearchReportSchema } from "../../app/domain/ai/research";
import { EVENT_KINDS, EVENT_SOURCES, type CalendarEvent } from "../../app/domain/calendar/events";
import type { DriveFile, GmailMessage, GoogleStatus } from "../../app/domain/google";
import type { CalendarInfo } from "../services/calendar";
import { EXISTING_ROWS } from "../services/properties";
import { EXPORT_FORMAT, EXPORT_VERSION } from "../services/transfer";
import {
  contacts,
  conversationMessages,
  conversations,
  entries,
  projectFiles,
  projects,
  properties,
  researchReports,
} from "../db/schema";

const { createSelectSchema } = createSchemaFactory({ zodInstance: z });
const owner = { userId: true } as const;
const tags = z.array(z.string());

export const ProjectSchema = createSelectSchema(projects, {
  targetCloseDate: (schema) => schema.openapi({ example: "2027-03-31" }),
})
  .omit(owner)
  .openapi("Project");

export const ContactSchema = createSelectSchema(contacts, { tags }).omit(owner).openapi("Contact");

export const EntrySchema = createSelectSchema(entries, {
  content: (schema) => schema.openapi({ description: "Markdown" }),
  tags,
})
  .omit(owner)
  .openapi("Entry");

export const PropertySchema = createSelectSchema(properties)
  .omit({ ...owner, dedupeKey: true })
  .openapi("Property");

export const ProjectFileSchema = createSelectSchema(projectFiles)
  .omit(owner)
  .openapi("ProjectFile");

export const ProjectDetailSchema = ProjectSchema.extend({
  files: z.array(ProjectFileSchema),
  contacts: z.array(ContactSchema),
  documents: z.array(EntrySchema),
  property: PropertySchema.nullable(),
}).openapi("ProjectDetail");

export const ContactDetailSchema = ContactSchema.extend({
  projects: z.array(ProjectSchema),
}).openapi("ContactDetail");

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

export const MessageSchema = createSelectSchema(conversationMessages, {
  toolCalls: z.array(ToolCallSchema).nullable(),
  citations: z.array(z.string()).nullable(),
})
  .omit({ ...owner, conversationId: true })
  .openapi("Message");

export const ConversationSchema = createSelectSchema(conversations)
  .omit(owner)
  .openapi("Conversation");

export const ConversationDetailSchema = ConversationSchema.extend({
  messages: z.array(MessageSchema),
}).openapi("ConversationDetail");

export const ChatAnswerSchema = z
  .object({ conversationId: z.string(), message: MessageSchema })
  .openapi("ChatAnswer");

const ProviderStatusSchema = z.object({
  configured: z.boolean(),
  model: z.string(),
  key: z.string().openapi({ description: "The setting that turns it on" }),
});

export const AiStatusSchema = z
  .object({
    openai: ProviderStatusSchema,
    perplexity: ProviderStatusSchema,
    tts: ProviderStatusSchema,
  })
  .openapi("AiStatus");

export const GroundingSchema = z.object({
  kind: z.enum(["project", "property"]),
  id: z.string(),
  name: z.string(),
});

export const ResearchSchema = createSelectSchema(researchReports, {
  report: ResearchReportSchema,
  grounding: z.array(GroundingSchema),
  savedEntryId: (schema) =>
    schema.openapi({ description: "The Project Hub document it was saved as, if any" }),
})
  .omit(owner)
  .openapi("Research");

export const SavedResearchSchema = z
  .object({ research: ResearchSchema, entry: EntrySchema })
  .openapi("SavedResearch");

/** Per-row problems of an import: the row's 0-based index and what is wrong with each field. */
export const RowFailureSchema = z.object({
  index: z.number(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

export const PropertyImportResultSchema = z
  .object({
    received: z.number(),
    created: z.number(),
    updated: z.number(),
    skipped: z
      .number()
      .openapi({ description: "Rows matching a property you have, left as it is" }),
    failed: z.array(RowFailureSchema),
    dryRun: z.boolean(),
  })
  .openapi("PropertyImportResult");

export const GoogleStatusSchema = z
  .object({
    configured: z
      .boolean()
      .openapi({ description: "Whether this AI42 has a Google OAuth client (GOOGLE_CLIENT_ID…)" }),
    connected: z.boolean(),
    email: z.string().optional(),
    scopes: z.array(z.string()).optional(),
    needsReconnect: z.boolean().optional(),
    lastSyncAt: z.string().optional(),
  })
  .openapi("GoogleStatus") satisfies z.ZodType<GoogleStatus & { configured: boolean }>;

export const GmailMessageSchema = z
  .object({
    id: z.string(),
    threadId: z.string(),
    from: z.string(),
    subject: z.string(),
    snippet: z.string(),
    date: z.string().nullable(),
    unread: z.boolean(),
  })
  .openapi("GmailMessage") satisfies z.ZodType<GmailMessage>;

export const DriveFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mimeType: z.string(),
    modifiedTime: z.string().nullable(),
    webViewLink: z.string().nullable(),
    iconLink: z.string().nullable(),
  })
  .openapi("DriveFile") satisfies z.ZodType<DriveFile>;

export const CalendarInfoSchema = z
  .object({
    id: z.string(),
    summary: z.string(),
    source: z.enum(EVENT_SOURCES),
    color: z.string().nullable(),
    primary: z.boolean(),
    selected: z.boolean(),
    readOnly: z.boolean(),
    timeZone: z.string().nullable(),
  })
  .openapi("Calendar") satisfies z.ZodType<CalendarInfo>;

const EventTimeResponse = z.object({
  dateTime: z.string().optional(),
  date: z.string().optional(),
  timeZone: z.string().optional(),
});

export const CalendarEventSchema = z
  .object({
    id: z.string(),
    calendarId: z.string(),
    source: z.enum(EVENT_SOURCES),
    summary: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    start: EventTimeResponse,
    end: EventTimeResponse,
    allDay: z.boolean(),
    kind: z.enum(EVENT_KINDS),
    projectId: z.string().nullable(),
    propertyId: z.string().nullable(),
    contactId: z.string().nullable(),
    readOnly: z.boolean(),
    htmlLink: z.string().nullable(),
  })
  .openapi("CalendarEvent") satisfies z.ZodType<CalendarEvent>;

export const WorkspaceExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: z.string(),
    projects: z.array(ProjectSchema),
    contacts: z.array(ContactSchema),
    projectContacts: z.array(z.object({ projectId: z.string(), contactId: z.string() })),
    entries: z.array(EntrySchema),
    properties: z.array(PropertySchema),
    conversations: z.array(
      ConversationSchema.extend({ messages: z.array(MessageSchema.omit({ id: true })) }),
    ),
    research: z.array(ResearchSchema),
    events: z.array(CalendarEventSchema.extend({ createdAt: z.string(), updatedAt: z.string() })),
    projectFiles: z.array(ProjectFileSchema),
  })
  .openapi("WorkspaceExport");

const KindResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  skipped: z.number().openapi({ description: "Already here and left as they are" }),
  failed: z.array(RowFailureSchema),
});

export const WorkspaceImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    existing: z.enum(EXISTING_ROWS),
    properties: KindResultSchema,
    contacts: KindResultSchema,
    projects: KindResultSchema,
    entries: KindResultSchema,
    links: KindResultSchema,
    conversations: KindResultSchema,
    research: KindResultSchema,
    events: KindResultSchema,
    projectFiles: KindResultSchema,
  })
  .openapi("WorkspaceImportResult");
