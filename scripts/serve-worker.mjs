// A Worker served as `wrangler dev` serves it (the same workerd, local D1, KV, R2 and Queues, the
// same proxy in front), but without the DevTools relay wrangler's CLI always attaches: it copies
// each of the Worker's subrequests (every D1 query is one) to Node as a debug log, appended to a
// file, which costs more CPU than the query. Production has no such relay, so the request-rate
// benchmarks serve through this (bench/measures/request-rates.mjs); everything else uses the CLI,
// whose inspector a developer's DevTools can attach to.
//
// `node scripts/serve-worker.mjs <config> <port> [persist-to] [--test-scheduled]`, with
// WRANGLER_REGISTRY_PATH naming the dev registry as for the CLI and SERVE_WORKER_VARS the vars
// that `--var` would set (a JSON object). Runs until SIGTERM.
import { unstable_startWorker } from "wrangler";

const [config, port, persist, ...flags] = process.argv.slice(2);
const vars = Object.entries(JSON.parse(process.env.SERVE_WORKER_VARS ?? "{}"));
const worker = await unstable_startWorker({
  config,
  // The CLI works this out from compatibility_flags' nodejs_compat; the API is told.
  build: { nodejsCompatMode: "v2" },
  bindings: Object.fromEntries(
    vars.map(([name, value]) => [name, { type: "plain_text", value: String(value) }]),
  ),
  dev: {
    server: { hostname: "127.0.0.1", port: Number(port) },
    inspector: false,
    persist: persist || undefined,
    registry: process.env.WRANGLER_REGISTRY_PATH,
    testScheduled: flags.includes("--test-scheduled"),
    watch: false,
    liveReload: false,
    logLevel: "error",
  },
});
await worker.ready;
const stop = async () => {
  await worker.dispose();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
