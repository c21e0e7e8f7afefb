// One measure of `npm run bench` on its own: another user's requests beside a hostile upload
// (bench/measures/hostile-upload.mjs), against a fresh local AI42 whose text extractor runs in its
// own process. `node bench/hostile-upload-alone.mjs`; prints the rows, and the load average.
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import {
  applyMigrations,
  buildUnlessPresent,
  ensureDevVars,
  ROOT,
  startWrangler,
} from "../scripts/lib.mjs";
import { measureHostileUpload } from "./measures/hostile-upload.mjs";

const PORT = 8836;
ensureDevVars();
buildUnlessPresent();
const persistTo = join(ROOT, "bench", ".out", "hostile-state");
rmSync(persistTo, { recursive: true, force: true });
applyMigrations(persistTo);
const app = await startWrangler({ port: PORT, persistTo, quiet: true });
try {
  const before = loadavg()[0];
  const measured = await measureHostileUpload(`http://127.0.0.1:${PORT}`);
  console.log(JSON.stringify({ ...measured, loadAverage: [before, loadavg()[0]] }, null, 1));
} finally {
  app.kill("SIGTERM");
}
