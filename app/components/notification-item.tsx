/**
 * One notification as the bell's panel and the preferences' "Couldn't send" list show it: title,
 * body and when, marked while unread, the record it opens, and an e-mail that could not be sent
 * with what went wrong and Try again.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { formatDateTime } from "~/domain/format";
import { inlineParts } from "~/domain/inline-markdown";
import { formatRelative } from "~/domain/relative-time";
import type { NotificationsAnswer } from "~/features/shell/notifications.server";
import { MESSAGES } from "~/lib/api/messages";
import type { AppNotification } from "~/lib/api/notifications";
import type { Refused } from "~/lib/record-action";
import { NOTIFICATIONS_ROUTE, showNotificationCounts } from "~/lib/stores/notification-counts";
import { toast } from "~/lib/toast";

/**
 * Try again on an e-mail that could not be sent, through the bell's route: said in a toast, the
 * bell's count taken from the answer. The lists showing it are read again after it, as after any
 * change (the preferences' "Couldn't send" then no longer lists it), so the answer is taken as it
 * arrives, before that read may take the item away.
 */
function useRetryEmail(notification: AppNotification) {
  const { submit, state, data: answer } = useFetcher<NotificationsAnswer | Refused>();
  const { title } = notification;
  useEffect(() => {
    if (!answer) return;
    if ("message" in answer) {
      toast.error(`${MESSAGES.retryNotificationEmail}: ${answer.message}`);
      return;
    }
    showNotificationCounts(answer.counts);
    toast.success(`“${title}”: sending again`);
  }, [answer, title]);
  const retry = () =>
    submit(
      { intent: "retry", id: notification.id },
      { method: "post", action: NOTIFICATIONS_ROUTE, encType: "application/json" },
    );
  return { retry, retrying: state !== "idle" };
}

export function NotificationItem(props: {
  notification: AppNotification;
  /** The record was opened (its link followed): the caller marks it read. */
  onOpen?: (notification: AppNotification) => void;
}) {
  const { notification } = props;
  const { retry, retrying } = useRetryEmail(notification);
  const unread = !notification.readAt;
  const title = (
    <span className={`block ${unread ? "font-semibold" : "font-medium text-muted"}`}>
      {notification.title}
      {unread && <span className="sr-only"> (unread)</span>}
    </span>
  );
  return (
    <li
      data-testid="notification"
      data-unread={unread || undefined}
      className={`relative rounded-lg px-3 py-2.5 ${unread ? "bg-accent/10" : ""}`}
    >
      {unread && (
        <span aria-hidden className="absolute top-4 left-1 size-1.5 rounded-full bg-accent" />
      )}
      {notification.link ? (
        <Link
          to={notification.link}
          onClick={() => props.onOpen?.(notification)}
          className="hover:underline"
        >
          {title}
        </Link>
      ) : (
        title
      )}
      <p className="mt-0.5 text-sm whitespace-pre-line text-muted">
        {inlineParts(notification.body).map((part, i) =>
          part.type === "link" ? (
            <Link
              key={i}
              to={part.path}
              onClick={() => props.onOpen?.(notification)}
              className="text-accent hover:underline"
            >
              {part.text}
            </Link>
          ) : part.type === "bold" ? (
            <strong key={i} className="font-semibold text-fg">
              {part.text}
            </strong>
          ) : (
            part.text
          ),
        )}
      </p>
      <time
        dateTime={notification.createdAt}
        title={formatDateTime(notification.createdAt)}
        className="mt-1 block text-xs text-muted"
      >
        {formatRelative(notification.createdAt)}
      </time>
      {notification.email.status === "failed" && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-danger">
            Couldn&apos;t send: {notification.email.error ?? "the e-mail provider refused it"}
          </span>
          <button
            type="button"
            disabled={retrying}
            onClick={() => void retry()}
            className="btn-secondary px-2 py-1 text-xs"
          >
            {retrying ? "Sending..." : "Try again"}
          </button>
        </div>
      )}
    </li>
  );
}
