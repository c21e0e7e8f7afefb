/**
 * The tools the Main Agent may call over the signed-in user's workspace, collected from each
 * resource's `<resource>.tools.ts`. Every tool reads or writes only that user's rows through the
 * resource's service, and writes go through the same zod input schemas as the API, so the model
 * can change nothing a form could not.
 */
import { VIEWER_CANT_WRITE, writesRecords } from "../../app/domain/teams";
import { z } from "zod";
import { AppError } from "../errors";
import type { Database } from "../db/client";
import type { ToolCallRecord } from "../db/schema";
import { memberTools } from "./assignees.tools";
import { tracked } from "./activity";
import { auctionTools } from "./auctions.tools";
import { contactTools } from "./contacts.tools";
import { dealTools } from "./deals.tools";
import { entryTools } from "./entries.tools";
import { marketingTools } from "./marketing.tools";
import { projectTools } from "./projects.tools";
import { propertyTools } from "./properties.tools";
import { routeTools } from "./routes.tools";
import { calendarTools } from "./calendar.tools";
import { googleTools } from "./google.tools";
import type { Tool, ToolContext } from "./tool";

export const AGENT_TOOLS: Record<string, Tool> = {
  ...projectTools,
  ...contactTools,
  ...propertyTools,
  ...dealTools,
  ...auctionTools,
  ...routeTools,
  ...marketingTools,
  ...entryTools,
  ...calendarTools,
  ...googleTools,
  ...memberTools,
};

/** A tool as clients are told of it: its name, what it does, its arguments' JSON Schema. */
export interface ToolSchema {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  wrote: boolean;
}

let schemas: ToolSchema[] | undefined;
/** Every tool's schema, worked out once per isolate on first use (the agent's and MCP's). */
export const toolSchemas = () =>
  (schemas ??= Object.entries(AGENT_TOOLS).map(([name, definition]) => ({
    name,
    description: definition.description,
    parameters: z.toJSONSchema(definition.parameters, { io: "input" }) as Record<string, unknown>,
    wrote: definition.wrote,
  })));

let definitions: ReturnType<typeof describeTools> | undefined;
/** The tools in the chat-completions `tools` format, worked out once per isolate on first use. */
export const toolDefinitions = () => (definitions ??= describeTools());

function describeTools() {
  return toolSchemas().map(({ name, description, parameters }) => ({
    type: "function" as const,
    function: { name, description, parameters },
  }));
}

/** Whether `name` is one of the tools (own properties only: not "constructor"). */
export const toolNamed = (name: string) =>
  Object.hasOwn(AGENT_TOOLS, name) ? AGENT_TOOLS[name] : undefined;

export type ToolRun = { ok: true; result: unknown; summary: string } | { ok: false; error: string };

/**
 * Runs one tool with arguments already read from JSON, for this user: bad arguments, a refused
 * reference (another user's project) or an unknown tool come back as a failed run, and nothing is
 * written unless the arguments validate. A server failure is thrown. A record a tool makes is kept
 * in the activity log as made by the person the tools act for (`context.personId`).
 */
export async function executeTool(
  db: Database,
  userId: string,
  name: string,
  args: unknown,
  context: ToolContext,
): Promise<ToolRun> {
  const definition = toolNamed(name);
  if (!definition) return { ok: false, error: `Unknown tool ${name}` };
  if (definition.wrote && !writesRecords(context.role))
    return { ok: false, error: VIEWER_CANT_WRITE };
  const parsed = definition.parameters.safeParse(args);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`,
    );
    return { ok: false, error: `Invalid arguments (${issues.join("; ")})` };
  }
  try {
    const run = () => definition.run(db, userId, parsed.data as never, context);
    const doer = { workspaceId: userId, actorId: context.personId ?? userId };
    const { result, summary } = definition.records
      ? await tracked(db, doer, definition.records, run)
      : await run();
    return { ok: true, result, summary };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * Runs one of the model's tool calls for this user: its arguments as the model wrote them (JSON
 * text). A failed call comes back to the model, which reads why and may try again.
 */
export async function runTool(
  db: Database,
  userId: string,
  name: string,
  rawArguments: string,
  context: ToolContext,
): Promise<{ record: ToolCallRecord; content: string }> {
  const wrote = toolNamed(name)?.wrote ?? false;
  let args: unknown = rawArguments;
  let run: ToolRun;
  try {
    args = rawArguments.trim() ? JSON.parse(rawArguments) : {};
    run = await executeTool(db, userId, name, args, context);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    run = { ok: false, error: "Arguments were not valid JSON" };
  }
  if (!run.ok) {
    return {
      record: { name, arguments: args, ok: false, summary: run.error, wrote: false },
      content: JSON.stringify({ error: run.error }),
    };
  }
  return {
    record: { name, arguments: args, ok: true, summary: run.summary, wrote },
    content: JSON.stringify(run.result),
  };
}
