/**
 * The AI calls (spec §7 /ai/*): chat, streamed chat, text to speech, Perplexity, property research
 * and the agent ("coordinate"). Chat turns are saved to the user's conversations.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import type { Context } from "hono";
import type OpenAI from "openai";
import {
  ChatRequestSchema,
  citationsOf,
  mentions,
  ResearchReportSchema,
  ResearchRequestSchema,
  TtsRequestSchema,
  type AiProvider,
  type ChatRequest,
  type ResearchReport,
} from "../../../app/domain/ai";
import { database, type Database } from "../../db/client";
import { projects, properties, researchReports, type ToolCallRecord } from "../../db/schema";
import type { Session } from "../../services/sessions";
import { notFound } from "../errors";
import {
  containsAny,
  IdParamSchema,
  ownedBy,
  PageQuerySchema,
  publicRow,
  selectPage,
} from "../lib";
import { dataResponse, errorResponses, jsonBody, pageResponse, router, signedIn } from "../openapi";
import { ChatAnswerSchema, ResearchSchema } from "../schemas";
import { runTool, toolDefinitions } from "../services/agent-tools";
import {
  aiClient,
  callProvider,
  DEFAULT_TTS_MODEL,
  providerConfig,
  providerError,
} from "../services/ai";
import { beginTurn, providerMessages, saveAnswer, type Turn } from "../services/conversations";
import { relayStream, type Relayed } from "../services/stream-relay";
import type { AppEnv } from "../types";

/** The most tool rounds one agent call may take before it must answer. */
export const MAX_AGENT_STEPS = 5;

function systemPrompt(session: Session, extra = "") {
  const today = new Date().toISOString().slice(0, 10);
  return [
    `You are AI42, the assistant of ${session.user.first_name}, a real-estate investor. Today is ${today}.`,
    "Be concise and concrete; use Markdown (tables for numbers, lists for steps).",
    "Never invent facts about the investor's own deals, contacts or properties.",
    extra,
  ]
    .filter(Boolean)
    .join("\n");
}

const AGENT_INSTRUCTIONS =
  "You can look up and change the investor's workspace with the tools. Use them whenever the question is about their projects, contacts, properties, documents or pipeline, and answer from what they return. Create records only when asked, and say what you created.";

const ChatResponses = {
  200: dataResponse("The answer, saved to the conversation", ChatAnswerSchema),
  ...errorResponses(400, 401, 404, 502, 503, 504),
};

const chatRoute = (path: string, summary: string) =>
  createRoute({
    method: "post",
    path,
    summary,
    ...signedIn,
    request: jsonBody(ChatRequestSchema.openapi("ChatRequest")),
    responses: ChatResponses,
  });

/** A non-streamed chat turn with one provider, saved to the conversation. */
async function chatTurn(c: Context<AppEnv>, input: ChatRequest, provider: AiProvider) {
  const { client, config } = aiClient(c.env, provider);
  const model = input.model ?? config.model;
  const db = database(c.env.DB);
  const turn = await beginTurn(db, c.var.session.userId, input, provider, model);
  const completion = await callProvider(provider, () =>
    client.chat.completions.create({
      model,
      messages: providerMessages(systemPrompt(c.var.session), input.messages),
    }),
  );
  const message = await saveAnswer(db, turn, {
    content: completion.choices[0]?.message?.content ?? "",
    provider,
    model: completion.model || model,
    usage: completion.usage,
    citations: citationsOf(completion),
  });
  return { conversationId: turn.conversation.id, message };
}

const app = router();

app.openapi(
  createRoute({
    method: "get",
    path: "/status",
    summary: "Which AI providers are configured, and their models",
    ...signedIn,
    responses: {
      200: dataResponse(
        "Provider status",
        z.object({
          openai: z.object({ configured: z.boolean(), model: z.string(), key: z.string() }),
          perplexity: z.object({ configured: z.boolean(), model: z.string(), key: z.string() }),
          tts: z.object({ configured: z.boolean(), model: z.string(), key: z.string() }),
        }),
      ),
      ...errorResponses(401),
    },
  }),
  (c) => {
    const openai = providerConfig(c.env, "openai");
    const perplexity = providerConfig(c.env, "perplexity");
    return c.json(
      {
        data: {
          openai: { configured: openai.configured, model: openai.model, key: "OPENAI_API_KEY" },
          perplexity: {
            configured: perplexity.configured,
            model: perplexity.model,
            key: "PERPLEXITY_API_KEY",
          },
          tts: {
            configured: openai.configured,
            model: c.env.OPENAI_TTS_MODEL || DEFAULT_TTS_MODEL,
            key: "OPENAI_API_KEY",
          },
        },
      },
      200,
    );
  },
);

app.openapi(
  chatRoute("/openai", "Chat completion with OpenAI (or any OpenAI-compatible server)"),
  async (c) => c.json({ data: await chatTurn(c, c.req.valid("json"), "openai") }, 200),
);

app.openapi(
  chatRoute("/perplexity", "Web-grounded answer from Perplexity, with its citations"),
  async (c) => c.json({ data: await chatTurn(c, c.req.valid("json"), "perplexity") }, 200),
);

const streamRoute = (provider: AiProvider) =>
  createRoute({
    method: "post",
    path: `/${provider}/stream`,
    summary: `Streamed chat with ${provider === "openai" ? "OpenAI" : "Perplexity (citations in the chunks)"}: the provider's Server-Sent Events piped through as they arrive. The conversation id is in X-Conversation-Id; the answer (or the part received before a stop) is saved to it.`,
    ...signedIn,
    request: jsonBody(ChatRequestSchema),
    responses: {
      200: {
        description: "`text/event-stream` of chat.completion.chunk events, ending `data: [DONE]`",
        content: { "text/event-stream": { schema: z.string() } },
      },
      ...errorResponses(400, 401, 404, 502, 503, 504),
    },
  });

/** A streamed chat turn: the provider's SSE relayed as it arrives, the answer saved at the end. */
async function streamTurn(c: Context<AppEnv>, input: ChatRequest, provider: AiProvider) {
  const { client, config } = aiClient(c.env, provider);
  const model = input.model ?? config.model;
  const db = database(c.env.DB);
  const turn: Turn = await beginTurn(db, c.var.session.userId, input, provider, model);
  const upstream = await callProvider(provider, () =>
    client.chat.completions
      .create({
        model,
        messages: providerMessages(systemPrompt(c.var.session), input.messages),
        stream: true,
        // Perplexity sends usage on its own; other servers need asking.
        ...(provider === "openai" && { stream_options: { include_usage: true } }),
      })
      .asResponse(),
  );
  if (!upstream.body) throw providerError(new Error("empty stream"), provider);
  // Registered now, while the request is live: a client that hangs up ends the request, and
  // the partial answer must still be saved after that.
  let ended!: (relayed: Relayed) => void;
  c.executionCtx.waitUntil(
    new Promise<Relayed>((resolve) => (ended = resolve)).then(
      ({ text, usage, citations, stopped }) =>
        saveAnswer(db, turn, {
          content: text,
          provider,
          model,
          usage,
          citations,
          status: stopped ? "stopped" : "complete",
        }),
    ),
  );
  const body = relayStream(upstream.body, (relayed) => ended(relayed), c.req.raw.signal);
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "X-Conversation-Id": turn.conversation.id,
      "X-Model": model,
    },
  });
}

app.openapi(streamRoute("openai"), (c) => streamTurn(c, c.req.valid("json"), "openai"));
app.openapi(streamRoute("perplexity"), (c) => streamTurn(c, c.req.valid("json"), "perplexity"));

app.openapi(
  createRoute({
    method: "post",
    path: "/tts",
    summary: `Text to speech: \`{text, voice}\` → audio/mpeg`,
    ...signedIn,
    request: jsonBody(TtsRequestSchema.openapi("TtsRequest")),
    responses: {
      200: {
        description: "MP3 audio",
        content: { "audio/mpeg": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errorResponses(400, 401, 502, 503, 504),
    },
  }),
  async (c) => {
    const { text, voice } = c.req.valid("json");
    const { client } = aiClient(c.env, "openai");
    const speech = await callProvider("openai", () =>
      client.audio.speech
        .create({
          model: c.env.OPENAI_TTS_MODEL || DEFAULT_TTS_MODEL,
          input: text,
          voice,
          response_format: "mp3",
        })
        .asResponse(),
    );
    return new Response(speech.body, { headers: { "Content-Type": "audio/mpeg" } });
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/coordinate",
    summary:
      "The agent: the model plans and calls tools over the user's own projects, contacts, properties and documents, then answers. The answer lists every tool call made, writes included.",
    ...signedIn,
    request: jsonBody(ChatRequestSchema),
    responses: ChatResponses,
  }),
  async (c) => {
    const input = c.req.valid("json");
    const { client, config } = aiClient(c.env, "openai");
    const model = input.model ?? config.model;
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const turn = await beginTurn(db, userId, input, "openai", model);
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = providerMessages(
      systemPrompt(c.var.session, AGENT_INSTRUCTIONS),
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
          userId,
          call.function.name,
          call.function.arguments,
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
    return c.json({ data: { conversationId: turn.conversation.id, message } }, 200);
  },
);

/** The user's projects and properties the query names (by street address or project name). */
async function groundingFor(db: Database, userId: string, query: string) {
  const [projectRows, propertyRows] = await db.batch([
    db
      .select()
      .from(projects)
      .where(eq(projects.userId, userId))
      .orderBy(desc(projects.updatedAt))
      .limit(500),
    db
      .select()
      .from(properties)
      .where(eq(properties.userId, userId))
      .orderBy(desc(properties.updatedAt))
      .limit(1000),
  ]);
  const mentioned = (...names: (string | null)[]) => names.some((name) => mentions(query, name));
  return [
    ...projectRows
      .filter((row) => mentioned(row.name, row.address))
      .map((row) => ({ kind: "project" as const, row: publicRow(row) })),
    ...propertyRows
      .filter((row) => mentioned(row.address))
      .map((row) => ({ kind: "property" as const, row: publicRow(row, "dedupeKey") })),
  ].slice(0, 5);
}

const REPORT_INSTRUCTIONS = `You are a real-estate research analyst. Research the property or market the investor asks about and answer ONLY with a JSON object with these keys: "summary" (2-4 sentences), "market" (local prices, rents, trends), "comparables" (comparable sales and rentals to weigh), "risks" (array of strings), "nextSteps" (array of strings), "sources" (array of URLs you used; empty if none). If the investor's own records are given, use their numbers and say where they differ from the market.`;

let reportSchema: Record<string, unknown> | undefined;
/** The report's JSON Schema, worked out on first use (not at Worker start-up). */
const reportJsonSchema = () => (reportSchema ??= z.toJSONSchema(ResearchReportSchema));

/** The model's report, or (if it did not answer in the JSON asked for) its text as the summary. */
function readReport(text: string, citations: string[]): ResearchReport {
  const json = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```$/, "");
  let report: ResearchReport;
  try {
    const parsed = ResearchReportSchema.safeParse(JSON.parse(json));
    report = parsed.success
      ? parsed.data
      : { summary: text, market: "", comparables: "", risks: [], nextSteps: [], sources: [] };
  } catch {
    report = { summary: text, market: "", comparables: "", risks: [], nextSteps: [], sources: [] };
  }
  return { ...report, sources: [...new Set([...report.sources, ...citations])] };
}

app.openapi(
  createRoute({
    method: "post",
    path: "/property-research",
    summary:
      "A structured research report on a property or market (summary, market, comparables, risks, next steps, sources), grounded in the user's matching projects and properties; Perplexity when configured, else OpenAI. Saved to the research history.",
    ...signedIn,
    request: jsonBody(ResearchRequestSchema.openapi("ResearchRequest")),
    responses: {
      201: dataResponse("The saved report", ResearchSchema),
      ...errorResponses(400, 401, 502, 503, 504),
    },
  }),
  async (c) => {
    const { query } = c.req.valid("json");
    const provider: AiProvider = providerConfig(c.env, "perplexity").configured
      ? "perplexity"
      : "openai";
    const { client, config } = aiClient(c.env, provider);
    const userId = c.var.session.userId;
    const db = database(c.env.DB);
    const grounding = await groundingFor(db, userId, query);
    const context = grounding.length
      ? `\n\nThe investor's own records for what they ask about:\n${JSON.stringify(grounding)}`
      : "";
    const completion = await callProvider(provider, () =>
      client.chat.completions.create({
        model: config.model,
        messages: [
          { role: "system", content: REPORT_INSTRUCTIONS },
          { role: "user", content: `${query}${context}` },
        ],
        response_format: {
          type: "json_schema",
          json_schema: { name: "research_report", schema: reportJsonSchema() },
        },
      }),
    );
    const report = readReport(
      completion.choices[0]?.message?.content ?? "",
      citationsOf(completion),
    );
    const [row] = await db
      .insert(researchReports)
      .values({
        userId,
        query,
        report,
        provider,
        model: completion.model || config.model,
        grounding: grounding.map(({ kind, row }) => ({
          kind,
          id: row.id,
          name: "name" in row ? row.name : row.address,
        })),
      })
      .returning();
    return c.json({ data: publicRow(row!) }, 201);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/research",
    summary: "The user's past property research, newest first (page, limit, q)",
    ...signedIn,
    request: { query: PageQuerySchema },
    responses: {
      200: pageResponse("Research reports", ResearchSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, q } = c.req.valid("query");
    const userId = c.var.session.userId;
    const where = q
      ? and(eq(researchReports.userId, userId), containsAny([researchReports.query], q))
      : eq(researchReports.userId, userId);
    const { rows, meta } = await selectPage(
      database(c.env.DB),
      researchReports,
      where,
      [desc(researchReports.createdAt)],
      { page, limit },
    );
    return c.json({ data: rows.map((row) => publicRow(row)), meta }, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/research/{id}",
    summary: "Delete a research report from the history",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted report", ResearchSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const [row] = await database(c.env.DB)
      .delete(researchReports)
      .where(ownedBy(researchReports, c.var.session.userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Research report");
    return c.json({ data: publicRow(row) }, 200);
  },
);

export default app;
