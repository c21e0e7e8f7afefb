// `npm start`: build (unless nothing changed since the last build), prepare local secrets and D1,
// start `wrangler dev`, seed the demo account; a line for each step, then where AI42 runs and how
// to sign in (what wrangler says while it starts is shown only if it fails: see startWrangler).
// PORT moves the server. For the test that runs this script (tests/e2e/start.spec.ts):
// AI42_STATE_DIR keeps local D1 and KV away from .wrangler/state, AI42_REUSE_BUILD=1 takes any
// build there is (the test must not rebuild under the other browser tests' server, even when
// sources changed), and AI42_WITHOUT_EMAIL=1 leaves out an EMAIL_API_KEY set in .dev.vars, so
// reset links are printed whatever the machine's settings.
import { DEMO_ACCOUNT, seedDemoAccount } from "./demo-data.mjs";
import {
  applyMigrations,
  buildUnlessCurrent,
  buildUnlessPresent,
  ensureDevVars,
  startWrangler,
} from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);
const persistTo = process.env.AI42_STATE_DIR || undefined;
if (ensureDevVars()) console.log("Created .dev.vars with random secrets.");
if (process.env.AI42_REUSE_BUILD === "1") buildUnlessPresent();
else buildUnlessCurrent();
applyMigrations(persistTo);
const vars = process.env.AI42_WITHOUT_EMAIL === "1" ? { EMAIL_API_KEY: "" } : {};
console.log("Starting the local server (wrangler dev)...");
let demo;
const child = await startWrangler({
  port,
  persistTo,
  vars,
  prepare: async (origin) => (demo = await seedDemoAccount(origin)),
});
const origin = `http://127.0.0.1:${port}`;
console.log(`
  AI42 is running at ${origin}

  Demo account (${demo === "created" ? "just created" : "already there"}):
    e-mail:   ${DEMO_ACCOUNT.email}
    password: ${DEMO_ACCOUNT.password}

  Press Ctrl+C to stop.
`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    child.kill("SIGTERM");
    process.exit(0);
  });
}
child.on("exit", (code) => process.exit(code ?? 0));
