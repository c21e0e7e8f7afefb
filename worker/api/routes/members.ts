/** A workspace's members: who they are and their roles; changing a role; removing or leaving. */
import { z } from "@hono/zod-openapi";
import { MemberChangeSchema } from "../../../app/domain/team-input";
import { listMembers, removeMember, updateMember } from "../../services/members";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  personScope,
  router,
  signedInAnyRole,
} from "../openapi";
import { MemberParamsSchema, MemberSchema } from "./members.schemas";
import { database } from "../../db/client";
import { membersChanged, recordsD1 } from "../../workspace-database";
import { membershipIn, workspaceNotFound } from "../../services/workspaces";

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}/members",
    operationId: "listMembers",
    summary: "The workspace's members, earliest to join first",
    description:
      "Any member may read them, a viewer too. A workspace the caller is not a member of answers 404, as if absent.",
    ...signedInAnyRole,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The members", z.array(MemberSchema)),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => c.json({ data: await listMembers(...personScope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "patch",
    path: "/{id}/members/{userId}",
    operationId: "updateMember",
    summary: "Change a member's role, or whether they see only what is assigned to them",
    description:
      "Owners and admins only (403 FORBIDDEN_ROLE otherwise); nobody raises their own role. An admin neither changes an owner nor makes anyone one; an owner may make another member an owner, which is how ownership passes. The last owner can't step down (409 LAST_OWNER), nor the person whose own workspace it is (409 OWN_WORKSPACE).",
    ...signedInAnyRole,
    request: {
      params: MemberParamsSchema,
      ...jsonBody(
        MemberChangeSchema.openapi("MemberChange", {
          description: "At least one of the two",
        }),
      ),
    },
    responses: {
      200: dataResponse("The member, changed", MemberSchema),
      ...errorResponses(400, 401, 404, 409),
    },
  }),
  async (c) => {
    const { id, userId } = c.req.valid("param");
    const member = await updateMember(...personScope(c), id, userId, c.req.valid("json"));
    await membersChanged(c.env, id);
    return c.json({ data: member }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}/members/{userId}",
    operationId: "removeMember",
    summary: "Remove a member, or leave (the caller's own id)",
    description:
      "Anyone may leave; owners and admins remove others (403 FORBIDDEN_ROLE otherwise), an admin never an owner. The last owner can't leave (409 LAST_OWNER), nor anyone be removed from their own workspace (409 OWN_WORKSPACE). Their access ends at once: the workspace answers them 404, and their sessions work in their own.",
    ...signedInAnyRole,
    request: { params: MemberParamsSchema },
    responses: {
      204: { description: "Removed" },
      ...errorResponses(401, 404, 409),
    },
  }),
  async (c) => {
    const { id, userId } = c.req.valid("param");
    // Not a member: 404 before anything is said of where the workspace's records are.
    if (!(await membershipIn(database(c.env.DB), c.var.session.userId, id)))
      throw workspaceNotFound();
    // What was assigned to them is unassigned where the records are (D1, or the object's).
    const db = database(await recordsD1(c.env, id, { writing: true }));
    await removeMember(db, c.var.session.userId, id, userId);
    await membersChanged(c.env, id);
    return c.body(null, 204);
  },
);

export default app;
