/**
 * The JOBS queue's consumer: background deliveries the cron (worker/scheduled.ts) and requests
 * queue. Each message is acknowledged once its work is done or found already done, and retried
 * with the delay its work asks for; the work itself keeps count of attempts and, after the last,
 * records the failure where the user sees it.
 */
import { database } from "./db/client";
import type { Env } from "./env";
import type { JobMessage } from "./jobs";
import { deliverAccountEmail, MAX_ACCOUNT_EMAIL_ATTEMPTS } from "./services/account-emails";
import { rejudgeBuyBoxLater } from "./services/deals";
import { deliverInvitationEmail } from "./services/invitations";
import { backoffSeconds, deliverEmail } from "./services/notifications";
import { runSequenceStep } from "./services/sequences";
import { recordsD1 } from "./workspace-database";

export async function runQueue(batch: MessageBatch<JobMessage>, env: Env, now = Date.now()) {
  const db = database(env.DB);
  for (const message of batch.messages) {
    try {
      if (message.body.type === "sequence-step") {
        // Done, claimed before, or waiting (its time moved on): the step's own state says.
        const { workspaceId } = message.body;
        // Held during a move's last seconds (503): the queue tries it again later.
        const records = workspaceId
          ? database(await recordsD1(env, workspaceId, { writing: true }))
          : db;
        await runSequenceStep(records, env, message.body, now);
        message.ack();
        continue;
      }
      const body = message.body;
      if (body.type === "buy-box") {
        const records = database(await recordsD1(env, body.userId, { writing: true }));
        const after = await rejudgeBuyBoxLater(records, body.userId, body.after);
        if (after !== null) await env.JOBS!.send({ ...body, after });
        message.ack();
        continue;
      }
      if (body.type === "account-email" || body.type === "invitation-email") {
        const [what, delivery] =
          body.type === "account-email"
            ? [body.kind, deliverAccountEmail(env, body, message.attempts)]
            : ["invitation", deliverInvitationEmail(env, body)];
        await delivery.then(
          () => message.ack(),
          (error: unknown) => {
            // The provider failed: again later, and after the last try, only the log says so.
            const last = message.attempts >= MAX_ACCOUNT_EMAIL_ATTEMPTS;
            console.error(`[queue] ${what} e-mail${last ? ", given up" : ""}:`, error);
            if (last) message.ack();
            else message.retry({ delaySeconds: backoffSeconds(message.attempts) });
          },
        );
        continue;
      }
      const delivery = await deliverEmail(db, env, body.id, now);
      if (delivery.outcome === "retry") message.retry({ delaySeconds: delivery.delaySeconds });
      else message.ack();
    } catch (error) {
      // D1 itself failed: the queue tries again later; the e-mail's state is unchanged.
      console.error(`[queue] ${JSON.stringify(message.body)}:`, error);
      message.retry({ delaySeconds: 60 });
    }
  }
}
