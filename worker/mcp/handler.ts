/**
 * /mcp over Streamable HTTP, stateless: each POST is answered on its own, in JSON, by a server made
 * for the token's or app's user and scope (worker/mcp/server.ts). The OAuth provider has checked
 * the token before this runs.
 */
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { McpPrincipal } from "../../app/domain/access";
import { requestTimeZone } from "../services/sessions";
import { database } from "../db/client";
import { publicOrigin, type Env } from "../env";
import { mcpServer } from "./server";
import { membershipIn } from "../services/workspaces";
import { AppError } from "../errors";
import { recordsD1 } from "../workspace-database";

/** An MCP request's body: a tool's arguments are small; 1 MB is generous. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * A token or grant whose maker is no longer a member of its workspace: refused as an invalid token
 * (RFC 6750), so the client asks the person to connect again.
 */
const workspaceGone = () =>
  new Response(
    JSON.stringify({
      error: "invalid_token",
      error_description:
        "This connection's workspace is no longer one you are a member of: connect again",
    }),
    {
      status: 401,
      headers: {
        "Content-Type": "application/json",
        "WWW-Authenticate":
          'Bearer error="invalid_token", error_description="Not a member of this workspace"',
      },
    },
  );

export async function handleMcp(
  request: Request,
  env: Env,
  ctx: ExecutionContext,
  principal: McpPrincipal,
) {
  // No stream from the server to keep open: a GET would be answered with one that closes at
  // once, which MCP clients reopen every second for as long as they are connected. The spec lets
  // such a server refuse it.
  if (request.method !== "POST") {
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  const db = database(env.DB);
  // Membership is read at each call: a person removed from the workspace, or made a viewer,
  // is held to it from their next request, whatever token or grant they hold.
  const workspaceId = principal.workspaceId ?? principal.userId;
  const workspace = await membershipIn(db, principal.userId, workspaceId);
  if (!workspace) return workspaceGone();
  // The workspace's records where they are (D1, or its own object once moved). A call may write:
  // during a move's last seconds it waits, as the API's changes do.
  let records: D1Database;
  try {
    records = await recordsD1(env, workspaceId, { writing: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return Response.json(
      { error: { message: error.message, code: error.code } },
      { status: error.status, headers: error.headers },
    );
  }
  const server = mcpServer({
    db: database(records),
    env,
    origin: publicOrigin(env, request),
    principal,
    workspace,
    timeZone: requestTimeZone(request),
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  await server.connect(transport);
  const response = await transport.handleRequest(request);
  ctx.waitUntil(server.close());
  return response;
}
