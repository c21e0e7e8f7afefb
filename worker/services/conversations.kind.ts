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
import { recordKind, timestamp } from "./record-kind";

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
  // A conversation already here gets the file's messages instead of its own.
  related: (db, userId, rows) => [
    ...chunk(
      rows.map((row) => row.id as string),
      D1_MAX_PARAMS - 1,
    ).map((part) =>
      db
        .delete(conversationMessages)
        .where(
          and(
            eq(conversationMessages.userId, userId),
            inArray(conversationMessages.conversationId, part),
          ),
        ),
    ),
    ...chunk(
      rows.flatMap(({ id, messages, createdAt }) =>
        (messages as z.output<typeof ExportedMessageSchema>[]).map((message, position) => ({
          ...message,
          conversationId: id as string,
          userId,
          position,
          createdAt: message.createdAt ?? (createdAt as string),
        })),
      ),
      rowsPerStatement(conversationMessages),
    ).map((part) => db.insert(conversationMessages).values(part)),
  ],
});
