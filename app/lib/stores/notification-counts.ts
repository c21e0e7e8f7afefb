/**
 * The bell's unread count, one for the whole shell: with the page (or read when the workspace opens
 * without one), every minute while the tab is seen, when the tab is seen again, and after anything
 * that changes the list (marking read, sending again). A failed read keeps the last count.
 */
import { useEffect } from "react";
import { createStore } from "zustand";
import { apiRequest } from "../api/client";
import { orThrow } from "../api/workspace";
import { MESSAGES } from "../api/messages";
import type { NotificationCounts } from "../api/notifications";

export const UNREAD_POLL_MS = 60_000;

/** Null until known. */
export const notificationCounts = createStore<{ counts: NotificationCounts | null }>()(() => ({
  counts: null,
}));

/**
 * `GET /notifications/unread`. Here rather than in api/notifications.ts, which the bell's panel
 * and the preferences download when they open: every page carries this file.
 */
export const readNotificationCounts = () =>
  orThrow(apiRequest<NotificationCounts>("/notifications/unread"), MESSAGES.fetchNotifications);

let newest = 0;

/** Reads the count again; an answer overtaken by a later read is not shown. */
export async function refreshNotificationCounts() {
  const asked = ++newest;
  try {
    const counts = await readNotificationCounts();
    if (asked === newest) notificationCounts.setState({ counts });
  } catch {
    // The bell keeps its last count; the next read tries again.
  }
}

/** Whatever changed the list: the bell reads its count again. */
export const notificationsChanged = () => void refreshNotificationCounts();

/**
 * Polls the count while the shell is mounted (called once, by the shell), starting from the
 * counts the page came with, if any.
 */
export function usePolledNotificationCounts(atStart: NotificationCounts | null) {
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(notificationsChanged, UNREAD_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        notificationsChanged();
        start();
      } else clearInterval(timer);
    };
    if (atStart) notificationCounts.setState({ counts: atStart });
    else notificationsChanged();
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      // Signed out: the next account starts from its own counts.
      notificationCounts.setState({ counts: null });
    };
  }, [atStart]);
}
