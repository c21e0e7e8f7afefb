import { z } from "@hono/zod-openapi";
import { INVITATION_ROLES, INVITATION_STATUSES } from "../../../app/domain/teams";
import { IdParamSchema } from "../openapi";

export const InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(INVITATION_ROLES),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .openapi("Invitation");

export const NewInvitationSchema = InvitationSchema.extend({
  url: z.string().openapi({
    description:
      "The link e-mailed to the address, shown this once: AI42 keeps only its token's hash",
  }),
}).openapi("NewInvitation");

export const InvitationLinkSchema = z
  .object({
    workspaceName: z.string(),
    email: z
      .string()
      .openapi({ description: "The address it was sent to: the account to accept it" }),
    role: z.enum(INVITATION_ROLES),
    expiresAt: z.string(),
    status: z.enum(INVITATION_STATUSES),
  })
  .openapi("InvitationLink");

/** An invitation of the workspace `id`. */
export const InvitationParamsSchema = IdParamSchema.extend({
  invitationId: z
    .string()
    .min(1)
    .max(64)
    .openapi({ param: { name: "invitationId", in: "path" } }),
});

export const InvitationTokenParamSchema = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "token", in: "path" } }),
});
