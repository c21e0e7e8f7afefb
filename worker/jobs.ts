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
      /** Where the cron moved the step's `next_at` when it queued it (see queueSequenceSteps). */
      queuedUntil?: string;
    };
