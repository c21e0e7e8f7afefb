import { describe, expect, it } from "vitest";
import { relayStream, type Relayed } from "../../worker/services/stream-relay";

const event = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** A provider stream that hands out one event per read and records whether it was cancelled. */
function provider(events: string[]) {
  const state = { cancelled: false, sent: 0 };
  const bytes = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.sent === events.length) return controller.close();
        controller.enqueue(bytes.encode(events[state.sent]!));
        state.sent += 1;
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function relayed(upstream: ReadableStream<Uint8Array>, clientGone?: AbortSignal, idleMs = 60) {
  let result: Relayed | undefined;
  const body = relayStream(upstream, (r) => (result = r), clientGone, idleMs);
  return { body, ended: () => result };
}

describe("relaying a provider's stream", () => {
  it("passes every event through and reports a finished answer", async () => {
    const { stream } = provider([event("Cap"), event(" rate"), "data: [DONE]\n\n"]);
    const { body, ended } = relayed(stream);
    const text = await new Response(body).text();
    expect(text).toContain('"content":" rate"');
    expect(ended()).toMatchObject({ text: "Cap rate", stopped: false });
  });

  it("counts a stream cut off before [DONE] as stopped", async () => {
    const { stream } = provider([event("Cap")]);
    const { body, ended } = relayed(stream);
    await new Response(body).text();
    expect(ended()).toMatchObject({ text: "Cap", stopped: true });
  });

  it("ends as stopped, keeping the text so far, when the client hangs up", async () => {
    const { stream, state } = provider([event("one"), event(" two"), event(" three")]);
    const hangUp = new AbortController();
    const { body, ended } = relayed(stream, hangUp.signal);
    const reader = body.getReader();
    await reader.read();
    hangUp.abort();
    expect(ended()).toMatchObject({ text: "one", stopped: true });
    await sleep(0);
    expect(state.cancelled).toBe(true);
  });

  it("takes a client's hang-up quietly when the provider's connection failed meanwhile", async () => {
    const bytes = new TextEncoder();
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.encode(event("Cap")));
      },
      cancel() {
        throw new Error("Network connection lost.");
      },
    });
    const { body, ended } = relayed(upstream);
    const reader = body.getReader();
    await reader.read();
    await expect(reader.cancel("client disconnected")).resolves.toBeUndefined();
    expect(ended()).toMatchObject({ text: "Cap", stopped: true });
  });

  it("ends as stopped when the client silently stops taking chunks", async () => {
    const { stream, state } = provider([event("one"), event(" two"), event(" three")]);
    const { body, ended } = relayed(stream, new AbortController().signal, 60);
    const reader = body.getReader();
    await reader.read();
    await reader.read();
    expect(ended()).toBeUndefined();
    await sleep(150);
    expect(ended()).toMatchObject({ text: "one two", stopped: true });
    expect(state.cancelled).toBe(true);
    // Had the client only been slow, it now sees the stream end instead of waiting forever.
    expect(await reader.read()).toEqual({ done: true, value: undefined });
  });

  it("keeps going for a client that reads slowly but steadily", async () => {
    const { stream } = provider([event("a"), event("b"), event("c"), "data: [DONE]\n\n"]);
    const { body, ended } = relayed(stream, undefined, 60);
    const reader = body.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
      await sleep(30);
    }
    expect(ended()).toMatchObject({ text: "abc", stopped: false });
  });
});
