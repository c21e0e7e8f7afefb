/**
 * The messages the JOBS queue carries (wrangler.toml `[[queues.producers]]`), consumed by
 * worker/queue.ts. Each names a record whose own state says whether the work is still to do, so a
 * message delivered twice does it once.
 */
export type JobMessage =
  /** Send a notification's e-mail (worker/services/notifications.ts). */
  | { type: "email"; id: string }
  /** Do a step of a lead's follow-up sequence (worker/services/sequences.ts). */
  | {
      type: "sequence-step";
      enrollmentId: string;
      step: number;
      /** The workspace whose enrollment it is: where its records are read (D1 or its object). */
      workspaceId?: string;
      /** Where the cron moved the step's `next_at` when it queued it (see queueSequenceSteps). */
      queuedUntil?: string;
    }
  /**
   * Judge the user's analysed properties again by a changed buy box, from `after` on
   * (worker/services/deals.ts rejudgeBuyBox): judging one twice gives the same verdict.
   */
  | { type: "buy-box"; userId: string; after: string }
  /**
   * An e-mail about the account (worker/services/account-emails.ts), with the origin its links
   * name. A reset names the address asked about, so the request that queues it never looks the
   * account up.
   */
  | { type: "account-email"; kind: "password-reset"; email: string; origin: string }
  | {
      type: "account-email";
      kind: "confirm-email" | "already-registered" | "password-changed";
      userId: string;
      origin: string;
    }
  /**
   * An invitation's e-mail (worker/services/invitations.ts), with its link. Unlike an account
   * e-mail's, the link's token is made before the e-mail is sent: the inviter is shown it with
   * the invitation, and the database keeps only its hash, so the message is what carries it.
   */
  | { type: "invitation-email"; invitationId: string; link: string };

/**
 * Hands `message` to the JOBS queue, which tries its work again when it fails; without a queue
 * bound, `work` runs once after the answer, a failure only logged.
 */
export async function queueJob(
  queue: Queue<JobMessage> | undefined,
  message: JobMessage,
  work: () => Promise<unknown>,
  waitUntil: (work: Promise<unknown>) => void,
) {
  if (queue) await queue.send(message);
  else waitUntil(work().catch((error) => console.error(`[jobs] ${message.type}:`, error)));
}
