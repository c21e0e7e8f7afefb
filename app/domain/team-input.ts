/**
 * What making a team workspace takes, checked alike by the API, the switcher's form and the
 * agent; and inviting someone to one, and changing a member. Apart from app/domain/teams.ts so
 * that the sidebar, on every page, never downloads zod.
 */
import { z } from "zod";
import { EmailSchema } from "./account";
import { INVITATION_ROLES, WORKSPACE_NAME_MAX, WORKSPACE_ROLES } from "./teams";

export const WorkspaceInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the workspace")
    .max(WORKSPACE_NAME_MAX, `At most ${WORKSPACE_NAME_MAX} characters`),
});
export type WorkspaceInput = z.infer<typeof WorkspaceInputSchema>;

export const InvitationInputSchema = z.object({
  email: EmailSchema,
  role: z.enum(INVITATION_ROLES, { error: "Choose admin, member or viewer" }),
});
export type InvitationInput = z.infer<typeof InvitationInputSchema>;

export const MemberChangeSchema = z
  .object({
    role: z.enum(WORKSPACE_ROLES, { error: "Choose owner, admin, member or viewer" }).optional(),
    assignedOnly: z.boolean().optional(),
  })
  .refine((change) => change.role !== undefined || change.assignedOnly !== undefined, {
    error: "Name a role or assignedOnly",
  });
export type MemberChange = z.infer<typeof MemberChangeSchema>;
