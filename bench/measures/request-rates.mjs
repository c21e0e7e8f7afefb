// Requests per second of AI42's hot paths against a bare hello-world Worker served by the same
// wrangler on the same machine: the ratio is the comparable figure, the absolute rate is not.
import { cpus } from "node:os";
import { median } from "../figures.mjs";

export const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 3) * 1000;
const ROUNDS = 3;
export const CONCURRENCY = 16;
const WARM_UP_REQUESTS = 50;

/** What is measured; `target` is the least ratio to the bare Worker that passes. */
export const ENDPOINTS = [
  { key: "health", measure: "GET /api/health (D1 + KV)", path: "/api/health" },
  {
    key: "me",
    measure: "GET /api/auth/me (JWT + KV session)",
    path: "/api/auth/me",
    signedIn: "bearer",
    target: 0.5,
  },
  {
    key: "projects",
    measure: "GET /api/projects?limit=50 (session + one D1 batch)",
    path: "/api/projects?limit=50",
    signedIn: "bearer",
    target: 0.5,
  },
  {
    key: "tokenProjects",
    measure: "GET /api/projects?limit=50 with a personal access token (its hash looked up in D1)",
    path: "/api/projects?limit=50",
    signedIn: "token",
  },
  {
    key: "mcpTools",
    measure: "POST /mcp tools/list with a personal access token (OAuth provider + MCP server)",
    path: "/mcp",
    signedIn: "token",
    headers: { Accept: "application/json, text/event-stream" },
    body: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  },
  {
    key: "auctions",
    measure: "GET /api/auctions?limit=50, by sale time (session + one D1 batch; 3,000 auctions)",
    // The auctions the import benchmark added (bench/measures/imports.mjs).
    path: "/api/auctions?limit=50",
    signedIn: "bearer",
  },
  {
    key: "calendar",
    measure: "GET /api/calendar/events, a month holding 500 events (merged listing)",
    // The month CALENDAR_MONTH seeded with BENCH_EVENTS events (bench/run.mjs).
    path: "/api/calendar/events?timeMin=2027-03-01T00:00:00Z&timeMax=2027-04-01T00:00:00Z&maxResults=2500",
    signedIn: "bearer",
  },
  {
    key: "analyze",
    measure: "POST /api/deals/analyze, a rental held 30 years (projection and IRR)",
    path: "/api/deals/analyze",
    signedIn: "bearer",
    body: {
      strategy: "rental",
      inputs: {
        purchasePrice: 185000,
        closingCosts: 4000,
        financing: { type: "loan", downPaymentPct: 20, interestRatePct: 7, termYears: 30 },
        grossMonthlyRent: 1650,
        vacancyPct: 5,
        propertyTaxesAnnual: 2400,
        insuranceAnnual: 1100,
        managementPct: 8,
        maintenancePct: 5,
        capexPct: 5,
        holdYears: 30,
        appreciationPct: 3,
        rentGrowthPct: 2,
        expenseGrowthPct: 2,
        sellingCostsPct: 6,
      },
    },
  },
  {
    key: "dashboard",
    measure: "GET /api/dashboard (session + one D1 batch of every card)",
    path: "/api/dashboard?date=2027-03-15",
    signedIn: "bearer",
  },
  {
    key: "home",
    measure: "GET /home signed in (session cookie + the Dashboard read and rendered on the server)",
    path: "/home",
    signedIn: "cookie",
    target: 0.25,
  },
  {
    key: "possibleInvestments",
    measure:
      "GET /possible-investments signed in (the list's first page of 1,000 properties, read and rendered on the server)",
    path: "/possible-investments",
    signedIn: "cookie",
    target: 0.1,
  },
  {
    key: "property",
    measure:
      "GET /possible-investments/<id> signed in (a property's page with its analyses, read and rendered on the server)",
    // A property of the account's (`account.propertyId`), named when the rates are measured.
    path: "/possible-investments/{propertyId}",
    signedIn: "cookie",
    target: 0.1,
  },
  {
    key: "project",
    measure:
      "GET /project-hub/projects/<id> signed in (a project with its contact, document and property, read and rendered on the server)",
    // A project of the account's (`account.projectId`), named when the rates are measured.
    path: "/project-hub/projects/{projectId}",
    signedIn: "cookie",
    target: 0.1,
  },
];

/** The endpoint's path for this account: `{name}` is the account's `name`. */
const pathOf = (endpoint, account) =>
  endpoint.path.replace(/\{(\w+)\}/g, (_, name) => account[name]);

/** GET, or POST of `body` as JSON when the endpoint has one. */
const requestInit = (headers, body) =>
  body === undefined
    ? { headers }
    : {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      };

export async function requestRate(url, headers, body) {
  const init = requestInit(headers, body);
  for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await (await fetch(url, init)).arrayBuffer();
  const started = Date.now();
  const deadline = started + DURATION_MS;
  let count = 0;
  let failures = 0;
  const loop = async () => {
    while (Date.now() < deadline) {
      const response = await fetch(url, init);
      await response.arrayBuffer();
      if (response.ok) count += 1;
      else failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  if (failures) throw new Error(`${url}: ${failures} failed requests`);
  return count / ((Date.now() - started) / 1000);
}

/**
 * `only`: the keys of the endpoints to measure (all when left out).
 * @returns {Promise<import("../report.mjs").Measured>}
 */
export async function measureRequestRates({ origin, bareOrigin, account, only }) {
  const endpoints = only ? ENDPOINTS.filter(({ key }) => only.includes(key)) : ENDPOINTS;
  const credentials = {
    bearer: account.authorization,
    token: account.accessToken,
    cookie: { Cookie: account.cookie },
  };
  const headersFor = (endpoint) => ({
    ...credentials[endpoint.signedIn],
    ...endpoint.headers,
  });
  for (const endpoint of endpoints.filter(({ signedIn }) => signedIn === "cookie")) {
    // A cookie the server turned down would measure the login screen instead.
    const path = pathOf(endpoint, account);
    const page = await fetch(`${origin}${path}`, { headers: headersFor(endpoint) });
    if (!page.ok || !(await page.text()).includes(account.email))
      throw new Error(`${path} did not render signed in with the session cookie`);
  }
  const samples = { bare: [] };
  for (const endpoint of endpoints) samples[endpoint.key] = [];
  // Interleaved rounds, median of each, so drift on a shared machine hits all alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    samples.bare.push(await requestRate(`${bareOrigin}/`, {}));
    for (const endpoint of endpoints) {
      const url = `${origin}${pathOf(endpoint, account)}`;
      samples[endpoint.key].push(await requestRate(url, headersFor(endpoint), endpoint.body));
    }
  }
  const rates = Object.fromEntries(Object.entries(samples).map(([key, s]) => [key, median(s)]));
  return describeRequestRates(rates);
}

/** Why an endpoint below its target is there, from the figures; one per endpoint with a target. */
const EXPLAIN_MISS = {
  me: (ratio) =>
    `\`GET /api/auth/me\` verifies the JWT and reads the session from KV, nothing else; at ` +
    `${ratio.me.toFixed(2)}× it is the floor for every signed-in request.`,
  projects: (ratio) =>
    "every D1 query in local workerd is a call into a separate SQLite-backed object on the same " +
    `cores; \`GET /api/health\` (one \`SELECT 1\` plus a KV read) shows that floor at ` +
    `${ratio.health.toFixed(2)}× the bare Worker, and the projects list (one D1 batch holding the ` +
    `page and its count) ${relationTo(ratio.projects, ratio.health, "it")}. The handler does no ` +
    "other work worth removing (the session comes from KV, the list and count share one round " +
    "trip). Answering from a cache instead of D1 would meet the ratio but serve stale pipelines " +
    "after an edit, so it is not done; the figure to watch is the deployed one, where D1 runs " +
    "beside the Worker.",
  home: (ratio) =>
    "the signed-in page first reads the session as `GET /api/auth/me` does " +
    `(${ratio.me.toFixed(2)}×), then reads the Dashboard's data as \`GET /api/dashboard\` and ` +
    `the workspace figures do (${ratio.dashboard.toFixed(2)}× for the first alone) and Remix ` +
    "renders the whole first screen with it on the server, which together take as " +
    `long as ${(1 / ratio.home - 1 / ratio.me).toFixed(1)} bare-Worker requests. It is the page ` +
    "view's only request: before, the page came without data and the browser asked the API for it.",
  possibleInvestments: (ratio) => pageMiss(ratio, ratio.possibleInvestments, "the list's page"),
  property: (ratio) => pageMiss(ratio, ratio.property, "the property and its analyses"),
  project: (ratio) => pageMiss(ratio, ratio.project, "the project and what is linked to it"),
};

/** Why a signed-in page misses: the session read, then its data read and rendered. */
const pageMiss = (ratio, page, what) =>
  `the page reads the session as \`GET /api/auth/me\` does (${ratio.me.toFixed(2)}×), then ` +
  `${what} through the API's services, and Remix renders the shell and the page on the server: ` +
  `together as long as ${(1 / page - 1 / ratio.me).toFixed(1)} bare-Worker requests beyond the ` +
  "session's.";

/** "sits at it (0.25×)" or "sits below it (0.20×)" for a ratio compared with a floor. */
function relationTo(value, floor, name) {
  const where = value >= floor * 0.9 ? "at" : "below";
  return `sits ${where} ${name} (${value.toFixed(2)}×)`;
}

/**
 * The rows and prose for these rates in requests per second (separate, so it can be tested).
 * @returns {import("../report.mjs").Measured}
 */
export function describeRequestRates(rates) {
  const measured = ENDPOINTS.filter(({ key }) => rates[key] !== undefined);
  const ratio = Object.fromEntries(measured.map(({ key }) => [key, rates[key] / rates.bare]));
  const missed = measured.filter(({ key, target }) => target && ratio[key] < target);
  const rows = [
    {
      measure: "Bare hello-world Worker",
      result: `${rates.bare.toFixed(0)} req/s`,
      target: "baseline",
    },
    ...measured.map(({ key, measure, target }) => ({
      measure,
      result: `${rates[key].toFixed(0)} req/s (${ratio[key].toFixed(2)}×)`,
      target: target ? `≥ ${target}×` : undefined,
      met: target ? ratio[key] >= target : undefined,
    })),
  ];
  const method =
    "Request rates are local workerd with local D1 and KV, served as `wrangler dev` serves a " +
    "Worker but without the DevTools relay its CLI attaches (scripts/serve-worker.mjs: that " +
    "relay copies every subrequest, each D1 query, to Node as a debug log written to a file, " +
    "which production has not), driven by " +
    `${CONCURRENCY} concurrent Node \`fetch\` loops on the same machine: ${ROUNDS} interleaved ` +
    `rounds of ${DURATION_MS / 1000} s per endpoint, median shown. The bare Worker is served ` +
    "the same way in the same run, so the ratios are the comparable figures; absolute rates " +
    `are bounded by the load generator sharing the ${cpus().length} cores.`;
  const misses = missed.map(
    ({ key, measure, target }) =>
      `Why ${measure.replace(/ \(.*\)$/, "")} misses its ${target}× target ` +
      `(${ratio[key].toFixed(2)}×): ${EXPLAIN_MISS[key](ratio)}`,
  );
  return { rows, notes: [method, ...misses] };
}
