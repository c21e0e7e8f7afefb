/**
 * The tools the Main Agent may call over the signed-in user's workspace, collected from each
 * resource's `<resource>.tools.ts`. Every tool reads or writes only that user's rows through the
 * resource's service, and writes go through the same zod input schemas as the API, so the model
 * can change nothing a form could not.
 */
import { z } from "zod";
import { AppError } from "../errors";
import type { Database } from "../db/client";
import type { ToolCallRecord } from "../db/schema";
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
};

let definitions: ReturnType<typeof describeTools> | undefined;
/** The tools in the chat-completions `tools` format, worked out once per isolate on first use. */
export const toolDefinitions = () => (definitions ??= describeTools());

function describeTools() {
  return Object.entries(AGENT_TOOLS).map(([name, definition]) => ({
    type: "function" as const,
    function: {
      name,
      description: definition.description,
      parameters: z.toJSONSchema(definition.parameters, { io: "input" }) as Record<string, unknown>,
    },
  }));
}

/**
 * Runs one tool call for this user. Bad arguments, a refused reference (another user's project)
 * or an unknown tool come back as a failed call (the model reads why and may try again); nothing
 * is written unless the arguments validate.
 */
export async function runTool(
  db: Database,
  userId: string,
  name: string,
  rawArguments: string,
  context: ToolContext,
): Promise<{ record: ToolCallRecord; content: string }> {
  // Own properties only: a model naming "constructor" must not reach Object.prototype.
  const definition = Object.hasOwn(AGENT_TOOLS, name) ? AGENT_TOOLS[name] : undefined;
  const fail = (why: string, args: unknown = rawArguments) => ({
    record: { name, arguments: args, ok: false, summary: why, wrote: false },
    content: JSON.stringify({ error: why }),
  });
  if (!definition) return fail(`Unknown tool ${name}`);
  let args: unknown;
  try {
    args = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch {
    return fail("Arguments were not valid JSON");
  }
  const parsed = definition.parameters.safeParse(args);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "arguments"}: ${issue.message}`,
    );
    return fail(`Invalid arguments (${issues.join("; ")})`, args);
  }
  try {
    const { result, summary } = await definition.run(db, userId, parsed.data as never, context);
    return {
      record: { name, arguments: args, ok: true, summary, wrote: definition.wrote },
      content: JSON.stringify(result),
    };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return fail(error.message, args);
    throw error;
  }
}
