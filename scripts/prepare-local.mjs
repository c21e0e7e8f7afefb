// `npm run dev` runs this first: local secrets and the local D1 schema.
import { applyMigrations, ensureDevVars } from "./lib.mjs";

if (ensureDevVars()) console.log("Created .dev.vars with random secrets.");
applyMigrations();
