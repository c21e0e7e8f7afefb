/**
 * Stands in for `sonner` in the Worker bundle (see the `[alias]` in wrangler.toml). Toasts are
 * shown only in the browser, which loads sonner with the first one (app/components/toasts.tsx,
 * app/lib/toast.ts); the Worker never renders or calls it, yet bundled its ~10 KB gzip because
 * those modules name it in a dynamic import. Anything that reaches it on the server is a mistake.
 */
function browserOnly(): never {
  throw new Error("sonner shows toasts in the browser only");
}

export const toast = browserOnly;
export const Toaster = browserOnly;
