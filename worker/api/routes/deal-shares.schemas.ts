import { z } from "@hono/zod-openapi";

export const DealShareSchema = z
  .object({
    id: z.string(),
    dealId: z.string(),
    token: z.string().openapi({ description: "The link's unguessable part" }),
    url: z.string().openapi({ description: "The link: its report, readable without an account" }),
    expiresAt: z.string().nullable().openapi({ description: "Null: until revoked" }),
    createdAt: z.string(),
  })
  .openapi("DealShare");

export const RevokedSchema = z.object({ revoked: z.array(z.string()) });

export const DealShareInputSchema = z
  .object({
    expiresAt: z
      .string()
      .datetime({ offset: true })
      .nullish()
      .openapi({ description: "When the link stops opening (an instant in the future)" }),
  })
  .openapi("DealShareInput");
