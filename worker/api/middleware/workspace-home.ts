/**
 * A request for a workspace whose records moved into its own Durable Object is answered there
 * (docs/decisions/0049): the Worker has signed the caller in and found their membership in the
 * directory (D1), and hands the request over with both; the object runs the same API over its own
 * storage. What is the person's or the directory's (signing in, their notifications, their
 * workspaces and invitations, access tokens, Google's connection) is answered here whatever the
 * workspace.
 */
import type { Context } from "hono";
import type { Session } from "../../services/sessions";
import type { WorkspaceScope } from "../../services/workspaces";
import { movedToObject, objectOf } from "../../workspace-database";
import type { AppEnv } from "../types";

/** Who asks and in which workspace, as the Worker resolved them: what the object trusts. */
export interface Forwarded {
  session: Session;
  workspace: WorkspaceScope;
}

/** The API's paths answered from the directory, never a workspace's object. */
const DIRECTORY_PATHS = [
  "/api/auth",
  "/api/health",
  "/api/notifications",
  "/api/workspaces",
  "/api/invitations",
  "/api/access-tokens",
  "/api/connected-apps",
  "/api/mcp-calls",
  "/api/google",
];

/** Whether `path` reads or writes a workspace's records, so is answered where they are. */
export const answeredInWorkspace = (path: string) =>
  !DIRECTORY_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** Inside a workspace's object: the caller and workspace the Worker handed over; else none. */
export function forwardedOf(c: Context<AppEnv>): Forwarded | undefined {
  try {
    return (c.executionCtx as { props?: { forwarded?: Forwarded } }).props?.forwarded;
  } catch {
    // A request made without an execution context (a test's) was not handed over.
    return undefined;
  }
}

/**
 * What the API asks of a workspace's object (worker/workspace-object.ts answers it), named here
 * rather than imported: the object runs this same API, so importing its class would be a cycle.
 */
interface WorkspaceApi {
  api(request: Request, forwarded: Forwarded): Promise<Response>;
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * After the caller and workspace are known: the object's answer when the workspace has moved
 * there, else nothing (the route goes on against D1). A change during a move's last seconds is
 * refused 503 WORKSPACE_MOVING with Retry-After, nothing changed.
 */
export async function answerAtHome(c: Context<AppEnv>): Promise<Response | undefined> {
  if (!c.env.WORKSPACES || !answeredInWorkspace(c.req.path) || forwardedOf(c)) return undefined;
  const { workspace, session } = c.var;
  const writing = WRITE_METHODS.has(c.req.method);
  if (!(await movedToObject(c.env, workspace.id, { writing }))) return undefined;
  return await objectOf<WorkspaceApi>(c.env.WORKSPACES, workspace.id).api(c.req.raw, {
    session,
    workspace,
  });
}
