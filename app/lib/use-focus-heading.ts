/**
 * After an in-app navigation the new page's heading takes the focus, so a keyboard or screen
 * reader user starts on the page they opened rather than back in the sidebar (WCAG 2.4.3). The
 * first page of a visit keeps the browser's own start, and a page that places the focus itself
 * (a link to an entry, a form) keeps it. A module loads lazily: its heading may arrive after the
 * path changed, so it is waited for (a few seconds at most).
 */
import { useEffect, useRef, type RefObject } from "react";

const WAIT_MS = 5000;

export function useFocusHeading(path: string, main: RefObject<HTMLElement | null>) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    // A link to a place in the page (#entry): the page brings that into view and focus.
    if (!root || window.location.hash) return;
    const focusHeading = () => {
      const active = document.activeElement;
      // The page has placed the focus itself (a form's first field, a chosen entry): leave it.
      if (active && active !== root && root.contains(active)) return true;
      const heading = root.querySelector("h1");
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [path, main]);
}
