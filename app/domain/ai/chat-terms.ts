/**
 * A chat's limits and voices, and the rules a conversation's history follows, without the request
 * schemas (chat.ts, which re-exports these): the Main Agent downloads no zod, so its first load
 * stays small. Pure: no I/O.
 */

/** A message of a conversation, as stored and as sent. */
export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

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
