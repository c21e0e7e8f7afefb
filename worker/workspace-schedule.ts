/**
 * A workspace object's own background work, run by its alarm (docs/decisions/0049): what the
 * Worker's cron does across D1's workspaces, for this one only. Its sequences' due steps at their
 * time; once a day the upkeep that keeps it small (the file sweeps, the activity log's and the
 * import undo's ends, the storage figures measured again). Reminders and daily briefs are a
 * person's across workspaces and stay with the cron.
 */
import { database } from "./db/client";
import type { Env } from "./env";
import { forgetOldActivity } from "./services/activity";
import { readLostTexts, sweepFiles } from "./services/files";
import { clearOldUndo } from "./services/import-runs";
import { queueSequenceSteps } from "./services/sequences";
import { remeasureStorage } from "./services/storage";

/** How often the upkeep runs in a workspace's object. */
export const UPKEEP_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * The work due at `now` in the workspace whose records `env.DB` reaches; with `upkeep`, the
 * daily upkeep too. Steps run here rather than through the queue: the alarm is already this
 * workspace's own retrying runner, and a step done twice is done once (`runSequenceStep`).
 */
export async function runWorkspaceWork(env: Env, now: number, { upkeep = false } = {}) {
  const db = database(env.DB);
  await queueSequenceSteps(db, { ...env, JOBS: undefined }, now);
  if (!upkeep) return;
  if (env.FILES) await sweepFiles(db, env.FILES, now);
  if (env.EXTRACT) await readLostTexts(db, env.EXTRACT, now);
  await forgetOldActivity(db, now);
  await clearOldUndo(db, now);
  await remeasureStorage(db, now);
}
