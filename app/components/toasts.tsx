/**
 * The toasts (sonner), shown by the signed-in app only: the login screen has none, so its first
 * load does not carry sonner (~10 KB gzip; bench/RESULTS.md, "Login page JavaScript").
 */
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "~/lib/layout";
import { useTheme } from "~/lib/theme";
import { NOTIFICATIONS_SHORTCUT } from "~/shortcuts";

/** sonner names a hotkey by the event's modifier flags and key code: Alt+T is altKey + KeyT. */
const TOASTER_HOTKEY = [
  ...(NOTIFICATIONS_SHORTCUT.alt ? ["altKey"] : []),
  `Key${NOTIFICATIONS_SHORTCUT.key.toUpperCase()}`,
];

export function Toasts() {
  const { theme } = useTheme();
  return (
    <Toaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      theme={theme}
      hotkey={TOASTER_HOTKEY}
      closeButton
    />
  );
}
