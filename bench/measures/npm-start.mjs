// `npm start` as a user runs it, twice, on a port and a local state of its own: the first start
// (which builds if the build is not current, and creates the local database and the demo
// account), then the second with nothing changed, which is the one a user waits for every day.
// Each is timed from the command to "AI42 is running at", and its output (stdout and stderr) is
// counted in lines up to the end of that banner. Each is stopped as Ctrl+C stops it.
// On its own: `node bench/measures/npm-start.mjs [--from-scratch]` (the first start without build/).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../../scripts/lib.mjs";
import { clock } from "../figures.mjs";

/** The issue's acceptance: a second start within 10 s, in at most 40 lines. */
export const SECOND_START_TARGET_S = 10;
export const SECOND_START_LINES_TARGET = 40;
/** The last line of the banner that says where AI42 runs and how to sign in. */
const BANNER_END = "Press Ctrl+C to stop.";

/** A port nobody listens on now, chosen by the OS. */
async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * CPU seconds spent so far by `pid` and every process under it, with their children that have
 * ended (Linux's /proc, in clock ticks of 1/100 s): what the start costs whatever else runs.
 */
function cpuSeconds(pid) {
  const table = execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1)
    for (const [child, parent] of table) if (parent === tree[i]) tree.push(child);
  let ticks = 0;
  for (const id of tree) {
    try {
      // Fields after the command's closing parenthesis: utime, stime, cutime, cstime are 12–15.
      const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1].split(" ");
      ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    } catch {
      // ended meanwhile
    }
  }
  return ticks / 100;
}

/** One `npm start` until its banner: seconds, lines printed, and whether it built. */
async function timedStart(port, persistTo) {
  // What else the machine runs weighs on the time: the load average is reported beside it.
  const load = loadavg()[0];
  const started = clock();
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), AI42_STATE_DIR: persistTo },
    stdio: ["ignore", "pipe", "pipe"],
    // A process group of its own, as in a terminal: Ctrl+C (SIGINT) reaches all of it.
    detached: true,
  });
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (c) => (output += c));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const deadline = Date.now() + 600_000;
    while (!output.includes(BANNER_END)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`npm start did not start (exit ${child.exitCode}):\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (clock() - started) / 1000;
    const cpu = cpuSeconds(child.pid);
    const printed = output.slice(0, output.indexOf(BANNER_END) + BANNER_END.length);
    return {
      seconds,
      lines: printed.split("\n").length,
      built: printed.includes("Building the app"),
      context: `${cpu.toFixed(1)} CPU-seconds; load average ${load.toFixed(1)} on ${cpus().length} cores`,
    };
  } finally {
    const signal = (name) => {
      try {
        process.kill(-child.pid, name);
      } catch {
        // the group has ended already
      }
    };
    signal("SIGINT");
    const timer = setTimeout(() => signal("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * @param {string} outDir
 * @param {{ fromScratch?: boolean }} [options] fromScratch: remove build/ first.
 * @returns {Promise<import("../report.mjs").Measured>}
 */
export async function measureNpmStart(outDir, { fromScratch = false } = {}) {
  const persistTo = join(outDir, "npm-start-state");
  rmSync(persistTo, { recursive: true, force: true });
  if (fromScratch) rmSync(join(ROOT, "build"), { recursive: true, force: true });
  const port = await freePort();
  try {
    const first = await timedStart(port, persistTo);
    const second = await timedStart(port, persistTo);
    return {
      rows: [
        {
          measure: `npm start, first (${first.built ? "building the app" : "build current"}; new local database and demo account): to "AI42 is running at"`,
          result: `${first.seconds.toFixed(1)} s, ${first.lines} lines printed (${first.context})`,
        },
        {
          measure: 'npm start again, nothing changed: to "AI42 is running at"',
          result: `${second.seconds.toFixed(1)} s (${second.built ? "it built again; " : ""}${second.context})`,
          target: `≤ ${SECOND_START_TARGET_S} s`,
          met: !second.built && second.seconds <= SECOND_START_TARGET_S,
        },
        {
          measure: "npm start again: lines printed until then (stdout and stderr, banner included)",
          result: String(second.lines),
          target: `≤ ${SECOND_START_LINES_TARGET}`,
          met: second.lines <= SECOND_START_LINES_TARGET,
        },
      ],
      notes: [
        "A second `npm start` neither builds (the build records a hash of each file it is made " +
          "from) nor runs wrangler for the migrations (they are recorded beside the local " +
          "database): its time is `wrangler dev` bundling both Workers (esbuild, about half of its " +
          "CPU-seconds) and starting workerd, and on this shared machine what else runs.",
      ],
    };
  } finally {
    rmSync(persistTo, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const out = join(ROOT, "bench", ".out");
  mkdirSync(out, { recursive: true });
  const measured = await measureNpmStart(out, {
    fromScratch: process.argv.includes("--from-scratch"),
  });
  for (const row of measured.rows)
    console.log(`${row.measure}: ${row.result}${row.target ? ` (target ${row.target})` : ""}`);
  process.exit(0);
}
