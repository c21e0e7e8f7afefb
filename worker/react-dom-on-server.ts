/**
 * Stands in for `react-dom` and `react-dom/server` in the Worker bundle (see the `[alias]` in
 * wrangler.toml). The Worker only renders HTML to a stream; the browser's renderer (about 40 KB
 * of gzipped Worker) came in because components and libraries import `createPortal` or
 * `flushSync` from `react-dom` for what they do in the browser, and `react-dom/server` brought
 * the legacy string renderer beside the streaming one (about 11 KB). What they may call while
 * rendering on the server behaves as React's own does there.
 */
// @ts-expect-error: the streaming renderer's build has no declarations of its own.
import { renderToPipeableStream } from "../node_modules/react-dom/cjs/react-dom-server.node.production.min.js";
import { version, type ReactNode } from "react";
import type {
  ReactDOMServerReadableStream,
  renderToReadableStream as RenderToReadableStream,
  RenderToReadableStreamOptions,
} from "react-dom/server";

/** The bytes React wrote since its last flush, as one chunk. */
function joined(chunks: Uint8Array[], size: number) {
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/**
 * React's `renderToReadableStream`, rendered by its Node build: the page is the same HTML, for
 * about a third less of the Worker's time. The browser build writes a page in 512-byte chunks,
 * encoding each piece of text into a new array, and every chunk then costs workerd a turn through
 * the streams (a page of 200 KB is 400 of them, a quarter of its time). The Node build encodes
 * into 2 KB buffers, and what it writes between two flushes (the shell, then each boundary that
 * resolves) goes out here as one chunk. It writes to a Node stream: the object below stands in
 * for one, and the options and `allReady` are the browser build's.
 */
export const renderToReadableStream: typeof RenderToReadableStream = (
  children: ReactNode,
  { signal, ...options }: RenderToReadableStreamOptions = {},
) =>
  new Promise<ReactDOMServerReadableStream>((resolve, reject) => {
    let allDone!: () => void;
    let allFailed!: (error: unknown) => void;
    const allReady = new Promise<void>((done, failed) => {
      allDone = done;
      allFailed = failed;
    });
    // As the browser build's: a caller that does not wait for it is not told it failed.
    allReady.catch(() => {});
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (started) => {
        controller = started;
      },
      cancel(reason) {
        ended = true;
        render.abort(reason);
      },
    });
    let written: Uint8Array[] = [];
    let size = 0;
    // React ends the stream once it has given up (aborted), perhaps again: it is ended once.
    let ended = false;
    const destination = {
      write(chunk: Uint8Array) {
        written.push(chunk);
        size += chunk.byteLength;
        // Never full: React need not wait for a "drain".
        return true;
      },
      flush() {
        if (!size || ended) return;
        controller.enqueue(joined(written, size));
        written = [];
        size = 0;
      },
      end() {
        destination.flush();
        if (!ended) controller.close();
        ended = true;
      },
      destroy(error: unknown) {
        allFailed(error);
        if (!ended) controller.error(error);
        ended = true;
      },
      // "drain", "error" and "close" never come: the stream's `cancel` aborts instead.
      on: () => destination,
    };
    const render = renderToPipeableStream(children, {
      ...options,
      onShellReady() {
        render.pipe(destination);
        resolve(Object.assign(stream, { allReady }));
      },
      onShellError(error: unknown) {
        allFailed(error);
        reject(error);
      },
      onAllReady: () => allDone(),
    });
    signal?.addEventListener("abort", () => render.abort(signal.reason), { once: true });
  });

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
