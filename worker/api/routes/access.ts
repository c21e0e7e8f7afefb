/**
 * Access from outside AI42's pages: personal access tokens, the apps connected through OAuth, and
 * the log of what AI clients did over MCP. Only a signed-in session manages them: an access token
 * cannot make, list or revoke access.
 */
import { z } from "@hono/zod-openapi";
import { MAX_ACCESS_TOKENS, TOKEN_PREFIX } from "../../../app/domain/access";
import { CreateAccessTokenSchema } from "../../../app/domain/access-input";
import { publicOrigin } from "../../env";
import { oauthApi } from "../../mcp/oauth";
import {
  createAccessToken,
  listAccessTokens,
  revokeAccessToken,
} from "../../services/access-tokens";
import { listConnectedApps, revokeConnectedApp } from "../../services/connected-apps";
import { LOG_DAYS, listMcpCalls } from "../../services/mcp-calls";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  MetaSchema,
  PageQuerySchema,
  router,
  personScope,
  sessionOnly,
} from "../openapi";
import { AccessTokenSchema, ConnectedAppSchema, McpCallSchema } from "./access.schemas";
import type { Context } from "hono";
import type { AppEnv } from "../types";

const oauthOf = (c: Context<AppEnv>) => oauthApi(c.env, publicOrigin(c.env, c.req.raw));

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/access-tokens",
    operationId: "listAccessTokens",
    summary: "The user's personal access tokens, newest first (never their secrets)",
    ...sessionOnly,
    responses: {
      200: dataResponse("The tokens", z.array(AccessTokenSchema)),
      ...errorResponses(401, 403),
    },
  }),
  async (c) => c.json({ data: await listAccessTokens(...personScope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/access-tokens",
    operationId: "createAccessToken",
    summary: "Make a personal access token; its secret is in this answer only",
    description: `Send it as \`Authorization: Bearer ${TOKEN_PREFIX}…\` to /api or /mcp. AI42 keeps only its hash: the secret cannot be shown again. A user holds at most ${MAX_ACCESS_TOKENS}: 409 TOO_MANY_TOKENS beyond. It acts in the workspace this request works in (\`X-Workspace-Id\`, else the session's current) and only there, with the maker's role at each call: once they leave it, it stops working.`,
    ...sessionOnly,
    request: jsonBody(CreateAccessTokenSchema.openapi("AccessTokenInput")),
    responses: {
      201: dataResponse(
        "The token, and its secret",
        z.object({ token: z.string(), access_token: AccessTokenSchema }),
      ),
      ...errorResponses(400, 401, 403, 409),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await createAccessToken(...personScope(c), c.var.workspace.id, c.req.valid("json")),
      },
      201,
    ),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/access-tokens/{id}",
    operationId: "revokeAccessToken",
    summary: "Revoke a personal access token: its next request answers 401",
    description: "Another user's token answers 404, as one that does not exist.",
    ...sessionOnly,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The revoked token's id", z.object({ id: z.string() })),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) =>
    c.json({ data: await revokeAccessToken(...personScope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/connected-apps",
    operationId: "listConnectedApps",
    summary: "The AI clients the user connected through OAuth (their grants), newest first",
    ...sessionOnly,
    responses: {
      200: dataResponse("The connected apps", z.array(ConnectedAppSchema)),
      ...errorResponses(401, 403),
    },
  }),
  async (c) =>
    c.json({ data: await listConnectedApps(await oauthOf(c), c.var.session.userId) }, 200),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/connected-apps/{id}",
    operationId: "revokeConnectedApp",
    summary: "Disconnect an app: its grant and every token issued under it stop working at once",
    description: "Another user's grant answers 404, as one that does not exist.",
    ...sessionOnly,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The revoked grant's id", z.object({ id: z.string() })),
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await revokeConnectedApp(
          await oauthOf(c),
          c.var.session.userId,
          c.req.valid("param").id,
        ),
      },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/mcp-calls",
    operationId: "listMcpCalls",
    summary: "What AI clients did over MCP: each tool call and resource read, newest first",
    description: `Kept ${LOG_DAYS} days.`,
    ...sessionOnly,
    request: { query: PageQuerySchema.pick({ page: true, limit: true }) },
    responses: {
      200: {
        description: "A page of the log",
        content: {
          "application/json": {
            schema: z.object({ data: z.array(McpCallSchema), meta: MetaSchema }),
          },
        },
      },
      ...errorResponses(400, 401, 403),
    },
  }),
  async (c) => {
    const { items, meta } = await listMcpCalls(...personScope(c), c.req.valid("query"));
    return c.json({ data: items, meta }, 200);
  },
);

export default app;
