import { z } from "@hono/zod-openapi";
import { DEAL_STRATEGIES } from "../../../app/domain/deals/types";
import { perKind } from "../../../app/domain/record-kinds";
import { perFileOwnerKind } from "../../../app/domain/transfer-zip";
import { EXISTING_ROWS } from "../../services/properties";
import { EXPORT_FORMAT, EXPORT_VERSION } from "../../services/transfer";
import { ProjectSchema, RowFailureSchema } from "../shared-schemas";
import { AuctionHistoryEntrySchema, AuctionSchema } from "./auctions.schemas";
import { CalendarEventSchema } from "./calendar.schemas";
import { ContactSchema } from "./contacts.schemas";
import { ConversationSchema, MessageSchema } from "./conversations.schemas";
import { DealInputSchemas, DealRecordSchema } from "./deals.schemas";
import { EntrySchema } from "./entries.schemas";
import { CampaignSchema, LeadBotSchema, LeadRecordSchema } from "./marketing.schemas";
import { ProjectFileSchema } from "./projects.schemas";
import { PropertySchema } from "./properties.schemas";
import { ResearchSchema } from "./research.schemas";
import { RouteSchema } from "./routes.schemas";

export const WorkspaceExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: z.string(),
    part: z.object({ number: z.number().int().min(1), of: z.number().int().min(1) }).openapi({
      description:
        "Which part of the export this is. A workspace larger than one import takes (5,000 records of a kind, 25 MB) is written as several parts, each a document Import Data takes; import them in order",
    }),
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
    deals: z.array(
      DealRecordSchema.extend({
        strategy: z.enum(DEAL_STRATEGIES),
        inputs: z.union([
          DealInputSchemas.rental,
          DealInputSchemas.flip,
          DealInputSchemas.brrrr,
          DealInputSchemas.wholesale,
        ]),
      }),
    ),
    auctions: z.array(
      AuctionSchema.omit({ depositDue: true, currentSaleAt: true }).extend({
        history: z.array(AuctionHistoryEntrySchema),
      }),
    ),
    routes: z.array(
      RouteSchema.omit({ plan: true, planSource: true, calendarId: true, calendarEventIds: true }),
    ),
    campaigns: z.array(CampaignSchema.omit({ figures: true })),
    leads: z.array(
      LeadRecordSchema.extend({
        id: z.string().openapi({ description: "The lead's contact (in `contacts`)" }),
        createdAt: z.string(),
        updatedAt: z.string(),
      }),
    ),
    leadBots: z.array(LeadBotSchema.omit({ opening: true })),
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
    runId: z.string().nullable().openapi({
      description:
        "The import run (null for a preview): `POST /imports/runs/{id}/undo` puts back exactly what it changed",
    }),
    ...perKind("result", () => KindResultSchema),
    recordIds: z.object(perFileOwnerKind(() => z.record(z.string(), z.string()))).openapi({
      description:
        "Per kind of record files belong to: the document's id → the id here (another account's id is derived anew; a property may match by address)",
    }),
  })
  .openapi("WorkspaceImportResult");
