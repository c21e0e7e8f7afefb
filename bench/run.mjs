// `npm run bench`: runs each measure in bench/measures against fresh local servers and writes
// bench/RESULTS.md from what they return (keeping its history section). Builds first when build/
// is missing.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { join } from "node:path";
import {
  applyMigrations,
  buildUnlessPresent,
  ensureDevVars,
  ROOT,
  startWrangler,
} from "../scripts/lib.mjs";
import { startFakeOpenAI } from "../tests/fakes/openai-server.mjs";
import { measureCalendarRender } from "./measures/calendar-render.mjs";
import { measureCron } from "./measures/cron.mjs";
import { measureDealMath } from "./measures/deal-math.mjs";
import { measureDealSensitivity } from "./measures/deal-sensitivity.mjs";
import { measureFileImports } from "./measures/file-imports.mjs";
import { measureFileUpload } from "./measures/file-upload.mjs";
import { measureHostileUpload } from "./measures/hostile-upload.mjs";
import { measureImports } from "./measures/imports.mjs";
import { measureLoginPage } from "./measures/login-page.mjs";
import { measureModulePages } from "./measures/module-pages.mjs";
import { measureNpmStart } from "./measures/npm-start.mjs";
import { measureRequestRates } from "./measures/request-rates.mjs";
import { measureRouteOptimizer } from "./measures/route-optimizer.mjs";
import { measureScale } from "./measures/scale.mjs";
import { measureFirstApiRequest, measureStartup } from "./measures/startup.mjs";
import { measureStreamRelay } from "./measures/stream-relay.mjs";
import { measureWorkerBundle } from "./measures/worker-bundle.mjs";
import { measureWorkspaceObjects } from "./measures/workspace-objects.mjs";
import { analysedProperty, linkedProject, signUpAndIn } from "./accounts.mjs";
import { formatReport, keptHistory } from "./report.mjs";

const OUT = join(ROOT, "bench", ".out");
const RESULTS = join(ROOT, "bench", "RESULTS.md");
// Outside 8787–8801, where `npm start`, the browser tests and the screenshots listen.
const APP_PORT = 8816;
const BARE_PORT = 8817;
const FIRST_API_PORT = 8818;
const CRON_PORT = 8819;
const SCALE_PORT = 8820;
/** And the next: the workspace-objects measure serves from D1 and from objects side by side. */
const OBJECTS_PORT = 8821;
const SEEDED_PROJECTS = 50;
/** Events in AI42's own calendar, all in March 2027 (the month the calendar benchmark lists). */
export const BENCH_EVENTS = 500;

/** A new account with SEEDED_PROJECTS projects: its e-mail, and its session (bearer and cookie). */
async function createBenchAccount(origin) {
  const { email, token, cookie } = await signUpAndIn(origin, {
    email: `bench-${Date.now()}@example.com`,
  });
  const account = {
    email,
    authorization: { Authorization: `Bearer ${token}` },
    // The session cookie as a browser would send it back.
    cookie,
  };
  // A read token, as an AI client or a script holds one.
  const made = await fetch(`${origin}/api/access-tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...account.authorization },
    body: JSON.stringify({ name: "Bench", scope: "read", expires_in_days: 7 }),
  });
  account.accessToken = { Authorization: `Bearer ${(await made.json()).data.token}` };
  for (let i = 0; i < SEEDED_PROJECTS; i += 1) {
    await fetch(`${origin}/api/projects`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...account.authorization },
      body: JSON.stringify({
        name: `Bench deal ${i}`,
        type: "brrrr",
        status: "analyzing",
        budget: 1000 * i,
      }),
    });
  }
  for (let i = 0; i < BENCH_EVENTS; i += 1) {
    const day = String(1 + (i % 31)).padStart(2, "0");
    const hour = String(8 + (i % 10)).padStart(2, "0");
    await fetch(`${origin}/api/calendar/events`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...account.authorization },
      body: JSON.stringify({
        summary: `Bench showing ${i}`,
        kind: "showing",
        start: { dateTime: `2027-03-${day}T${hour}:00:00Z` },
        end: { dateTime: `2027-03-${day}T${hour}:45:00Z` },
      }),
    });
  }
  return account;
}

/** An account of its own for the list imports, so their 100,000 leads slow no other measure. */
async function createListAccount(origin) {
  const { token } = await signUpAndIn(origin, {
    email: `bench-lists-${Date.now()}@example.com`,
    lastName: "Lists",
  });
  return { authorization: { Authorization: `Bearer ${token}` } };
}

ensureDevVars();
buildUnlessPresent();
const persistTo = join(OUT, "state");
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);

console.log("Measuring the Worker bundle...");
const bundle = measureWorkerBundle(OUT);
console.log("Profiling the Worker's start-up...");
const startup = measureStartup(OUT);
console.log("Timing the first API request of a new isolate...");
const firstApi = await measureFirstApiRequest(OUT, FIRST_API_PORT);
console.log("Timing npm start, twice (the second with nothing changed)...");
const npmStart = await measureNpmStart(OUT);
console.log("Timing the deal math...");
const dealMath = await measureDealMath();
console.log("Timing a 15 × 15 sensitivity grid...");
const sensitivity = await measureDealSensitivity();
console.log("Timing the route optimiser...");
const routing = await measureRouteOptimizer();
console.log("Timing the Cron Trigger over 10,000 users, and the queue's e-mails...");
const cron = await measureCron(OUT, CRON_PORT);
console.log(
  "Timing an investor's reads as their workspace grows to 50,000 properties and leads...",
);
const scale = await measureScale(OUT, SCALE_PORT);
console.log("Comparing workspaces in their own Durable Objects with all of them in D1...");
const objects = await measureWorkspaceObjects(OUT, OBJECTS_PORT);

const fake = await startFakeOpenAI({ paceMs: 50 });
const app = await startWrangler({
  port: APP_PORT,
  persistTo,
  quiet: true,
  devTools: false,
  vars: {
    OPENAI_API_KEY: "bench-key",
    OPENAI_BASE_URL: `${fake.url}/v1`,
    // The relay benchmark paces the fake through its model name and asks 23 times in a minute;
    // the list benchmark imports 100,000 leads (about 90 MB of rows) into one account.
    OPENAI_MODELS: "fake-pace-0,fake-pace-50",
    AI_REQUESTS_PER_MINUTE: "1000",
    STORAGE_QUOTA_MB: "1000",
  },
});
const bare = await startWrangler({
  port: BARE_PORT,
  config: join(ROOT, "bench", "bare", "wrangler.toml"),
  quiet: true,
  devTools: false,
});
const origin = `http://127.0.0.1:${APP_PORT}`;

try {
  console.log("Measuring the login page's JavaScript...");
  const login = await measureLoginPage(origin);
  const account = await createBenchAccount(origin);
  console.log("Measuring each module page's JavaScript and API requests...");
  const pages = await measureModulePages(origin, account);
  console.log("Timing imports of 1,000 properties and 1,000 auctions...");
  const imports = await measureImports(origin, account);
  console.log("Timing a 20 MB upload to R2 and the memory it takes...");
  const fileUpload = await measureFileUpload(origin, account, app.pid);
  console.log("Timing another user's requests beside a hostile upload...");
  const hostileUpload = await measureHostileUpload(origin);
  console.log("Timing a 50,000-row lead list through the file import...");
  const fileImports = await measureFileImports(origin, await createListAccount(origin), app.pid);
  console.log("Measuring the AI stream relay...");
  const relay = await measureStreamRelay(origin, account, fake);
  console.log("Measuring request rates...");
  account.propertyId = await analysedProperty(origin, account);
  account.projectId = await linkedProject(origin, account, account.propertyId);
  const rates = await measureRequestRates({
    origin,
    bareOrigin: `http://127.0.0.1:${BARE_PORT}`,
    account,
  });
  console.log("Timing the Calendar's month view...");
  const calendar = await measureCalendarRender(origin, account);
  const report = formatReport({
    date: new Date().toISOString().slice(0, 10),
    cores: cpus().length,
    node: process.version,
    measured: [
      bundle,
      startup,
      firstApi,
      npmStart,
      login,
      pages,
      rates,
      dealMath,
      sensitivity,
      routing,
      relay,
      imports,
      fileImports,
      scale,
      objects,
      fileUpload,
      hostileUpload,
      calendar,
      cron,
    ],
    history: existsSync(RESULTS) ? keptHistory(readFileSync(RESULTS, "utf8")) : "",
  });
  writeFileSync(RESULTS, report);
  console.log(report);
} finally {
  app.kill("SIGTERM");
  bare.kill("SIGTERM");
  fake.server.closeAllConnections();
  fake.server.close();
}
process.exit(0);
