// The AI stream relay: how long after the fake provider writes its first content chunk that chunk
// reaches a client through the Worker (the fake runs in this process, so both times come from one
// clock), and how fast a long answer passes through compared with reading the fake directly.
import { clock, kb, median, percentile } from "../figures.mjs";

export const FIRST_CHUNK_TARGET_MS = 20;
const FIRST_CHUNK_SAMPLES = 20;
/** Far enough apart that each chunk travels on its own. */
const PACED_CHUNK_MS = 50;
const THROUGHPUT_RUNS = 3;

/** Reads a chat stream: when the first content chunk arrived, how many chunks and bytes. */
async function readStream(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let firstContentAt = null;
  let text = "";
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    text += decoder.decode(value, { stream: true });
    if (firstContentAt === null && /"content":"[^"]/.test(text)) firstContentAt = clock();
  }
  return { firstContentAt, bytes, chunks: (text.match(/^data: /gm) ?? []).length };
}

/** The middle of THROUGHPUT_RUNS streams, by chunks per second. */
async function throughput(request) {
  const runs = [];
  for (let i = 0; i < THROUGHPUT_RUNS; i += 1) {
    const started = clock();
    const { bytes, chunks } = await readStream(await request());
    const seconds = (clock() - started) / 1000;
    runs.push({ chunksPerSecond: chunks / seconds, bytesPerSecond: bytes / seconds });
  }
  return runs.sort((x, y) => x.chunksPerSecond - y.chunksPerSecond)[Math.floor(runs.length / 2)];
}

/** @returns {Promise<import("../report.mjs").Measured>} */
export async function measureStreamRelay(origin, account, fake) {
  const ask = (content, model) =>
    fetch(`${origin}/api/ai/openai/stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...account.authorization },
      body: JSON.stringify({ model, messages: [{ role: "user", content }] }),
    });
  const delays = [];
  for (let i = 0; i < FIRST_CHUNK_SAMPLES; i += 1) {
    fake.log.length = 0;
    const { firstContentAt } = await readStream(
      await ask(`What is a cap rate? (${i})`, `fake-pace-${PACED_CHUNK_MS}`),
    );
    delays.push(firstContentAt - fake.log[0].firstChunkAt);
  }
  const relayed = await throughput(() => ask("Give me a long answer", "fake-pace-0"));
  const direct = await throughput(() =>
    fetch(`${fake.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer bench-key" },
      body: JSON.stringify({
        model: "fake-pace-0",
        stream: true,
        messages: [{ role: "user", content: "Give me a long answer" }],
      }),
    }),
  );
  return describeStreamRelay({ delays, relayed, direct });
}

const rate = ({ chunksPerSecond, bytesPerSecond }) =>
  `${chunksPerSecond.toFixed(0)} chunks/s, ${kb(bytesPerSecond)}/s`;

/**
 * The rows and prose for these figures (separate from the measuring, so it can be tested).
 * @returns {import("../report.mjs").Measured}
 */
export function describeStreamRelay({ delays, relayed, direct }) {
  const typical = median(delays);
  const kept = relayed.chunksPerSecond / direct.chunksPerSecond;
  const bound =
    kept >= 0.9
      ? "so the fake's own pace (one timer per chunk), not the relay, sets the rate"
      : `so the relay costs ${(100 * (1 - kept)).toFixed(0)}% of the rate the fake can send`;
  return {
    rows: [
      {
        measure: `AI stream: fake's first chunk → client (median of ${delays.length}; p95)`,
        result: `${typical.toFixed(1)} ms (p95 ${percentile(delays, 95).toFixed(1)} ms)`,
        target: `≤ ${FIRST_CHUNK_TARGET_MS} ms`,
        met: typical <= FIRST_CHUNK_TARGET_MS,
      },
      {
        measure: `AI stream: 1,000-chunk answer through the Worker (median of ${THROUGHPUT_RUNS})`,
        result: rate(relayed),
      },
      {
        measure: "Same answer straight from the fake (no Worker)",
        result: rate(direct),
        target: "reference",
      },
    ],
    notes: [
      "The AI stream figures use the local fake OpenAI-compatible server (tests/fakes) running " +
        "inside the benchmark process, so the moment it writes its first content chunk and the " +
        "moment that chunk reaches the client through `wrangler dev` come from one clock; chunks " +
        `are ${PACED_CHUNK_MS} ms apart so each arrives on its own. Throughput streams a ` +
        "1,000-chunk answer with no pause between chunks, through the Worker and straight from " +
        `the fake: through the Worker it keeps ${(100 * kept).toFixed(0)}% of the fake's direct ` +
        `rate, ${bound}.`,
    ],
  };
}
