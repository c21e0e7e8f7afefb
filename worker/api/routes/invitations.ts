/**
 * Invitations to a workspace: its owners and admins invite an address with a role, list what is
 * pending and revoke; the link e-mailed opens the invitation, and its address's account accepts it.
 */
import { z } from "@hono/zod-openapi";
import { InvitationInputSchema } from "../../../app/domain/team-input";
import { INVITATION_TTL_DAYS, INVITATIONS_PER_DAY } from "../../../app/domain/teams";
import { database } from "../../db/client";
import {
  acceptInvitation,
  describeInvitation,
  listInvitations,
  revokeInvitation,
  sendInvitation,
} from "../../services/invitations";
import { setSessionWorkspace } from "../../services/sessions";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  personScope,
  router,
  sessionOnly,
  signedInAnyRole,
} from "../openapi";
import {
  InvitationLinkSchema,
  InvitationParamsSchema,
  InvitationSchema,
  InvitationTokenParamSchema,
  NewInvitationSchema,
} from "./invitations.schemas";
import { WorkspaceSchema } from "./workspaces.schemas";
import { membersChanged } from "../../workspace-database";

const app = router();

app.openapi(
  apiRoute({
    method: "post",
    path: "/workspaces/{id}/invitations",
    operationId: "createInvitation",
    summary: "Invite an address to the workspace, with a role; the link is e-mailed to it",
    description: `Owners and admins only (403 FORBIDDEN_ROLE otherwise). The link works once, for ${INVITATION_TTL_DAYS} days, for the account with that address (or one signed up with it from the link). A newer invitation to the same address revokes the one pending; someone already a member answers 409 ALREADY_MEMBER. A workspace sends at most ${INVITATIONS_PER_DAY} invitations in 24 hours (429 TOO_MANY_INVITATIONS with Retry-After). Needs APP_URL for the e-mailed link (503 NOT_CONFIGURED otherwise, as /auth/register).`,
    ...signedInAnyRole,
    request: {
      params: IdParamSchema,
      ...jsonBody(InvitationInputSchema.openapi("InvitationInput")),
    },
    responses: {
      201: dataResponse("The invitation, with its link", NewInvitationSchema),
      ...errorResponses(400, 401, 403, 404, 409, 429, 503),
    },
  }),
  async (c) => {
    const invitation = await sendInvitation(
      ...personScope(c),
      c.req.valid("param").id,
      c.req.valid("json"),
      c.env,
      { url: c.req.url, waitUntil: (work) => c.executionCtx.waitUntil(work) },
    );
    return c.json({ data: invitation }, 201);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/workspaces/{id}/invitations",
    operationId: "listInvitations",
    summary: "The workspace's invitations still pending, newest first (never their links)",
    description:
      "Neither accepted, revoked nor expired. Owners and admins only (403 FORBIDDEN_ROLE otherwise).",
    ...signedInAnyRole,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The pending invitations", z.array(InvitationSchema)),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) =>
    c.json({ data: await listInvitations(...personScope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/workspaces/{id}/invitations/{invitationId}",
    operationId: "revokeInvitation",
    summary: "Revoke a pending invitation: its link stops working",
    description:
      "Owners and admins only (403 FORBIDDEN_ROLE otherwise). One that is not pending answers 404.",
    ...signedInAnyRole,
    request: { params: InvitationParamsSchema },
    responses: {
      204: { description: "Revoked" },
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const { id, invitationId } = c.req.valid("param");
    await revokeInvitation(...personScope(c), id, invitationId);
    return c.body(null, 204);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/invitations/{token}",
    operationId: "getInvitation",
    summary: "What an invitation's link invites to, and whether it still works",
    description:
      "Open to anyone with the link: its token is the proof. 404 INVITATION_NOT_FOUND for a link that names none.",
    request: { params: InvitationTokenParamSchema },
    responses: {
      200: dataResponse("The invitation", InvitationLinkSchema),
      ...errorResponses(404),
    },
  }),
  async (c) => {
    const { workspaceName, email, role, expiresAt, status } = await describeInvitation(
      database(c.env.DB),
      c.req.valid("param").token,
    );
    return c.json({ data: { workspaceName, email, role, expiresAt, status } }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/invitations/{token}/accept",
    operationId: "acceptInvitation",
    summary: "Accept an invitation: join its workspace, and work in it for the rest of the session",
    description:
      "By the account whose address it was sent to (403 INVITATION_WRONG_ADDRESS otherwise, and the link stays good). Once: 410 INVITATION_USED after, 410 INVITATION_EXPIRED past its week, 410 INVITATION_REVOKED when withdrawn. Someone already a member keeps their role. Signed in only: a personal access token is refused 403 SESSION_REQUIRED.",
    ...sessionOnly,
    request: { params: InvitationTokenParamSchema },
    responses: {
      200: dataResponse("The workspace joined, as GET /workspaces lists it", WorkspaceSchema),
      ...errorResponses(401, 404, 410),
    },
  }),
  async (c) => {
    const workspace = await acceptInvitation(...personScope(c), c.req.valid("param").token);
    await membersChanged(c.env, workspace.id);
    await setSessionWorkspace(c.env, c.var.session, workspace.id);
    return c.json({ data: workspace }, 200);
  },
);

export default app;
