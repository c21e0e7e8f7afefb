// Workspaces in their own Durable Objects against all of them in D1 (docs/decisions/0049), the same
// workload on both in one run. One state is seeded through the app's own APIs (scale.mjs's
// investor of OBJECTS_HEAVY properties and as many leads beside its nine small users, sixteen
// writers' workspaces, one workspace for the hot paths), then copied: one `wrangler dev` serves it
// as it is, from D1; another serves the copy with MOVE_WORKSPACES=on, after `/__scheduled` (the
// background mover) has moved every workspace into its object. Both run at once and every figure
// is taken from the two in turn, so whatever else the machine does falls on both alike:
//
// - isolation: a small workspace's list while the investor exports every property and reloads
//   its dashboard twice at once, against the same list alone (scale.mjs's `besideHeavyWork`);
// - writes: POST /api/contacts from 1, 4 and 16 workspaces at once, one loop each;
// - hot paths: the request rate of one workspace's reads and writes, as request-rates.mjs takes it.
//
// Whether the moves are done is read from the copy's D1 file (Debian's `sqlite3`, read-only).
// OBJECTS_HEAVY=10000 (≥ 1,000) and OBJECTS_ISOLATION_RUNS=1 make a shorter run.
import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:http";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { clearInterval, setInterval } from "node:timers";
import { applyMigrations, startWrangler } from "../../scripts/lib.mjs";
import { median, percentile } from "../figures.mjs";
import { CONCURRENCY, DURATION_MS, requestRate } from "./request-rates.mjs";
import {
  account,
  besideHeavyWork,
  growInvestor,
  newInvestor,
  propertiesOf,
  send,
  settle,
  SMALL_USERS,
  smallUser,
} from "./scale.mjs";
import { processCpuSeconds, threadCpuSeconds, workerdOf } from "./workerd-memory.mjs";

const HEAVY = Number(process.env.OBJECTS_HEAVY ?? 50_000);
/** Times the small user's list is taken alone and beside the investor, on each side. */
const ISOLATION_RUNS = Number(process.env.OBJECTS_ISOLATION_RUNS ?? 3);
/** How many workspaces write at once, each with one loop of POST /api/contacts. */
const WRITING = [1, 4, 16];
const WRITE_ROUNDS = 3;
const WRITE_MS = 3000;
/** Requests each writer sends before the timing, so that its object is loaded on both sides. */
const WRITE_WARM_UP = 5;
const HOT_ROUNDS = 3;
/** The hot paths' workspace: as many projects as the request rates' account, and contacts. */
const HOT_PROJECTS = 50;
const HOT_CONTACTS = 50;
/** Past this many `/__scheduled` runs with workspaces still waiting, the move is taken to hang. */
const MOVE_RUNS_MOST = 200;
/** How often the directory is read while the mover runs, and the Worker nudged (see moveAll). */
const MOVE_WATCH_MS = 1000;
const NUDGE_MS = 5000;
/** Local D1 and KV for tens of thousands of records (scale.mjs's quota). */
const VARS = { STORAGE_QUOTA_MB: "2000" };

const TARGETS = { isolation: 1.2, writes: 0.7, hotPath: 0.9 };

const count = (n) => n.toLocaleString("en");
const short = (n) => (n % 1000 === 0 ? `${n / 1000}k` : count(n));
const ms = (value) => (value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`);
const minutes = (value) => `${(value / 60_000).toFixed(1)} min`;
const rate = (value) => `${value.toFixed(0)}/s`;
const times = (value) => `${value.toFixed(2)}×`;

/** The machine's CPU ticks so far (all cores): busy, and in all. */
function machine() {
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1);
  const numbers = ticks.map(Number);
  const total = numbers.reduce((sum, n) => sum + n, 0);
  // Not busy: idle and iowait.
  return { busy: total - numbers[3] - numbers[4], total };
}

/** What seconds of CPU time `now` holds beyond `before`, in all (both maps by id). */
const spent = (before, now) =>
  [...now].reduce((sum, [id, seconds]) => sum + seconds - (before.get(id) ?? 0), 0);

/**
 * Where the machine's CPU time went between the call and the call of what it answers, in cores:
 * the machine's, the side's server (wrangler's Node and its workerd processes), its Worker's
 * workerd and that process's busiest thread, and this process (the load generator).
 */
function cpuWatch(side) {
  const take = () => ({
    machine: machine(),
    server: processCpuSeconds(side.pid),
    threads: side.workerd ? threadCpuSeconds(side.workerd) : new Map(),
    self: process.cpuUsage(),
    at: performance.now(),
  });
  const before = take();
  return () => {
    const now = take();
    const seconds = (now.at - before.at) / 1000;
    const threads = [...now.threads].map(([tid, cpu]) => cpu - (before.threads.get(tid) ?? 0));
    const { user, system } = process.cpuUsage(before.self);
    return {
      machine:
        ((now.machine.busy - before.machine.busy) / (now.machine.total - before.machine.total)) *
        cpus().length,
      server: spent(before.server, now.server) / seconds,
      workerd: threads.reduce((sum, n) => sum + n, 0) / seconds,
      busiest: Math.max(0, ...threads) / seconds,
      client: (user + system) / 1e6 / seconds,
    };
  };
}

/** Stops a server that startWrangler started, resolved once it has exited. */
const stopped = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });

/**
 * The workspaces both sides hold: the investor of HEAVY properties and leads beside the small
 * users, the writers' (as many as the most that write at once) and the hot paths' own.
 */
async function seedWorkspaces(origin, today) {
  const small = [];
  for (let i = 0; i < SMALL_USERS; i += 1) small.push(await smallUser(origin, i, today));
  const investor = await newInvestor(origin);
  await growInvestor(origin, investor, HEAVY, today);
  const writers = [];
  for (let k = 0; k < Math.max(...WRITING); k += 1)
    writers.push(await account(origin, `writer${k}`));
  const hot = await account(origin, "hot");
  for (let i = 0; i < HOT_PROJECTS; i += 1) {
    const project = { name: `Hot deal ${i}`, type: "brrrr", status: "analyzing", budget: 1000 * i };
    await send(origin, hot, "POST", "/api/projects", project);
  }
  for (let i = 0; i < HOT_CONTACTS; i += 1)
    await send(origin, hot, "POST", "/api/contacts", { firstName: "Hot", lastName: `Lender ${i}` });
  return { small, investor, writers, hot };
}

/** The local D1 database's file in the state folder `persistTo` (where miniflare keeps it). */
function d1File(persistTo) {
  const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
  const [name, ...more] = readdirSync(dir).filter(
    (file) => file.endsWith(".sqlite") && file !== "metadata.sqlite",
  );
  if (!name || more.length) throw new Error(`Not one D1 database in ${dir}`);
  return join(dir, name);
}

/** Rows read from the D1 file, read-only, beside the Worker that writes it (as `sqlite3 -json`). */
function d1Rows(file, query) {
  const text = execFileSync("sqlite3", ["-readonly", "-json", file, query], { encoding: "utf8" });
  return text.trim() ? JSON.parse(text) : [];
}

/**
 * A GET answered in however long it takes: a run of the mover that ends with a workspace of
 * 100,000 records written whole takes minutes (fetch gives up on an answer after five).
 */
const getLong = (url) =>
  new Promise((resolve, reject) => {
    get(url, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode, text }));
    }).on("error", reject);
  });

/**
 * Runs the background mover (`GET /__scheduled` with MOVE_WORKSPACES=on) until no workspace is
 * left in D1: how many workspaces there were, how many runs it took and how long, and each
 * workspace's hold (its writes refused while the move ends): from when the directory was first
 * seen holding it to when it was marked moved, and by how much the move outlasted the hold.
 *
 * While a run is under way, GET /api/health is asked every NUDGE_MS: `wrangler dev` can keep a
 * request from the Worker until another request arrives (a run of `/__scheduled` sent just after
 * the last one ended went unanswered, the Worker idle, for as long as nothing else was asked).
 */
async function moveAll(origin, persistTo) {
  const file = d1File(persistTo);
  const directory = () => d1Rows(file, "SELECT id, moved_at, frozen_until FROM workspaces");
  const holds = new Map();
  const watch = () => {
    const rows = directory();
    for (const row of rows) {
      const hold = holds.get(row.id) ?? {};
      if (row.frozen_until && !hold.seen) hold.seen = Date.now();
      if (row.frozen_until) hold.until = row.frozen_until;
      if (row.moved_at && hold.seen && !hold.moved) hold.moved = Date.parse(row.moved_at);
      holds.set(row.id, hold);
    }
    return rows.filter((row) => !row.moved_at).length;
  };
  const workspaces = directory().length;
  const started = performance.now();
  let runs = 0;
  for (let left = watch(); left > 0; left = watch()) {
    if (runs === MOVE_RUNS_MOST)
      throw new Error(`${left} workspaces still in D1 after ${runs} runs of /__scheduled`);
    let pending = true;
    const run = getLong(`${origin}/__scheduled`).then(
      (answer) => answer,
      (error) => ({ error }),
    );
    run.then(() => (pending = false));
    for (let tick = 1; pending; tick += 1) {
      await new Promise((resolve) => setTimeout(resolve, MOVE_WATCH_MS));
      watch();
      // Unanswered while the run holds the Worker's one thread: not an error.
      if (tick % (NUDGE_MS / MOVE_WATCH_MS) === 0)
        await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(NUDGE_MS) })
          .then((response) => response.arrayBuffer())
          .catch(() => undefined);
    }
    const { status, text, error } = await run;
    if (error) throw new Error("GET /__scheduled failed", { cause: error });
    if (status !== 200) throw new Error(`GET /__scheduled answered ${status}: ${text}`);
    runs += 1;
    console.log(`    run ${runs}: ${watch()} of ${workspaces} workspaces still in D1`);
  }
  const held = [...holds.values()]
    .filter((hold) => hold.seen && hold.moved)
    .map((hold) => ({ ms: hold.moved - hold.seen, overran: hold.moved - hold.until }));
  return { workspaces, runs, ms: performance.now() - started, held };
}

/** Each side once, in an order that alternates with `round`. */
const inTurn = (sides, round) => (round % 2 ? [...sides].reverse() : sides);

/**
 * The small users' lists and the investor's dashboard, read until answered: an object not called
 * for a while is loaded again on its next call, which is not what is timed.
 */
async function warmUp(side, seeded, today) {
  const read = (user, path) => send(side.origin, user, "GET", path);
  for (const user of seeded.small) await read(user, "/api/data/properties?limit=25");
  await read(seeded.investor.user, `/api/dashboard?date=${today}`);
  await settle(side.origin);
}

/** A small user's list alone and beside the investor's work, ISOLATION_RUNS times a side. */
async function measureIsolation(sides, seeded, today) {
  const expected = { properties: propertiesOf(seeded.investor.held) };
  for (let run = 0; run < ISOLATION_RUNS; run += 1) {
    for (const side of inTurn(sides, run)) {
      console.log(`  Isolation, run ${run + 1} of ${ISOLATION_RUNS}, ${side.name}...`);
      await warmUp(side, seeded, today);
      const { user } = seeded.investor;
      const watch = cpuWatch(side);
      side.isolation.push(await besideHeavyWork(side.origin, user, seeded.small, today, expected));
      side.isolationCpu.push(watch());
    }
  }
}

/**
 * Writes per second from `writers` at once, each one loop of POST /api/contacts for `duration`
 * ms. A write that fails stops the measure, naming what it answered.
 */
async function writeRate(origin, writers, duration) {
  const started = performance.now();
  const deadline = started + duration;
  let written = 0;
  const loop = async (writer, k) => {
    for (let i = 0; performance.now() < deadline; i += 1) {
      const body = { firstName: "Writer", lastName: `${k} contact ${i}` };
      const response = await fetch(`${origin}/api/contacts`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...writer.api },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== 201)
        throw new Error(`POST /api/contacts answered ${response.status}: ${text.slice(0, 500)}`);
      written += 1;
    }
  };
  await Promise.all(writers.map(loop));
  return written / ((performance.now() - started) / 1000);
}

/** Writes from 1, 4 and 16 workspaces at once, WRITE_ROUNDS interleaved rounds a side. */
async function measureWrites(sides, writers) {
  for (const side of sides) {
    for (const writer of writers) {
      for (let i = 0; i < WRITE_WARM_UP; i += 1) {
        const body = { firstName: "Writer", lastName: `warm-up ${i}` };
        await send(side.origin, writer, "POST", "/api/contacts", body);
      }
    }
  }
  for (let round = 0; round < WRITE_ROUNDS; round += 1) {
    console.log(`  Writes from ${WRITING.join(", ")} workspaces, round ${round + 1}...`);
    for (const n of WRITING) {
      for (const side of inTurn(sides, round)) {
        const watch = n === Math.max(...WRITING) ? cpuWatch(side) : null;
        (side.writes[n] ??= []).push(await writeRate(side.origin, writers.slice(0, n), WRITE_MS));
        if (watch) side.writeCpu.push(watch());
      }
    }
  }
}

/** The hot paths of one workspace, as request-rates.mjs measures the app's. */
const hotPaths = (today) => [
  { key: "projects", label: "GET /api/projects?limit=50", path: "/api/projects?limit=50" },
  { key: "dashboard", label: "GET /api/dashboard", path: `/api/dashboard?date=${today}` },
  { key: "contacts", label: "GET /api/contacts?limit=25", path: "/api/contacts?limit=25" },
  {
    key: "write",
    label: "POST /api/contacts",
    path: "/api/contacts",
    body: { firstName: "Hot", lastName: "Path" },
  },
];

/**
 * A hot path's rate on one side; when requests failed, what one of them answers (request-rates'
 * own error counts them only).
 */
async function hotRate(side, user, endpoint) {
  const url = `${side.origin}${endpoint.path}`;
  try {
    return await requestRate(url, user.api, endpoint.body);
  } catch (error) {
    const response = await fetch(url, {
      method: endpoint.body ? "POST" : "GET",
      headers: { "Content-Type": "application/json", ...user.api },
      body: endpoint.body && JSON.stringify(endpoint.body),
    });
    const text = await response.text();
    throw new Error(
      `${side.name}: ${error.message}; one more answered ${response.status}: ${text}`,
    );
  }
}

/** Each hot path's rate on both sides, HOT_ROUNDS interleaved rounds. */
async function measureHotPaths(sides, user, today) {
  for (let round = 0; round < HOT_ROUNDS; round += 1) {
    console.log(`  Hot paths, round ${round + 1} of ${HOT_ROUNDS}...`);
    for (const endpoint of hotPaths(today)) {
      for (const side of inTurn(sides, round))
        (side.hot[endpoint.key] ??= []).push(await hotRate(side, user, endpoint));
    }
  }
}

/**
 * The three measures on an AI42 of their own: `wrangler dev` on `port` serving the state in
 * `outDir`/objects-d1-state from D1, and on `port` + 1 its copy in `outDir`/objects-moved-state
 * from the workspaces' objects.
 * @returns {Promise<import("../report.mjs").Measured>}
 */
export async function measureWorkspaceObjects(outDir, port) {
  if (!Number.isInteger(HEAVY) || HEAVY < 1000)
    throw new Error(`OBJECTS_HEAVY: a whole number from 1000, not ${HEAVY}`);
  const began = performance.now();
  const load = [loadavg()[0]];
  const loadTimer = setInterval(() => load.push(loadavg()[0]), 10_000);
  const today = new Date().toISOString().slice(0, 10);
  const d1State = join(outDir, "objects-d1-state");
  const movedState = join(outDir, "objects-moved-state");
  for (const state of [d1State, movedState]) rmSync(state, { recursive: true, force: true });
  applyMigrations(d1State);
  const servers = [];
  const serve = async (persistTo, at, vars) => {
    const app = await startWrangler({ port: at, persistTo, quiet: true, devTools: false, vars });
    servers.push(app);
    return app;
  };
  try {
    console.log(`  Seeding an investor of ${count(HEAVY)} properties and leads beside others...`);
    const seeder = await serve(d1State, port, VARS);
    const seeded = await seedWorkspaces(`http://127.0.0.1:${port}`, today);
    await stopped(seeder);
    const seeding = performance.now() - began;
    cpSync(d1State, movedState, { recursive: true });
    // Each state's own extractor registers itself there as it starts.
    rmSync(join(movedState, "dev-registry"), { recursive: true, force: true });
    const sides = [
      { name: "D1", persistTo: d1State, port, vars: VARS },
      {
        name: "objects",
        persistTo: movedState,
        port: port + 1,
        vars: { ...VARS, MOVE_WORKSPACES: "on" },
      },
    ];
    for (const side of sides) {
      const app = await serve(side.persistTo, side.port, side.vars);
      Object.assign(side, {
        origin: `http://127.0.0.1:${side.port}`,
        pid: app.pid,
        workerd: workerdOf(app.pid),
        isolation: [],
        writes: {},
        isolationCpu: [],
        writeCpu: [],
        hot: {},
      });
    }
    console.log("  Moving every workspace into its object (/__scheduled)...");
    const move = await moveAll(sides[1].origin, movedState);
    const phases = [];
    const phase = async (name, work) => {
      const from = loadavg()[0];
      const started = performance.now();
      await work();
      phases.push({ name, ms: performance.now() - started, load: [from, loadavg()[0]] });
    };
    await phase("isolation", () => measureIsolation(sides, seeded, today));
    await phase("writes", () => measureWrites(sides, seeded.writers));
    await phase("hot paths", () => measureHotPaths(sides, seeded.hot, today));
    const took = performance.now() - began;
    return report({ sides, move, seeding, phases, took, load, today });
  } finally {
    clearInterval(loadTimer);
    await Promise.all(servers.map(stopped));
  }
}

/** The longest hold of a workspace's writes while its move ended, and whether the move outlasted it. */
function holdNote(held) {
  if (!held.length) return "";
  const longest = held.reduce((most, hold) => (hold.ms > most.ms ? hold : most));
  const outlasted = held.filter((hold) => hold.overran > 0).length;
  const overran = outlasted
    ? `; ${outlasted} move${outlasted > 1 ? "s" : ""} ended after the hold had run out${longest.overran > 0 ? ` (the longest ${(longest.overran / 1000).toFixed(0)} s after)` : ""}`
    : "";
  return ` (the longest hold of a workspace's writes while its move ended: ${(longest.ms / 1000).toFixed(0)} s${overran})`;
}

/** The measure's rows and notes from its figures. */
function report({ sides, move, seeding, phases, took, load, today }) {
  const [d1, objects] = sides;
  const rows = [];
  const heavy = short(HEAVY);
  const msOf = (requests) => requests.map((request) => request.ms);
  const isolationOf = (side) => {
    const alone = side.isolation.flatMap((run) => msOf(run.alone));
    const beside = side.isolation.flatMap((run) => msOf(run.beside));
    const runs = side.isolation.map(
      (run) => percentile(msOf(run.beside), 95) / percentile(msOf(run.alone), 95),
    );
    const unanswered = side.isolation.flatMap((run) => run.beside.filter((r) => !r.answered));
    return { alone, beside, runs, unanswered: unanswered.length };
  };
  for (const side of sides) {
    const { alone, beside, runs, unanswered } = isolationOf(side);
    const during = percentile(beside, 95);
    const apart = percentile(alone, 95);
    rows.push({
      measure: `Isolation, ${side.name}: a small workspace's GET /api/data/properties?limit=25 while the ${heavy} workspace exports every property and reloads GET /api/dashboard twice at once, p95 of ${beside.length} (median) against p95 of ${alone.length} alone; ${ISOLATION_RUNS} runs pooled`,
      result: `${ms(during)} (${ms(median(beside))}) against ${ms(apart)} (${ms(median(alone))}): ${times(during / apart)}; by run ${runs.map(times).join(", ")}${unanswered ? `; ${unanswered} unanswered` : ""}`,
      ...(side === objects && {
        target: `≤ ${TARGETS.isolation}× alone`,
        met: during <= TARGETS.isolation * apart,
      }),
    });
  }
  const writeRates = (side) => Object.fromEntries(WRITING.map((n) => [n, median(side.writes[n])]));
  const [d1Writes, objectWrites] = sides.map(writeRates);
  for (const n of WRITING) {
    const scaled = (rates) => rates[n] / (n * rates[1]);
    const shown = (rates) =>
      n === 1 ? rate(rates[n]) : `${rate(rates[n])} (${scaled(rates).toFixed(2)} of ${n} × one)`;
    rows.push({
      measure: `POST /api/contacts from ${n} workspace${n > 1 ? "s" : ""} at once (separate accounts, one loop each): writes/s in all, median of ${WRITE_ROUNDS} rounds of ${WRITE_MS / 1000} s`,
      result: `D1 ${shown(d1Writes)} · objects ${shown(objectWrites)}`,
      ...(n > 1 && {
        target: `objects ≥ ${TARGETS.writes} × ${n} × objects' rate from one`,
        met: scaled(objectWrites) >= TARGETS.writes,
      }),
    });
  }
  for (const endpoint of hotPaths(today)) {
    const [was, is] = sides.map((side) => median(side.hot[endpoint.key]));
    rows.push({
      measure: `${endpoint.label} in one workspace, ${CONCURRENCY} loops: req/s, median of ${HOT_ROUNDS} rounds of ${DURATION_MS / 1000} s`,
      result: `D1 ${rate(was)} · objects ${rate(is)} (${times(is / was)})`,
      target: `objects ≥ ${TARGETS.hotPath}× D1`,
      met: is >= TARGETS.hotPath * was,
    });
  }
  const cpuAt = (side, watched) => {
    const typical = (key) => median(watched.map((w) => w[key])).toFixed(2);
    const workerd = side.workerd
      ? `, its Worker's workerd ${typical("workerd")} (its busiest thread ${typical("busiest")})`
      : "";
    return `${side.name}, the machine ${typical("machine")} of ${cpus().length} cores busy: the server's processes ${typical("server")}${workerd}, the load generator ${typical("client")}`;
  };
  const cpuOf = (key) => sides.map((side) => cpuAt(side, side[key])).join("; ");
  const exportsOf = (side) =>
    side.isolation.flatMap((run) => run.exports).map((value) => `${(value / 1000).toFixed(1)} s`);
  const phaseNotes = phases
    .map((p) => `${p.name} ${minutes(p.ms)} (load ${p.load.map((l) => l.toFixed(1)).join(" → ")})`)
    .join(", ");
  const notes = [
    `Workspace objects: one state seeded through the app's own APIs (an investor of ${count(HEAVY)} properties and as many leads, grown as the scale measure grows it, beside its ${SMALL_USERS} small users; ${Math.max(...WRITING)} writers' workspaces; one of ${HOT_PROJECTS} projects and ${HOT_CONTACTS} contacts for the hot paths) in ${minutes(seeding)}, then copied: one \`wrangler dev\` serves it from D1, another (MOVE_WORKSPACES=on) serves the copy once \`/__scheduled\` has moved its ${move.workspaces} workspaces into their objects, which took ${move.runs} runs and ${minutes(move.ms)}${holdNote(move.held)}. Both are served without wrangler's DevTools relay, as the request rates are, and run side by side; every figure is taken from the two in turn, the order swapped each time. Isolation: the scale measure's small user beside the investor (the ${SMALL_USERS} small workspaces' lists in turn, alone then beside the export and two dashboards), ${ISOLATION_RUNS} times a side, pooled; the exports meanwhile took D1 ${exportsOf(d1).join(", ")}, objects ${exportsOf(objects).join(", ")}; in cores, median of the runs: ${cpuOf("isolationCpu")}. Writes: each workspace one loop of POST /api/contacts; with ${Math.max(...WRITING)} writing, in cores, median of the rounds: ${cpuOf("writeCpu")}. Hot paths: ${CONCURRENCY} concurrent loops on one workspace, as the request rates. The measure took ${minutes(took)}: ${phaseNotes}; the machine's 1-minute load average ran ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} (other sessions' work included).`,
  ];
  return { rows, notes };
}
