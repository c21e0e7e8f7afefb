/**
 * The one door to the toasts: sonner's `toast`, with sonner and its list loaded on the first toast
 * rather than with every page (~10 KB gzip that a page shows nothing of until someone acts; issue
 * 28, item 7). A toast asked for while sonner loads is shown once it has, in order, with its id
 * kept, so a later `dismiss(id)` or a toast of the same id still finds it.
 */
import type { ExternalToast, toast as SonnerToast } from "sonner";

type Sonner = typeof import("sonner");
type Message = Parameters<typeof SonnerToast>[0];
type Custom = Parameters<typeof SonnerToast.custom>[0];

let shown: Sonner | null = null;
let waiting: ((sonner: Sonner) => void)[] = [];
let wanted: (() => void) | null = null;

function call(show: (sonner: Sonner) => void, load = true) {
  if (shown) return show(shown);
  waiting.push(show);
  if (load) wanted?.();
}

/**
 * For the toasts' list (components/toasts.tsx): `load` is called on the first toast; `ready`
 * once sonner's list is on the page, which shows the toasts asked for meanwhile.
 */
export function toastList(load: () => void) {
  wanted = load;
  if (waiting.length) load();
  return {
    ready(sonner: Sonner) {
      shown = sonner;
      const due = waiting;
      waiting = [];
      for (const show of due) show(sonner);
    },
    /** The list is gone (signed out): later toasts wait for the next one. */
    gone() {
      shown = null;
      wanted = null;
    },
  };
}

let last = 0;
const withId = (data?: ExternalToast) => ({ ...data, id: data?.id ?? `toast-${++last}` });

const kind =
  (name: "success" | "error" | "warning" | "info") => (message: Message, data?: ExternalToast) => {
    const options = withId(data);
    call(({ toast }) => toast[name](message, options));
    return options.id;
  };

/** sonner's `toast`, as much of it as AI42 uses. */
export const toast = Object.assign(
  (message: Message, data?: ExternalToast) => {
    const options = withId(data);
    call(({ toast }) => toast(message, options));
    return options.id;
  },
  {
    success: kind("success"),
    error: kind("error"),
    warning: kind("warning"),
    info: kind("info"),
    custom: (render: Custom, data?: ExternalToast) => {
      const options = withId(data);
      call(({ toast }) => toast.custom(render, options));
      return options.id;
    },
    /** Nothing to dismiss is no reason to load sonner: it waits with the toasts it follows. */
    dismiss: (id?: string | number) => call(({ toast }) => toast.dismiss(id), false),
  },
);
