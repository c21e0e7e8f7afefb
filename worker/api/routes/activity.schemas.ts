import { z } from "@hono/zod-openapi";
import { ACTIVITY_ACTIONS, ACTIVITY_PAGE_SIZE, RECORD_TYPES } from "../../../app/domain/activity";

const RecordTypeSchema = z.enum(RECORD_TYPES).openapi({
  description:
    "The kind of record: `project`, `contact`, `document` (a Project Hub document), `property`, `analysis` (a saved deal analysis), `auction`, `route`, `event` (of AI42's own calendar), `lead`, `campaign`, `bot` (a lead bot), `sequence` or `file`",
});

export const ActorSchema = z
  .object({ id: z.string(), name: z.string() })
  .openapi("Actor", { description: "A person of the workspace: their id and their name" });

export const ActivityEntrySchema = z
  .object({
    id: z.string(),
    at: z.string().openapi({ description: "When (UTC ISO 8601)" }),
    action: z.enum(ACTIVITY_ACTIONS),
    recordType: RecordTypeSchema,
    recordId: z.string(),
    actor: ActorSchema.nullable().openapi({
      description: "Who did it; null once their account is gone",
    }),
    changes: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .nullable()
      .openapi({
        description: `An update's changed fields by the names the API gives them, each \`{ from, to }\` (a value longer than 1,000 characters as JSON is kept as its beginning, a string ending "…"); the record's id, owner and times are left out. Null for \`created\` and \`deleted\`.`,
        example: { status: { from: "new", to: "contacted" } },
      }),
  })
  .openapi("ActivityEntry");

export const ActivityQuerySchema = z
  .object({
    page: z.coerce
      .number()
      .int()
      .min(1)
      .max(100_000)
      .default(1)
      .openapi({ description: `From 1, ${ACTIVITY_PAGE_SIZE} entries a page` }),
    recordType: RecordTypeSchema.optional(),
    recordId: z.string().min(1).max(64).optional().openapi({
      description: "One record's entries (with its `recordType`)",
    }),
    userId: z.string().min(1).max(64).optional().openapi({
      description: "Only what this person did",
    }),
  })
  .refine((query) => !query.recordId || query.recordType, {
    path: ["recordType"],
    error: "Name the record's type with its id",
  });

export const ActivityMetaSchema = z.object({
  page: z.number(),
  limit: z.number(),
  hasMore: z.boolean().openapi({ description: "Whether older entries follow on the next page" }),
});
