/** The user's usage against the per-user limits (worker/services/usage.ts), for Connections. */
import { z } from "@hono/zod-openapi";
import { usageOf } from "../../services/usage";
import { apiRoute, dataResponse, errorResponses, router, scope, signedIn } from "../openapi";

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

const app = router();

app.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "getUsage",
    summary:
      "The user's usage against each limit: AI requests this minute, AI tokens today (UTC), storage",
    description:
      "Storage is measured again when the last figure is over a minute old. An AI call past a limit answers 429 (requests, tokens) or 413 (storage), naming the limit and when it resets.",
    ...signedIn,
    responses: {
      200: dataResponse("The usage and the limits", UsageSchema),
      ...errorResponses(401),
    },
  }),
  async (c) => {
    const [db, userId] = scope(c);
    return c.json({ data: await usageOf(db, c.env, userId) }, 200);
  },
);

export default app;
