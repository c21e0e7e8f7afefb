/**
 * What making a team workspace takes, checked alike by the API, the switcher's form and the
 * agent. Apart from app/domain/teams.ts so that the sidebar, on every page, never downloads zod.
 */
import { z } from "zod";
import { WORKSPACE_NAME_MAX } from "./teams";

export const WorkspaceInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the workspace")
    .max(WORKSPACE_NAME_MAX, `At most ${WORKSPACE_NAME_MAX} characters`),
});
export type WorkspaceInput = z.infer<typeof WorkspaceInputSchema>;
