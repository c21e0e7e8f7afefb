import type { Env } from "../env";
import type { Session } from "../services/sessions";
import type { WorkspaceScope } from "../services/workspaces";

export interface AppEnv {
  Bindings: Env;
  /**
   * `workspace`: what the request acts on, and the caller's role there (middleware/auth.ts).
   * `bodyBytes`: the request body's size, measured once (middleware/body-limit.ts).
   */
  Variables: { session: Session; workspace: WorkspaceScope; bodyBytes: number };
}
