import { z } from "@hono/zod-openapi";
import { apiRoute, router } from "../openapi";
import { HealthSchema } from "./health.schemas";

async function check(probe: () => Promise<unknown>) {
  try {
    await probe();
    return "ok" as const;
  } catch (error) {
    console.error("Health check failed", error);
    return "fail" as const;
  }
}

const health = router();

health.openapi(
  apiRoute({
    method: "get",
    path: "/",
    operationId: "getHealth",
    summary: "Liveness of the Worker and its D1 and KV bindings",
    responses: {
      200: {
        description: "Every binding answers",
        content: { "application/json": { schema: z.object({ data: HealthSchema }) } },
      },
      503: {
        description: "A binding failed",
        content: { "application/json": { schema: z.object({ data: HealthSchema }) } },
      },
    },
  }),
  async (c) => {
    const [db, kv] = await Promise.all([
      check(() => c.env.DB.prepare("SELECT 1").first()),
      check(() => c.env.SESSIONS.get("health-probe")),
    ]);
    const healthy = db === "ok" && kv === "ok";
    const data = { status: healthy ? ("ok" as const) : ("degraded" as const), checks: { db, kv } };
    return healthy ? c.json({ data }, 200) : c.json({ data }, 503);
  },
);

export default health;
