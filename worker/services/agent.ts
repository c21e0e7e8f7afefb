/**
 * The agent ("coordinate"): the model plans and calls tools over the user's workspace for a few
 * rounds, then answers; the turn and the answer are saved to the conversation together, with every
 * tool call made (a provider failure on any round leaves the conversation as it was).
 */
import type OpenAI from "openai";
import type { ChatRequest } from "../../app/domain/ai/chat";
import type { Database } from "../db/client";
import type { ToolCallRecord } from "../db/schema";
import type { Env } from "../env";
import { runTool, toolDefinitions } from "./agent-tools";
import type { ToolContext } from "./tool";
import { callProvider } from "./ai-providers";
import { beginChat, saveAnswer, type StartedChat } from "./conversations";
import { AGENT_INSTRUCTIONS, systemPrompt } from "./prompts";
import type { Session } from "./sessions";
import type { WorkspaceScope } from "./workspaces";
import { refundingOnFailure } from "./usage";

/** The most tool rounds one agent call may take before it must answer. */
export const MAX_AGENT_STEPS = 5;

/**
 * One turn of the agent for `session`'s person, in `workspace`: its tools read and write that
 * workspace's records, as the person's role there allows.
 */
export async function runAgent(
  env: Env,
  db: Database,
  session: Session,
  workspace: WorkspaceScope,
  input: ChatRequest,
  origin: string,
) {
  const started = await beginChat(
    env,
    db,
    workspace.id,
    input,
    "openai",
    systemPrompt(session, AGENT_INSTRUCTIONS),
  );
  const context: ToolContext = {
    env,
    origin,
    timeZone: session.timeZone,
    role: workspace.role,
    personId: session.userId,
    assignedOnly: workspace.assignedOnly,
  };
  return refundingOnFailure(db, started.call, () => agentTurn(db, workspace.id, context, started));
}

async function agentTurn(
  db: Database,
  workspaceId: string,
  context: ToolContext,
  { client, model, turn, messages: prompt, call: aiCall }: StartedChat,
) {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = prompt;
  const tools = toolDefinitions();
  const calls: ToolCallRecord[] = [];
  const usage = { prompt_tokens: 0, completion_tokens: 0 };
  let content = "";
  for (let step = 0; step <= MAX_AGENT_STEPS; step += 1) {
    const lastStep = step === MAX_AGENT_STEPS;
    const completion = await callProvider("openai", () =>
      client.chat.completions.create({
        model,
        messages,
        tools,
        tool_choice: lastStep ? "none" : "auto",
      }),
    );
    usage.prompt_tokens += completion.usage?.prompt_tokens ?? 0;
    usage.completion_tokens += completion.usage?.completion_tokens ?? 0;
    const reply = completion.choices[0]?.message;
    const toolCalls = (reply?.tool_calls ?? []).filter((call) => call.type === "function");
    if (!toolCalls.length || lastStep) {
      content = reply?.content ?? "";
      break;
    }
    messages.push({ role: "assistant", content: reply?.content ?? null, tool_calls: toolCalls });
    for (const call of toolCalls) {
      const { record, content: result } = await runTool(
        db,
        workspaceId,
        call.function.name,
        call.function.arguments,
        context,
      );
      calls.push(record);
      messages.push({ role: "tool", tool_call_id: call.id, content: result });
    }
  }
  const message = await saveAnswer(
    db,
    turn,
    { content, provider: "openai", model, usage, toolCalls: calls },
    aiCall,
  );
  return { conversationId: turn.conversation.id, message };
}
