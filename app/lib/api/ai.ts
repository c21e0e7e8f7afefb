/**
 * The AI calls (spec §7 /ai/*) and the conversation history. Like the project calls, they throw
 * a `ServiceError` carrying the spec's "Failed to …" message and what the server said.
 */
import type { z } from "zod";
import type { ChatRequest, TtsVoice } from "~/domain/ai/chat";
import type { AiProvider } from "~/domain/ai/providers";
import { createSseParser, type StreamChunk } from "~/domain/ai/sse";
import type { AiStatusSchema, ChatAnswerSchema } from "../../../worker/api/routes/ai.schemas";
import type {
  ConversationDetailSchema,
  ConversationSchema,
  MessageSchema,
} from "../../../worker/api/routes/conversations.schemas";
import type { ResearchSchema } from "../../../worker/api/routes/research.schemas";
import { apiFetch, apiRequest } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, queryString, ServiceError, type Page } from "./workspace";

export type Message = z.infer<typeof MessageSchema>;
export type Conversation = z.infer<typeof ConversationSchema>;
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;
export type ChatAnswer = z.infer<typeof ChatAnswerSchema>;
export type Research = z.infer<typeof ResearchSchema>;
export type AiStatus = z.infer<typeof AiStatusSchema>;
export type ProviderStatus = AiStatus["openai"];

export interface StreamResult {
  conversationId: string;
  model: string | null;
  text: string;
  /** Web sources the answer carried (Perplexity). */
  citations: string[];
  /** The user pressed Stop: `text` is what had arrived. */
  stopped: boolean;
}

export const aiApi = {
  status: () => orThrow(apiRequest<AiStatus>("/ai/status"), MESSAGES.aiStatus),
  coordinate: (request: ChatRequest) =>
    orThrow(
      apiRequest<ChatAnswer>("/ai/coordinate", { method: "POST", body: request }),
      MESSAGES.coordinate,
    ),

  /**
   * Streams an answer, calling `onText` with the whole text so far as chunks arrive. Aborting
   * `signal` stops it: the server keeps the part that had arrived.
   */
  async stream(
    request: ChatRequest,
    provider: AiProvider,
    onText: (text: string, conversationId: string) => void,
    signal: AbortSignal,
  ): Promise<StreamResult> {
    const failed = provider === "openai" ? MESSAGES.aiStream : MESSAGES.perplexity;
    const { response, error } = await apiFetch(`/ai/${provider}/stream`, {
      method: "POST",
      body: request,
      signal,
      accept: "text/event-stream",
    });
    if (error) {
      if (signal.aborted) {
        const conversationId = request.conversationId ?? "";
        return { conversationId, model: null, text: "", citations: [], stopped: true };
      }
      throw new ServiceError(failed, error);
    }
    const conversationId = response.headers.get("X-Conversation-Id") ?? "";
    const model = response.headers.get("X-Model");
    let citations: string[] = [];
    const { text, stopped } = await readChatStream(
      response,
      (text, chunk) => {
        if (chunk.citations?.length) citations = chunk.citations;
        onText(text, conversationId);
      },
      signal,
      failed,
    );
    return { conversationId, model, text, citations, stopped };
  },

  /** MP3 audio of the text, read by the chosen voice. */
  async speech(text: string, voice: TtsVoice = "alloy"): Promise<Blob> {
    const { response, error } = await apiFetch("/ai/tts", {
      method: "POST",
      body: { text, voice },
      accept: "audio/mpeg",
    });
    if (error) throw new ServiceError(MESSAGES.textToSpeech, error);
    return response.blob();
  },

  research: (query: string) =>
    orThrow(
      apiRequest<Research>("/ai/property-research", { method: "POST", body: { query } }),
      MESSAGES.propertyResearch,
    ),
};

export const conversationsApi = {
  list: async (query: { q?: string; page?: number; limit?: number } = {}) => {
    const result = await apiRequest<Conversation[]>(`/conversations${queryString(query)}`);
    if (result.error) throw new ServiceError(MESSAGES.fetchConversations, result.error);
    return { items: result.data, meta: result.meta! } satisfies Page<Conversation>;
  },
  removeAll: () =>
    orThrow(
      apiRequest<{ deleted: number }>("/conversations", { method: "DELETE" }),
      MESSAGES.clearChatHistory,
    ),
};

/**
 * Reads a streamed chat answer (the provider's Server-Sent Events relayed by the Worker), calling
 * `onText` with the whole text so far as chunks arrive. Aborting `signal` stops it with what had
 * arrived; a broken stream throws a `ServiceError` with `failed`.
 */
export async function readChatStream(
  response: Response,
  onText: (text: string, chunk: StreamChunk) => void,
  signal: AbortSignal,
  failed: string,
): Promise<{ text: string; stopped: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const parse = createSseParser();
  let text = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const chunk of parse(decoder.decode(value, { stream: true }))) {
        text += chunk.content;
        onText(text, chunk);
      }
    }
  } catch (cause) {
    if (signal.aborted) return { text, stopped: true };
    throw new ServiceError(failed, {
      message: cause instanceof Error ? cause.message : MESSAGES.networkError,
      statusCode: 0,
    });
  }
  return { text, stopped: false };
}
