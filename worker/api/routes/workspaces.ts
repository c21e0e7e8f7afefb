/**
 * The workspaces a person works in: list them, make a team's, choose the current one, delete a
 * team's.
 */
import { z } from "@hono/zod-openapi";
import { WorkspaceInputSchema } from "../../../app/domain/team-input";
import { WORKSPACE_HEADER } from "../../../app/domain/teams";
import { setSessionWorkspace } from "../../services/sessions";
import {
  createWorkspace,
  deleteWorkspace,
  findWorkspace,
  listWorkspaces,
  membershipIn,
  workspaceNotFound,
} from "../../services/workspaces";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  personScope,
  router,
  sessionOnly,
  signedIn,
} from "../openapi";
import { WorkspaceSchema } from "./workspaces.schemas";
import { database } from "../../db/client";
import { recordsD1, workspaceDeleted } from "../../workspace-database";

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listWorkspaces",
    summary: "The caller's workspaces: their own first, then their teams' by name",
    description: `Any /api call may name one of them in \`${WORKSPACE_HEADER}\`; without it, the session's current workspace (PUT /workspaces/current), else the caller's own.`,
    ...signedIn,
    responses: {
      200: dataResponse("The workspaces", z.array(WorkspaceSchema)),
      ...errorResponses(401),
    },
  }),
  async (c) => c.json({ data: await listWorkspaces(...personScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/",
    operationId: "createWorkspace",
    summary: "Make a team workspace, owned by the caller",
    ...sessionOnly,
    request: jsonBody(WorkspaceInputSchema.openapi("WorkspaceInput")),
    responses: {
      201: dataResponse("The new workspace", WorkspaceSchema),
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => c.json({ data: await createWorkspace(...personScope(c), c.req.valid("json")) }, 201),
);

app.openapi(
  apiRoute({
    method: "put",
    path: "/current",
    operationId: "setCurrentWorkspace",
    summary: "Work in another of the caller's workspaces for the rest of the session",
    description: `Requests that name no workspace in \`${WORKSPACE_HEADER}\` act in this one, pages too. 404 when the caller is not a member.`,
    ...sessionOnly,
    request: jsonBody(z.object({ id: z.string().min(1).max(64) }).openapi("CurrentWorkspace")),
    responses: {
      200: dataResponse("The workspace now current", WorkspaceSchema),
      ...errorResponses(400, 401, 403, 404),
    },
  }),
  async (c) => {
    const workspace = await findWorkspace(...personScope(c), c.req.valid("json").id);
    await setSessionWorkspace(c.env, c.var.session, workspace.id);
    return c.json({ data: workspace }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deleteWorkspace",
    summary: "Delete a team workspace and everything in it",
    description:
      "Only its owners may (403 FORBIDDEN_ROLE otherwise); a workspace the caller is not a member of answers 404, and a person's own workspace can't be deleted (409 OWN_WORKSPACE). Its records, files, members, invitations and access tokens go with it, for every member: their sessions work in their own workspaces again, and an app connected to it is refused. It can't be undone.",
    ...sessionOnly,
    request: { params: IdParamSchema },
    responses: {
      204: { description: "Deleted" },
      ...errorResponses(401, 403, 404, 409),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    // Not a member: 404 before anything is said of where the workspace's records are.
    if (!(await membershipIn(database(c.env.DB), c.var.session.userId, id)))
      throw workspaceNotFound();
    // Its files are read where its records are (D1, or its object), then its object goes.
    const db = database(await recordsD1(c.env, id, { writing: true }));
    await deleteWorkspace(db, c.var.session.userId, id, c.env.FILES ?? null);
    await workspaceDeleted(c.env, id);
    return c.body(null, 204);
  },
);

export default app;
