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
 * Workspace `id`'s object (named by the id), as `T`: what this caller asks of it, named here
 * rather than imported, since the object runs the code that imports this module.
 */
export const objectOf = <T>(namespace: DurableObjectNamespace, id: string) =>
  namespace.get(namespace.idFromName(id)) as unknown as T;

/**
 * Workspace `id`'s records as a D1 binding (D1's, or its object's once moved), read from the
 * directory with why a change to them must wait: during a move's last seconds, 503
 * WORKSPACE_MOVING; else null.
 */
export async function workspaceRecords(env: Env, id: string) {
  if (!env.WORKSPACES) return { records: env.DB, held: null, moved: false };
  const home = await workspaceHome(database(env.DB), id);
  const now = Date.now();
  const held =
    home.frozenUntil && home.frozenUntil > now ? workspaceMoving(home.frozenUntil, now) : null;
  const records = home.movedAt
    ? remoteD1(objectOf<WorkspaceStatements>(env.WORKSPACES, id), env.DB)
    : env.DB;
  return { records, held, moved: home.movedAt !== null };
}

/**
 * Whether workspace `id`'s records are in its object. `writing`: the caller is about to change
 * them, which during a move's last seconds is refused (503 WORKSPACE_MOVING), nothing changed.
 */
export async function movedToObject(env: Env, id: string, { writing = false } = {}) {
  const { held, moved } = await workspaceRecords(env, id);
  if (writing && held) throw held;
  return moved;
}

/** Workspace `id`'s records as a D1 binding (`writing` as `movedToObject` takes it). */
export async function recordsD1(env: Env, id: string, { writing = false } = {}) {
  const { records, held } = await workspaceRecords(env, id);
  if (writing && held) throw held;
  return records;
}

/**
 * After a change to workspace `id`'s members in the directory: its object, when it has moved,
 * takes its copy of them again (whom records may be assigned to, by name) and assigns to nobody
 * what was assigned to someone who left.
 */
export async function membersChanged(env: Env, id: string) {
  if (!env.WORKSPACES || !(await movedToObject(env, id))) return;
  await objectOf<{ refreshDirectory(id: string): Promise<void> }>(
    env.WORKSPACES,
    id,
  ).refreshDirectory(id);
}

/**
 * After workspace `id` is deleted from the directory: its object's storage goes too, records and
 * any copy staged by a move cut off (nothing, for a workspace that never had an object).
 */
export async function workspaceDeleted(env: Env, id: string) {
  if (!env.WORKSPACES) return;
  await objectOf<{ forget(): Promise<void> }>(env.WORKSPACES, id).forget();
}
