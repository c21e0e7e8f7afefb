/**
 * The database holding a workspace's records, for the Worker's own code (a page's loaders and
 * actions): D1 while the workspace is there, its object once moved (docs/decisions/0049), reached
 * statement by statement (`remoteD1`) with the directory's tables still read from D1.
 */
import { database } from "./db/client";
import type { Env } from "./env";
import { remoteD1, type WorkspaceStatements } from "./object-d1";
import { workspaceHome, workspaceMoving } from "./services/workspaces";

/**
 * Workspace `id`'s records as a D1 binding. `writing`: the caller is about to change them, which
 * during a move's last seconds is refused (503 WORKSPACE_MOVING), nothing changed.
 */
export async function recordsD1(env: Env, id: string, { writing = false } = {}) {
  if (!env.WORKSPACES) return env.DB;
  const home = await workspaceHome(database(env.DB), id);
  const now = Date.now();
  if (writing && home.frozenUntil && home.frozenUntil > now)
    throw workspaceMoving(home.frozenUntil, now);
  if (!home.movedAt) return env.DB;
  const object = env.WORKSPACES.get(env.WORKSPACES.idFromName(id));
  return remoteD1(object as unknown as WorkspaceStatements, env.DB);
}
