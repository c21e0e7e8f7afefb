/**
 * The JOBS queue's consumer: background deliveries the cron (worker/scheduled.ts) and requests
 * queue. Each message is acknowledged once its work is done or found already done, and retried
 * with the delay its work asks for; the work itself keeps count of attempts and, after the last,
 * records the failure where the user sees it.
 */
import { database } from "./db/client";
import type { Env } from "./env";
import type { JobMessage } from "./jobs";
import { deliverEmail } from "./services/notifications";
import { runSequenceStep } from "./services/sequences";

export async function runQueue(batch: MessageBatch<JobMessage>, env: Env, now = Date.now()) {
  const db = database(env.DB);
  for (const message of batch.messages) {
    try {
      if (message.body.type === "sequence-step") {
        // Done, claimed before, or waiting (its time moved on): the step's own state says.
        await runSequenceStep(db, env, message.body, now);
        message.ack();
        continue;
      }
      const delivery = await deliverEmail(db, env, message.body.id, now);
      if (delivery.outcome === "retry") message.retry({ delaySeconds: delivery.delaySeconds });
      else message.ack();
    } catch (error) {
      // D1 itself failed: the queue tries again later; the e-mail's state is unchanged.
      console.error(`[queue] ${JSON.stringify(message.body)}:`, error);
      message.retry({ delaySeconds: 60 });
    }
  }
}
