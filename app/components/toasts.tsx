/**
 * The toasts' list (sonner), in the signed-in app only, and loaded with the first toast
 * (lib/toast.ts): neither the login screen nor a page nobody has acted on yet carries sonner
 * (~10 KB gzip; bench/RESULTS.md, "Login page JavaScript", "JavaScript on a phone").
 */
import { useEffect, useState } from "react";
import { toastList } from "~/lib/toast";
import { TOAST_DURATION_MS } from "~/lib/layout";
import { useTheme } from "~/lib/theme";
import { NOTIFICATIONS_SHORTCUT } from "~/shortcuts";

/** sonner names a hotkey by the event's modifier flags and key code: Alt+T is altKey + KeyT. */
const TOASTER_HOTKEY = [
  ...(NOTIFICATIONS_SHORTCUT.alt ? ["altKey"] : []),
  `Key${NOTIFICATIONS_SHORTCUT.key.toUpperCase()}`,
];

type Sonner = typeof import("sonner");

export function Toasts() {
  const { theme } = useTheme();
  const [sonner, setSonner] = useState<Sonner | null>(null);
  const [list, setList] = useState<ReturnType<typeof toastList> | null>(null);
  useEffect(() => {
    const opened = toastList(() => {
      // A failed download (offline) leaves the toasts waiting for the next one to try again.
      import("sonner").then(setSonner, () => undefined);
    });
    setList(opened);
    return () => opened.gone();
  }, []);
  // sonner's list has subscribed to its toasts (a child's effects run first): show the waiting.
  useEffect(() => {
    if (sonner) list?.ready(sonner);
  }, [sonner, list]);
  if (!sonner) return null;
  const { Toaster } = sonner;
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
