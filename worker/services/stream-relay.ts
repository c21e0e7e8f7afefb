/** Relaying a provider's Server-Sent Events stream to the browser. */
import { createSseParser } from "../../app/domain/ai/sse";
import type { Answer } from "./conversations";

export interface Relayed {
  text: string;
  usage: Answer["usage"];
  /** The latest citations the chunks carried (Perplexity). */
  citations: string[];
  stopped: boolean;
}

/**
 * Passes the upstream SSE bytes through as they arrive (no buffering: it reads the next chunk only
 * when the client wants one), keeps the text it carries, and reports the end once: finished,
 * or stopped when the client went away (then the upstream request is cancelled too).
 */
export function relayStream(
  upstream: ReadableStream<Uint8Array>,
  onEnd: (relayed: Relayed) => void,
  /** The incoming request's signal: it fires when the client hangs up. */
  clientGone?: AbortSignal,
) {
  const reader = upstream.getReader();
  const decoder = new TextDecoder();
  const parse = createSseParser();
  let text = "";
  let usage: Answer["usage"] = null;
  let citations: string[] = [];
  let ended = false;
  /** Saw `data: [DONE]`: the provider finished. A stream that just stops was cut off. */
  let finished = false;
  const end = (stopped: boolean) => {
    if (ended) return;
    ended = true;
    onEnd({ text, usage, citations, stopped });
  };
  // workerd does not always cancel the body stream when the client goes away (it may just drop
  // the pending read), so the request's own abort signal also ends the relay.
  const hangUp = () => {
    end(true);
    reader.cancel("client disconnected").catch(() => {});
  };
  if (clientGone?.aborted) hangUp();
  else clientGone?.addEventListener("abort", hangUp);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            // When the client hangs up, workerd may end the upstream read before cancelling us.
            end(!finished);
            controller.close();
            return;
          }
          for (const chunk of parse(decoder.decode(value, { stream: true }))) {
            text += chunk.content;
            if (chunk.usage) usage = chunk.usage;
            if (chunk.citations?.length) citations = chunk.citations;
            if (chunk.done) finished = true;
          }
          controller.enqueue(value);
        } catch (error) {
          // After the client left, the read fails because we cancelled it: nothing to report.
          if (ended) return;
          end(true);
          controller.error(error);
        }
      },
      async cancel(reason) {
        end(true);
        await reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
