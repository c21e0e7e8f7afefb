/**
 * The AI calls (spec §7 /ai/*): provider status, chat, streamed chat, text to speech, Perplexity
 * and the agent ("coordinate"). Chat turns are saved to the user's conversations. Property
 * research has its own file (research.ts).
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ChatRequestSchema, TtsRequestSchema, type ChatRequest } from "../../../app/domain/ai/chat";
import { PROVIDERS, type AiProvider } from "../../../app/domain/ai/providers";
import { citationsOf } from "../../../app/domain/ai/sse";
import { database } from "../../db/client";
import { runAgent } from "../../services/agent";
import {
  aiClient,
  aiStatus,
  callProvider,
  providerError,
  ttsModel,
} from "../../services/ai-providers";
import { beginChat, saveAnswer, storeTurn } from "../../services/conversations";
import { systemPrompt } from "../../services/prompts";
import { relayStream, type Relayed } from "../../services/stream-relay";
import { aiLimitsNote, refundingOnFailure, startAiCall } from "../../services/usage";
import {
  apiRoute,
  appOrigin,
  dataResponse,
  errorResponses,
  jsonBody,
  router,
  signedIn,
  signedInAnyRole,
} from "../openapi";
import { AiStatusSchema, ChatAnswerSchema } from "./ai.schemas";
import type { AppEnv } from "../types";

const MODEL_CHOICE =
  " `model` must be the configured model or one OPENAI_MODELS / PERPLEXITY_MODELS lists: any other is 400, and nothing is stored or sent.";

const ChatResponses = {
  200: dataResponse("The answer, saved to the conversation", ChatAnswerSchema),
  ...errorResponses(400, 401, 404, 413, 429, 502, 503, 504),
};

const chatRoute = (provider: AiProvider, summary: string) =>
  apiRoute({
    method: "post",
    path: `/${provider}`,
    operationId: `chat${PROVIDERS[provider].label}`,
    summary,
    description: `The turn is stored only once the provider has answered: a failed call leaves the conversation as it was.${MODEL_CHOICE}${aiLimitsNote(true)}`,
    ...signedInAnyRole,
    request: jsonBody(ChatRequestSchema.openapi("ChatRequest")),
    responses: ChatResponses,
  });

/** A non-streamed chat turn with one provider, saved to the conversation with its answer. */
async function chatTurn(c: Context<AppEnv>, input: ChatRequest, provider: AiProvider) {
  const db = database(c.env.DB);
  const { client, model, turn, messages, call } = await beginChat(
    c.env,
    db,
    c.var.workspace.id,
    input,
    provider,
    systemPrompt(c.var.session),
  );
  return refundingOnFailure(db, call, async () => {
    const completion = await callProvider(provider, () =>
      client.chat.completions.create({ model, messages }),
    );
    const message = await saveAnswer(
      db,
      turn,
      {
        content: completion.choices[0]?.message?.content ?? "",
        provider,
        model: completion.model || model,
        usage: completion.usage,
        citations: citationsOf(completion),
      },
      call,
    );
    return { conversationId: turn.conversation.id, message };
  });
}

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/status",
    operationId: "getAiStatus",
    summary: "Which AI providers are configured, and their models",
    ...signedIn,
    responses: {
      200: dataResponse("Provider status", AiStatusSchema),
      ...errorResponses(401),
    },
  }),
  (c) => c.json({ data: aiStatus(c.env) }, 200),
);

app.openapi(
  chatRoute("openai", "Chat completion with OpenAI (or any OpenAI-compatible server)"),
  async (c) => c.json({ data: await chatTurn(c, c.req.valid("json"), "openai") }, 200),
);

app.openapi(
  chatRoute("perplexity", "Web-grounded answer from Perplexity, with its citations"),
  async (c) => c.json({ data: await chatTurn(c, c.req.valid("json"), "perplexity") }, 200),
);

const streamRoute = (provider: AiProvider) =>
  apiRoute({
    method: "post",
    path: `/${provider}/stream`,
    operationId: `stream${PROVIDERS[provider].label}`,
    summary: `Streamed chat with ${provider === "openai" ? "OpenAI" : "Perplexity (citations in the chunks)"}: the provider's Server-Sent Events piped through as they arrive. The conversation id is in X-Conversation-Id; the answer (or the part received before a stop) is saved to it.`,
    description: `The turn is stored once the provider's stream has started: a failed call leaves the conversation as it was.${MODEL_CHOICE}${aiLimitsNote(true)}`,
    ...signedInAnyRole,
    request: jsonBody(ChatRequestSchema),
    responses: {
      200: {
        description: "`text/event-stream` of chat.completion.chunk events, ending `data: [DONE]`",
        content: { "text/event-stream": { schema: z.string() } },
      },
      ...errorResponses(400, 401, 404, 413, 429, 502, 503, 504),
    },
  });

/**
 * A streamed chat turn: stored once the provider's stream has started, its SSE relayed as it
 * arrives, the answer saved at the end.
 */
async function streamTurn(c: Context<AppEnv>, input: ChatRequest, provider: AiProvider) {
  const db = database(c.env.DB);
  const started = await beginChat(
    c.env,
    db,
    c.var.workspace.id,
    input,
    provider,
    systemPrompt(c.var.session),
  );
  const { client, model, messages, call } = started;
  const { upstream, turn } = await refundingOnFailure(db, call, async () => {
    const response = await callProvider(provider, () =>
      client.chat.completions
        .create({
          model,
          messages,
          stream: true,
          // Perplexity sends usage on its own; other servers need asking.
          ...(provider === "openai" && { stream_options: { include_usage: true } }),
        })
        .asResponse(),
    );
    if (!response.body) throw providerError(new Error("empty stream"), provider);
    const body = response.body;
    const stored = await storeTurn(db, started.turn).catch(async (error: unknown) => {
      await body.cancel();
      throw error;
    });
    return { upstream: body, turn: stored };
  });
  // Registered now, while the request is live: a client that hangs up ends the request, and
  // the partial answer must still be saved after that.
  let ended!: (relayed: Relayed) => void;
  c.executionCtx.waitUntil(
    new Promise<Relayed>((resolve) => (ended = resolve)).then(
      ({ text, usage, citations, stopped }) =>
        saveAnswer(
          db,
          turn,
          {
            content: text,
            provider,
            model,
            usage,
            citations,
            status: stopped ? "stopped" : "complete",
          },
          call,
        ),
    ),
  );
  const body = relayStream(upstream, (relayed) => ended(relayed), c.req.raw.signal);
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
  apiRoute({
    method: "post",
    path: "/tts",
    operationId: "textToSpeech",
    summary: `Text to speech: \`{text, voice}\` → audio/mpeg`,
    description: `The text counts as tokens (about four characters each).${aiLimitsNote(false)}`,
    ...signedInAnyRole,
    request: jsonBody(TtsRequestSchema.openapi("TtsRequest")),
    responses: {
      200: {
        description: "MP3 audio",
        content: { "audio/mpeg": { schema: z.string().openapi({ format: "binary" }) } },
      },
      ...errorResponses(400, 401, 429, 502, 503, 504),
    },
  }),
  async (c) => {
    const { text, voice } = c.req.valid("json");
    const { client } = aiClient(c.env, "openai");
    const db = database(c.env.DB);
    const call = await startAiCall(db, c.env, c.var.workspace.id, {
      characters: text.length,
      storing: null,
    });
    const speech = await refundingOnFailure(db, call, () =>
      callProvider("openai", () =>
        client.audio.speech
          .create({
            model: ttsModel(c.env),
            input: text,
            voice,
            response_format: "mp3",
          })
          .asResponse(),
      ),
    );
    return new Response(speech.body, { headers: { "Content-Type": "audio/mpeg" } });
  },
);

app.openapi(
  apiRoute({
    method: "post",
    path: "/coordinate",
    operationId: "coordinate",
    summary:
      "The agent: the model plans and calls tools over the user's own projects, contacts, properties and documents, then answers. The answer lists every tool call made, writes included.",
    description: `The turn is stored with the answer: a failed call leaves the conversation as it was (writes its tools made stay).${MODEL_CHOICE}${aiLimitsNote(true)}`,
    ...signedInAnyRole,
    request: jsonBody(ChatRequestSchema),
    responses: ChatResponses,
  }),
  async (c) => {
    const answer = await runAgent(
      c.env,
      database(c.env.DB),
      c.var.session,
      c.var.workspace,
      c.req.valid("json"),
      appOrigin(c),
    );
    return c.json({ data: answer }, 200);
  },
);

export default app;
