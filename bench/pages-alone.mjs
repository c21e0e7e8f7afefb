// The signed-in pages on their own (parts of `npm run bench`): their request rates against a bare
// Worker under the same wrangler, and what a phone downloads on each (the module pages, a
// property's, a project's and the new-project form), for a new account holding 1,000 properties
// (the import measure's), one analysis and one project, on a fresh local AI42.
// `node bench/pages-alone.mjs`; PAGES_PORT and PAGES_BARE_PORT for other ports, PAGES_ONLY for other
// endpoints (keys of bench/measures/request-rates.mjs, comma-separated).
import { rmSync } from "node:fs";
import { join } from "node:path";
import {
  applyMigrations,
  buildUnlessPresent,
  ensureDevVars,
  ROOT,
  startWrangler,
} from "../scripts/lib.mjs";
import { analysedProperty, linkedProject, signUpAndIn } from "./accounts.mjs";
import { measureImports } from "./measures/imports.mjs";
import { measureModulePages } from "./measures/module-pages.mjs";
import { measureRequestRates } from "./measures/request-rates.mjs";

const PORT = Number(process.env.PAGES_PORT ?? 8838);
const BARE_PORT = Number(process.env.PAGES_BARE_PORT ?? 8839);
// The dashboard's API read too: the signed-in home page is explained by it.
const PAGES = process.env.PAGES_ONLY?.split(",") ?? [
  "me",
  "dashboard",
  "home",
  "possibleInvestments",
  "property",
  "project",
];

ensureDevVars();
buildUnlessPresent();
const persistTo = join(ROOT, "bench", ".out", "pages-state");
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
const app = await startWrangler({ port: PORT, persistTo, quiet: true, devTools: false });
const bare = await startWrangler({
  port: BARE_PORT,
  config: join(ROOT, "bench", "bare", "wrangler.toml"),
  quiet: true,
  devTools: false,
});
try {
  const origin = `http://127.0.0.1:${PORT}`;
  const { email, token, cookie } = await signUpAndIn(origin, {
    email: `bench-pages-${Date.now()}@example.com`,
  });
  const account = { email, authorization: { Authorization: `Bearer ${token}` }, cookie };
  await measureImports(origin, account);
  account.propertyId = await analysedProperty(origin, account);
  account.projectId = await linkedProject(origin, account, account.propertyId);
  const rates = await measureRequestRates({
    origin,
    bareOrigin: `http://127.0.0.1:${BARE_PORT}`,
    account,
    only: PAGES,
  });
  const pages = await measureModulePages(origin, account, [
    `/possible-investments/${account.propertyId}`,
    `/project-hub/projects/${account.projectId}`,
    "/project-hub/projects/new",
  ]);
  console.log(JSON.stringify({ rates, pages }, null, 1));
} finally {
  app.kill("SIGTERM");
  bare.kill("SIGTERM");
}
process.exit(0);
