/**
 * The Worker's Cron Triggers (wrangler.toml `[triggers]`): the work nobody waits for. Locally,
 * `npm start` (wrangler dev --test-scheduled) runs it on `curl http://127.0.0.1:8787/__scheduled`.
 */
import { database } from "./db/client";
import type { Env } from "./env";
import { forgetOldActivity } from "./services/activity";
import { forgetOldMcpCalls } from "./services/mcp-calls";
import { dueBriefs } from "./services/daily-brief";
import { readLostTexts, sweepFiles } from "./services/files";
import { clearOldUndo } from "./services/import-runs";
import { notify, releaseEmails } from "./services/notifications";
import { dueReminders } from "./services/reminders";
import { queueSequenceSteps } from "./services/sequences";
import { remeasureStorage } from "./services/storage";
import { moveWaitingWorkspaces } from "./services/workspace-move";

/** wrangler.toml's crons: reminders every minute, the files' sweeps every five. */
export const REMINDERS_CRON = "* * * * *";
export const SWEEPS_CRON = "*/5 * * * *";

/** The work of `cron`; without one (a test, a local run), all of it. */
export async function runScheduled(env: Env, now = Date.now(), cron?: string) {
  const db = database(env.DB);
  if (cron !== SWEEPS_CRON) {
    // Reminders and briefs due: made once each, their e-mails handed to the queue.
    await notify(db, env, [...(await dueReminders(db, now)), ...(await dueBriefs(db, now))], now);
    // E-mails whose quiet hours ended, and any the queue lost.
    await releaseEmails(db, env, now);
    // Follow-up sequences' steps due: queued, each done once however often it is.
    await queueSequenceSteps(db, env, now);
    // Workspaces move from D1 into their own objects, a bounded share each minute.
    if (env.MOVE_WORKSPACES === "on" && env.WORKSPACES) await moveWaitingWorkspaces(env);
  }
  if (cron !== REMINDERS_CRON) {
    // Files left by a crashed upload or delete, or whose record was deleted.
    if (env.FILES) await sweepFiles(db, env.FILES, now);
    // Files whose text was not read after the upload (the Worker stopped first).
    if (env.EXTRACT) await readLostTexts(db, env.EXTRACT, now);
    // The AI clients' log keeps LOG_DAYS.
    await forgetOldMcpCalls(db, now);
    // The activity log keeps a year, removed in slices: a busy day's entries a sweep at a time.
    await forgetOldActivity(db, now);
    // Imports older than UNDO_DAYS can no longer be undone: what they changed goes, in slices.
    await clearOldUndo(db, now);
    // The storage figures, counted as records are written, measured again a slice at a time.
    await remeasureStorage(db, now);
  }
}
