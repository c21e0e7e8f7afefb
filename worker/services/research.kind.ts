/** Research reports in Export Data and Import Data. */
import { z } from "zod";
import { AI_PROVIDERS } from "../../app/domain/ai/providers";
import { MAX_QUERY_CHARS, ResearchReportSchema } from "../../app/domain/ai/research";
import { researchReports, type ResearchReportRow } from "../db/schema";
import { recordKind, usersRows } from "./record-kind";
import { toResearch } from "../db/records";

const ResearchInputSchema = z.object({
  query: z.string().trim().min(1).max(MAX_QUERY_CHARS),
  report: ResearchReportSchema.extend({
    summary: z.string().max(50_000),
    market: z.string().max(50_000),
    comparables: z.string().max(50_000),
    risks: z.array(z.string().max(5000)).max(100),
    nextSteps: z.array(z.string().max(5000)).max(100),
  }),
  provider: z.enum(AI_PROVIDERS),
  model: z.string().min(1).max(200),
  grounding: z
    .array(z.object({ kind: z.enum(["project", "property"]), id: z.string(), name: z.string() }))
    .default([]),
  savedEntryId: z.string().nullish(),
});

/** Research, pointing at the document it was saved as and the records it was grounded in. */
export const researchKind = recordKind({
  name: "research",
  table: researchReports,
  key: researchReports.id,
  exportQueries: usersRows(researchReports),
  exportRecords: ([rows]) => (rows as ResearchReportRow[]).map(toResearch),
  input: ResearchInputSchema,
  references: { savedEntryId: "entries" },
  optionalReferences: ["savedEntryId"],
  build: (row, id, { userId, times, fileId }) => ({
    ...row.input,
    grounding: row.input.grounding.map((g) => ({
      ...g,
      id: fileId(g.kind === "project" ? "projects" : "properties", g.id) ?? g.id,
    })),
    createdAt: times(row).createdAt,
    id,
    userId,
  }),
});
