/** Conversations with their messages, in Export Data and Import Data. */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { MAX_TITLE_CHARS } from "../../app/domain/ai/chat";
import { AI_PROVIDERS } from "../../app/domain/ai/providers";
import { WebSourcesSchema } from "../../app/domain/ai/sources";
import { boundedJson } from "../../app/domain/validation";
import { chunk, D1_MAX_PARAMS, publicRow, rowsPerStatement } from "../db/queries";
import {
  conversationMessages,
  conversations,
  MESSAGE_STATUSES,
  type ConversationMessageRow,
  type ConversationRow,
} from "../db/schema";
import { toMessage } from "./conversations";
import { ownFields, recordKind, timestamp } from "./record-kind";

const ExportedMessageSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string().max(100_000),
  provider: z.enum(AI_PROVIDERS).nullish(),
  model: z.string().max(200).nullish(),
  status: z.enum(MESSAGE_STATUSES).default("complete"),
  promptTokens: z.number().int().min(0).nullish(),
  completionTokens: z.number().int().min(0).nullish(),
  toolCalls: z
    .array(
      z.object({
        name: z.string().max(200),
        arguments: boundedJson(20_000),
        ok: z.boolean(),
        summary: z.string().max(2000),
        wrote: z.boolean(),
      }),
    )
    .max(100)
    .nullish(),
  citations: WebSourcesSchema.max(100).nullish(),
  createdAt: timestamp,
});

const ConversationInputSchema = z.object({
  title: z.string().trim().min(1).max(MAX_TITLE_CHARS),
  provider: z.enum(AI_PROVIDERS),
  model: z.string().min(1).max(200),
  promptTokens: z.number().int().min(0).default(0),
  completionTokens: z.number().int().min(0).default(0),
  messages: z.array(ExportedMessageSchema).max(1000).default([]),
});

export const conversationKind = recordKind({
  name: "conversations",
  table: conversations,
  key: conversations.id,
  exportQueries: (db, userId) => [
    db.select().from(conversations).where(eq(conversations.userId, userId)),
    db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.userId, userId))
      .orderBy(conversationMessages.conversationId, conversationMessages.position),
  ],
  exportRecords: ([rows, messageRows]) => {
    const messagesOf = new Map<string, ReturnType<typeof toMessage>[]>();
    for (const row of messageRows as ConversationMessageRow[]) {
      const list = messagesOf.get(row.conversationId) ?? [];
      list.push(toMessage(row));
      messagesOf.set(row.conversationId, list);
    }
    return (rows as ConversationRow[]).map((row) => ({
      ...publicRow(row),
      messages: (messagesOf.get(row.id) ?? []).map(({ id: _id, ...message }) => message),
    }));
  },
  input: ConversationInputSchema,
  // The messages a file carries are written by `related`, not merged as a field.
  merge: { fields: (row) => ownFields(row, ["messages"]) },
  children: {
    table: conversationMessages,
    parent: conversationMessages.conversationId,
    key: [conversationMessages.id],
  },
  /**
   * A new conversation gets the file's messages. One already here keeps its own, as a merge keeps
   * an edit, unless they are where the file's begin (the file continues it: the rest is added) or
   * `overwriteEdits` (the file's replace them).
   */
  related: async (db, rows, fromFile, { userId, current, overwriteEdits }) => {
    const ids = rows.map((row) => row.id as string).filter((id) => current.has(id));
    const here = new Map<string, Pick<ConversationMessageRow, "role" | "content">[]>();
    for (const part of chunk(ids, D1_MAX_PARAMS - 1)) {
      const found = await db
        .select({
          conversationId: conversationMessages.conversationId,
          role: conversationMessages.role,
          content: conversationMessages.content,
        })
        .from(conversationMessages)
        .where(
          and(
            eq(conversationMessages.userId, userId),
            inArray(conversationMessages.conversationId, part),
          ),
        )
        .orderBy(conversationMessages.conversationId, conversationMessages.position);
      for (const { conversationId, ...message } of found)
        here.set(conversationId, [...(here.get(conversationId) ?? []), message]);
    }
    const replaced: string[] = [];
    const written = rows.flatMap((row, i) => {
      const id = row.id as string;
      const messages = fromFile[i]!.messages as z.output<typeof ExportedMessageSchema>[];
      const mine = here.get(id) ?? [];
      const continues =
        mine.length <= messages.length &&
        mine.every((m, at) => m.role === messages[at]!.role && m.content === messages[at]!.content);
      const from = !current.has(id) ? 0 : overwriteEdits ? -1 : continues ? mine.length : null;
      if (from === null) return [];
      if (from === -1) replaced.push(id);
      return messages.slice(Math.max(from, 0)).map((message, at) => ({
        ...message,
        conversationId: id,
        userId,
        position: Math.max(from, 0) + at,
        createdAt: message.createdAt ?? (row.createdAt as string),
      }));
    });
    return [
      ...chunk(replaced, D1_MAX_PARAMS - 1).map((part) =>
        db
          .delete(conversationMessages)
          .where(
            and(
              eq(conversationMessages.userId, userId),
              inArray(conversationMessages.conversationId, part),
            ),
          ),
      ),
      ...chunk(written, rowsPerStatement(conversationMessages)).map((part) =>
        db.insert(conversationMessages).values(part),
      ),
    ];
  },
});
