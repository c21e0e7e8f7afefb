// `npm run bench:lighthouse`: Lighthouse 13 (run through npx: not a dependency of the project) on
// every module page and a record's page of each kind, signed in as the demo account, on a phone
// (its mobile emulation and throttling), three runs each (LIGHTHOUSE_RUNS for another number);
// prints the medians as a Markdown table for bench/RESULTS.md. `-- --records` measures the record
// pages alone. Builds first when build/ is missing. About a minute per page on a 2-core machine.
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
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const origin = `http://127.0.0.1:${PORT}`;
const OUT = join(ROOT, "bench", ".out", "lighthouse");

ensureDevVars();
buildUnlessPresent();
const persistTo = join(OUT, "state");
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
const app = await startWrangler({ port: PORT, persistTo, quiet: true });

/**
 * A record's page of each kind the demo account holds (the first of each list): the pages with a
 * record route of their own, beside the module pages.
 */
async function recordPaths(cookie) {
  const first = async (api) => {
    const answer = await fetch(`${origin}/api${api}`, { headers: { Cookie: cookie } });
    if (!answer.ok) throw new Error(`GET /api${api}: ${answer.status}`);
    const body = await answer.json();
    return (Array.isArray(body) ? body : (body.data ?? body.items))?.[0]?.id;
  };
  const records = [
    ["/possible-investments/", "/data/properties?limit=1"],
    ["/project-hub/projects/", "/projects?limit=1"],
    ["/project-hub/contacts/", "/contacts?limit=1"],
    ["/auction/", "/auctions?limit=1"],
    ["/marketing/leads/", "/marketing/leads?limit=1"],
    ["/route-planner/", "/routes?limit=1"],
  ];
  const paths = [];
  for (const [page, api] of records) {
    const id = await first(api);
    if (id) paths.push(`${page}${id}`);
  }
  return paths;
}

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
  const modules = process.argv.includes("--records") ? [] : await modulePaths(context, origin);
  const paths = [...modules, ...(await recordPaths(cookie))];
  await browser.close();
  const rows = [
    "| page | performance | LCP | CLS | TBT | accessibility |",
    "|---|---|---|---|---|---|",
  ];
  for (const path of paths) {
    const runs = Array.from({ length: RUNS }, () => lighthouse(path, cookie));
    const of = (key) => median(runs.map((run) => run[key]));
    rows.push(
      `| \`${path}\` | ${Math.round(of("performance"))} | ${of("lcp").toFixed(1)} s | ${of("cls").toFixed(3)} | ${Math.round(of("tbt"))} ms | ${of("accessibility")} |`,
    );
    console.log(rows.at(-1));
  }
  console.log(`\nMedians of ${RUNS} runs each:\n\n${rows.join("\n")}`);
} finally {
  app.kill("SIGTERM");
}
process.exit(0);
