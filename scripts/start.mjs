// `npm start`: build, prepare local secrets and D1, start `wrangler dev`, seed the demo account.
import { DEMO_ACCOUNT, seedDemoAccount } from "./demo-data.mjs";
import { applyMigrations, build, ensureDevVars, startWrangler } from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);
if (ensureDevVars()) console.log("Created .dev.vars with random secrets.");
build();
applyMigrations();
const child = await startWrangler({ port });
const origin = `http://127.0.0.1:${port}`;
const demo = await seedDemoAccount(origin);
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
