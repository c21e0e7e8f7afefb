/** Shared pieces for declaring routes: the validation hook, the router factory, schemas. */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { validationError } from "./errors";
import { MetaSchema } from "./lib";
import { requireAuth } from "./middleware/auth";
import type { AppEnv } from "./types";

export function router() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

export const ErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      code: z.string().openapi({ example: "VALIDATION_FAILED" }),
      details: z.unknown().optional(),
    }),
  })
  .openapi("Error");

export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(
    statuses.map((status) => [
      status,
      { description: `Error ${status}`, content: { "application/json": { schema: ErrorSchema } } },
    ]),
  );

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const dataResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema: z.object({ data: schema }) } },
});

/** A paged list: `{ data: [...], meta: { page, limit, total } }`. */
export const pageResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: {
    "application/json": {
      schema: z.object({
        data: z.array(schema),
        meta: MetaSchema,
      }),
    },
  },
});

export const bearerSecurity = [{ bearerAuth: [] }];

/** Spread into `createRoute` for routes that need a signed-in user. */
export const signedIn = { security: bearerSecurity, middleware: [requireAuth] };
