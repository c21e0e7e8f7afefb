import { entries } from "../../db/schema";
import { createSelectSchema, internal, tags } from "../shared-schemas";

export const EntrySchema = createSelectSchema(entries, {
  content: (schema) => schema.openapi({ description: "Markdown" }),
  tags,
})
  .omit(internal)
  .openapi("Entry");
