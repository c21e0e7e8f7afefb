import { z } from "@hono/zod-openapi";
import { contacts } from "../../db/schema";
import { createSelectSchema, internal, ProjectSchema, tags } from "../shared-schemas";

const numberedContacts = z.array(
  z
    .object({
      value: z.string(),
      type: z.string().nullable(),
      dnc: z.boolean().optional().openapi({
        description: "A phone a skip-trace found on the Do Not Call registry",
      }),
    })
    .openapi("NumberedContact"),
);
export const ContactSchema = createSelectSchema(contacts, {
  tags,
  phones: numberedContacts,
  emails: numberedContacts,
})
  .omit({ ...internal, ownerKey: true })
  .openapi("Contact");

export const ContactDetailSchema = ContactSchema.extend({
  projects: z.array(ProjectSchema),
}).openapi("ContactDetail");
