import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  // One retry: a few tests (console, widths, accessibility at 375 px, a buy-box filter) have
  // failed once under a loaded machine's CPU and passed on their own; the list names any test
  // that needed the retry ("flaky"), so it is seen, and a real failure still fails twice.
  retries: 1,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node scripts/serve-e2e.mjs",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // A fresh build, two Workers and their migrations: minutes on a busy 2-core machine.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
