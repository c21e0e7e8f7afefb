/**
 * The AI agent's vocabulary and rules, shared by the API (validation, OpenAPI) and the browser
 * (chat screen, exports): request shapes, limits, the research report, the SSE chunk parser and
 * the Markdown renderings. Pure: no I/O.
 */
import { z } from "zod";
import { normalizeAddress } from "./workspace";

export const AI_PROVIDERS = ["openai", "perplexity"] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
export const PROVIDER_LABELS: Record<AiProvider, string> = {
  openai: "OpenAI",
  perplexity: "Perplexity",
};

/** The voices of OpenAI's `audio/speech`. */
export const TTS_VOICES = [
  "alloy",
  "ash",
  "ballad",
  "coral",
  "echo",
  "fable",
  "nova",
  "onyx",
  "sage",
  "shimmer",
  "verse",
] as const;
export type TtsVoice = (typeof TTS_VOICES)[number];

/** OpenAI's own cap on `audio/speech` input. */
export const MAX_TTS_CHARS = 4096;
export const MAX_MESSAGE_CHARS = 32_000;
export const MAX_MESSAGES = 100;
export const MAX_QUERY_CHARS = 1000;
export const MAX_TITLE_CHARS = 120;

export const ChatMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z
    .string()
    .max(MAX_MESSAGE_CHARS, { error: `A message holds at most ${MAX_MESSAGE_CHARS} characters` }),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

const modelName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\w.:/@-]+$/, { error: "Use a model name such as gpt-4o-mini" });

/**
 * A chat turn: the conversation as the user now sees it, ending with their message. Sending a
 * shorter or edited history (regenerate, edit-and-resend) replaces what followed in the stored
 * conversation.
 */
export const ChatRequestSchema = z.object({
  messages: z
    .array(ChatMessageSchema)
    .min(1, { error: "Send at least one message", abort: true })
    .max(MAX_MESSAGES, { error: `A conversation sends at most ${MAX_MESSAGES} messages` })
    .refine((messages) => messages.at(-1)?.role === "user", {
      error: "The last message must be the user's",
    })
    .refine((messages) => Boolean(messages.at(-1)?.content.trim()), {
      error: "Write a message first",
    }),
  conversationId: z.string().min(1).max(64).optional(),
  model: modelName.optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const TtsRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: "Give the text to read aloud" })
    .max(MAX_TTS_CHARS, { error: `Text to speech reads at most ${MAX_TTS_CHARS} characters` }),
  voice: z.enum(TTS_VOICES, { error: `Choose a voice: ${TTS_VOICES.join(", ")}` }).default("alloy"),
});

export const ResearchRequestSchema = z.object({
  query: z
    .string({ error: "Describe the property or market to research" })
    .trim()
    .min(3, { error: "Describe the property or market to research" })
    .max(MAX_QUERY_CHARS, {
      error: `A research query holds at most ${MAX_QUERY_CHARS} characters`,
    }),
});

/** What a research report holds; the model is asked for exactly this JSON. */
export const ResearchReportSchema = z.object({
  summary: z.string(),
  market: z.string(),
  comparables: z.string(),
  risks: z.array(z.string()),
  nextSteps: z.array(z.string()),
  sources: z.array(z.string()),
});
export type ResearchReport = z.infer<typeof ResearchReportSchema>;

export const RESEARCH_EXAMPLES = [
  "123 Main St, Columbus, OH 43215 — flip or rental?",
  "Rental demand and rents for 3-bed homes in Cleveland, OH",
  "Risks of buying a 1960s duplex in a flood zone",
];

/** Words only, normalised like addresses ("227 Linden Avenue:" → "227 linden ave"). */
const words = (text: string) =>
  ` ${normalizeAddress({ address: text.replace(/[^\p{L}\p{N}\s]+/gu, " ") })} `;

/**
 * Whether a research query names this project or property (by its name or street address, as
 * whole words, ignoring case, punctuation and street-suffix spelling). Names under 4 letters are
 * too vague to count.
 */
export function mentions(query: string, name: string | null | undefined) {
  if (!name || name.replace(/\W/g, "").length < 4) return false;
  return words(query).includes(words(name));
}

/** Title for a new conversation: the start of its first message, on one line. */
export function conversationTitle(text: string) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= 60 ? line || "New conversation" : `${line.slice(0, 57).trimEnd()}…`;
}

/**
 * Consecutive messages of one role joined into one (a turn whose answer failed leaves two user
 * messages in a row, which Perplexity refuses: it wants user and assistant in turn).
 */
export function alternating(messages: ChatMessage[]): ChatMessage[] {
  const merged: ChatMessage[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last?.role === message.role) {
      merged[merged.length - 1] = {
        role: last.role,
        content: `${last.content}\n\n${message.content}`,
      };
    } else {
      merged.push({ ...message });
    }
  }
  return merged;
}

/** How many leading messages two histories share (same role and text). */
export function sharedPrefixLength(stored: ChatMessage[], sent: ChatMessage[]) {
  let index = 0;
  while (
    index < stored.length &&
    index < sent.length &&
    stored[index]!.role === sent[index]!.role &&
    stored[index]!.content === sent[index]!.content
  ) {
    index += 1;
  }
  return index;
}

/** Perplexity's `citations`, or the URLs of its `search_results`, whichever an answer carries. */
export function citationsOf(body: unknown): string[] {
  const value = (body ?? {}) as { citations?: unknown; search_results?: { url?: unknown }[] };
  if (Array.isArray(value.citations)) return value.citations.filter((c) => typeof c === "string");
  if (Array.isArray(value.search_results)) {
    return value.search_results.map((r) => r.url).filter((u): u is string => typeof u === "string");
  }
  return [];
}

/** One parsed Server-Sent Events chunk of an OpenAI-compatible chat stream. */
export interface StreamChunk {
  content: string;
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  citations?: string[];
  done: boolean;
}

/**
 * Incremental parser for `data: {...}\n\n` events: feed it decoded text as it arrives, it returns
 * the chunks completed so far and keeps the unfinished tail for the next call.
 */
export function createSseParser() {
  let buffer = "";
  return (text: string): StreamChunk[] => {
    buffer += text;
    const chunks: StreamChunk[] = [];
    let end: number;
    while ((end = buffer.search(/\r?\n\r?\n/)) !== -1) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, "");
      const data = event
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).trimStart())
        .join("\n");
      if (!data) continue;
      if (data === "[DONE]") {
        chunks.push({ content: "", done: true });
        continue;
      }
      try {
        const json = JSON.parse(data) as {
          choices?: { delta?: { content?: string | null } }[];
          usage?: StreamChunk["usage"] | null;
        };
        const citations = citationsOf(json);
        chunks.push({
          content: json.choices?.[0]?.delta?.content ?? "",
          usage: json.usage ?? undefined,
          ...(citations.length && { citations }),
          done: false,
        });
      } catch {
        // A malformed event carries nothing we can show; the next one may.
      }
    }
    return chunks;
  };
}

export interface ExportableMessage {
  role: string;
  content: string;
  createdAt?: string;
  citations?: string[] | null;
  toolCalls?: { name: string; summary: string }[] | null;
}

/** A conversation as a Markdown document (for Export Chat and saving). */
export function conversationToMarkdown(
  title: string,
  messages: ExportableMessage[],
  meta: { provider?: string; model?: string; createdAt?: string } = {},
) {
  const facts = [
    meta.provider && `Provider: ${meta.provider}`,
    meta.model && `Model: ${meta.model}`,
    meta.createdAt && `Started: ${meta.createdAt}`,
  ].filter(Boolean);
  const header = [`# ${title}`, ...(facts.length ? ["", facts.join(" · ")] : [])];
  const body = messages.flatMap((message) => [
    "",
    `## ${message.role === "user" ? "You" : "AI42"}`,
    "",
    message.content,
    ...(message.toolCalls?.length
      ? ["", ...message.toolCalls.map((call) => `> Tool \`${call.name}\`: ${call.summary}`)]
      : []),
    ...(message.citations?.length
      ? ["", "Sources:", ...message.citations.map((url, i) => `${i + 1}. ${url}`)]
      : []),
  ]);
  return [...header, ...body, ""].join("\n");
}

const bullets = (items: string[]) =>
  items.length ? items.map((item) => `- ${item}`).join("\n") : "_None noted._";

/** A research report as the Markdown document saved to the Project Hub. */
export function researchToMarkdown(query: string, report: ResearchReport) {
  return [
    `# Research: ${query}`,
    "",
    "## Summary",
    "",
    report.summary,
    "",
    "## Market",
    "",
    report.market,
    "",
    "## Comparable considerations",
    "",
    report.comparables,
    "",
    "## Risks",
    "",
    bullets(report.risks),
    "",
    "## Next steps",
    "",
    bullets(report.nextSteps),
    "",
    "## Sources",
    "",
    report.sources.length
      ? report.sources.map((url, i) => `${i + 1}. ${url}`).join("\n")
      : "_No web sources: answered without web search._",
    "",
  ].join("\n");
}
