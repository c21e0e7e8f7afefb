/**
 * `npm start` the README's way (scripts/start.mjs, on its own port and local state): without an
 * e-mail provider, a password reset for the demo account prints its link in the output, and the
 * link sets a new password. Stopping the script leaves no wrangler or workerd behind.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { DEMO_ACCOUNT } from "../../scripts/demo-data.mjs";
import { ROOT } from "../../scripts/lib.mjs";
import { expect, test } from "./fixtures";

const STATE_DIR = join(ROOT, ".wrangler", "e2e-start");

/** A port nobody listens on now, chosen by the OS so parallel runs cannot collide. */
async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Every process started, directly or not, by `pid` (from `ps`, as on Linux and macOS alike). */
function descendants(pid: number): number[] {
  const table = execFileSync("ps", ["-A", "-o", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const [child, ppid] of table) {
      if (ppid === parent && child !== undefined) {
        found.push(child);
        visit(child);
      }
    }
  };
  visit(pid);
  return found;
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The script's output so far, and a way to wait for a line of it. */
function captureOutput(child: ChildProcess) {
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return async (pattern: RegExp, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = pattern.exec(output);
      if (match) return match;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`${pattern} did not appear in npm start's output:\n${output}`);
  };
}

test("npm start prints the password-reset link, and the link works", async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  rmSync(STATE_DIR, { recursive: true, force: true });
  const start = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      AI42_STATE_DIR: STATE_DIR,
      AI42_REUSE_BUILD: "1",
      // An e-mail provider in this machine's .dev.vars would send the link instead of printing it.
      AI42_WITHOUT_EMAIL: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const waitForOutput = captureOutput(start);
  let started: number[] = [];
  try {
    await waitForOutput(/AI42 is running at/, 150_000);
    started = descendants(start.pid!);
    expect(started.length).toBeGreaterThan(0);
    const post = (path: string, body: object) =>
      fetch(`${origin}/api${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    expect((await post("/auth/forgot-password", { email: DEMO_ACCOUNT.email })).status).toBe(200);
    const [, link] = await waitForOutput(/(http:\S+\/reset-password\?token=[\w-]+)/, 10_000);
    const url = new URL(link!);
    expect(url.origin).toBe(origin);

    const newPassword = "a brand new demo password";
    const reset = await post("/auth/reset-password", {
      token: url.searchParams.get("token"),
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    expect(
      (await post("/auth/login", { email: DEMO_ACCOUNT.email, password: newPassword })).status,
    ).toBe(200);
    expect((await post("/auth/login", DEMO_ACCOUNT)).status).toBe(401);

    // The Cron Triggers' handler runs on demand, as the README shows.
    const scheduled = await fetch(
      `${origin}/__scheduled?cron=${encodeURIComponent("*/5 * * * *")}`,
    );
    expect(scheduled.status).toBe(200);
    expect(await scheduled.text()).toContain("Ran scheduled event");
  } finally {
    if (start.exitCode === null) {
      const exited = new Promise((resolve) => start.once("exit", resolve));
      start.kill("SIGTERM");
      await exited;
    }
    await expect.poll(() => started.filter(isRunning), { timeout: 15_000 }).toEqual([]);
    rmSync(STATE_DIR, { recursive: true, force: true });
  }
});
