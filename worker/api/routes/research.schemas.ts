import { z } from "@hono/zod-openapi";
import { ResearchReportSchema } from "../../../app/domain/ai/research";
import { researchReports } from "../../db/schema";
import { createSelectSchema, internal } from "../shared-schemas";
import { EntrySchema } from "./entries.schemas";

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
  .omit(internal)
  .openapi("Research");

export const SavedResearchSchema = z
  .object({ research: ResearchSchema, entry: EntrySchema })
  .openapi("SavedResearch");
