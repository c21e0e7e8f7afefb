/** The user's conversations with the Main Agent: list, read, rename, delete one or all. */
import { createRoute, z } from "@hono/zod-openapi";
import { and, desc, eq } from "drizzle-orm";
import { MAX_TITLE_CHARS } from "../../../app/domain/ai";
import { database } from "../../db/client";
import { conversations } from "../../db/schema";
import { notFound } from "../errors";
import {
  containsAny,
  findOwned,
  IdParamSchema,
  nowIso,
  ownedBy,
  PageQuerySchema,
  selectPage,
} from "../lib";
import { dataResponse, errorResponses, jsonBody, pageResponse, router, signedIn } from "../openapi";
import { ConversationDetailSchema, ConversationSchema } from "../schemas";
import { conversationMessagesOf, toConversation, toMessage } from "../services/conversations";

const RenameSchema = z
  .object({
    title: z
      .string({ error: "Give the conversation a title" })
      .trim()
      .min(1, { error: "Give the conversation a title" })
      .max(MAX_TITLE_CHARS),
  })
  .openapi("ConversationRename");

const app = router();

app.openapi(
  createRoute({
    method: "get",
    path: "/",
    summary: "The user's conversations, most recently active first (page, limit, q on the title)",
    ...signedIn,
    request: { query: PageQuerySchema },
    responses: {
      200: pageResponse("Conversations", ConversationSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, q } = c.req.valid("query");
    const userId = c.var.session.userId;
    const where = q
      ? and(eq(conversations.userId, userId), containsAny([conversations.title], q))
      : eq(conversations.userId, userId);
    const { rows, meta } = await selectPage(
      database(c.env.DB),
      conversations,
      where,
      [desc(conversations.updatedAt)],
      { page, limit },
    );
    return c.json({ data: rows.map(toConversation), meta }, 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    summary: "A conversation with its messages",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The conversation", ConversationDetailSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const db = database(c.env.DB);
    const row = await findOwned(
      db,
      conversations,
      c.var.session.userId,
      c.req.valid("param").id,
      "Conversation",
    );
    const messages = await conversationMessagesOf(db, row.id);
    return c.json({ data: { ...toConversation(row), messages: messages.map(toMessage) } }, 200);
  },
);

app.openapi(
  createRoute({
    method: "patch",
    path: "/{id}",
    summary: "Rename a conversation",
    ...signedIn,
    request: { params: IdParamSchema, ...jsonBody(RenameSchema) },
    responses: {
      200: dataResponse("The renamed conversation", ConversationSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) => {
    const [row] = await database(c.env.DB)
      .update(conversations)
      .set({ title: c.req.valid("json").title, updatedAt: nowIso() })
      .where(ownedBy(conversations, c.var.session.userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Conversation");
    return c.json({ data: toConversation(row) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    summary: "Delete a conversation and its messages",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted conversation", ConversationSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) => {
    const [row] = await database(c.env.DB)
      .delete(conversations)
      .where(ownedBy(conversations, c.var.session.userId, c.req.valid("param").id))
      .returning();
    if (!row) throw notFound("Conversation");
    return c.json({ data: toConversation(row) }, 200);
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/",
    summary: "Delete all of the user's conversations (Clear Chat History)",
    ...signedIn,
    responses: {
      200: dataResponse("How many were deleted", z.object({ deleted: z.number() })),
      ...errorResponses(401),
    },
  }),
  async (c) => {
    const rows = await database(c.env.DB)
      .delete(conversations)
      .where(eq(conversations.userId, c.var.session.userId))
      .returning({ id: conversations.id });
    return c.json({ data: { deleted: rows.length } }, 200);
  },
);

export default app;
