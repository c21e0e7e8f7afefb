// `npm run bench:lighthouse`: Lighthouse 13 (run through npx: not a dependency of the project) on
// every module page, signed in as the demo account, on a phone (its mobile emulation and
// throttling), three runs each; prints the medians as a Markdown table for bench/RESULTS.md.
// Builds first when build/ is missing. Takes about a minute per page on a 2-core machine.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { DEMO_ACCOUNT, seedDemoAccount } from "../scripts/demo-data.mjs";
import {
  applyMigrations,
  buildUnlessPresent,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureDevVars,
  ROOT,
  startWrangler,
} from "../scripts/lib.mjs";
import { median } from "./figures.mjs";
import { modulePaths } from "./measures/module-pages.mjs";

const PORT = 8819;
const RUNS = 3;
const origin = `http://127.0.0.1:${PORT}`;
const OUT = join(ROOT, "bench", ".out", "lighthouse");

ensureDevVars();
buildUnlessPresent();
const persistTo = join(OUT, "state");
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
const app = await startWrangler({ port: PORT, persistTo, quiet: true });

/** One Lighthouse run of `path`: its scores and the figures the issue names. */
function lighthouse(path, cookie) {
  const report = join(OUT, "report.json");
  execFileSync(
    "npx",
    [
      "-y",
      "lighthouse@13.5.0",
      `${origin}${path}`,
      "--form-factor=mobile",
      "--throttling-method=simulate",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${report}`,
      "--quiet",
      `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
      `--chrome-flags=${CHROMIUM_ARGS.join(" ")} --headless`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, stdio: "ignore" },
  );
  const { categories, audits } = JSON.parse(readFileSync(report, "utf8"));
  return {
    performance: categories.performance.score * 100,
    accessibility: categories.accessibility.score * 100,
    lcp: audits["largest-contentful-paint"].numericValue / 1000,
    cls: audits["cumulative-layout-shift"].numericValue,
    tbt: audits["total-blocking-time"].numericValue,
  };
}

try {
  await seedDemoAccount(origin);
  const login = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  const cookie = login.headers.get("Set-Cookie").split(";")[0];
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ extraHTTPHeaders: { Cookie: cookie } });
  const paths = await modulePaths(context, origin);
  await browser.close();
  const rows = [
    "| page | performance | LCP | CLS | TBT | accessibility |",
    "|---|---|---|---|---|---|",
  ];
  for (const path of paths) {
    const runs = Array.from({ length: RUNS }, () => lighthouse(path, cookie));
    const of = (key) => median(runs.map((run) => run[key]));
    rows.push(
      `| \`${path}\` | ${of("performance")} | ${of("lcp").toFixed(1)} s | ${of("cls").toFixed(3)} | ${Math.round(of("tbt"))} ms | ${of("accessibility")} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\nMedians of ${RUNS} runs each:\n\n${rows.join("\n")}`);
} finally {
  app.kill("SIGTERM");
}
process.exit(0);
