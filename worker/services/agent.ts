/**
 * The agent ("coordinate"): the model plans and calls tools over the user's workspace for a few
 * rounds, then answers; the answer is saved to the conversation with every tool call it made.
 */
import type OpenAI from "openai";
import type { ChatRequest } from "../../app/domain/ai/chat";
import type { Database } from "../db/client";
import type { ToolCallRecord } from "../db/schema";
import type { Env } from "../env";
import { runTool, toolDefinitions } from "./agent-tools";
import { aiClient, callProvider } from "./ai-providers";
import { beginTurn, providerMessages, saveAnswer } from "./conversations";
import { AGENT_INSTRUCTIONS, systemPrompt } from "./prompts";
import type { Session } from "./sessions";

/** The most tool rounds one agent call may take before it must answer. */
export const MAX_AGENT_STEPS = 5;

export async function runAgent(
  env: Env,
  db: Database,
  session: Session,
  input: ChatRequest,
  origin: string,
) {
  const { client, config } = aiClient(env, "openai");
  const model = input.model ?? config.model;
  const turn = await beginTurn(db, session.userId, input, "openai", model);
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = providerMessages(
    systemPrompt(session, AGENT_INSTRUCTIONS),
    input.messages,
  );
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
        session.userId,
        call.function.name,
        call.function.arguments,
        { env, origin },
      );
      calls.push(record);
      messages.push({ role: "tool", tool_call_id: call.id, content: result });
    }
  }
  const message = await saveAnswer(db, turn, {
    content,
    provider: "openai",
    model,
    usage,
    toolCalls: calls,
  });
  return { conversationId: turn.conversation.id, message };
}
