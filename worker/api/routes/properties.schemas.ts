import { z } from "@hono/zod-openapi";
import { LIST_FIGURES } from "../../db/list-figures";
import { auctions, properties } from "../../db/schema";
import {
  AssigneeSchema,
  createSelectSchema,
  internal,
  ProjectSchema,
  RowFailureSchema,
} from "../shared-schemas";
import { ContactSchema } from "./contacts.schemas";
import { AnalysisSummarySchema, PrimaryAnalysisSchema } from "./deals.schemas";
import { ResearchSchema } from "./research.schemas";

export const PropertySchema = createSelectSchema(properties)
  .omit({
    ...internal,
    dedupeKey: true,
    ...(Object.fromEntries(LIST_FIGURES.map((name) => [name, true])) as {
      [K in (typeof LIST_FIGURES)[number]]: true;
    }),
  })
  .openapi("Property");

export const PropertyWithAnalysisSchema = PropertySchema.extend({
  primaryAnalysis: PrimaryAnalysisSchema.nullable(),
  photoFileId: z.string().nullable().openapi({
    description:
      "The property's picture: its first photo's file id (GET /files/{id}/thumbnail), null without one",
  }),
  ownerName: z.string().nullable().openapi({
    description: "The owner's name (the contact `ownerContactId`: a person's, else the company's)",
  }),
  assignee: AssigneeSchema.nullable(),
}).openapi("PropertyWithAnalysis");

export const PropertyDetailSchema = PropertyWithAnalysisSchema.extend({
  analyses: z.array(AnalysisSummarySchema).openapi({ description: "The primary analysis first" }),
  projects: z.array(ProjectSchema),
  owner: ContactSchema.nullable().openapi({
    description: "The owner (`ownerContactId`), with their mailing address, phones and flags",
  }),
  contacts: z
    .array(ContactSchema)
    .openapi({ description: "The owner first, then the people on its projects" }),
  research: z.array(ResearchSchema).openapi({ description: "Reports grounded in it" }),
  auctions: z
    .array(
      createSelectSchema(auctions).pick({
        id: true,
        saleType: true,
        status: true,
        currentSaleAt: true,
        timeZone: true,
        saleTimeKnown: true,
        postponedTo: true,
      }),
    )
    .openapi({ description: "The auctions of it, by the time each sale is now set for" }),
}).openapi("PropertyDetail");

export const PropertyImportResultSchema = z
  .object({
    received: z.number(),
    created: z.number(),
    updated: z.number(),
    skipped: z
      .number()
      .openapi({ description: "Rows matching a property you have, left as it is" }),
    failed: z.array(RowFailureSchema),
    ids: z.array(z.string()).openapi({
      description:
        "The id of each valid row, in the order sent: the property written, or matched and left as it was. Empty with dryRun=true.",
    }),
    dryRun: z.boolean(),
  })
  .openapi("PropertyImportResult");
