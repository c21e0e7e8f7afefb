/**
 * The bell's unread count, one for the whole shell: with the page (or read when the workspace opens
 * without one), every minute while the tab is seen, when the tab is seen again, and as the bell's
 * route answers a change of the list (marking read, sending again). A failed read keeps the last
 * count. The count stays a call to the API: a read the shell polls, which a route's loader would
 * read with the whole page again.
 */
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import { createStore } from "zustand";
import type { NotificationsAnswer } from "~/features/shell/notifications.server";
import { apiRequest } from "../api/client";
import { orThrow } from "../api/workspace";
import { MESSAGES } from "../api/messages";
import type { NotificationCounts } from "../api/notifications";
import type { Refused } from "../record-action";
import { toast } from "../toast";

/** The bell's own route (app/routes/shell.notifications.ts): the panel's list and its changes. */
export const NOTIFICATIONS_ROUTE = "/shell/notifications";

/**
 * The fetcher marking read goes through, kept by the shell: opening a notification closes the
 * panel, and the count its answer brings must still reach the bell.
 */
const MARK_READ_FETCHER = "notifications-mark-read";

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

/** The counts a change of the list was answered with, shown over a read still on its way. */
export function showNotificationCounts(counts: NotificationCounts) {
  newest += 1;
  notificationCounts.setState({ counts });
}

const readCounts = () => void refreshNotificationCounts();

/** Marks these notifications read (or, with `"all"`, every one) through the bell's route. */
export function useMarkRead() {
  const { submit, state } = useFetcher<NotificationsAnswer | Refused>({ key: MARK_READ_FETCHER });
  const mark = useCallback(
    (which: readonly string[] | "all") =>
      submit(which === "all" ? { intent: "read-all" } : { intent: "read", ids: [...which] }, {
        method: "post",
        action: NOTIFICATIONS_ROUTE,
        encType: "application/json",
      }),
    [submit],
  );
  return { mark, marking: state !== "idle" };
}

/** The shell's side of `useMarkRead`: each answer's counts shown, a refusal said. */
function useMarkReadAnswers() {
  const answer = useFetcher<NotificationsAnswer | Refused>({ key: MARK_READ_FETCHER }).data;
  useEffect(() => {
    if (!answer) return;
    if ("counts" in answer) showNotificationCounts(answer.counts);
    else toast.error(`${MESSAGES.markNotificationsRead}: ${answer.message}`);
  }, [answer]);
}

/**
 * Polls the count while the shell is mounted (called once, by the shell), starting from the
 * counts the page came with, if any.
 */
export function usePolledNotificationCounts(atStart: NotificationCounts | null) {
  useMarkReadAnswers();
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      clearInterval(timer);
      timer = setInterval(readCounts, UNREAD_POLL_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") {
        readCounts();
        start();
      } else clearInterval(timer);
    };
    if (atStart) notificationCounts.setState({ counts: atStart });
    else readCounts();
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
