/**
 * What the resources' response schemas build on, and the records several of them nest. Each
 * resource's own response schemas are in routes/<resource>.schemas.ts: beside its route but apart
 * from its handlers, so the browser infers its types from them (type-only imports) without
 * reaching the Worker's code. They are derived from the drizzle tables (drizzle-zod), so a column
 * added to the schema shows in the responses, the OpenAPI document and the browser's types at once.
 */
import { z } from "@hono/zod-openapi";
import { createSchemaFactory } from "drizzle-zod";
import type { Assignee } from "../../app/domain/assignees";
import { projects } from "../db/schema";

export const { createSelectSchema } = createSchemaFactory({ zodInstance: z });
export const owner = { userId: true } as const;
/** The owner and what the last import wrote (the merge's bookkeeping): never in an answer. */
export const internal = { ...owner, imported: true } as const;
export const tags = z.array(z.string());

/**
 * The schema, checked at compile time to describe exactly the type T: no field more or less, and
 * null only where T allows it.
 */
export const exactly =
  <T>() =>
  <S extends z.ZodType<T>>(schema: S & (T extends z.output<S> ? unknown : never)) =>
    schema;

/**
 * The member a record is assigned to, as a list or a record's page shows them (beside its
 * `assigneeId`, read in the same query); null for nobody.
 */
export const AssigneeSchema = exactly<Assignee>()(
  z
    .object({
      id: z.string(),
      initials: z.string().openapi({ description: "For a badge: the first letter of each name" }),
      name: z.string(),
    })
    .openapi("Assignee"),
);

/** Per-row problems of an import: the row's 0-based index and what is wrong with each field. */
export const RowFailureSchema = z.object({
  index: z.number(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});

/**
 * Here, not in projects.schemas.ts: a project's answer nests its contacts and property, and a
 * contact's and a property's answers list their projects; with the project's record here, the
 * three resources' schemas import it without importing one another in a circle.
 */
export const ProjectSchema = createSelectSchema(projects, {
  targetCloseDate: (schema) => schema.openapi({ example: "2027-03-31" }),
})
  .omit(internal)
  .openapi("Project");
