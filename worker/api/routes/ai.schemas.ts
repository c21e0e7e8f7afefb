import { z } from "@hono/zod-openapi";
import { MessageSchema } from "./conversations.schemas";

export const ChatAnswerSchema = z
  .object({ conversationId: z.string(), message: MessageSchema })
  .openapi("ChatAnswer");

const ProviderStatusSchema = z.object({
  configured: z.boolean(),
  model: z.string(),
  key: z.string().openapi({ description: "The setting that turns it on" }),
});

export const AiStatusSchema = z
  .object({
    openai: ProviderStatusSchema,
    perplexity: ProviderStatusSchema,
    tts: ProviderStatusSchema,
  })
  .openapi("AiStatus");
