/**
 * The bell's panel: the newest notifications, Mark all read, and the way to the preferences. A
 * popover beside the bell, not a modal: Escape or a click elsewhere closes it (the focus goes back
 * to the bell), Tab and the arrow keys move through it. Downloaded when the bell is first opened.
 */
import { Link, useFetcher } from "@remix-run/react";
import { Settings, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { modulePath } from "~/domain/modules";
import type { AppNotification } from "~/lib/api/notifications";
import { MESSAGES } from "~/lib/api/messages";
import { NOTIFICATIONS_ROUTE, useMarkRead } from "~/lib/stores/notification-counts";
import type { loader } from "~/routes/shell.notifications";
import { NOTIFICATION_PANEL_ID } from "./notification-bell";
import { NotificationItem } from "./notification-item";
import { ErrorNotice } from "./ui";

const GAP = 8;
const WIDTH = 384;

/** Beside the bell when there is room (the desktop sidebar), else under it, across the screen. */
function placeBeside(bell: HTMLElement): React.CSSProperties {
  const box = bell.getBoundingClientRect();
  const room = window.innerWidth - box.right - GAP * 2;
  if (room >= WIDTH)
    return {
      left: box.right + GAP,
      top: box.top,
      width: WIDTH,
      maxHeight: innerHeight - box.top - GAP,
    };
  return {
    left: GAP,
    right: GAP,
    top: box.bottom + GAP / 2,
    maxHeight: innerHeight - box.bottom - GAP,
  };
}

export default function NotificationPanel(props: {
  bell: HTMLButtonElement;
  /** `returnFocus`: the bell gets the focus back (Escape, Close); not when a link was followed. */
  onClose: (returnFocus: boolean) => void;
}) {
  const { bell, onClose } = props;
  const panel = useRef<HTMLDivElement>(null);
  // Only ever rendered in the browser (a click opens it), so the bell's box is there to read.
  const [place, setPlace] = useState(() => placeBeside(bell));
  // The list is read as the panel opens, and again after each change made anywhere on the page.
  const list = useFetcher<typeof loader>();
  const { load } = list;
  const read = () => load(NOTIFICATIONS_ROUTE);
  useEffect(() => void load(NOTIFICATIONS_ROUTE), [load]);
  const answer = list.data;
  const failure = answer && "message" in answer ? answer.message : null;
  const items = answer && "items" in answer ? answer.items : undefined;
  const unread = items?.filter((item) => !item.readAt) ?? [];
  const { mark, marking } = useMarkRead();

  useEffect(() => {
    const follow = () => setPlace(placeBeside(bell));
    window.addEventListener("resize", follow);
    return () => window.removeEventListener("resize", follow);
  }, [bell]);

  useEffect(() => {
    panel.current?.focus();
    // A press outside the panel and its bell closes it, leaving the focus where the press put it.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !bell.contains(target)) onClose(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [bell, onClose]);

  function open(notification: AppNotification) {
    onClose(false);
    if (!notification.readAt) void mark([notification.id]);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    const stops = [
      ...panel.current!.querySelectorAll<HTMLElement>("a[href], button:not([disabled])"),
    ];
    if (!stops.length) return;
    event.preventDefault();
    const at = stops.indexOf(document.activeElement as HTMLElement);
    const step = event.key === "ArrowDown" ? 1 : -1;
    stops[(at + step + stops.length) % stops.length]!.focus();
  }

  return (
    <div
      ref={panel}
      id={NOTIFICATION_PANEL_ID}
      role="dialog"
      aria-labelledby="notifications-heading"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={place}
      className="fixed z-50 flex flex-col overflow-hidden rounded-2xl border border-line bg-surface text-fg shadow-2xl shadow-black/40 outline-none"
    >
      <div className="flex items-center gap-2 border-b border-line px-4 py-3">
        <h2 id="notifications-heading" className="flex-1 font-semibold">
          Notifications
        </h2>
        <button
          type="button"
          onClick={() => void mark("all")}
          disabled={marking || !unread.length}
          className="rounded-lg px-2 py-1 text-sm text-accent hover:bg-raised disabled:text-muted disabled:opacity-60"
        >
          Mark all read
        </button>
        <button
          type="button"
          onClick={() => onClose(true)}
          aria-label="Close notifications"
          className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div
        className="min-h-0 flex-1 overflow-y-auto p-2"
        aria-busy={list.state === "loading" || undefined}
      >
        {failure !== null ? (
          <ErrorNotice message={`${MESSAGES.fetchNotifications}: ${failure}`} onRetry={read} />
        ) : !items ? (
          <p className="px-3 py-6 text-center text-sm text-muted" role="status">
            Loading...
          </p>
        ) : items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted">Nothing new.</p>
        ) : (
          <ul aria-label="Newest notifications" className="space-y-1">
            {items.map((item) => (
              <NotificationItem key={item.id} notification={item} onOpen={open} />
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-line px-4 py-2.5">
        <Link
          to={modulePath("connections", { section: "notifications" })}
          onClick={() => onClose(false)}
          className="inline-flex items-center gap-2 text-sm text-muted hover:text-fg"
        >
          <Settings aria-hidden className="size-4" /> Preferences
        </Link>
      </div>
    </div>
  );
}
