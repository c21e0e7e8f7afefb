// Where a signed-in page's server time goes: a CPU profile of the Worker's isolate while it answers
// a page again and again, taken through `wrangler dev`'s DevTools inspector, for an account like
// the request rates' (bench/pages-alone.mjs: 1,000 properties, 3,000 auctions, an analysis, a
// project). For each page it prints the isolate's busy time a request and the largest self times
// by bundled module (esbuild's `// path` comment above each module in the bundle) and by function,
// and the largest inclusive times, each as a share of the busy time; the raw profiles are kept in
// bench/.out/profiles/<page>.cpuprofile for DevTools' Performance panel.
//
// The profile covers this isolate's JavaScript only. The rest of workerd's work for a page (its
// local D1 and KV, each a separate object on the same thread, and the HTTP around it) is not in
// it: /proc/<pid>/stat of the workerd process (bench/measures/workerd-memory.mjs) counts it all.
// Sampling slows the isolate, so the rates themselves are pages-alone.mjs's to measure.
//
// `node --experimental-websocket bench/profile-pages.mjs [path …]` (Node 22 has WebSocket without
// the flag); by default /home, /possible-investments and the property's page. PROFILE_PORT and
// PROFILE_INSPECTOR_PORT choose the ports, PROFILE_REQUESTS how many requests each profile spans.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  applyMigrations,
  buildUnlessPresent,
  ensureDevVars,
  ROOT,
  startWrangler,
} from "../scripts/lib.mjs";
import { analysedProperty, linkedProject, signUpAndIn } from "./accounts.mjs";
import { auctionRows, propertyRows } from "./measures/imports.mjs";

const PORT = Number(process.env.PROFILE_PORT ?? 8848);
const INSPECTOR_PORT = Number(process.env.PROFILE_INSPECTOR_PORT ?? 9248);
const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 300);
const CONCURRENCY = 8;
const WARM_UP_REQUESTS = 50;
/** Microseconds between samples: fine enough for functions of a few microseconds a request. */
const SAMPLING_INTERVAL_US = 200;
const TOP = 25;
const OUT = join(ROOT, "bench", ".out", "profiles");

const { WebSocket } = globalThis;
if (!WebSocket)
  throw new Error("No WebSocket here: run under Node 22, or Node 20 with --experimental-websocket");

/** A DevTools protocol session with the isolate `wrangler dev` serves. */
async function openInspector(port) {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  // Wrangler's inspector proxy admits a local page's DevTools only: a socket that says so.
  const socket = new WebSocket(target.webSocketDebuggerUrl, {
    headers: { Origin: "http://localhost" },
  });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`The inspector at ${port} refused the connection`));
  });
  let lastId = 0;
  const waiting = new Map();
  /** Where each script the debugger has reported lives (wrangler names the bundle's file). */
  const scripts = new Map();
  socket.onmessage = ({ data }) => {
    const message = JSON.parse(data);
    if (message.method === "Debugger.scriptParsed")
      scripts.set(message.params.scriptId, message.params.url);
    const answer = waiting.get(message.id);
    if (!answer) return;
    waiting.delete(message.id);
    if (message.error) answer.reject(new Error(`${answer.method}: ${message.error.message}`));
    else answer.resolve(message.result);
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      lastId += 1;
      waiting.set(lastId, { method, resolve, reject });
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  return { send, scripts, close: () => socket.close() };
}

/** `requests` GETs of `url`, `CONCURRENCY` at a time, each read to its end and checked. */
async function load(url, headers, requests) {
  let left = requests;
  const loop = async () => {
    while (left > 0) {
      left -= 1;
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
}

/**
 * Where each line of a bundle belongs: the module whose esbuild `// path` comment comes last
 * before it, named by its package (node_modules) or its path in the project.
 */
function moduleLines(source) {
  const starts = [];
  source.split("\n").forEach((line, number) => {
    const path = /^\/\/ ([\w@./+-]+\.[cm]?[jt]sx?)$/.exec(line)?.[1];
    if (!path) return;
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    starts.push([number, inPackage ? inPackage[1] : path]);
  });
  return (line) => {
    let low = 0;
    let high = starts.length - 1;
    let found = "(before any module)";
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (starts[middle][0] <= line) {
        found = starts[middle][1];
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
}

/** Self and inclusive microseconds by function and by module, from a V8 CPU profile. */
function summarise(profile, scripts) {
  // The Worker's bundle is read from its file (the inspector does not hand over a source that
  // large); the runtime's own modules (`cloudflare-internal:d1-api`) are named by their URL.
  const sourceOf = new Map();
  for (const { callFrame } of profile.nodes) {
    const { scriptId, url } = callFrame;
    if (scriptId === "0" || sourceOf.has(scriptId)) continue;
    const file = scripts.get(scriptId);
    sourceOf.set(
      scriptId,
      file?.startsWith("file:") ? moduleLines(readFileSync(new URL(file), "utf8")) : () => url,
    );
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parentOf.set(child, node);
  const describe = ({ callFrame: { functionName, scriptId, lineNumber } }) => {
    const module = scriptId === "0" ? "" : sourceOf.get(scriptId)(lineNumber);
    return {
      fn: `${functionName || "(anonymous)"}${module ? ` ${module}:${lineNumber + 1}` : ""}`,
      module: module || functionName,
    };
  };
  const self = { fn: new Map(), module: new Map() };
  const inclusive = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  let busy = 0;
  let idle = 0;
  // Each sample stands for one interval of the isolate's time, the typical one. The time until
  // the next sample would also count the moments the thread waited for a core (two cores, shared
  // with the load and wrangler), all of them on the sample just before.
  const us = [...profile.timeDeltas].sort((a, b) => a - b)[profile.timeDeltas.length >> 1];
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node.callFrame.functionName === "(idle)") {
      idle += us;
      continue;
    }
    busy += us;
    const { fn, module } = describe(node);
    add(self.fn, fn, us);
    add(self.module, module, us);
    const seen = new Set();
    for (let at = node; at; at = parentOf.get(at.id)) {
      const key = describe(at).fn;
      if (!seen.has(key)) add(inclusive, key, us);
      seen.add(key);
    }
  }
  return { busy, idle, self, inclusive };
}

function printTop(title, map, busy, requests) {
  console.log(`\n  ${title}`);
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  for (const [key, us] of rows) {
    const share = `${((us / busy) * 100).toFixed(1)}%`.padStart(6);
    const perRequest = `${(us / requests / 1000).toFixed(2)} ms`.padStart(9);
    console.log(`  ${share} ${perRequest}  ${key}`);
  }
}

async function profilePage(inspector, origin, path, headers) {
  const url = `${origin}${path}`;
  await load(url, headers, WARM_UP_REQUESTS);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
  await inspector.send("Profiler.start");
  const started = performance.now();
  await load(url, headers, REQUESTS);
  const seconds = (performance.now() - started) / 1000;
  const { profile } = await inspector.send("Profiler.stop");
  await inspector.send("Profiler.disable");
  const name = path.replace(/^\//, "").replace(/[^\w-]+/g, "_") || "index";
  writeFileSync(join(OUT, `${name}.cpuprofile`), JSON.stringify(profile));
  // Only now, so that the debugger weighs on none of the profiled requests: it names the scripts'
  // files, whose sources name the bundled modules.
  await inspector.send("Debugger.enable");
  const { busy, idle, self, inclusive } = summarise(profile, inspector.scripts);
  await inspector.send("Debugger.disable");
  console.log(
    `\nGET ${path}: ${REQUESTS} requests in ${seconds.toFixed(1)} s while profiled; the isolate ` +
      `busy ${(busy / REQUESTS / 1000).toFixed(2)} ms a request, idle ` +
      `${((idle / (busy + idle)) * 100).toFixed(0)}% of the time`,
  );
  printTop("self time by module", self.module, busy, REQUESTS);
  printTop("self time by function", self.fn, busy, REQUESTS);
  printTop("inclusive time by function", inclusive, busy, REQUESTS);
}

ensureDevVars();
buildUnlessPresent();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const persistTo = join(ROOT, "bench", ".out", "profile-state");
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
const app = await startWrangler({
  port: PORT,
  persistTo,
  quiet: true,
  inspectorPort: INSPECTOR_PORT,
});
try {
  const origin = `http://127.0.0.1:${PORT}`;
  const { email, token, cookie } = await signUpAndIn(origin, {
    email: `bench-profile-${Date.now()}@example.com`,
  });
  const account = { email, authorization: { Authorization: `Bearer ${token}` }, cookie };
  // The records the import measure leaves (its timings and its Import Data round are not needed).
  for (const [path, rows, times] of [
    ["/api/data/properties", propertyRows, 1],
    ["/api/auctions/import", auctionRows, 3],
  ])
    for (let time = 0; time < times; time += 1) {
      const imported = await fetch(`${origin}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...account.authorization },
        body: JSON.stringify(rows),
      });
      if (!imported.ok) throw new Error(`Importing to ${path} answered ${imported.status}`);
    }
  const propertyId = await analysedProperty(origin, account);
  await linkedProject(origin, account, propertyId);
  const paths = process.argv.slice(2);
  const inspector = await openInspector(INSPECTOR_PORT);
  try {
    for (const path of paths.length
      ? paths
      : ["/home", "/possible-investments", `/possible-investments/${propertyId}`])
      await profilePage(inspector, origin, path, { Cookie: cookie });
  } finally {
    inspector.close();
  }
} finally {
  app.kill("SIGTERM");
}
process.exit(0);
