/**
 * The bell's unread count (issue 31), one for the whole shell: read when the workspace opens,
 * every minute while the tab is seen, when the tab is seen again, and after anything that changes
 * the list (marking read, sending again). A failed read keeps the last count.
 */
import { useEffect } from "react";
import { createStore } from "zustand";
import { notificationsApi, type NotificationCounts } from "../api/notifications";

export const UNREAD_POLL_MS = 60_000;

export interface NotificationCountsState {
  /** Null until first read. */
  counts: NotificationCounts | null;
  refresh: () => Promise<void>;
}

export const notificationCounts = createStore<NotificationCountsState>()((set) => {
  let newest = 0;
  return {
    counts: null,
    async refresh() {
      const asked = ++newest;
      try {
        const counts = await notificationsApi.counts();
        // An answer overtaken by a later read (after a change) is not shown.
        if (asked === newest) set({ counts });
      } catch {
        // The bell keeps its last count; the next read tries again.
      }
    },
  };
});

/** Whatever changed the list: the bell reads its count again. */
export const notificationsChanged = () => void notificationCounts.getState().refresh();

/** Polls the count while the shell is mounted (called once, by the shell). */
export function usePolledNotificationCounts() {
  useEffect(() => {
    const { refresh } = notificationCounts.getState();
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(() => void refresh(), UNREAD_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        void refresh();
        start();
      } else clearInterval(timer);
    };
    void refresh();
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
}
