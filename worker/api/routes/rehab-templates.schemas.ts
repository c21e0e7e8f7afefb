import { z } from "@hono/zod-openapi";

export const RehabTemplateSchema = z
  .object({
    id: z.string(),
    category: z.string(),
    description: z.string().nullable(),
    quantity: z.number().nullable().openapi({ description: "Null: 1, as a line without one" }),
    unitCost: z.number(),
    createdAt: z.string(),
  })
  .openapi("RehabTemplate");
