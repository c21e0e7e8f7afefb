/**
 * Chat turns and text to speech: request shapes and limits shared by the API (validation, OpenAPI)
 * and the chat screen, and the rules a conversation's history follows. Pure: no I/O.
 */
import { z } from "zod";
import {
  MAX_MESSAGE_CHARS,
  MAX_MESSAGES,
  MAX_TITLE_CHARS,
  MAX_TTS_CHARS,
  TTS_VOICES,
  type ChatMessage,
} from "./chat-terms";

export * from "./chat-terms";

export const ChatMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z
    .string()
    .max(MAX_MESSAGE_CHARS, { error: `A message holds at most ${MAX_MESSAGE_CHARS} characters` }),
}) satisfies z.ZodType<ChatMessage>;

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

/** A saved conversation's new name, from its row in the list or the chat's header. */
export const ConversationRenameSchema = z.object({
  title: z
    .string({ error: "Give the conversation a title" })
    .trim()
    .min(1, { error: "Give the conversation a title" })
    .max(MAX_TITLE_CHARS),
});

export const TtsRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, { error: "Give the text to read aloud" })
    .max(MAX_TTS_CHARS, { error: `Text to speech reads at most ${MAX_TTS_CHARS} characters` }),
  voice: z.enum(TTS_VOICES, { error: `Choose a voice: ${TTS_VOICES.join(", ")}` }).default("alloy"),
});
