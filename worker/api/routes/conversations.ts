/** The user's conversations with the Main Agent: list, read, rename, delete one or all. */
import { z } from "@hono/zod-openapi";
import { ConversationRenameSchema } from "../../../app/domain/ai/chat";
import {
  conversationDetail,
  deleteAllConversations,
  deleteConversation,
  listConversations,
  renameConversation,
} from "../../services/conversations";
import {
  apiRoute,
  dataResponse,
  errorResponses,
  IdParamSchema,
  jsonBody,
  pageResponse,
  router,
  signedIn,
  scope,
} from "../openapi";
import { ConversationListQuerySchema } from "../list-queries";
import { ConversationDetailSchema, ConversationSchema } from "./conversations.schemas";

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "listConversations",
    summary: "The user's conversations, most recently active first (page, limit, q on the title)",
    ...signedIn,
    request: { query: ConversationListQuerySchema },
    responses: {
      200: pageResponse("Conversations", ConversationSchema),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => {
    const { page, limit, q } = c.req.valid("query");
    const { items, meta } = await listConversations(...scope(c), q, {
      page,
      limit,
    });
    return c.json({ data: items, meta }, 200);
  },
);

app.openapi(
  apiRoute({
    method: "get",
    path: "/{id}",
    operationId: "getConversation",
    summary: "A conversation with its messages",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The conversation", ConversationDetailSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json({ data: await conversationDetail(...scope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "patch",
    path: "/{id}",
    operationId: "renameConversation",
    summary: "Rename a conversation",
    ...signedIn,
    request: {
      params: IdParamSchema,
      ...jsonBody(ConversationRenameSchema.openapi("ConversationRename")),
    },
    responses: {
      200: dataResponse("The renamed conversation", ConversationSchema),
      ...errorResponses(400, 401, 404),
    },
  }),
  async (c) =>
    c.json(
      {
        data: await renameConversation(
          ...scope(c),
          c.req.valid("param").id,
          c.req.valid("json").title,
        ),
      },
      200,
    ),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deleteConversation",
    summary: "Delete a conversation and its messages",
    ...signedIn,
    request: { params: IdParamSchema },
    responses: {
      200: dataResponse("The deleted conversation", ConversationSchema),
      ...errorResponses(401, 404),
    },
  }),
  async (c) =>
    c.json({ data: await deleteConversation(...scope(c), c.req.valid("param").id) }, 200),
);

app.openapi(
  apiRoute({
    method: "delete",
    path: "/",
    operationId: "deleteAllConversations",
    summary: "Delete all of the user's conversations (Clear Chat History)",
    ...signedIn,
    responses: {
      200: dataResponse("How many were deleted", z.object({ deleted: z.number() })),
      ...errorResponses(401),
    },
  }),
  async (c) => {
    const deleted = await deleteAllConversations(...scope(c));
    return c.json({ data: { deleted } }, 200);
  },
);

export default app;
