// Process tooling shared by `npm start`, `npm run dev`, the browser tests and the benchmarks:
// wrangler with the right environment, the build, local secrets and migrations.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
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

export function build() {
  run(bin("remix"), ["vite:build"], { env: { ...process.env, NODE_ENV: "production" } });
}

/** Builds only when there is no build yet: for tests and benchmarks, not for `npm start`. */
export function buildUnlessPresent() {
  if (!existsSync(join(ROOT, "build", "server", "index.js"))) build();
}

/** What the build is made from: the app, the Worker code it imports, static files, dependencies. */
const BUILD_INPUTS = [
  "app",
  "worker",
  "workers",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "tsconfig.json",
];

/** The newest change under `path`; a folder counts too (deleting a file changes its folder). */
function lastChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat?.isDirectory()) return stat?.mtimeMs ?? 0;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => lastChange(join(path, name))));
}

/**
 * Whether the build under `root` is missing or older than a file it is made from. Its server half
 * is written last, so its time is when the whole build was finished.
 */
export function isBuildStale(root = ROOT) {
  const server = statSync(join(root, "build", "server", "index.js"), { throwIfNoEntry: false });
  if (!server || !existsSync(join(root, "build", "client"))) return true;
  return BUILD_INPUTS.some((input) => lastChange(join(root, input)) > server.mtimeMs);
}

/** `npm start`'s build: only when something it is made from changed since the last one. */
export function buildUnlessCurrent() {
  if (isBuildStale()) build();
  else console.log("The build is up to date (nothing changed since it was made): not rebuilding.");
}

export function applyMigrations(persistTo) {
  const args = ["d1", "migrations", "apply", "DB", "--local"];
  if (persistTo) args.push("--persist-to", persistTo);
  // Without a terminal (or with CI=true) wrangler confirms by itself instead of waiting at (Y/n).
  run(bin("wrangler"), args, {
    env: wranglerEnv({ CI: "true" }),
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** The app Worker's config, then its text extractor's (workers/extract): `wrangler dev` runs both. */
export const APP_CONFIGS = ["wrangler.toml", "workers/extract/wrangler.toml"];

/**
 * `wrangler dev` of the Worker (or of `config`), resolved once `readyPath` answers: by default
 * `/api/health`, `/` for another config.
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
}) {
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
  // AI42 with its text extractor Worker beside it (bound as EXTRACT), unless another config; its
  // Cron Triggers run on demand at /__scheduled.
  for (const file of config ? [config] : APP_CONFIGS) args.push("--config", file);
  if (!config) args.push("--test-scheduled");
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child = spawn(bin("wrangler"), args, {
    cwd: ROOT,
    // The Worker as `wrangler deploy` bundles it. Wrangler defines process.env.NODE_ENV from its
    // own environment, "development" by default, which puts React's development build (checks and
    // warnings on every element: ~40% more CPU per rendered page) under the production build.
    env: wranglerEnv({ NODE_ENV: "production" }),
    stdio: ["ignore", stdout ?? (quiet ? "ignore" : "inherit"), "inherit"],
  });
  const stop = () => child.kill("SIGTERM");
  process.on("exit", stop);
  await waitFor(`http://127.0.0.1:${port}${readyPath}`, child);
  return child;
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
