/**
 * The Worker's Cron Triggers (wrangler.toml `[triggers]`): the work nobody waits for. Locally,
 * `npm start` (wrangler dev --test-scheduled) runs it on `curl http://127.0.0.1:8787/__scheduled`.
 */
import { database } from "./db/client";
import type { Env } from "./env";
import { readLostTexts, sweepFiles } from "./services/files";
import { queueSequenceSteps } from "./services/sequences";

export async function runScheduled(env: Env, now = Date.now()) {
  // Follow-up sequences' steps due (issue 31): queued, each done once however often it is.
  await queueSequenceSteps(database(env.DB), env, now);
  // Files left by a crashed upload or delete, or whose record was deleted (issue 30).
  if (env.FILES) await sweepFiles(database(env.DB), env.FILES, now);
  // Files whose text was not read after the upload (the Worker stopped first).
  if (env.EXTRACT) await readLostTexts(database(env.DB), env.EXTRACT, now);
}
