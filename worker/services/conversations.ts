/**
 * Conversations in D1. A chat turn is worked out first (how much of the stored conversation the
 * messages sent keep: regenerate and edit-and-resend replace what followed) and stored only once
 * the provider has accepted it, so a failed call leaves the conversation as it was.
 */
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import {
  alternating,
  conversationTitle,
  sharedPrefixLength,
  type ChatMessage,
  type ChatRequest,
} from "../../app/domain/ai/chat";
import type { AiProvider } from "../../app/domain/ai/providers";
import type { Database } from "../db/client";
import {
  deleteOwned,
  findOwned,
  nowIso,
  ownedBy,
  publicRow,
  runBatch,
  selectPage,
  type PageRequest,
} from "../db/queries";
import {
  conversationMessages,
  conversations,
  type ConversationMessageRow,
  type ConversationRow,
  type ToolCallRecord,
} from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";
import { notFound } from "../errors";
import type { Env } from "../env";
import { aiClient, chatModel } from "./ai-providers";
import { settleAiCall, startAiCall, tokensUsed, type AiCall } from "./usage";

/** A chat turn, worked out before the provider is asked. */
export interface Turn {
  conversation: ConversationRow;
  /** A new conversation: it is stored with the turn. */
  isNew: boolean;
  /** How many stored messages the turn keeps; `added` replaces those after them. */
  keep: number;
  added: ChatMessage[];
  /** Where the answer goes. */
  position: number;
  /** Whether the turn is stored already (a stream stores it when the provider's answer starts). */
  stored: boolean;
}

export async function conversationMessagesOf(db: Database, userId: string, conversationId: string) {
  return db
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.userId, userId),
        eq(conversationMessages.conversationId, conversationId),
      ),
    )
    .orderBy(asc(conversationMessages.position));
}

/**
 * Works out a chat turn: the user's conversation (404 when it is not theirs) and how much of its
 * stored history the messages sent keep. Writes nothing.
 */
export async function prepareTurn(
  db: Database,
  userId: string,
  request: ChatRequest,
  provider: AiProvider,
  model: string,
): Promise<Turn> {
  let conversation: ConversationRow;
  let keep = 0;
  if (request.conversationId) {
    const [[row], stored] = await db.batch([
      db
        .select()
        .from(conversations)
        .where(ownedBy(conversations, userId, request.conversationId)),
      db
        .select()
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.conversationId, request.conversationId),
            eq(conversationMessages.userId, userId),
          ),
        )
        .orderBy(asc(conversationMessages.position)),
    ]);
    if (!row) throw notFound("Conversation");
    conversation = row;
    keep = sharedPrefixLength(stored, request.messages);
  } else {
    const now = nowIso();
    conversation = {
      id: crypto.randomUUID(),
      userId,
      title: conversationTitle(request.messages[0]!.content),
      provider,
      model,
      promptTokens: 0,
      completionTokens: 0,
      imported: null,
      createdAt: now,
      updatedAt: now,
    };
  }
  return {
    conversation,
    isNew: !request.conversationId,
    keep,
    added: request.messages.slice(keep),
    position: request.messages.length,
    stored: false,
  };
}

/**
 * How every chat call starts, storing nothing: the provider's client and the model (400 for one
 * not offered), the turn worked out, then the call counted against the user's limits (429, 413).
 */
export async function beginChat(
  env: Env,
  db: Database,
  userId: string,
  input: ChatRequest,
  provider: AiProvider,
  system: string,
) {
  const { client, config } = aiClient(env, provider);
  const model = chatModel(config, input.model);
  const turn = await prepareTurn(db, userId, input, provider, model);
  const messages = providerMessages(system, input.messages);
  const characters = messages.reduce((sum, message) => sum + message.content.length, 0);
  const storing = turn.added.reduce((sum, message) => sum + message.content.length, 0);
  const call = await startAiCall(db, env, userId, { characters, storing });
  return { client, model, turn, messages, call };
}
export type StartedChat = Awaited<ReturnType<typeof beginChat>>;

/** What stores a turn: the new conversation, or the stored tail replaced by the messages sent. */
function turnWrites(db: Database, { conversation, isNew, keep, added }: Turn) {
  return [
    isNew
      ? db.insert(conversations).values(conversation)
      : db
          .delete(conversationMessages)
          .where(
            and(
              eq(conversationMessages.conversationId, conversation.id),
              gte(conversationMessages.position, keep),
            ),
          ),
    ...added.map((message, index) =>
      db.insert(conversationMessages).values({
        conversationId: conversation.id,
        userId: conversation.userId,
        position: keep + index,
        role: message.role,
        content: message.content,
      }),
    ),
  ];
}

/** Stores the turn on its own: a stream's, once the provider has started answering. */
export async function storeTurn(db: Database, turn: Turn): Promise<Turn> {
  await runBatch(db, turnWrites(db, turn));
  return { ...turn, stored: true };
}

export interface Answer {
  content: string;
  provider: AiProvider;
  model: string;
  status?: "complete" | "stopped";
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  toolCalls?: ToolCallRecord[] | null;
  citations?: string[] | null;
}

/**
 * Saves the assistant's answer (with the turn, unless stored already), adds its tokens to the
 * conversation's totals and settles the call's usage: one batch, all or nothing.
 */
export async function saveAnswer(db: Database, turn: Turn, answer: Answer, call: AiCall) {
  const promptTokens = answer.usage?.prompt_tokens ?? null;
  const completionTokens = answer.usage?.completion_tokens ?? null;
  const toolCalls = answer.toolCalls?.length ? answer.toolCalls : null;
  const citations = answer.citations?.length ? answer.citations : null;
  const writes = turn.stored ? [] : turnWrites(db, turn);
  const results = await runBatch(db, [
    ...writes,
    db
      .insert(conversationMessages)
      .values({
        conversationId: turn.conversation.id,
        userId: turn.conversation.userId,
        position: turn.position,
        role: "assistant",
        content: answer.content,
        provider: answer.provider,
        model: answer.model,
        status: answer.status ?? "complete",
        promptTokens,
        completionTokens,
        toolCalls,
        citations,
      })
      .returning(),
    db
      .update(conversations)
      .set({
        provider: answer.provider,
        model: answer.model,
        promptTokens: sql`${conversations.promptTokens} + ${promptTokens ?? 0}`,
        completionTokens: sql`${conversations.completionTokens} + ${completionTokens ?? 0}`,
        updatedAt: nowIso(),
      })
      .where(ownedBy(conversations, turn.conversation.userId, turn.conversation.id)),
    settleAiCall(db, call, tokensUsed(call, answer.usage, answer.content.length)),
  ]);
  const [message] = results[writes.length] as ConversationMessageRow[];
  return toMessage(message!);
}

export const toMessage = (row: ConversationMessageRow) => publicRow(row, "conversationId");
export const toConversation = (row: ConversationRow) => publicRow(row);

/** A page of the user's conversations, most recently active first (`q` searches titles). */
export async function listConversations(
  db: Database,
  userId: string,
  q: string | undefined,
  page: PageRequest,
) {
  const where = ownedMatching(SEARCH_INDEXES.conversations, userId, q);
  const { rows, meta } = await selectPage(
    db,
    conversations,
    where,
    [desc(conversations.updatedAt)],
    page,
  );
  return { items: rows.map(toConversation), meta };
}

export async function conversationDetail(db: Database, userId: string, id: string) {
  const row = await findOwned(db, conversations, userId, id, "Conversation");
  const messages = await conversationMessagesOf(db, userId, row.id);
  return { ...toConversation(row), messages: messages.map(toMessage) };
}

export async function renameConversation(db: Database, userId: string, id: string, title: string) {
  const [row] = await db
    .update(conversations)
    // A new name is not activity: the conversation keeps its place in the list.
    .set({ title })
    .where(ownedBy(conversations, userId, id))
    .returning();
  if (!row) throw notFound("Conversation");
  return toConversation(row);
}

export const deleteConversation = async (db: Database, userId: string, id: string) =>
  toConversation(await deleteOwned(db, conversations, userId, id, "Conversation"));

/** Clear Chat History: every conversation of the user, and how many there were. */
export async function deleteAllConversations(db: Database, userId: string) {
  const rows = await db
    .delete(conversations)
    .where(eq(conversations.userId, userId))
    .returning({ id: conversations.id });
  return rows.length;
}

/** The history as the provider receives it, after the system prompt. */
export const providerMessages = (system: string, messages: ChatMessage[]) => [
  { role: "system" as const, content: system },
  ...alternating(messages),
];
