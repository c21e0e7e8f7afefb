/**
 * Notifications as the bell and the preferences show them: the API's shapes. The bell reads and
 * changes them through its own route (app/routes/shell.notifications.ts), the preferences through
 * Connections'; the unread count, which every page polls, is in
 * app/lib/stores/notification-counts.ts.
 */
import type { NotificationKind, NotificationSettings } from "~/domain/notifications";

export type EmailStatus = "none" | "waiting" | "queued" | "sending" | "sent" | "failed";

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The record's path inside the app; opening it marks the notification read. */
  link: string | null;
  createdAt: string;
  readAt: string | null;
  email: { status: EmailStatus; error: string | null; attempts: number };
}

export interface NotificationCounts {
  unread: number;
  /** E-mails that could not be sent (the "Couldn't send" list). */
  failed: number;
}

/**
 * The preferences as the API answers them: `zoneChosen` says whether the user picked the zone,
 * `emailConfirmed` whether anything may be e-mailed yet.
 */
export type NotificationPreferences = NotificationSettings & {
  zoneChosen: boolean;
  emailConfirmed: boolean;
};
