/**
 * Code-split views the server can render into the HTML itself. A `lazy()` view still loading when
 * React sends the shell is streamed in later behind an inline script, so a browser without
 * JavaScript keeps its skeleton; the server therefore loads a page's views before rendering it
 * (a route's `handle.preload`, awaited in entry.server.tsx). The browser still loads them lazily.
 */
import { lazy, type ComponentType } from "react";

type ViewModule<P> = {
  default: ComponentType<P>;
  /** What else the view shows at `url` that is code-split itself (an opened record's page). */
  preload?: (url: URL) => Promise<unknown>;
};

export function preloadable<P>(load: () => Promise<ViewModule<P>>) {
  let loaded: ViewModule<P> | undefined;
  // A thenable that calls back at once is taken by React as already resolved: no suspending.
  const settled = (module: ViewModule<P>) =>
    ({ then: (resolve: (value: ViewModule<P>) => void) => resolve(module) }) as unknown as Promise<
      ViewModule<P>
    >;
  const View = lazy(() => (loaded ? settled(loaded) : load()));
  const preload = async (url?: URL) => {
    loaded ??= await load();
    if (url) await loaded.preload?.(url);
  };
  return Object.assign(View, { preload });
}

export type Preloadable<P> = ReturnType<typeof preloadable<P>>;

/** A route's `handle`: what its first screen needs loaded before the server renders `url`. */
export interface PreloadHandle {
  preload: (url: URL) => Promise<unknown>;
  /**
   * In the browser, before hydrating (entry.client.tsx): the views the server rendered into this
   * page, so hydration does not wait for a second round of downloads, and a tap on a part of the
   * page works once the page is hydrated (a view still loading leaves its part dehydrated).
   */
  preloadRendered?: (url: URL) => Promise<unknown>;
}
