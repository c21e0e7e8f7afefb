// The Worker's start-up: the CPU time workerd spends evaluating the bundle before it can answer,
// from `wrangler check startup` (a CPU profile of the start-up phase), median of three runs.
// Samples in "(idle)" and "(program)" (the runtime itself) are left out.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { applyMigrations, ROOT, startWrangler, wranglerEnv } from "../../scripts/lib.mjs";
import { clock, median } from "../figures.mjs";

/** DESIGN.md, "Worker size and start-up": at most 100 ms. */
export const STARTUP_TARGET_MS = 100;
const RUNS = 3;

/** Milliseconds of script time in a V8 CPU profile (separate, so it can be tested). */
export function scriptMilliseconds(profile) {
  const names = new Map(profile.nodes.map((node) => [node.id, node.callFrame.functionName]));
  let micros = 0;
  for (let i = 1; i < profile.samples.length; i += 1) {
    const name = names.get(profile.samples[i]);
    if (name !== "(idle)" && name !== "(program)") micros += profile.timeDeltas[i];
  }
  return micros / 1000;
}

/** @returns {import("../report.mjs").Measured} */
export function measureStartup(outDir) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const outfile = join(outDir, `startup-${run}.cpuprofile`);
    rmSync(outfile, { force: true });
    execFileSync(
      join(ROOT, "node_modules", ".bin", "wrangler"),
      ["check", "startup", "--outfile", outfile],
      {
        cwd: ROOT,
        env: wranglerEnv(),
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    runs.push(scriptMilliseconds(JSON.parse(readFileSync(outfile, "utf8"))));
  }
  const ms = median(runs);
  return {
    rows: [
      {
        measure: "Worker start-up: script evaluation (wrangler check startup, median of 3)",
        result: `${ms.toFixed(0)} ms (${runs.map((r) => r.toFixed(0)).join(", ")})`,
        target: `≤ ${STARTUP_TARGET_MS} ms`,
        met: ms <= STARTUP_TARGET_MS,
      },
    ],
    notes: [
      "Start-up is the CPU time of evaluating the Worker's top level in local workerd, profiled " +
        "(sampling adds overhead) on this shared 2-core machine; Google's client libraries are " +
        "loaded with `import()` on the first call that talks to Google, so they are not in it.",
    ],
  };
}

/** Milliseconds of one GET, its body read. */
async function timedGet(url) {
  const started = clock();
  await (await fetch(url)).arrayBuffer();
  return clock() - started;
}

/**
 * The API is evaluated on the first /api request rather than at start-up (worker/index.ts), so
 * that request pays for it: a fresh `wrangler dev`, readied by a page (not the API), then the
 * first GET /api/health against the median of the next ten. Three fresh servers, median of each.
 * @returns {Promise<import("../report.mjs").Measured>}
 */
export async function measureFirstApiRequest(outDir, port) {
  const firsts = [];
  const laters = [];
  for (let run = 0; run < RUNS; run += 1) {
    const persistTo = join(outDir, `first-api-${run}`);
    rmSync(persistTo, { recursive: true, force: true });
    applyMigrations(persistTo);
    const server = await startWrangler({ port, persistTo, quiet: true, readyPath: "/home" });
    try {
      const url = `http://127.0.0.1:${port}/api/health`;
      firsts.push(await timedGet(url));
      const next = [];
      for (let i = 0; i < 10; i += 1) next.push(await timedGet(url));
      laters.push(median(next));
    } finally {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
  }
  const first = median(firsts);
  const later = median(laters);
  return {
    rows: [
      {
        measure: "First GET /api/health of a new isolate (evaluates the API), median of 3",
        result: `${first.toFixed(0)} ms (later requests ${later.toFixed(0)} ms)`,
      },
    ],
    notes: [
      "Start-up leaves out the API: its routes, schemas and tools are evaluated by the first /api " +
        "request of an isolate (worker/index.ts), whose time is on the row above; pages never " +
        "load it.",
    ],
  };
}
