import { z } from "@hono/zod-openapi";

const until = (description: string) => z.string().openapi({ description });

export const UsageSchema = z
  .object({
    aiRequests: z
      .object({ used: z.number(), limit: z.number(), resetsAt: until("When a new minute starts") })
      .openapi({ description: "AI calls this minute (AI_REQUESTS_PER_MINUTE)" }),
    aiTokens: z
      .object({ used: z.number(), limit: z.number(), resetsAt: until("The next midnight UTC") })
      .openapi({
        description:
          "AI tokens today, UTC (AI_DAILY_TOKENS): what the providers reported, plus an estimate for calls still running",
      }),
    storage: z
      .object({
        used: z.number(),
        limit: z.number(),
        measuredAt: until("When the figure was last measured"),
      })
      .openapi({
        description:
          "Bytes the user's records take, approximately, against the quota (STORAGE_QUOTA_MB × 1,048,576)",
      }),
  })
  .openapi("Usage");
