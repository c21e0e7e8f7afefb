// Process tooling shared by `npm start`, `npm run dev`, the browser tests and the benchmarks:
// wrangler with the right environment, the build, local secrets and migrations.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { join, resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");

/** Debian's Chromium, headless, with nothing that reaches for the network on its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
export const bin = (name) => join(ROOT, "node_modules", ".bin", name);

/** Wrangler without telemetry, update checks or Request.cf look-ups (no network here). */
export function wranglerEnv(extra = {}) {
  const cache = join(ROOT, ".cache");
  for (const dir of ["xdg-config", "xdg-cache", "tmp"])
    mkdirSync(join(cache, dir), { recursive: true });
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_HIDE_BANNER: "true",
    XDG_CONFIG_HOME: join(cache, "xdg-config"),
    XDG_CACHE_HOME: join(cache, "xdg-cache"),
    TMPDIR: join(cache, "tmp"),
    ...extra,
  };
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
}

/** Creates .dev.vars from .dev.vars.example with random secrets, unless it exists. */
export function ensureDevVars() {
  const path = join(ROOT, ".dev.vars");
  if (existsSync(path)) return false;
  const template = readFileSync(join(ROOT, ".dev.vars.example"), "utf8");
  const filled = template
    .replace(/^JWT_SECRET=$/m, `JWT_SECRET=${randomBytes(32).toString("base64url")}`)
    .replace(
      /^TOKEN_ENCRYPTION_KEY=$/m,
      `TOKEN_ENCRYPTION_KEY=${randomBytes(32).toString("base64")}`,
    );
  writeFileSync(path, filled, { mode: 0o600 });
  return true;
}

/** Where a build records what it was made from (see `buildInputs`). */
const BUILD_RECORD = join("build", "inputs.json");

/**
 * Builds the app (`remix vite:build`) and records what it was made from, for `whyRebuild`. The
 * record is removed first, so a build that fails or is stopped half-way is never taken as current.
 * `quiet`: Vite's warnings and errors only, not its list of every file written.
 */
export function build({ quiet = false } = {}) {
  const inputs = buildInputs();
  rmSync(join(ROOT, BUILD_RECORD), { force: true });
  run(bin("remix"), ["vite:build", ...(quiet ? ["--logLevel", "warn"] : [])], {
    // The build's Vite server runs wrangler's getPlatformProxy, which says at `log` level where
    // the local secrets come from, once per build step.
    env: { ...process.env, NODE_ENV: "production", ...(quiet && { WRANGLER_LOG: "warn" }) },
  });
  recordBuildInputs(ROOT, inputs);
}

/** Builds only when there is no build yet: for tests and benchmarks, not for `npm start`. */
export function buildUnlessPresent() {
  if (!existsSync(join(ROOT, "build", "server", "index.js"))) build();
}

/**
 * What the build is made from: the app, the Worker code it imports, static files, dependencies.
 * Not workers/: the text extractor is bundled by `wrangler dev` itself at each start.
 */
const BUILD_INPUTS = [
  "app",
  "worker",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.json",
];

/**
 * Folders that tools write while they run, never sources: wrangler's local state and scratch
 * files (`.wrangler/`, which it keeps beside each config it is given, so also in a Worker's own
 * folder), caches, installed packages and build output.
 */
const GENERATED = new Set([".wrangler", ".cache", "node_modules", "build", "dist"]);

/**
 * Each file the build under `root` is made from, by its path, with a hash of its content: a file
 * only touched (`npm install` rewrites an unchanged lockfile, a branch checked out and back) does
 * not call for a new build.
 */
export function buildInputs(root = ROOT) {
  const files = {};
  const visit = (path) => {
    const stat = statSync(join(root, path), { throwIfNoEntry: false });
    if (stat?.isDirectory()) {
      for (const name of readdirSync(join(root, path)).sort())
        if (!GENERATED.has(name)) visit(`${path}/${name}`);
    } else if (stat?.isFile()) {
      files[path] = createHash("sha256")
        .update(readFileSync(join(root, path)))
        .digest("base64url");
    }
  };
  for (const input of BUILD_INPUTS) visit(input);
  return files;
}

/** When the build under `root` was finished: its server half is written last. */
const builtAt = (root) =>
  statSync(join(root, "build", "server", "index.js"), { throwIfNoEntry: false })?.mtimeMs;

/**
 * Records that the build under `root` was made from `inputs` (by default, as they are now), with
 * when it was finished: a build made since by other means (`npx remix vite:build`) is not taken
 * for the one recorded.
 */
export function recordBuildInputs(root = ROOT, inputs = buildInputs(root)) {
  const record = { builtAt: builtAt(root), inputs };
  writeFileSync(join(root, BUILD_RECORD), JSON.stringify(record, null, 1));
}

/** Why the build under `root` must be made again, in a few words; null when it is current. */
export function whyRebuild(root = ROOT) {
  if (!builtAt(root)) return "there is no build yet";
  if (!existsSync(join(root, "build", "client"))) return "the build is incomplete";
  const record = readJson(join(root, BUILD_RECORD));
  if (record?.builtAt !== builtAt(root)) return "the build has no record of what it was made from";
  const recorded = record.inputs;
  const current = buildInputs(root);
  const differ = [...new Set([...Object.keys(recorded), ...Object.keys(current)])]
    .filter((path) => recorded[path] !== current[path])
    .sort();
  if (differ.length === 0) return null;
  const [first] = differ;
  const what = !(first in recorded) ? "was added" : !(first in current) ? "was deleted" : "changed";
  return `${first} ${what}${differ.length > 1 ? ` (and ${differ.length - 1} more)` : ""}`;
}

export const isBuildStale = (root = ROOT) => whyRebuild(root) !== null;

/** `npm start`'s build: only when something it is made from changed since the last one. */
export function buildUnlessCurrent() {
  const reason = whyRebuild();
  if (!reason) {
    console.log("The build is up to date (nothing it is made from changed): not rebuilding.");
    return;
  }
  console.log(`Building the app, as ${reason} (about a minute)...`);
  const started = Date.now();
  build({ quiet: true });
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** The local state's folder (D1, KV, R2): `persistTo`, else wrangler's own beside wrangler.toml. */
const stateDir = (persistTo) => resolve(ROOT, persistTo ?? join(".wrangler", "state"));

/** The D1 migrations (migrations/*.sql), by name, in the order wrangler applies them. */
function migrationNames() {
  return readdirSync(join(ROOT, "migrations"))
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/**
 * Whether the local state in `state` holds a D1 database (miniflare keeps it at this path; should
 * that ever change, this answers false and the migrations are checked by wrangler every time).
 */
function hasLocalDatabase(state) {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  return existsSync(dir) && readdirSync(dir).some((name) => name.endsWith(".sqlite"));
}

/**
 * Applies the D1 migrations the local database (in `persistTo`, else wrangler's .wrangler/state)
 * lacks, and says so in one line. Wrangler prints its table of every migration again after each
 * one it applies (28 tables for a new database), so its output is shown only when it fails. The
 * names applied are recorded beside the database: while no migration is added, the next start does
 * not run wrangler for them (a few seconds of its start-up).
 */
export function applyMigrations(persistTo) {
  const state = stateDir(persistTo);
  const record = join(state, "ai42-migrations.json");
  const names = migrationNames();
  if (hasLocalDatabase(state) && readJson(record)?.join("\n") === names.join("\n")) {
    console.log(`Local database: up to date (${names.length} migrations).`);
    return;
  }
  process.stdout.write("Local database: applying migrations... ");
  const args = ["d1", "migrations", "apply", "DB", "--local"];
  if (persistTo) args.push("--persist-to", persistTo);
  const result = spawnSync(bin("wrangler"), args, {
    cwd: ROOT,
    // Without a terminal (or with CI=true) wrangler confirms by itself instead of waiting at (Y/n).
    env: wranglerEnv({ CI: "true" }),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (result.status !== 0) {
    // Its errors (which migration, what SQLite said) are on stderr; its tables on stdout.
    console.log("failed:");
    process.stderr.write(result.stderr?.trim() ? result.stderr : (result.stdout ?? ""));
    throw new Error(
      `Applying the migrations to the local database failed: wrangler ${args.join(" ")} exited with ${result.status ?? result.signal}`,
    );
  }
  const applied = /About to apply (\d+) migration/.exec(result.stdout)?.[1];
  writeFileSync(record, JSON.stringify(names, null, 1));
  console.log(applied ? `${applied} applied.` : `none to apply (${names.length} in all).`);
}

/** A JSON file's value, or undefined when it is missing or unreadable. */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/** The app Worker's config, and its text extractor's (workers/extract), bound to it as EXTRACT. */
export const APP_CONFIG = "wrangler.toml";
export const EXTRACT_CONFIG = "workers/extract/wrangler.toml";

/**
 * `wrangler dev` of the Worker (or of `config`), resolved once `readyPath` answers: by default
 * `/api/health`, `/` for another config. Until then (and until `prepare` is done) wrangler's
 * output is its start-up report: the bindings wrangler.toml lists, the secrets it read, the
 * readiness probe's requests. It is held back, and printed only if the Worker fails to start;
 * what follows (requests, the Worker's console output, errors) is printed as it comes.
 *
 * The app's text extractor runs in a `wrangler dev` (a workerd process) of its own, started first
 * and stopped with the app: workerd runs all the Workers of one process on one thread, so a file
 * that takes the extractor long to read would hold up every request to the app. The app reaches
 * it through wrangler's dev registry, a folder of its own to each app's local state (another app
 * running on this machine has an extractor of the same name).
 */
export async function startWrangler({
  port,
  persistTo,
  vars = {},
  config,
  quiet = false,
  readyPath = config ? "/" : "/api/health",
  /** "pipe": the Worker's output is the caller's to read (`child.stdout`), not printed. */
  stdout,
  /** Run once the Worker answers, its output still held back (`npm start`: the demo account). */
  prepare = async () => {},
  /** The DevTools inspector's port (bench/profile-pages.mjs); wrangler's own choice without it. */
  inspectorPort,
  /**
   * false: served by scripts/serve-worker.mjs, without the DevTools relay whose copy of every
   * subrequest costs more than a D1 query (the request-rate benchmarks).
   */
  devTools = true,
}) {
  // Beside the app's local state: each app started here has its own, and a later start of the same
  // state finds it again (the extractor's entry rewritten as it starts).
  const registry = config ? undefined : join(stateDir(persistTo), "dev-registry");
  const extractor = config ? undefined : await startExtractor({ persistTo, quiet, registry });
  const args = [
    "dev",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    // `log` (wrangler's default) rather than `info`: the Worker's console.log is printed at `log`,
    // and without EMAIL_API_KEY that is where password-reset links go.
    "--log-level",
    quiet ? "error" : "log",
  ];
  if (persistTo) args.push("--persist-to", persistTo);
  args.push("--config", config ?? APP_CONFIG);
  // Its Cron Triggers run on demand at /__scheduled.
  if (!config) args.push("--test-scheduled");
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const printed = !quiet && !stdout;
  const served = devTools
    ? [bin("wrangler"), args]
    : [
        process.execPath,
        [
          join(ROOT, "scripts", "serve-worker.mjs"),
          config ?? APP_CONFIG,
          String(port),
          persistTo ?? "",
          ...(config ? [] : ["--test-scheduled"]),
        ],
      ];
  const child = spawn(served[0], served[1], {
    cwd: ROOT,
    // The Worker as `wrangler deploy` bundles it. Wrangler defines process.env.NODE_ENV from its
    // own environment, "development" by default, which puts React's development build (checks and
    // warnings on every element: ~40% more CPU per rendered page) under the production build.
    // Its output goes through this process: colours only if they reach a terminal.
    env: wranglerEnv({
      NODE_ENV: "production",
      ...(registry && { WRANGLER_REGISTRY_PATH: registry }),
      ...(!devTools && { SERVE_WORKER_VARS: JSON.stringify(vars) }),
      ...(printed && process.stdout.isTTY && { FORCE_COLOR: "1" }),
    }),
    stdio: ["ignore", stdout ?? (quiet ? "ignore" : "pipe"), "inherit"],
  });
  const stop = () => child.kill("SIGTERM");
  process.on("exit", stop);
  child.on("exit", () => extractor?.kill("SIGTERM"));
  let held = printed ? [] : undefined;
  let lastOutput = Date.now();
  if (held)
    child.stdout.on("data", (chunk) => {
      lastOutput = Date.now();
      if (held) held.push(chunk);
      else process.stdout.write(chunk);
    });
  try {
    await waitFor(`http://127.0.0.1:${port}${readyPath}`, child);
    await prepare(`http://127.0.0.1:${port}`);
    // Wrangler logs a request just after answering it: the last ones' lines are still on their way.
    const until = Date.now() + 2000;
    while (held && Date.now() - lastOutput < 200 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 50));
  } catch (error) {
    if (held) process.stdout.write(Buffer.concat(held));
    throw error;
  } finally {
    held = undefined;
  }
  return child;
}

/**
 * The text extractor's `wrangler dev` (see startWrangler), on a free port, reading and writing the
 * app's local state (its R2 bucket), registered in `registry`; resolved once it answers.
 */
async function startExtractor({ persistTo, quiet, registry }) {
  const port = await freePort();
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--config", EXTRACT_CONFIG];
  // Its own config's folder would otherwise hold its state: the app's is at the root.
  args.push("--persist-to", stateDir(persistTo));
  args.push("--log-level", quiet ? "error" : "warn", "--inspector-port", String(await freePort()));
  const child = spawn(bin("wrangler"), args, {
    cwd: ROOT,
    env: wranglerEnv({ NODE_ENV: "production", WRANGLER_REGISTRY_PATH: registry }),
    stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"],
  });
  process.on("exit", () => child.kill("SIGTERM"));
  // It serves nothing over HTTP: any answer says it runs.
  await waitFor(`http://127.0.0.1:${port}/`, child, { anyStatus: true });
  return child;
}

/** A port nothing listens on now, as the system picks one. */
async function freePort() {
  const server = createServer();
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

async function waitFor(url, child, { timeoutMs = 60_000, anyStatus = false } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      // Read to its end: only then is the request over, and logged by wrangler.
      await response.arrayBuffer();
      if (response.ok || anyStatus) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
