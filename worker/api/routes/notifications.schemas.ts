import { z } from "@hono/zod-openapi";
import { HH_MM, NOTIFICATION_KINDS } from "../../../app/domain/notifications";
import { isTimeZone } from "../../../app/domain/today";
import { EMAIL_STATUSES } from "../../db/schema";

export const KindSchema = z.enum(NOTIFICATION_KINDS);

/** Which notifications to mark read: some (`ids`) or `all`. */
export const NotificationReadSchema = z
  .union([
    z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ])
  .openapi("NotificationRead");

export const NotificationSchema = z
  .object({
    id: z.string(),
    kind: KindSchema,
    title: z.string(),
    body: z.string().openapi({
      description:
        "Plain text with markdown links to records (`[12 Oak St](/auction/…)`) and **bold** headings",
    }),
    link: z.string().nullable().openapi({ description: "The record's path in the app" }),
    createdAt: z.string(),
    readAt: z.string().nullable(),
    email: z
      .object({
        status: z.enum(EMAIL_STATUSES).openapi({
          description:
            "`none` (not e-mailed), `waiting` (quiet hours), `queued`, `sending`, `sent`, or `failed` after its last attempt (see `error`)",
        }),
        error: z.string().nullable().openapi({ description: "Why the last attempt failed" }),
        attempts: z.number().int(),
      })
      .openapi("NotificationEmail"),
  })
  .openapi("Notification");

export const CountsSchema = z
  .object({
    unread: z.number().int().openapi({ description: "Notifications in the bell not yet read" }),
    failed: z.number().int().openapi({ description: "E-mails that could not be sent" }),
  })
  .openapi("NotificationCounts");

export const ChoiceSchema = z.object({ inApp: z.boolean(), email: z.boolean() });

export const NotificationSettingsSchema = z
  .object({
    timeZone: z.string(),
    zoneChosen: z.boolean().openapi({
      description:
        "False while the zone follows the browser's at each sign-in; true once the user chose one",
    }),
    briefHour: z.number().int().nullable().openapi({
      description: "The daily brief's hour (0–23) in `timeZone`; null: no brief",
    }),
    quietHours: z
      .object({ start: z.string(), end: z.string() })
      .nullable()
      .openapi({ description: "No e-mail between these wall-clock times (it waits until `end`)" }),
    channels: z.record(KindSchema, ChoiceSchema),
    emailConfirmed: z.boolean().openapi({
      description:
        "False until the user opens the link e-mailed at sign-up (POST /auth/confirm-email/resend sends another): until then nothing is e-mailed, and a kind chosen by e-mail is shown in the app",
    }),
  })
  .openapi("NotificationSettings");

export const UnsubscribedSchema = z
  .object({ kind: KindSchema, label: z.string() })
  .openapi("Unsubscribe");

const TimeSchema = z
  .string()
  .regex(HH_MM, { error: "Use a time like 22:00" })
  .openapi({ example: "22:00" });
const QuietHoursSchema = z
  .object({ start: TimeSchema, end: TimeSchema })
  .refine((quiet) => quiet.start !== quiet.end, {
    error: "Quiet hours start and end at different times",
    path: ["end"],
  });

/** A change of the preferences: any of their fields (`PUT /api/notifications/settings`). */
export const SettingsChangeSchema = z
  .object({
    timeZone: z
      .string()
      .max(64)
      .refine(isTimeZone, { error: "Use a time zone like America/New_York" })
      .optional(),
    briefHour: z
      .number({ error: "Choose an hour from 0 to 23, or none" })
      .int()
      .min(0, { error: "Choose an hour from 0 to 23, or none" })
      .max(23, { error: "Choose an hour from 0 to 23, or none" })
      .nullable()
      .optional(),
    quietHours: QuietHoursSchema.nullable().optional(),
    channels: z.partialRecord(KindSchema, ChoiceSchema.partial()).optional(),
  })
  .strict()
  .openapi("NotificationSettingsChange");
