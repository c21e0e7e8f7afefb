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
 * How long the relay waits for the client to take the chunk it was handed before it counts the
 * client as gone. A connected browser takes each small SSE chunk at once (the socket's buffers
 * hold a whole answer); only a client that left stops taking them.
 */
export const CLIENT_IDLE_MS = 10_000;

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
  idleMs = CLIENT_IDLE_MS,
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
  let idle: ReturnType<typeof setTimeout> | undefined;
  const end = (stopped: boolean) => {
    clearTimeout(idle);
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
  // Nor does it always tell us at all: sometimes it drops the response without a signal or a
  // cancel, then stops calling pull, and the answer would never be saved. A client that has not
  // taken a chunk for `idleMs` is gone.
  const watch = () => {
    clearTimeout(idle);
    if (!ended) idle = setTimeout(hangUp, idleMs);
  };
  watch();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        clearTimeout(idle);
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
          watch();
        } catch (error) {
          // After the client left, the read fails because we cancelled it: nothing to report.
          if (ended) return;
          end(true);
          controller.error(error);
        }
      },
      async cancel(reason) {
        end(true);
        // The upstream may have failed meanwhile (its connection lost): the client is gone either
        // way, and a failed cancel would only surface as an uncaught error in the Worker.
        await reader.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}
