import { z } from "@hono/zod-openapi";

export const UserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    created_at: z.string(),
  })
  .openapi("User");

export const SessionSchema = z.object({ token: z.string(), user: UserSchema }).openapi("Session");
export const MessageSchema = z.object({ message: z.string() });
