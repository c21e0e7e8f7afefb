import { z } from "@hono/zod-openapi";
import { conversationMessages, conversations } from "../../db/schema";
import { createSelectSchema, internal, owner } from "../shared-schemas";

export const ToolCallSchema = z.object({
  name: z.string(),
  arguments: z.unknown(),
  ok: z.boolean(),
  summary: z.string(),
  wrote: z.boolean().openapi({ description: "Whether the call changed the user's data" }),
});

export const MessageSchema = createSelectSchema(conversationMessages, {
  toolCalls: z.array(ToolCallSchema).nullable(),
  citations: z.array(z.string()).nullable(),
})
  .omit({ ...owner, conversationId: true })
  .openapi("Message");

export const ConversationSchema = createSelectSchema(conversations)
  .omit(internal)
  .openapi("Conversation");

export const ConversationDetailSchema = ConversationSchema.extend({
  messages: z.array(MessageSchema),
}).openapi("ConversationDetail");
