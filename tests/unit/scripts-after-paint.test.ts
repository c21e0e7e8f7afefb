import { describe, expect, it } from "vitest";
import { HELD_MODULE, HELD_PRELOAD } from "../../app/lib/scripts-after-paint";
import { holdScriptsUntilPaint } from "../../app/lib/scripts-after-paint.server";

/** The HTML as the browser receives it when the server's stream comes in these pieces. */
async function received(pieces: string[]) {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(holdScriptsUntilPaint())).text();
}

const SCRIPTS =
  '<p>Tom&#x27;s “duplex” 🏠 type=&quot;module&quot;</p><link rel="modulepreload" href="/assets/entry.client-x.js"/>' +
  '<script nonce="n">window.__remixContext = {"text":"rel=\\"modulepreload\\""};</script>' +
  '<script nonce="n" type="module" async="">import "/assets/manifest.js";</script>';
const HELD = SCRIPTS.replace('rel="modulepreload"', `rel="${HELD_PRELOAD}"`).replace(
  ' type="module"',
  ` type="${HELD_MODULE}"`,
);

describe("holding a page's scripts until its first paint", () => {
  it("renames the module preloads and the module script, and nothing else", async () => {
    expect(await received([SCRIPTS])).toBe(HELD);
    // A user's text with those words (escaped by React) and the page's data are left as they are.
    expect(HELD).toContain("type=&quot;module&quot;");
    expect(HELD).toContain('rel=\\"modulepreload\\"');
  });

  it("finds them wherever the stream is cut, and never splits a character", async () => {
    // Cut at every byte: inside the words, and inside the emoji's four bytes.
    const bytes = new TextEncoder().encode(SCRIPTS);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const decoder = new TextDecoder();
      const pieces = [bytes.slice(0, cut), bytes.slice(cut)];
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          pieces.forEach((piece) => controller.enqueue(piece));
          controller.close();
        },
      });
      const out = await new Response(source.pipeThrough(holdScriptsUntilPaint())).arrayBuffer();
      expect(decoder.decode(out)).toBe(HELD);
    }
  });

  it("renames every preload of a long page, among text in any script", async () => {
    const rows = Array.from({ length: 400 }, (_, i) => `<td data-i="${i}">Ünïcode “${i}” 🏠</td>`);
    const preloads = Array.from(
      { length: 40 },
      (_, i) => `<link rel="modulepreload" href="/assets/m${i}.js"/>`,
    );
    const page = [...rows, ...preloads, SCRIPTS].join("");
    const held = page
      .replaceAll('rel="modulepreload"', `rel="${HELD_PRELOAD}"`)
      .replaceAll(' type="module"', ` type="${HELD_MODULE}"`);
    // In 700-byte chunks (cutting characters too), and as one chunk.
    const bytes = new TextEncoder().encode(page);
    for (const size of [700, bytes.length]) {
      const source = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += size)
            controller.enqueue(bytes.slice(at, at + size));
          controller.close();
        },
      });
      expect(await new Response(source.pipeThrough(holdScriptsUntilPaint())).text()).toBe(held);
    }
  });

  it("passes a page without scripts through unchanged", async () => {
    const page = "<!DOCTYPE html><html><body><h1>Shared analysis</h1></body></html>";
    expect(await received(page.split(""))).toBe(page);
  });
});
