// One measure of `npm run bench` on its own: an investor grown to 50,000 properties and leads
// beside small users (bench/measures/scale.mjs), against a fresh local AI42 of its own.
// `node bench/scale-alone.mjs`; SCALE_SIZES=1000,10000 for a shorter run, SCALE_PORT for another
// port. Prints the rows, how long it took and the load average before and after.
import { loadavg } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { buildUnlessPresent, ensureDevVars, ROOT } from "../scripts/lib.mjs";
import { measureScale } from "./measures/scale.mjs";

const PORT = Number(process.env.SCALE_PORT ?? 8837);
ensureDevVars();
buildUnlessPresent();
const before = loadavg()[0];
const started = performance.now();
const measured = await measureScale(join(ROOT, "bench", ".out"), PORT);
const minutes = Number(((performance.now() - started) / 60_000).toFixed(1));
console.log(JSON.stringify({ ...measured, minutes, loadAverage: [before, loadavg()[0]] }, null, 1));
process.exit(0);
