import { z } from "@hono/zod-openapi";
import { WORKSPACE_ROLES } from "../../../app/domain/teams";

export const WorkspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(WORKSPACE_ROLES).openapi({ description: "The caller's role in it" }),
    personal: z.boolean().openapi({ description: "The caller's own workspace, made at sign-up" }),
  })
  .openapi("Workspace");
