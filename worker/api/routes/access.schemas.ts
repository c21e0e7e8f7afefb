import { z } from "@hono/zod-openapi";
import { ACCESS_SCOPES, TOKEN_PREFIX } from "../../../app/domain/access";

const ScopeSchema = z.enum(ACCESS_SCOPES).openapi({
  description:
    "`read`: reads only, any other method answers 403 INSUFFICIENT_SCOPE. `read_write`: reads and changes",
});

export const AccessTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    scope: ScopeSchema,
    workspace_id: z.string().openapi({
      description:
        "The workspace it acts in (the one its request named, else the session's current): only there, with its maker's role at each call",
    }),
    shown: z.string().openapi({
      description: `The token's first characters (\`${TOKEN_PREFIX}Ab12\`), to tell it apart`,
    }),
    created_at: z.string(),
    expires_at: z.string().nullable().openapi({ description: "Null: it does not expire" }),
    last_used_at: z.string().nullable().openapi({
      description: "When it last authenticated a request (to the minute); null: never",
    }),
  })
  .openapi("AccessToken");

export const ConnectedAppSchema = z
  .object({
    id: z.string().openapi({ description: "The grant's id" }),
    client_id: z.string(),
    client_name: z.string().openapi({ description: "As the app registered itself: not verified" }),
    scope: ScopeSchema,
    created_at: z.string(),
    expires_at: z.string().nullable(),
  })
  .openapi("ConnectedApp");

export const McpCallSchema = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(["tool", "resource"]),
    name: z.string().openapi({ description: "The tool's name or the resource's URI" }),
    via: z.enum(["token", "app"]),
    via_name: z.string().openapi({ description: "The token's or the app's name at the time" }),
    ok: z.boolean(),
    error: z.string().nullable(),
  })
  .openapi("McpCall");
