/**
 * Chat turns and text to speech: request shapes and limits shared by the API (validation, OpenAPI)
 * and the chat screen, and the rules a conversation's history follows. Pure: no I/O.
 */
import { z } from "zod";
import "../validation";

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

/** Title for a new conversation: the start of its first message's first paragraph, on one line. */
export function conversationTitle(text: string) {
  const line = text
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, " ")
    .trim();
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
