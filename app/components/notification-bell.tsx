/**
 * The bell: the unread count in its name and on a badge, and the panel it opens. The panel (the
 * list, its calls and states) is downloaded when the bell is first opened, so every page carries
 * only this button.
 */
import { Bell } from "lucide-react";
import { useStore } from "zustand";
import type { NotificationCounts } from "~/lib/api/notifications";
import { notificationCounts } from "~/lib/stores/notification-counts";

/** "Notifications, 3 unread, 1 e-mail not sent": what the badge shows, in words. */
export function bellLabel(counts: NotificationCounts | null) {
  const parts = ["Notifications"];
  if (counts?.unread) parts.push(`${counts.unread} unread`);
  if (counts?.failed)
    parts.push(`${counts.failed} e-mail${counts.failed === 1 ? "" : "s"} not sent`);
  return parts.join(", ");
}

export const NOTIFICATION_PANEL_ID = "notifications-panel";

export function NotificationBell(props: {
  /** What the page came with: shown until the shell's store has counts (server, hydration). */
  countsAtStart: NotificationCounts | null;
  open: boolean;
  onToggle: (bell: HTMLButtonElement) => void;
  className?: string;
}) {
  const counts = useStore(notificationCounts, (state) => state.counts) ?? props.countsAtStart;
  const unread = counts?.unread ?? 0;
  return (
    <button
      type="button"
      onClick={(event) => props.onToggle(event.currentTarget)}
      aria-label={bellLabel(counts)}
      aria-expanded={props.open}
      aria-controls={props.open ? NOTIFICATION_PANEL_ID : undefined}
      aria-haspopup="dialog"
      data-testid="notification-bell"
      className={`relative size-10 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg ${props.className ?? "grid"}`}
    >
      <Bell aria-hidden className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="notification-badge"
          className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-accent px-1 text-[10px] leading-none font-semibold text-accent-fg"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
      {!unread && Boolean(counts?.failed) && (
        <span aria-hidden className="absolute top-2 right-2 size-2 rounded-full bg-danger" />
      )}
    </button>
  );
}
