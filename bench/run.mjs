// `npm run bench`: bundle sizes, login-page JavaScript, and request rates against a bare Worker.
// Writes bench/RESULTS.md. Needs a build (it runs one when build/ is missing).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import {
  applyMigrations,
  build,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureDevVars,
  ROOT,
  startWrangler,
  wranglerEnv,
} from "../scripts/lib.mjs";
import { startFakeOpenAI } from "../tests/fakes/openai-server.mjs";

const OUT = join(ROOT, "bench", ".out");
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 3) * 1000;
const ROUNDS = 3;
const CONCURRENCY = 16;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function workerBundle() {
  const outdir = join(OUT, "worker");
  rmSync(outdir, { recursive: true, force: true });
  execFileSync(
    join(ROOT, "node_modules", ".bin", "wrangler"),
    ["deploy", "--dry-run", "--minify", "--outdir", outdir],
    {
      cwd: ROOT,
      env: wranglerEnv(),
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const code = filesUnder(outdir).filter((f) => /\.(m?js|wasm)$/.test(f));
  const raw = code.reduce((sum, f) => sum + statSync(f).size, 0);
  const gzip = code.reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);
  return { raw, gzip };
}

async function loginPageScripts(origin) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts = new Set();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (response.request().resourceType() === "script" && url.origin === origin)
      scripts.add(url.pathname);
  });
  await page.goto(`${origin}/home`, { waitUntil: "networkidle" });
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  await browser.close();
  let gzip = 0;
  let raw = 0;
  for (const path of scripts) {
    const bytes = readFileSync(join(ROOT, "build", "client", path));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { files: scripts.size, raw, gzip };
}

async function requestRate(url, headers = {}) {
  const deadline = Date.now() + DURATION_MS;
  let count = 0;
  let failures = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.ok) count += 1;
      else failures += 1;
    }
  };
  // Warm up, then measure.
  for (let i = 0; i < 50; i += 1) await (await fetch(url, { headers })).arrayBuffer();
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  if (failures) throw new Error(`${url}: ${failures} failed requests`);
  return count / ((Date.now() - started) / 1000);
}

const clock = () => performance.timeOrigin + performance.now();
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** Reads a chat stream; resolves with when the first content chunk arrived, chunks and bytes. */
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

/**
 * The AI stream relay: how long after the fake provider writes its first content chunk that
 * chunk reaches a client through the Worker (the fake runs in this process, so both times come
 * from one clock), and how fast a long answer passes through compared with reading the fake
 * directly.
 */
async function streamRelay(origin, authorization) {
  const ask = (content, model) =>
    fetch(`${origin}/api/ai/openai/stream`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authorization },
      body: JSON.stringify({ model, messages: [{ role: "user", content }] }),
    });
  const delays = [];
  for (let i = 0; i < 20; i += 1) {
    fake.log.length = 0;
    const { firstContentAt } = await readStream(
      await ask(`What is a cap rate? (${i})`, "fake-pace-50"),
    );
    delays.push(firstContentAt - fake.log[0].firstChunkAt);
  }
  const throughput = async (request) => {
    const runs = [];
    for (let i = 0; i < 3; i += 1) {
      const started = clock();
      const { bytes, chunks } = await readStream(await request());
      const seconds = (clock() - started) / 1000;
      runs.push({ chunksPerSecond: chunks / seconds, bytesPerSecond: bytes / seconds });
    }
    return runs.sort((x, y) => x.chunksPerSecond - y.chunksPerSecond)[1];
  };
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
  const sorted = [...delays].sort((x, y) => x - y);
  return {
    delays,
    median: median(delays),
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
    relayed,
    direct,
  };
}

ensureDevVars();
if (!existsSync(join(ROOT, "build", "server", "index.js"))) build();
const persistTo = join(OUT, "state");
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);

console.log("Measuring the Worker bundle...");
const bundle = workerBundle();

const appPort = 8797;
const barePort = 8798;
const fake = await startFakeOpenAI({ paceMs: 50 });
const app = await startWrangler({
  port: appPort,
  persistTo,
  quiet: true,
  vars: { OPENAI_API_KEY: "bench-key", OPENAI_BASE_URL: `${fake.url}/v1` },
});
const bare = await startWrangler({
  port: barePort,
  config: join(ROOT, "bench", "bare", "wrangler.toml"),
  quiet: true,
});
const origin = `http://127.0.0.1:${appPort}`;

try {
  console.log("Measuring the login page's JavaScript...");
  const login = await loginPageScripts(origin);

  const account = {
    email: `bench-${Date.now()}@example.com`,
    password: "benchmark password",
    first_name: "Bench",
    last_name: "Mark",
  };
  const registered = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(account),
  });
  const { data } = await registered.json();
  const authorization = { Authorization: `Bearer ${data.token}` };
  const post = (path, body) =>
    fetch(`${origin}/api${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...authorization },
      body: JSON.stringify(body),
    });
  for (let i = 0; i < 50; i += 1) {
    await post("/projects", {
      name: `Bench deal ${i}`,
      type: "brrrr",
      status: "analyzing",
      budget: 1000 * i,
    });
  }

  console.log("Timing an import of 1,000 properties...");
  const importRows = Array.from({ length: 1000 }, (_, i) => ({
    address: `${i + 1} Bench Street`,
    city: "Dayton",
    state: "OH",
    zip: "45402",
    beds: 3,
    baths: 2,
    squareFeet: 1400,
    listPrice: 150000 + i,
    rentEstimate: 1500,
  }));
  const importTimes = [];
  for (let round = 0; round < 3; round += 1) {
    const started = performance.now();
    const imported = await post("/data/properties", importRows);
    if (!imported.ok) throw new Error(`Import failed: ${imported.status}`);
    importTimes.push(performance.now() - started);
  }

  console.log("Measuring the AI stream relay...");
  const relay = await streamRelay(origin, authorization);

  console.log(`Measuring request rates (${ROUNDS} rounds of ${DURATION_MS / 1000} s each)...`);
  // Interleaved rounds, median of each, so drift on a shared 2-core machine hits all alike.
  const samples = { bare: [], health: [], me: [], projects: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    samples.bare.push(await requestRate(`http://127.0.0.1:${barePort}/`));
    samples.health.push(await requestRate(`${origin}/api/health`));
    samples.me.push(await requestRate(`${origin}/api/auth/me`, authorization));
    samples.projects.push(await requestRate(`${origin}/api/projects?limit=50`, authorization));
  }
  const bareRate = median(samples.bare);
  const healthRate = median(samples.health);
  const meRate = median(samples.me);
  const projectsRate = median(samples.projects);
  const importTime = median(importTimes);
  const ratio = (rate) => `${rate.toFixed(0)} req/s (${(rate / bareRate).toFixed(2)}×)`;

  const verdict = (ok) => (ok ? "✅" : "❌");
  const rows = [
    ["Worker bundle, minified", kb(bundle.raw), "—", ""],
    [
      "Worker bundle, minified + gzip",
      kb(bundle.gzip),
      "≤ 450 KB",
      verdict(bundle.gzip <= 450 * 1024),
    ],
    [`Login page JavaScript (${login.files} files), raw`, kb(login.raw), "—", ""],
    ["Login page JavaScript, gzip", kb(login.gzip), "≤ 110 KB", verdict(login.gzip <= 110 * 1024)],
    ["Bare hello-world Worker", `${bareRate.toFixed(0)} req/s`, "baseline", ""],
    ["GET /api/health (D1 + KV)", ratio(healthRate), "—", ""],
    [
      "GET /api/auth/me (JWT + KV session)",
      ratio(meRate),
      "≥ 0.5×",
      verdict(meRate / bareRate >= 0.5),
    ],
    [
      "GET /api/projects?limit=50 (session + one D1 batch)",
      ratio(projectsRate),
      "≥ 0.5×",
      verdict(projectsRate / bareRate >= 0.5),
    ],
    [
      `AI stream: fake's first chunk → client (median of ${relay.delays.length}; p95)`,
      `${relay.median.toFixed(1)} ms (p95 ${relay.p95.toFixed(1)} ms)`,
      "≤ 20 ms",
      verdict(relay.median <= 20),
    ],
    [
      "AI stream: 1,000-chunk answer through the Worker (median of 3)",
      `${relay.relayed.chunksPerSecond.toFixed(0)} chunks/s, ${kb(relay.relayed.bytesPerSecond)}/s`,
      "—",
      "",
    ],
    [
      "Same answer straight from the fake (no Worker)",
      `${relay.direct.chunksPerSecond.toFixed(0)} chunks/s, ${kb(relay.direct.bytesPerSecond)}/s`,
      "reference",
      "",
    ],
    [
      "POST /api/data/properties, 1,000 rows (median of 3: first import, 2 re-imports)",
      `${(importTime / 1000).toFixed(2)} s (${importTimes.map((t) => (t / 1000).toFixed(2)).join(", ")})`,
      "< 2 s",
      verdict(importTime < 2000),
    ],
  ];
  const table = [
    "| measure | result | target | |",
    "|---|---|---|---|",
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
  const report = `# Benchmarks

Produced by \`npm run bench\` (bench/run.mjs) on ${new Date().toISOString().slice(0, 10)}, on this
project's machine (${cpus().length} cores, Node ${process.version}). Request rates are local
\`wrangler dev\` (workerd) with local D1 and KV, driven by ${CONCURRENCY} concurrent Node \`fetch\`
loops on the same machine: ${ROUNDS} interleaved rounds of ${DURATION_MS / 1000} s per endpoint, median
shown. The bare Worker runs under the same wrangler in the same run, so the ratios are the
comparable figures; absolute rates are bounded by the load generator sharing the 2 cores.

${table}

Why \`GET /api/projects\` misses its target locally: every D1 query in local workerd is a call
into a separate SQLite-backed object on the same two cores; \`GET /api/health\` (one \`SELECT 1\`
plus a KV read) shows that floor at about 0.3× the bare Worker, and the projects list (one D1
batch holding the page and its count) sits just under it. The handler does no other work worth
removing (the session comes from KV, the list and count share one round trip). Answering from a
cache instead of D1 would meet the ratio but serve stale pipelines after an edit, so it is not
done; the figure to watch is the deployed one, where D1 runs beside the Worker.

The AI stream figures use the local fake OpenAI-compatible server (tests/fakes) running inside the
benchmark process, so the moment it writes its first content chunk and the moment that chunk
reaches the client through \`wrangler dev\` come from one clock; chunks are 50 ms apart so each
arrives on its own. Throughput streams a 1,000-chunk answer with no pause between chunks, through
the Worker and straight from the fake; the fake's own pace (one timer per chunk) bounds both.
`;
  writeFileSync(join(ROOT, "bench", "RESULTS.md"), report);
  console.log(report);
} finally {
  app.kill("SIGTERM");
  bare.kill("SIGTERM");
  fake.server.closeAllConnections();
  fake.server.close();
}
process.exit(0);
