import { z } from "@hono/zod-openapi";

const Check = z.enum(["ok", "fail"]);
export const HealthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    checks: z.object({ db: Check, kv: Check }),
  })
  .openapi("Health");
