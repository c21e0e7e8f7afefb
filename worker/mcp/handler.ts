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

/** An MCP request's body: a tool's arguments are small; 1 MB is generous. */
const MAX_BODY_BYTES = 1024 * 1024;

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
  const server = mcpServer({
    db: database(env.DB),
    env,
    origin: publicOrigin(env, request),
    principal,
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
