import { z } from "@hono/zod-openapi";
import type { DriveFile, GmailMessage, GoogleStatus } from "../../../app/domain/google";

export const GoogleStatusSchema = z
  .object({
    configured: z
      .boolean()
      .openapi({ description: "Whether this AI42 has a Google OAuth client (GOOGLE_CLIENT_ID…)" }),
    connected: z.boolean(),
    email: z.string().optional(),
    scopes: z.array(z.string()).optional(),
    needsReconnect: z.boolean().optional(),
    lastSyncAt: z.string().optional(),
  })
  .openapi("GoogleStatus") satisfies z.ZodType<GoogleStatus & { configured: boolean }>;

export const GmailMessageSchema = z
  .object({
    id: z.string(),
    threadId: z.string(),
    from: z.string(),
    subject: z.string(),
    snippet: z.string(),
    date: z.string().nullable(),
    unread: z.boolean(),
  })
  .openapi("GmailMessage") satisfies z.ZodType<GmailMessage>;

export const DriveFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mimeType: z.string(),
    modifiedTime: z.string().nullable(),
    webViewLink: z.string().nullable(),
    iconLink: z.string().nullable(),
  })
  .openapi("DriveFile") satisfies z.ZodType<DriveFile>;
