/**
 * Conversations in D1: a chat turn first brings the stored conversation in line with what the
 * user sent (so regenerate and edit-and-resend replace what followed), then saves the answer.
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
  containsAny,
  deleteOwned,
  findOwned,
  nowIso,
  ownedBy,
  publicRow,
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
import { notFound } from "../api/errors";

export interface Turn {
  conversation: ConversationRow;
  /** Where the answer goes. */
  position: number;
}

export async function conversationMessagesOf(db: Database, conversationId: string) {
  return db
    .select()
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversationId))
    .orderBy(asc(conversationMessages.position));
}

/** Creates the conversation or rewrites its tail to match the messages sent. */
export async function beginTurn(
  db: Database,
  userId: string,
  request: ChatRequest,
  provider: AiProvider,
  model: string,
): Promise<Turn> {
  let conversation: ConversationRow;
  let keep = 0;
  if (request.conversationId) {
    conversation = await findOwned(
      db,
      conversations,
      userId,
      request.conversationId,
      "Conversation",
    );
    const stored = await conversationMessagesOf(db, conversation.id);
    keep = sharedPrefixLength(stored, request.messages);
  } else {
    const [created] = await db
      .insert(conversations)
      .values({ userId, title: conversationTitle(request.messages[0]!.content), provider, model })
      .returning();
    conversation = created!;
  }
  const added = request.messages.slice(keep).map((message, index) => ({
    conversationId: conversation.id,
    userId,
    position: keep + index,
    role: message.role,
    content: message.content,
  }));
  await db.batch([
    db
      .delete(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, conversation.id),
          gte(conversationMessages.position, keep),
        ),
      ),
    ...added.map((row) => db.insert(conversationMessages).values(row)),
  ]);
  return { conversation, position: request.messages.length };
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

/** Saves the assistant's answer and adds its tokens to the conversation's totals. */
export async function saveAnswer(db: Database, turn: Turn, answer: Answer) {
  const promptTokens = answer.usage?.prompt_tokens ?? null;
  const completionTokens = answer.usage?.completion_tokens ?? null;
  const [[message]] = await db.batch([
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
        toolCalls: answer.toolCalls?.length ? answer.toolCalls : null,
        citations: answer.citations?.length ? answer.citations : null,
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
      .where(eq(conversations.id, turn.conversation.id)),
  ]);
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
  const where = q
    ? and(eq(conversations.userId, userId), containsAny([conversations.title], q))
    : eq(conversations.userId, userId);
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
  const messages = await conversationMessagesOf(db, row.id);
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
