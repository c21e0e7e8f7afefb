// One measure of `npm run bench` on its own: workspaces in their own Durable Objects against all
// in D1, the same workload on both (bench/measures/workspace-objects.mjs), against fresh local
// AI42s of its own. `node bench/workspace-objects-alone.mjs`; OBJECTS_HEAVY=10000 for a shorter
// run, OBJECTS_PORT for other ports (it and the next). Prints the rows, how long it took and the
// load average before and after.
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { buildUnlessPresent, ensureDevVars, ROOT } from "../scripts/lib.mjs";
import { measureWorkspaceObjects } from "./measures/workspace-objects.mjs";

const PORT = Number(process.env.OBJECTS_PORT ?? 8847);
ensureDevVars();
buildUnlessPresent();
const before = loadavg()[0];
const started = performance.now();
const measured = await measureWorkspaceObjects(join(ROOT, "bench", ".out"), PORT);
const minutes = Number(((performance.now() - started) / 60_000).toFixed(1));
console.log(JSON.stringify({ ...measured, minutes, loadAverage: [before, loadavg()[0]] }, null, 1));
process.exit(0);
