/** The workspace's usage against its limits (worker/services/usage.ts), for Connections. */
import { usageOf } from "../../services/usage";
import { apiRoute, dataResponse, errorResponses, router, scope, signedIn } from "../openapi";
import { UsageSchema } from "./usage.schemas";

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
