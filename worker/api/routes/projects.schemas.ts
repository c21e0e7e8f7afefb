import { z } from "@hono/zod-openapi";
import { projectFiles } from "../../db/schema";
import { AssigneeSchema, createSelectSchema, internal, ProjectSchema } from "../shared-schemas";
import { ContactSchema } from "./contacts.schemas";
import { EntrySchema } from "./entries.schemas";
import { PropertySchema } from "./properties.schemas";

export const ProjectFileSchema = createSelectSchema(projectFiles)
  .omit(internal)
  .openapi("ProjectFile");

/** A project as its list shows it: with its assignee's initials and name. */
export const ListedProjectSchema = ProjectSchema.extend({
  assignee: AssigneeSchema.nullable(),
}).openapi("ListedProject");

export const ProjectDetailSchema = ListedProjectSchema.extend({
  files: z.array(ProjectFileSchema),
  contacts: z.array(ContactSchema),
  documents: z.array(EntrySchema),
  property: PropertySchema.nullable(),
}).openapi("ProjectDetail");

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

export const ContactLinkSchema = z.object({ projectId: z.string(), contactId: z.string() });
