/**
 * AI42 as an MCP server: the agent's tools, from their one registry, and two kinds of resource (a
 * property's report, a saved analysis), for one user through one token or app. A read scope lists
 * only the tools that change nothing, and a write tool called anyway is refused by name. Every tool
 * call and resource read counts against the user's AI requests a minute and is logged with the
 * token or app that made it.
 */
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpPrincipal } from "../../app/domain/access";
import type { Database } from "../db/client";
import type { Env } from "../env";
import { AppError } from "../errors";
import { executeTool, toolNamed, toolSchemas } from "../services/agent-tools";
import { dealDetail, listDeals } from "../services/deals";
import { logMcpCall } from "../services/mcp-calls";
import { settingsOf } from "../services/notifications";
import { listProperties, propertyDetail } from "../services/properties";
import type { ToolContext } from "../services/tool";
import { startAiCall } from "../services/usage";
import type { WorkspaceScope } from "../services/workspaces";
import { VIEWER_CANT_WRITE, writesRecords } from "../../app/domain/teams";

export const SERVER_INFO = { name: "AI42", title: "AI42", version: "1.0.0" };

const INSTRUCTIONS =
  "AI42 is the investor's real-estate workspace: their properties, deal analyses, auctions, visit routes, projects, contacts, leads and calendar. Every tool works on this investor's own data only. Read a property's report at ai42://properties/{id} and an analysis at ai42://analyses/{id}.";

/** How many of each kind resources/list names: the most recently changed. */
export const LISTED_RESOURCES = 50;

const PROPERTY_URI = /^ai42:\/\/properties\/([^/?#]+)$/;
const ANALYSIS_URI = /^ai42:\/\/analyses\/([^/?#]+)$/;

/** The MCP SDK validates elicitation answers with a JSON Schema validator; AI42 never elicits. */
const NO_ELICITATION = {
  getValidator: () => () => {
    throw new Error("AI42 does not ask clients for input");
  },
};

const text = (value: unknown) => JSON.stringify(value, null, 2);

export interface McpContext {
  db: Database;
  env: Env;
  origin: string;
  principal: McpPrincipal;
  /** The workspace the principal acts in, and the person's role there now. */
  workspace: WorkspaceScope;
  /** The zone the request names (X-Time-Zone), else the user's own. */
  timeZone: string | null;
}

/** Counts the call against the user's AI requests a minute: a 429 AppError past the limit. */
const countCall = (context: McpContext) =>
  startAiCall(context.db, context.env, context.workspace.id, { characters: 0, storing: null });

async function callTool(context: McpContext, name: string, args: unknown): Promise<CallToolResult> {
  const { db, principal, workspace } = context;
  const refuse = async (error: string) => {
    await logMcpCall(db, principal, { kind: "tool", name, ok: false, error });
    return { isError: true, content: [{ type: "text" as const, text: error }] };
  };
  const definition = toolNamed(name);
  if (definition?.wrote && principal.scope === "read") {
    return refuse(
      `${name} changes data: this ${principal.via === "token" ? "token" : "connection"} has the read scope. Use a read_write one.`,
    );
  }
  if (definition?.wrote && !writesRecords(workspace.role)) return refuse(VIEWER_CANT_WRITE);
  let run;
  try {
    await countCall(context);
    const toolContext: ToolContext = {
      env: context.env,
      origin: context.origin,
      timeZone: context.timeZone ?? (await settingsOf(db, principal.userId)).timeZone,
      role: workspace.role,
      personId: principal.userId,
      assignedOnly: workspace.assignedOnly,
    };
    run = await executeTool(db, workspace.id, name, args ?? {}, toolContext);
  } catch (error) {
    // A limit reached, a provider not configured: the client's to read. Anything else is ours,
    // logged here and told in general terms.
    if (error instanceof AppError && (error.status < 500 || error.code === "NOT_CONFIGURED")) {
      return refuse(error.message);
    }
    console.error(error);
    return refuse(`AI42 could not run ${name} just now: try again`);
  }
  if (!run.ok) return refuse(run.error);
  await logMcpCall(db, principal, { kind: "tool", name, ok: true });
  const structured =
    run.result !== null && typeof run.result === "object" && !Array.isArray(run.result)
      ? (run.result as Record<string, unknown>)
      : { result: run.result };
  return {
    content: [
      { type: "text", text: run.summary },
      { type: "text", text: text(run.result) },
    ],
    structuredContent: structured,
  };
}

/** A resource URI's id, or an InvalidParams error for one that is not percent-encoded right. */
function idOf(uri: string, match: RegExpExecArray) {
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    throw new McpError(ErrorCode.InvalidParams, `${uri} is not a valid resource address`);
  }
}

async function readResource(context: McpContext, uri: string) {
  const { db, principal } = context;
  const property = PROPERTY_URI.exec(uri);
  const analysis = ANALYSIS_URI.exec(uri);
  try {
    if (!property && !analysis) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `No resource ${uri}: AI42 has ai42://properties/{id} and ai42://analyses/{id}`,
      );
    }
    const id = idOf(uri, (property ?? analysis)!);
    await countCall(context);
    const body = property
      ? await propertyDetail(db, context.workspace, id)
      : await dealDetail(db, context.workspace.id, id);
    await logMcpCall(db, principal, { kind: "resource", name: uri, ok: true });
    return { contents: [{ uri, mimeType: "application/json", text: text(body) }] };
  } catch (error) {
    // Not found (another user's id too), a bad address and a refused rate are the client's to
    // read; anything else is ours, logged here and told in general terms.
    const refusal =
      error instanceof McpError
        ? error
        : error instanceof AppError && error.status < 500
          ? new McpError(
              error.status === 404 ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest,
              error.message,
              { code: error.code },
            )
          : null;
    if (!refusal) console.error(error);
    const message = refusal?.message ?? `AI42 could not read ${uri} just now: try again`;
    await logMcpCall(db, principal, { kind: "resource", name: uri, ok: false, error: message });
    throw refusal ?? new McpError(ErrorCode.InternalError, message);
  }
}

async function listResources(context: McpContext) {
  const { db } = context;
  const page = { page: 1, limit: LISTED_RESOURCES };
  const [properties, analyses] = await Promise.all([
    listProperties(db, context.workspace, {}, { sort: "updatedAt", dir: "desc" }, page),
    listDeals(db, context.workspace.id, {}, page),
  ]);
  return {
    resources: [
      ...properties.items.map((item) => ({
        uri: `ai42://properties/${item.id}`,
        name: `Property report: ${item.address}`,
        description: "The property with its analyses, projects, contacts, research and auctions",
        mimeType: "application/json",
      })),
      ...analyses.items.map((item) => ({
        uri: `ai42://analyses/${item.id}`,
        name: `Analysis: ${item.name}`,
        description: `A saved ${item.strategy} analysis: its inputs, metrics and buy-box verdict`,
        mimeType: "application/json",
      })),
    ],
  };
}

/** The MCP server for one request's user, scope and token or app. */
export function mcpServer(context: McpContext) {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: NO_ELICITATION,
  });
  const mayWrite =
    context.principal.scope === "read_write" && writesRecords(context.workspace.role);

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolSchemas()
      .filter((tool) => mayWrite || !tool.wrote)
      .map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.parameters as { type: "object" },
        annotations: { readOnlyHint: !tool.wrote, openWorldHint: false },
      })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(context, request.params.name, request.params.arguments),
  );
  server.setRequestHandler(ListResourcesRequestSchema, () => listResources(context));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: "ai42://properties/{id}",
        name: "Property report",
        description: "A property with its analyses, projects, contacts, research and auctions",
        mimeType: "application/json",
      },
      {
        uriTemplate: "ai42://analyses/{id}",
        name: "Deal analysis",
        description: "A saved analysis: its inputs, metrics and buy-box verdict",
        mimeType: "application/json",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    readResource(context, request.params.uri),
  );
  return server;
}
