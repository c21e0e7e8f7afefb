import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { PreloadHandle } from "./lib/preloadable";

type RouteModules = Record<string, { handle?: Partial<PreloadHandle> } | undefined>;

/**
 * The code-split views the server rendered are loaded with the page's route modules (which
 * Remix's inline script has imported by now), then the page hydrates whole. A view that fails to
 * load is left to the route's error boundary, as it was.
 */
const routes = (window as unknown as { __remixRouteModules?: RouteModules }).__remixRouteModules;
const url = new URL(window.location.href);
const rendered = Promise.all(
  Object.values(routes ?? {}).map((route) => route?.handle?.preloadRendered?.(url)),
).catch(() => undefined);

// This runs after the first paint: the scripts only start downloading then (scripts-after-paint).
void rendered.then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
