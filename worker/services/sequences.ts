/**
 * Follow-up sequences for leads: the user's sequences, their settings (on or off, the
 * daily cap of e-mails), starting and stopping one on a lead, the cron's due-step finder, and
 * `runSequenceStep`, which does one step once.
 *
 * Exactly once: a step is claimed by inserting its log row, unique by `seq:<enrollment>:<step>`,
 * and moving the enrollment on in the same batch; a second delivery of the same step (a queue
 * retry, an overlapping cron run) finds the step done or claimed and does nothing. An e-mail step's
 * claim also counts the day's e-mails (the daily cap) in the same statement. A claimed e-mail that
 * Gmail refuses becomes a task for the user: it is never tried again, so nothing is sent twice.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { addIsoDays } from "../../app/domain/calendar/event-terms";
import {
  addressOf,
  base64Url,
  DEFAULT_DAILY_CAP,
  sequenceBlock,
  sequenceBlockedText,
  stepBlock,
  emailStepCount,
  fillTemplate,
  replySubject,
  rfc2822,
  stepDueAt,
  stepKey,
  STOP_REASONS,
  type SequenceBlock,
  type SequenceInput,
  type SequenceSettings,
  type SequenceStep,
  type StepOutcome,
  type StopReason,
} from "../../app/domain/marketing/sequences";
import { leadPath } from "../../app/domain/modules";
import { quietUntil } from "../../app/domain/notifications";
import { todayIn } from "../../app/domain/today";
import { contactName } from "../../app/domain/workspace-terms";
import { AppError, notFound } from "../errors";
import type { Database } from "../db/client";
import { actorOf, nowIso, ownerId, runBatch, isoAt, type Owner } from "../db/queries";
import {
  calendarEvents,
  contacts,
  leads,
  sequenceEnrollments,
  sequenceLog,
  sequences,
  sequenceSettings,
  users,
  type SequenceEnrollmentRow,
  type SequenceLogRow,
} from "../db/schema";
import type { Env } from "../env";
import { getLead } from "./leads";
import { gmailSending, googleApis, withGoogle, type GoogleScope } from "./google";
import { addressed } from "./recipients";
import { membershipIn } from "./workspaces";
import { notify, settingsOf } from "./notifications";

/** The queue message of one step (worker/queue.ts). */
export interface SequenceStepJob {
  enrollmentId: string;
  step: number;
  /** Set when the cron queued it: the `next_at` it moved the step to meanwhile. */
  queuedUntil?: string;
  /** The workspace whose enrollment it is: where the queue reads its records. */
  workspaceId?: string;
}

// ---------------------------------------------------------------------------------------------
// Sequences

const toSequence = (row: typeof sequences.$inferSelect, running = 0) => ({
  id: row.id,
  name: row.name,
  personalize: row.personalize,
  steps: row.steps,
  running,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
export type Sequence = ReturnType<typeof toSequence>;

/** The user's sequences, oldest first, each with how many leads it is running on. */
export async function listSequences(db: Database, userId: string) {
  const [rows, running] = await db.batch([
    db
      .select()
      .from(sequences)
      .where(eq(sequences.userId, userId))
      .orderBy(asc(sequences.createdAt), asc(sequences.id)),
    db
      .select({ sequenceId: sequenceEnrollments.sequenceId, value: count() })
      .from(sequenceEnrollments)
      .where(and(eq(sequenceEnrollments.userId, userId), eq(sequenceEnrollments.status, "active")))
      .groupBy(sequenceEnrollments.sequenceId),
  ]);
  const counts = new Map(running.map((row) => [row.sequenceId, row.value]));
  return rows.map((row) => toSequence(row, counts.get(row.id) ?? 0));
}

async function sequenceRow(db: Database, userId: string, id: string) {
  const row = await db.query.sequences.findFirst({
    where: and(eq(sequences.id, id), eq(sequences.userId, userId)),
  });
  if (!row) throw notFound("Sequence");
  return row;
}

export const getSequence = async (db: Database, userId: string, id: string) =>
  toSequence(await sequenceRow(db, userId, id));

export async function createSequence(db: Database, userId: string, input: SequenceInput) {
  const [row] = await db
    .insert(sequences)
    .values({ userId, ...input })
    .returning();
  return toSequence(row!);
}

/**
 * Replaces a sequence's name and steps. Leads it is running on go on from the step they are at,
 * with the new steps (one removed from the end finishes them at their next run).
 */
export async function updateSequence(
  db: Database,
  userId: string,
  id: string,
  input: SequenceInput,
) {
  const [row] = await db
    .update(sequences)
    .set({ ...input, updatedAt: nowIso() })
    .where(and(eq(sequences.id, id), eq(sequences.userId, userId)))
    .returning();
  if (!row) throw notFound("Sequence");
  return toSequence(row);
}

/** Deletes a sequence; the leads it was running on are stopped first, their logs kept. */
export async function deleteSequence(db: Database, userId: string, id: string, now: number) {
  const row = await sequenceRow(db, userId, id);
  const running = await db
    .select({ id: sequenceEnrollments.id })
    .from(sequenceEnrollments)
    .where(
      and(
        eq(sequenceEnrollments.userId, userId),
        eq(sequenceEnrollments.sequenceId, id),
        eq(sequenceEnrollments.status, "active"),
      ),
    );
  for (const enrollment of running) await stopEnrollment(db, userId, enrollment.id, "by_user", now);
  await db.delete(sequences).where(and(eq(sequences.id, id), eq(sequences.userId, userId)));
  return toSequence(row);
}

// ---------------------------------------------------------------------------------------------
// Settings

/**
 * Whether the workspace's sequences are on, its daily cap, and whether the e-mail steps of those
 * the reader starts can go from their Gmail (those a person starts go from theirs).
 */
export async function sequenceSettingsOf(db: Database, reader: Owner) {
  const userId = ownerId(reader);
  const [row, sending] = await Promise.all([
    db.query.sequenceSettings.findFirst({ where: eq(sequenceSettings.userId, userId) }),
    gmailSending(db, actorOf(reader) ?? userId),
  ]);
  return {
    enabled: row?.enabled ?? false,
    dailyCap: row?.dailyCap ?? DEFAULT_DAILY_CAP,
    gmailSending: sending,
  };
}

/** Turns sequences on or off (off stops every lead's running sequence) and sets the cap. */
export async function updateSequenceSettings(
  db: Database,
  owner: Owner,
  input: SequenceSettings,
  now: number,
) {
  const userId = ownerId(owner);
  await db
    .insert(sequenceSettings)
    .values({ userId, ...input, updatedAt: isoAt(now) })
    .onConflictDoUpdate({
      target: sequenceSettings.userId,
      set: { ...input, updatedAt: isoAt(now) },
    });
  if (!input.enabled) {
    const running = await db
      .select({ id: sequenceEnrollments.id })
      .from(sequenceEnrollments)
      .where(and(eq(sequenceEnrollments.userId, userId), eq(sequenceEnrollments.status, "active")));
    for (const enrollment of running)
      await stopEnrollment(db, userId, enrollment.id, "turned_off", now);
  }
  return sequenceSettingsOf(db, owner);
}

// ---------------------------------------------------------------------------------------------
// A lead's sequences

/** The error codes of a start refused because a step could not reach the lead. */
const BLOCK_CODES: Record<SequenceBlock, string> = {
  no_email: "NO_EMAIL_ADDRESS",
  no_consent: "NO_EMAIL_CONSENT",
  do_not_contact: "DO_NOT_CONTACT",
  litigator: "LITIGATOR",
  deceased: "DECEASED",
  do_not_mail: "DO_NOT_MAIL",
};

const toEnrollment = (row: SequenceEnrollmentRow, stepCount: number | null) => ({
  id: row.id,
  sequenceId: row.sequenceId,
  sequenceName: row.sequenceName,
  leadId: row.contactId,
  status: row.status,
  stopReason: row.stopReason,
  nextStep: row.nextStep,
  stepCount,
  nextAt: row.nextAt,
  startedAt: row.startedAt,
  gmailThreadId: row.gmailThreadId,
});
export type Enrollment = ReturnType<typeof toEnrollment>;

const toLogEntry = (row: SequenceLogRow) => ({
  id: row.id,
  enrollmentId: row.enrollmentId,
  step: row.step,
  action: row.action,
  outcome: row.outcome,
  detail: row.detail,
  gmailMessageId: row.gmailMessageId,
  calendarEventId: row.calendarEventId,
  at: row.at,
});
export type SequenceLogEntry = ReturnType<typeof toLogEntry>;

/** A lead's sequences (the running one first, then the latest) and what each step did. */
export async function leadSequences(db: Database, userId: string, leadId: string) {
  await getLead(db, userId, leadId);
  return sequencesOfLead(db, userId, leadId);
}

/**
 * A lead's sequences and their log, for a reader that has found the lead already (its page): a
 * lead that is not the user's has none.
 */
export async function sequencesOfLead(db: Database, userId: string, leadId: string) {
  const [enrollments, log] = await db.batch([
    db
      .select({ enrollment: sequenceEnrollments, steps: sequences.steps })
      .from(sequenceEnrollments)
      .leftJoin(sequences, eq(sequences.id, sequenceEnrollments.sequenceId))
      .where(and(eq(sequenceEnrollments.contactId, leadId), eq(sequenceEnrollments.userId, userId)))
      .orderBy(
        sql`${sequenceEnrollments.status} = 'active' DESC`,
        desc(sequenceEnrollments.startedAt),
      ),
    db
      .select()
      .from(sequenceLog)
      .where(and(eq(sequenceLog.contactId, leadId), eq(sequenceLog.userId, userId)))
      .orderBy(desc(sequenceLog.at), desc(sequenceLog.step)),
  ]);
  return {
    enrollments: enrollments.map((row) => toEnrollment(row.enrollment, row.steps?.length ?? null)),
    log: log.map(toLogEntry),
  };
}

/**
 * Starts a sequence on a lead: its first step is due `day` days from now. 409 when sequences are
 * off, when the lead is flagged do not contact, litigator or deceased (or do not mail, for a
 * sequence with letter steps), when the sequence has e-mail steps and the lead cannot be e-mailed
 * (no address, or no
 * consent: the sequence would stop at its first e-mail), or when the lead is in a sequence already.
 */
export async function enrollLead(
  db: Database,
  owner: Owner,
  leadId: string,
  sequenceId: string,
  now: number,
) {
  const userId = ownerId(owner);
  const [lead, sequence, settings] = await Promise.all([
    getLead(db, owner, leadId),
    sequenceRow(db, userId, sequenceId),
    sequenceSettingsOf(db, owner),
  ]);
  if (!settings.enabled)
    throw new AppError(
      409,
      "SEQUENCES_OFF",
      "Follow-up sequences are off: turn them on in Marketing → Sequences first",
    );
  const blocked = sequenceBlock(lead, sequence.steps);
  if (blocked)
    throw new AppError(
      409,
      BLOCK_CODES[blocked],
      sequenceBlockedText(contactName(lead), blocked, sequence.steps),
      { reason: blocked, emailSteps: emailStepCount(sequence.steps) },
    );
  const [row] = await db
    .insert(sequenceEnrollments)
    .values({
      userId,
      sequenceId,
      sequenceName: sequence.name,
      contactId: leadId,
      startedBy: actorOf(owner),
      status: "active",
      leadStatus: lead.status,
      startedAt: isoAt(now),
      nextStep: 0,
      nextAt: isoAt(stepDueAt(now, sequence.steps[0]!.day)),
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw new AppError(
      409,
      "ALREADY_IN_SEQUENCE",
      `${contactName(lead)} is in a sequence already: stop it first`,
    );
  return toEnrollment(row, sequence.steps.length);
}

/** Stops a lead's running sequence (the user's Stop). */
export async function stopLeadSequence(
  db: Database,
  userId: string,
  enrollmentId: string,
  now: number,
) {
  const row = await db.query.sequenceEnrollments.findFirst({
    where: and(eq(sequenceEnrollments.id, enrollmentId), eq(sequenceEnrollments.userId, userId)),
  });
  if (!row) throw notFound("Sequence of this lead");
  await stopEnrollment(db, userId, row.id, "by_user", now);
  const stopped = await db.query.sequenceEnrollments.findFirst({
    where: and(eq(sequenceEnrollments.id, row.id), eq(sequenceEnrollments.userId, userId)),
  });
  return toEnrollment(stopped!, null);
}

/**
 * Stops the workspace's enrollment if it is still running (at `step`, when given), and logs why,
 * once (`seq:<enrollment>:stop`). Answers whether this call stopped it.
 */
async function stopEnrollment(
  db: Database,
  userId: string,
  enrollmentId: string,
  reason: StopReason,
  now: number,
  step?: number,
) {
  const [stopped] = await db
    .update(sequenceEnrollments)
    .set({ status: "stopped", stopReason: reason, nextAt: null, updatedAt: isoAt(now) })
    .where(
      and(
        eq(sequenceEnrollments.id, enrollmentId),
        eq(sequenceEnrollments.userId, userId),
        eq(sequenceEnrollments.status, "active"),
        step === undefined ? undefined : eq(sequenceEnrollments.nextStep, step),
      ),
    )
    .returning();
  if (!stopped) return null;
  const steps = await db.query.sequences.findFirst({
    where: and(eq(sequences.id, stopped.sequenceId ?? ""), eq(sequences.userId, userId)),
    columns: { steps: true },
  });
  const zone = (await settingsOf(db, await senderOf(db, stopped))).timeZone;
  await db
    .insert(sequenceLog)
    .values({
      userId: stopped.userId,
      key: `seq:${enrollmentId}:stop`,
      enrollmentId,
      contactId: stopped.contactId,
      step: stopped.nextStep,
      action: steps?.steps[stopped.nextStep]?.action ?? "task",
      outcome: "stopped",
      detail: STOP_REASONS[reason],
      day: todayIn(zone, now),
      at: isoAt(now),
    })
    .onConflictDoNothing();
  return stopped;
}

// ---------------------------------------------------------------------------------------------
// The cron and the queue

/** A queued step not done by then is queued again. */
const REQUEUE_MS = 15 * 60 * 1000;
/** At most this many steps are handed over per cron run; the rest are found by the next. */
const DUE_BATCH = 500;

/** The steps due: one query on `sequence_enrollments_due` (status, next_at). */
export const dueSequenceSteps = (db: Database, now: number, limit = DUE_BATCH) =>
  db
    .select({
      enrollmentId: sequenceEnrollments.id,
      step: sequenceEnrollments.nextStep,
      workspaceId: sequenceEnrollments.userId,
    })
    .from(sequenceEnrollments)
    .where(
      and(eq(sequenceEnrollments.status, "active"), lte(sequenceEnrollments.nextAt, isoAt(now))),
    )
    .limit(limit);

/**
 * The cron's part: queues each due step (`sequence-step`), or runs it here when there is no queue.
 * A step queued twice (runs that overlap) is done once: see `runSequenceStep`.
 */
export async function queueSequenceSteps(db: Database, env: Env, now: number) {
  const due = await dueSequenceSteps(db, now);
  if (env.JOBS) {
    // Looked at again in 15 minutes, not every minute while the queue has it: a step the queue
    // lost is queued again then (the step itself moves next_at on when it is done or waits).
    const queuedUntil = isoAt(now + REQUEUE_MS);
    for (let i = 0; i < due.length; i += 90)
      await db
        .update(sequenceEnrollments)
        .set({ nextAt: queuedUntil })
        .where(
          and(
            inArray(
              sequenceEnrollments.id,
              due.slice(i, i + 90).map((job) => job.enrollmentId),
            ),
            eq(sequenceEnrollments.status, "active"),
          ),
        );
    for (let i = 0; i < due.length; i += 100)
      await env.JOBS.sendBatch(
        due
          .slice(i, i + 100)
          .map((job) => ({ body: { type: "sequence-step" as const, ...job, queuedUntil } })),
      );
  } else {
    for (const job of due) {
      try {
        await runSequenceStep(db, env, job, now);
      } catch (error) {
        console.error(`[sequences] step ${job.step} of ${job.enrollmentId}:`, error);
      }
    }
  }
  return due.length;
}

export type StepResult =
  /** Done now: e-mailed, or a task made. */
  | { outcome: "emailed" | "task" }
  /** Stopped now, for this reason. */
  | { outcome: "stopped"; reason: StopReason }
  /** Not now (quiet hours, the daily cap): the step is due again at `until`. */
  | { outcome: "waiting"; until: string }
  /** Nothing to do: done or claimed before, not due, or the enrollment is not running. */
  | { outcome: "skipped" };

async function stepContext(db: Database, enrollmentId: string) {
  const [row] = await db
    .select({
      enrollment: sequenceEnrollments,
      sequence: sequences,
      lead: leads,
      contact: contacts,
    })
    .from(sequenceEnrollments)
    .innerJoin(sequences, eq(sequences.id, sequenceEnrollments.sequenceId))
    .innerJoin(leads, eq(leads.contactId, sequenceEnrollments.contactId))
    .innerJoin(contacts, eq(contacts.id, sequenceEnrollments.contactId))
    .where(eq(sequenceEnrollments.id, enrollmentId))
    .limit(1);
  if (!row) return undefined;
  const senderId = await senderOf(db, row.enrollment);
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, senderId))
    .limit(1);
  return user && { ...row, senderId, user };
}
type StepContext = NonNullable<Awaited<ReturnType<typeof stepContext>>>;

/**
 * Whom a running sequence acts as: who started it (their Gmail, their zone and quiet hours) while
 * they are a member of its workspace, else (and for the workspace's own) the workspace's account.
 */
async function senderOf(db: Database, enrollment: { userId: string; startedBy: string | null }) {
  const { userId, startedBy } = enrollment;
  if (!startedBy || startedBy === userId) return userId;
  return (await membershipIn(db, startedBy, userId)) ? startedBy : userId;
}

/** Google as `sender`, for the sequences of workspace `workspaceId`. */
const googleScopeOf = (
  db: Database,
  env: Env,
  sender: string,
  workspaceId: string,
): GoogleScope => ({
  db,
  env,
  userId: sender,
  workspaceId,
  // Only the OAuth redirect is made from it, and a refresh makes none.
  origin: env.APP_URL ?? "http://localhost",
});

/** Moves a waiting step's time on, if it is still the step to do. */
async function waitUntil(db: Database, job: SequenceStepJob, until: number, now: number) {
  await db
    .update(sequenceEnrollments)
    .set({ nextAt: isoAt(until), updatedAt: isoAt(now) })
    .where(
      and(
        eq(sequenceEnrollments.id, job.enrollmentId),
        eq(sequenceEnrollments.status, "active"),
        eq(sequenceEnrollments.nextStep, job.step),
      ),
    );
  return { outcome: "waiting" as const, until: isoAt(until) };
}

/**
 * Does step `job.step` of an enrollment, once. Stops the sequence when the lead's status changed
 * since it started, when an e-mail step's lead has no e-mail consent (or address), or when the
 * lead replied in the sequence's Gmail thread; an e-mail waits out the user's quiet hours and,
 * past the daily cap, the next day (in the user's zone). An e-mail goes from the user's Gmail when
 * Google allows sending, else (and when Gmail refuses it) it becomes a task, as call, letter and
 * task steps do: an all-day AI42 calendar event of kind task that day, and a `sequence` notice.
 */
export async function runSequenceStep(
  db: Database,
  env: Env,
  job: SequenceStepJob,
  now: number,
): Promise<StepResult> {
  const context = await stepContext(db, job.enrollmentId);
  if (!context) return { outcome: "skipped" };
  const { enrollment, sequence, lead, contact } = context;
  if (
    enrollment.status !== "active" ||
    enrollment.nextStep !== job.step ||
    !enrollment.nextAt ||
    // Due, or queued by the cron (which moved it on while the queue has it).
    (Date.parse(enrollment.nextAt) > now && enrollment.nextAt !== job.queuedUntil)
  )
    return { outcome: "skipped" };
  const step = sequence.steps[job.step];
  if (!step) {
    // The sequence was shortened below this step: it is over.
    await db
      .update(sequenceEnrollments)
      .set({ status: "finished", nextAt: null, updatedAt: isoAt(now) })
      .where(
        and(eq(sequenceEnrollments.id, enrollment.id), eq(sequenceEnrollments.nextStep, job.step)),
      );
    return { outcome: "skipped" };
  }

  const stop = async (reason: StopReason) => {
    const stopped = await stopEnrollment(
      db,
      enrollment.userId,
      enrollment.id,
      reason,
      now,
      job.step,
    );
    if (!stopped) return { outcome: "skipped" as const };
    await notify(
      db,
      env,
      await addressed(db, [
        {
          userId: enrollment.userId,
          assigneeId: lead.assigneeId,
          kind: "sequence",
          key: `seq:${enrollment.id}:stop`,
          title: `Sequence stopped: ${contactName(contact)}`,
          body: `“${sequence.name}” stopped for ${contactName(contact)}: ${STOP_REASONS[reason]}.`,
          link: leadPath(contact.id),
        },
      ]),
      now,
    );
    return { outcome: "stopped" as const, reason };
  };

  if (lead.status !== enrollment.leadStatus) return stop("status_changed");
  const email = step.action === "email";
  // Checked at the start too; the lead may have withdrawn consent, lost the address or been
  // flagged since.
  const blocked = stepBlock({ ...contact, consentEmail: lead.consentEmail }, step.action);
  if (blocked) return stop(blocked);

  const { senderId } = context;
  const settings = await settingsOf(db, senderId);
  const zone = settings.timeZone;
  const canSend = email && (await gmailSending(db, senderId)) === "allowed";
  const google = googleScopeOf(db, env, senderId, enrollment.userId);
  let references: string[] = [];
  if (enrollment.gmailThreadId) {
    const thread = await readThread(google, enrollment.gmailThreadId);
    if (thread) {
      const own = thread.own;
      // A reply: a message the account did not send (Gmail's SENT label, which covers its
      // aliases), or any from the lead's own address.
      const lead = contact.email?.toLowerCase();
      if (
        thread.messages.some(
          (message) =>
            (lead && addressOf(message.from) === lead) ||
            (!message.sent && addressOf(message.from) !== own),
        )
      )
        return stop("replied");
      references = thread.messages.map((message) => message.messageId).filter(Boolean);
    }
  }
  if (canSend) {
    const quietEnd = quietUntil(now, zone, settings.quietHours);
    if (quietEnd !== null) return waitUntil(db, job, quietEnd, now);
  }

  const day = todayIn(zone, now);
  const cap = canSend ? (await sequenceSettingsOf(db, enrollment.userId)).dailyCap : null;
  const claimed = await claimStep(db, context, job, step, { day, now, cap });
  if (!claimed) {
    const done = await db.query.sequenceLog.findFirst({
      where: eq(sequenceLog.key, stepKey(enrollment.id, job.step)),
      columns: { id: true },
    });
    if (done || cap === null) return { outcome: "skipped" };
    // The last 24 hours' e-mails are all sent: the step goes out when the oldest of them leaves
    // the window (after quiet hours, if any, which the next run checks).
    return waitUntil(db, job, await capFreesAt(db, enrollment.userId, cap, now), now);
  }

  const sender = [context.user.firstName, context.user.lastName].filter(Boolean).join(" ");
  const filled = {
    subject: fillTemplate(step.subject ?? "", contact, sender),
    body: fillTemplate(step.body, contact, sender),
  };
  if (email && sequence.personalize) filled.body = await personalize(env, filled.body, contact);

  if (canSend) {
    const subject = enrollment.threadSubject
      ? replySubject(enrollment.threadSubject)
      : filled.subject;
    let sent;
    try {
      sent = await withGoogle(google, "gmailSend", async (auth, root) =>
        (await googleApis()).sendGmailMessage(auth, root, {
          raw: base64Url(rfc2822({ to: contact.email!, subject, body: filled.body, references })),
          threadId: enrollment.gmailThreadId,
        }),
      );
    } catch (error) {
      // Not sent (or not known to be): the user sends it, never a second automatic try.
      const reason = error instanceof Error ? error.message : String(error);
      await makeTask(db, env, context, job, step, filled, claimed, { day, now, reason });
      return { outcome: "task" };
    }
    // Sent: recording it may fail, but it must never turn into a task that sends it again.
    await runBatch(db, [
      db
        .update(sequenceLog)
        .set({ outcome: "emailed", detail: `E-mailed “${subject}”`, gmailMessageId: sent.id })
        .where(eq(sequenceLog.id, claimed)),
      db
        .update(sequenceEnrollments)
        .set({
          gmailThreadId: sent.threadId || enrollment.gmailThreadId,
          threadSubject: enrollment.threadSubject ?? subject,
        })
        .where(eq(sequenceEnrollments.id, enrollment.id)),
    ]);
    return { outcome: "emailed" };
  }
  await makeTask(db, env, context, job, step, filled, claimed, { day, now });
  return { outcome: "task" };
}

/** The thread's messages and the account's own address; null when it cannot be read. */
async function readThread(google: GoogleScope, threadId: string) {
  try {
    const connection = await google.db.query.googleConnections.findFirst({
      where: (table, { eq: equals }) => equals(table.userId, google.userId),
      columns: { email: true },
    });
    const messages = await withGoogle(google, "gmail", async (auth, root) =>
      (await googleApis()).getGmailThread(auth, root, threadId),
    );
    return { own: (connection?.email ?? "").toLowerCase(), messages };
  } catch (error) {
    console.warn(`[sequences] reading Gmail thread ${threadId}:`, error);
    return null;
  }
}

/** The cap counts a rolling 24 hours, so changing the time zone mid-day opens no fresh cap. */
const CAP_WINDOW_MS = 24 * 60 * 60_000;

/** The user's e-mails sent (or being sent) by sequences in the 24 hours before `now`. */
const emailsSentSince = (userId: string, now: number) =>
  and(
    eq(sequenceLog.userId, userId),
    eq(sequenceLog.action, "email"),
    gt(sequenceLog.at, isoAt(now - CAP_WINDOW_MS)),
    inArray(sequenceLog.outcome, ["sending", "emailed"]),
  );

/** When the user's e-mails in the window fall under `cap` again: the cap-th newest leaves it. */
async function capFreesAt(db: Database, userId: string, cap: number, now: number) {
  const [leaving] = await db
    .select({ at: sequenceLog.at })
    .from(sequenceLog)
    .where(emailsSentSince(userId, now))
    .orderBy(desc(sequenceLog.at))
    .limit(1)
    .offset(Math.max(0, cap - 1));
  // None in the window (a cap of 0): looked at again in an hour.
  return leaving ? Date.parse(leaving.at) + CAP_WINDOW_MS : now + 60 * 60_000;
}

/**
 * Claims a step in one batch: its log row (unique key), made only while the enrollment is running
 * at that step and, for an e-mail to send (`cap` set), while the user's e-mails today are under
 * the cap; then, only if that row was made, the enrollment moved on to the next step (or
 * finished). Answers the log row's id, or null when the step was claimed before or the cap is
 * reached.
 */
async function claimStep(
  db: Database,
  { enrollment, sequence }: StepContext,
  job: SequenceStepJob,
  step: SequenceStep,
  { day, now, cap }: { day: string; now: number; cap: number | null },
) {
  const id = crypto.randomUUID();
  const next = sequence.steps[job.step + 1];
  const startedAt = Date.parse(enrollment.startedAt);
  const outcome: StepOutcome = cap === null ? "task" : "sending";
  const underCap =
    cap === null
      ? undefined
      : sql`(SELECT count(*) FROM ${sequenceLog} WHERE ${emailsSentSince(enrollment.userId, now)}) < ${cap}`;
  const at = (step: number) =>
    and(
      eq(sequenceEnrollments.id, enrollment.id),
      eq(sequenceEnrollments.status, "active"),
      eq(sequenceEnrollments.nextStep, step),
    );
  const value = (data: unknown, name: string) => sql`${data}`.as(name);
  const [, moved] = (await runBatch(db, [
    db
      .insert(sequenceLog)
      .select(
        db
          .select({
            id: value(id, "id"),
            userId: sequenceEnrollments.userId,
            key: value(stepKey(enrollment.id, job.step), "key"),
            enrollmentId: sequenceEnrollments.id,
            contactId: sequenceEnrollments.contactId,
            step: sequenceEnrollments.nextStep,
            action: value(step.action, "action"),
            outcome: value(outcome, "outcome"),
            detail: value("Claimed", "detail"),
            gmailMessageId: sql`NULL`.as("gmail_message_id"),
            calendarEventId: sql`NULL`.as("calendar_event_id"),
            day: value(day, "day"),
            at: value(isoAt(now), "at"),
          })
          .from(sequenceEnrollments)
          .where(and(at(job.step), underCap)),
      )
      .onConflictDoNothing(),
    db
      .update(sequenceEnrollments)
      .set({
        nextStep: job.step + 1,
        nextAt: next ? isoAt(Math.max(stepDueAt(startedAt, next.day), now)) : null,
        status: next ? "active" : "finished",
        updatedAt: isoAt(now),
      })
      .where(and(at(job.step), sql`changes() = 1`))
      .returning({ id: sequenceEnrollments.id }),
  ])) as [unknown, { id: string }[]];
  return moved.length ? id : null;
}

const TASK_TITLES: Record<SequenceStep["action"], (name: string, subject: string) => string> = {
  email: (name, subject) => `E-mail ${name}: ${subject}`,
  call: (name) => `Call ${name}`,
  letter: (name) => `Send a letter to ${name}`,
  task: (name) => `Follow up with ${name}`,
};

/**
 * A step for someone to do: an all-day task on `day` in AI42's calendar, assigned as its lead is,
 * and a notice to whom the task is for (the lead's assignee, else the workspace's owners and admins).
 */
async function makeTask(
  db: Database,
  env: Env,
  { enrollment, sequence, contact, lead }: StepContext,
  job: SequenceStepJob,
  step: SequenceStep,
  filled: { subject: string; body: string },
  logId: string,
  { day, now, reason }: { day: string; now: number; reason?: string },
) {
  const name = contactName(contact);
  const title = TASK_TITLES[step.action](name, filled.subject);
  const reach = [
    step.action === "email" ? contact.email : null,
    step.action === "call" ? contact.phone : null,
    step.action === "letter"
      ? [contact.mailingAddress, contact.mailingCity, contact.mailingState, contact.mailingZip]
          .filter(Boolean)
          .join(", ") || contact.address
      : null,
  ].filter(Boolean);
  const notes = [
    `Step ${job.step + 1} of “${sequence.name}”.`,
    reason ? `Couldn't send it from Gmail (${reason}): send it yourself.` : null,
    ...reach,
    step.action === "email" ? `Subject: ${filled.subject}` : null,
    "",
    filled.body,
  ]
    .filter((line) => line !== null)
    .join("\n");
  const eventId = crypto.randomUUID();
  const detail = reason
    ? `Couldn't send from Gmail (${reason}): a task was made instead`
    : `Task made: ${title}`;
  await runBatch(db, [
    db.insert(calendarEvents).values({
      id: eventId,
      userId: enrollment.userId,
      title: title.slice(0, 200),
      start: day,
      end: addIsoDays(day, 1),
      allDay: true,
      kind: "task",
      notes,
      contactId: contact.id,
      assigneeId: lead.assigneeId,
      createdAt: isoAt(now),
      updatedAt: isoAt(now),
    }),
    db
      .update(sequenceLog)
      .set({ outcome: "task", detail, calendarEventId: eventId })
      .where(eq(sequenceLog.id, logId)),
  ]);
  await notify(
    db,
    env,
    await addressed(db, [
      {
        userId: enrollment.userId,
        assigneeId: lead.assigneeId,
        kind: "sequence",
        key: stepKey(enrollment.id, job.step),
        title,
        body: reason ? `${detail}. ${filled.body}`.slice(0, 500) : filled.body.slice(0, 500),
        link: leadPath(contact.id),
      },
    ]),
    now,
  );
}

/**
 * The e-mail's body reworded for the lead by the AI, when the sequence asks and a provider is
 * configured; the template's own text on any failure. One short completion per e-mail.
 */
async function personalize(env: Env, body: string, contact: { firstName: string }) {
  if (!env.OPENAI_API_KEY) return body;
  try {
    const { aiClient } = await import("./ai-providers");
    const { client, config } = aiClient(env, "openai");
    const completion = await client.chat.completions.create({
      model: config.model,
      max_tokens: 600,
      messages: [
        {
          role: "system",
          content:
            "You lightly personalise a real-estate investor's follow-up e-mail to a property owner. Keep every fact, offer and the sign-off; keep it short and plain; answer with the e-mail's body only.",
        },
        { role: "user", content: `Recipient's first name: ${contact.firstName}\n\n${body}` },
      ],
    });
    return completion.choices[0]?.message?.content?.trim() || body;
  } catch (error) {
    console.warn("[sequences] personalising failed, the template is sent:", error);
    return body;
  }
}
