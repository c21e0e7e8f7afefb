/**
 * Stands in for `react-dom` and `react-dom/server` in the Worker bundle (see the `[alias]` in
 * wrangler.toml). The Worker only renders HTML to a stream; the browser's renderer (about 40 KB
 * of gzipped Worker) came in because components and libraries import `createPortal` or
 * `flushSync` from `react-dom` for what they do in the browser, and `react-dom/server` brought
 * the legacy string renderer beside the streaming one (about 11 KB). What they may call while
 * rendering on the server behaves as React's own does there.
 */
// @ts-expect-error: the streaming renderer's build has no declarations of its own.
import { renderToReadableStream as renderStream } from "../node_modules/react-dom/cjs/react-dom-server.browser.production.min.js";
import { version } from "react";
import type { renderToReadableStream as RenderToReadableStream } from "react-dom/server";

export const renderToReadableStream: typeof RenderToReadableStream = renderStream;

/** React's server renderer cannot render a portal either: it throws for one. */
export function createPortal(): never {
  throw new Error("Portals are not currently supported by the server renderer.");
}

/** Nothing is painted on the server: the updates simply run. */
export function flushSync<R>(run?: () => R): R | undefined {
  return run?.();
}
export function unstable_batchedUpdates<A, R>(run: (a: A) => R, a: A): R {
  return run(a);
}

function browserOnly(): never {
  throw new Error("react-dom's browser renderer is not part of the Worker.");
}
export const createRoot = browserOnly;
export const hydrateRoot = browserOnly;
export const render = browserOnly;
export const hydrate = browserOnly;
export const findDOMNode = browserOnly;
export const unmountComponentAtNode = browserOnly;
export { version };

export default {
  createPortal,
  flushSync,
  unstable_batchedUpdates,
  createRoot,
  hydrateRoot,
  render,
  hydrate,
  findDOMNode,
  unmountComponentAtNode,
  version,
};
