// The server the browser tests drive: the built Worker under `wrangler dev` with fresh local D1
// and KV (in .wrangler/e2e), so every run starts from an empty database.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { applyMigrations, build, ensureDevVars, ROOT, startWrangler } from "./lib.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
const persistTo = join(ROOT, ".wrangler", "e2e");
ensureDevVars();
if (!existsSync(join(ROOT, "build", "server", "index.js"))) build();
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
const child = await startWrangler({ port, persistTo, vars: { EMAIL_API_KEY: "" } });
console.log(`e2e server ready on http://127.0.0.1:${port}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill("SIGTERM"));
child.on("exit", (code) => process.exit(code ?? 0));
