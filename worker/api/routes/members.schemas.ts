import { z } from "@hono/zod-openapi";
import { WORKSPACE_ROLES } from "../../../app/domain/teams";
import { IdParamSchema } from "../openapi";

export const MemberSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.enum(WORKSPACE_ROLES),
    assignedOnly: z.boolean().openapi({
      description: "Sees only the leads, properties, projects and auctions assigned to them",
    }),
    joinedAt: z.string(),
  })
  .openapi("Member");

/** A member of the workspace `id`. */
export const MemberParamsSchema = IdParamSchema.extend({
  userId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "userId", in: "path" } }),
});
