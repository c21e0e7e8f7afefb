import { createElement as h, Suspense, type ReactNode } from "react";
// @ts-expect-error: React's own browser build, to compare with; its types are react-dom/server's.
import { renderToReadableStream as renderByBrowserBuild } from "react-dom/server.browser";
import { describe, expect, it } from "vitest";
import { renderToReadableStream } from "../../worker/react-dom-on-server";

/** A part of the page that waits for its data, as a deferred loader's does: ready after `ms`. */
function waiting(text: string, ms: number) {
  let ready = false;
  const arrived = new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => {
    ready = true;
  });
  return function Waiting() {
    if (!ready) throw arrived;
    return h("p", null, text);
  };
}

/** A page with a user's text (accents, an emoji, markup to escape) and one part streamed later. */
function page() {
  const Later = waiting("Tom’s “duplex” 🏠 <b>sold</b>", 20);
  return h(
    "html",
    null,
    h("body", null, [
      h("h1", { key: "h", className: "title" }, "Possible Investments — 1,000 properties"),
      h("ul", { key: "l" }, [
        ...Array.from({ length: 300 }, (_, i) => h("li", { key: i, "data-i": i }, `${i} Bench St`)),
      ]),
      h(Suspense, { key: "s", fallback: h("p", null, "Loading...") }, h(Later)),
    ]),
  );
}

async function chunksOf(render: (node: ReactNode) => Promise<ReadableStream<Uint8Array>>) {
  const stream = await render(page());
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>)
    chunks.push(decoder.decode(chunk, { stream: true }));
  return chunks;
}

describe("the Worker's React renderer", () => {
  it("writes the HTML React's browser build writes, nonce included", async () => {
    const options = { nonce: "n0nce", bootstrapScriptContent: "window.started = 1" };
    const ours = await chunksOf((node) => renderToReadableStream(node, options));
    const browsers = await chunksOf((node) => renderByBrowserBuild(node, options));
    expect(ours.join("")).toBe(browsers.join(""));
    expect(ours.join("")).toContain('<script nonce="n0nce">window.started = 1</script>');
  });

  it("sends the shell as one chunk, then each part as it resolves", async () => {
    const chunks = await chunksOf((node) => renderToReadableStream(node));
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toContain("Loading...");
    expect(chunks[0]).toContain("299 Bench St");
    expect(chunks[1]).toContain("Tom’s “duplex” 🏠 &lt;b&gt;sold&lt;/b&gt;");
  });

  it("has allReady settle once the streamed parts are written", async () => {
    const stream = await renderToReadableStream(page());
    await stream.allReady;
    const html = await new Response(stream).text();
    expect(html).toContain("&lt;b&gt;sold");
  });

  it("stops when the request goes away", async () => {
    const aborted = new AbortController();
    const stream = await renderToReadableStream(page(), {
      signal: aborted.signal,
      onError: () => {},
    });
    aborted.abort(new Error("The client went away"));
    // The waiting part is given up: its fallback stays, and the stream ends.
    const html = await new Response(stream).text();
    expect(html).toContain("Loading...");
    expect(html).not.toContain("sold");
  });
});
