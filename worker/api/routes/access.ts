/**
 * Access from outside AI42's pages (issue 32): personal access tokens, the apps connected through
 * OAuth, and the log of what AI clients did over MCP. Only a signed-in session manages them: an
 * access token cannot make, list or revoke access.
 */
import { z } from "@hono/zod-openapi";
import { ACCESS_SCOPES, MAX_ACCESS_TOKENS, TOKEN_PREFIX } from "../../../app/domain/access";
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
  scope,
  sessionOnly,
} from "../openapi";
import type { Context } from "hono";
import type { AppEnv } from "../types";

const ScopeSchema = z.enum(ACCESS_SCOPES).openapi({
  description:
    "`read`: reads only, any other method answers 403 INSUFFICIENT_SCOPE. `read_write`: reads and changes",
});

const AccessTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: ScopeSchema,
    shown: z.string().openapi({
      description: `The token's first characters (\`${TOKEN_PREFIX}Ab12\`), to tell it apart`,
    }),
    created_at: z.string(),
    expires_at: z.string().nullable().openapi({ description: "Null: it does not expire" }),
    last_used_at: z.string().nullable().openapi({
      description: "When it last authenticated a request (to the minute); null: never",
    }),
  })
  .openapi("AccessToken");

const ConnectedAppSchema = z
  .object({
    id: z.string().openapi({ description: "The grant's id" }),
    client_id: z.string(),
    client_name: z.string().openapi({ description: "As the app registered itself: not verified" }),
    scope: ScopeSchema,
    created_at: z.string(),
    expires_at: z.string().nullable(),
  })
  .openapi("ConnectedApp");

const McpCallSchema = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(["tool", "resource"]),
    name: z.string().openapi({ description: "The tool's name or the resource's URI" }),
    via: z.enum(["token", "app"]),
    via_name: z.string().openapi({ description: "The token's or the app's name at the time" }),
    ok: z.boolean(),
    error: z.string().nullable(),
  })
  .openapi("McpCall");

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
  async (c) => c.json({ data: await listAccessTokens(...scope(c)) }, 200),
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/access-tokens",
    operationId: "createAccessToken",
    summary: "Make a personal access token; its secret is in this answer only",
    description: `Send it as \`Authorization: Bearer ${TOKEN_PREFIX}…\` to /api or /mcp. AI42 keeps only its hash: the secret cannot be shown again. A user holds at most ${MAX_ACCESS_TOKENS}: 409 TOO_MANY_TOKENS beyond.`,
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
  async (c) => c.json({ data: await createAccessToken(...scope(c), c.req.valid("json")) }, 201),
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
  async (c) => c.json({ data: await revokeAccessToken(...scope(c), c.req.valid("param").id) }, 200),
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
    const { items, meta } = await listMcpCalls(...scope(c), c.req.valid("query"));
    return c.json({ data: items, meta }, 200);
  },
);

export default app;
