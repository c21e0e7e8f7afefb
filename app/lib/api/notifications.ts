/**
 * The bell's panel's and the preferences' calls: the newest notifications, marking
 * them read, sending a failed e-mail again, and the preferences (the unread count, which every
 * page reads, is in app/lib/stores/notification-counts.ts). Each throws a
 * `ServiceError` carrying a "Failed to …" message and what the server said.
 */
import type { NotificationKind, NotificationSettings } from "~/domain/notifications";
import { apiRequest, type PageMeta } from "./client";
import { MESSAGES } from "./messages";
import { orThrow, queryString, ServiceError } from "./workspace";

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

/** `all`: the newest first; `unread` only those; `failed` the e-mails that could not be sent. */
export type NotificationFilter = "all" | "unread" | "failed";

export const notificationsApi = {
  async list(query: { filter?: NotificationFilter; page?: number; limit?: number }) {
    const result = await apiRequest<AppNotification[]>(`/notifications${queryString(query)}`);
    if (result.error) throw new ServiceError(MESSAGES.fetchNotifications, result.error);
    return { items: result.data, meta: result.meta as (PageMeta & { unread: number }) | undefined };
  },
  /** Marks these (or, with `"all"`, every notification) read; answers the unread left. */
  markRead: (which: readonly string[] | "all") =>
    orThrow(
      apiRequest<{ unread: number }>("/notifications/read", {
        method: "POST",
        body: which === "all" ? { all: true } : { ids: which },
      }),
      MESSAGES.markNotificationsRead,
    ),
  retry: (id: string) =>
    orThrow(
      apiRequest<AppNotification>(`/notifications/${encodeURIComponent(id)}/retry`, {
        method: "POST",
      }),
      MESSAGES.retryNotificationEmail,
    ),
};
