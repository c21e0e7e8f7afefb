// The hot paths of this tree against another checkout of AI42, side by side: BEFORE_DIR (built, its
// node_modules in place; a git worktree at the commit before a change) and this tree, each served by
// its own wrangler with its own local state and the same account (the import measure's 1,000
// properties and 3,000 auctions, an analysed property, a project). Each endpoint is then asked of
// the two in turn, one request at a time, the order swapped each time, so that whatever the machine
// does meanwhile falls on both alike: the ratio of their median times is the figure, the times are
// not. `BEFORE_DIR=../before node bench/before-after.mjs`; AB_REQUESTS (400 a side), AB_PORT (8870
// and the next).
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT } from "../scripts/lib.mjs";
import { median } from "./figures.mjs";
import { ENDPOINTS } from "./measures/request-rates.mjs";

const BEFORE_DIR = process.env.BEFORE_DIR;
if (!BEFORE_DIR) throw new Error("Name the checkout to compare with: BEFORE_DIR=<its directory>");
const REQUESTS = Number(process.env.AB_REQUESTS ?? 400);
const WARM_UP = 30;
const PORT = Number(process.env.AB_PORT ?? 8870);
// Those a hot path is made of, signed in as a session or a bearer token (not the access token's,
// which the account would need to make first, nor the POSTs).
const KEYS = [
  "health",
  "me",
  "projects",
  "auctions",
  "dashboard",
  "home",
  "possibleInvestments",
  "property",
  "project",
];

/** One checkout served on `port`, with the bench account made in it. */
async function serve(dir, port, name) {
  const from = (path) => import(pathToFileURL(join(dir, path)).href);
  const lib = await from("scripts/lib.mjs");
  const { signUpAndIn, analysedProperty, linkedProject } = await from("bench/accounts.mjs");
  const { measureImports } = await from("bench/measures/imports.mjs");
  lib.ensureDevVars();
  lib.buildUnlessPresent();
  const persistTo = join(dir, "bench", ".out", "before-after-state");
  rmSync(persistTo, { recursive: true, force: true });
  lib.applyMigrations(persistTo);
  const app = await lib.startWrangler({ port, persistTo, quiet: true, devTools: false });
  const origin = `http://127.0.0.1:${port}`;
  const { email, token, cookie } = await signUpAndIn(origin, {
    email: `bench-ab-${name}-${Date.now()}@example.com`,
  });
  const account = { email, authorization: { Authorization: `Bearer ${token}` }, cookie };
  await measureImports(origin, account);
  account.propertyId = await analysedProperty(origin, account);
  account.projectId = await linkedProject(origin, account, account.propertyId);
  return { name, dir, app, origin, account };
}

/** The endpoint's URL and headers on one side. */
function target(side, endpoint) {
  const { account } = side;
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, key) => account[key]);
  const headers = {
    ...(endpoint.signedIn === "cookie" ? { Cookie: account.cookie } : {}),
    ...(endpoint.signedIn === "bearer" ? account.authorization : {}),
    ...endpoint.headers,
  };
  return { url: `${side.origin}${path}`, headers, email: account.email, times: [] };
}

async function timed(request) {
  const started = performance.now();
  const response = await fetch(request.url, { headers: request.headers });
  const body = await response.text();
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`${request.url} answered ${response.status}: ${body.slice(0, 200)}`);
  return ms;
}

const before = await serve(resolve(BEFORE_DIR), PORT, "before");
const after = await serve(ROOT, PORT + 1, "after");
try {
  const rows = [];
  for (const endpoint of ENDPOINTS.filter(({ key }) => KEYS.includes(key))) {
    const pair = [target(before, endpoint), target(after, endpoint)];
    for (const request of pair) {
      // A page that fell back to the login screen would be measured as something else.
      if (endpoint.signedIn === "cookie") {
        const page = await fetch(request.url, { headers: request.headers });
        if (!(await page.text()).includes(request.email))
          throw new Error(`${request.url} did not render signed in`);
      }
      for (let i = 0; i < WARM_UP; i += 1) await timed(request);
    }
    for (let i = 0; i < REQUESTS; i += 1) {
      const order = i % 2 ? pair : [...pair].reverse();
      for (const request of order) request.times.push(await timed(request));
    }
    const [was, is] = pair.map((request) => median(request.times));
    rows.push({
      measure: endpoint.measure,
      before: `${was.toFixed(2)} ms`,
      after: `${is.toFixed(2)} ms`,
      ratio: Number((is / was).toFixed(3)),
    });
  }
  console.log(JSON.stringify({ before: BEFORE_DIR, requests: REQUESTS, rows }, null, 1));
} finally {
  before.app.kill("SIGTERM");
  after.app.kill("SIGTERM");
}
process.exit(0);
