/**
 * Notifications: made once per idempotency key, listed by the bell, e-mailed through the JOBS queue
 * (worker/queue.ts) with retries, and the preferences that decide both.
 *
 * An e-mail's way: `waiting` until its time (now, or the end of quiet hours) → `queued` when the
 * cron (or the request that made it) hands it to the queue → `sending` once a consumer claims it
 * (one conditional UPDATE: a second delivery of the message finds nothing to claim) → `sent`; a
 * failure goes back to `queued` with a backoff, and after MAX_EMAIL_ATTEMPTS to `failed`, the
 * user's "couldn't send" list. `emailDueAt` is when the cron looks at it next: a message the queue
 * lost, or a consumer that died mid-send, is queued again then; the provider's Idempotency-Key
 * (the notification's key) keeps a resend after such a crash from being a second e-mail.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  channelsWithDefaults,
  defaultSettings,
  MORNING_HOUR,
  nextHourAt,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  quietUntil,
  type ChannelChoice,
  type NotificationKind,
  type NotificationSettings,
  type QuietHours,
} from "../../app/domain/notifications";
import { inlineParts } from "../../app/domain/inline-markdown";
import { modulePath } from "../../app/domain/modules";
import { DEFAULT_TIME_ZONE } from "../../app/domain/today";
import type { Database } from "../db/client";
import { isoAt } from "../db/queries";
import {
  notifications,
  notificationSettings,
  users,
  type NotificationRow,
  type NotificationSettingsRow,
} from "../db/schema";
import type { Env } from "../env";
import type { JobMessage } from "../jobs";
import { AppError, notFound } from "../errors";
import { sendEmail } from "./email";
import { readSignedToken, signedToken } from "./sessions";

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** Its idempotency key, unique per user: `deposit_due:72:<auction>:<due>`. */
  key: string;
  title: string;
  body: string;
  /** The record's path in the app. */
  link: string | null;
}

/** An e-mail is tried this many times, then listed as couldn't send. */
export const MAX_EMAIL_ATTEMPTS = 5;
/** The wait after the n-th failed attempt: 1, 4, 16, 64 minutes. */
export const backoffSeconds = (attempts: number) => 60 * 4 ** (attempts - 1);
/** A `queued` or `sending` e-mail untouched this long is queued again by the cron. */
export const STALE_MS = 15 * 60 * 1000;
/** At most this many e-mails are handed to the queue per cron run (the rest, next minute). */
const RELEASE_BATCH = 500;
/**
 * Notification e-mails a user may be sent in any 24 hours, unless NOTIFICATION_EMAILS_PER_DAY
 * says otherwise: what a busy investor's day needs, and a ceiling on what AI42's sender can be
 * made to send one address (notices carry titles the user wrote).
 */
export const DEFAULT_EMAILS_PER_DAY = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export function emailsPerDay(env: Env) {
  const value = Number(env.NOTIFICATION_EMAILS_PER_DAY);
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : DEFAULT_EMAILS_PER_DAY;
}

/** Why an e-mail over the day's cap was not sent (the "Couldn't send" list shows it). */
export const overCapMessage = (cap: number) =>
  `Not sent: AI42 e-mails you at most ${cap} notifications in 24 hours. It is here in the app; Try again sends it once the 24 hours allow.`;

// ---------------------------------------------------------------------------------------------
// Preferences

function toSettings(row: NotificationSettingsRow | undefined): NotificationSettings {
  if (!row) return defaultSettings();
  return {
    timeZone: row.timeZone,
    briefHour: row.briefHour,
    quietHours:
      row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    channels: channelsWithDefaults(row.channels),
  };
}

export async function settingsOf(db: Database, userId: string) {
  const [row, owner] = await Promise.all([
    db.query.notificationSettings.findFirst({ where: eq(notificationSettings.userId, userId) }),
    db.query.users.findFirst({ where: eq(users.id, userId), columns: { emailConfirmedAt: true } }),
  ]);
  return {
    ...toSettings(row),
    zoneChosen: row?.zoneChosen ?? false,
    emailConfirmed: Boolean(owner?.emailConfirmedAt),
  };
}

/**
 * At sign-in: the first time, the preferences are made in the browser's zone (UTC when the client
 * names none), with the brief at 7:00; after that the zone follows the browser's until the user
 * chooses one.
 */
export async function noteSignInZone(
  db: Database,
  userId: string,
  browserZone: string | null,
  now: number,
) {
  const row = await db.query.notificationSettings.findFirst({
    where: eq(notificationSettings.userId, userId),
  });
  const zone = browserZone ?? row?.timeZone ?? DEFAULT_TIME_ZONE;
  if (row && (row.zoneChosen || row.timeZone === zone)) return;
  const settings = { ...toSettings(row), timeZone: zone };
  const values = {
    timeZone: zone,
    briefNextAt: briefNextAt(settings, now),
    morningNextAt: morningNextAt(zone, now),
    updatedAt: isoAt(now),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values, briefHour: settings.briefHour, channels: {} })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
}

const briefNextAt = (
  settings: Pick<NotificationSettings, "timeZone" | "briefHour">,
  now: number,
) =>
  settings.briefHour === null
    ? null
    : isoAt(nextHourAt(now, settings.timeZone, settings.briefHour));

/** The next 7:00 in `zone`: the day's follow-ups and closings. */
export const morningNextAt = (zone: string, now: number) =>
  isoAt(nextHourAt(now, zone, MORNING_HOUR));

export interface SettingsChange {
  timeZone?: string;
  briefHour?: number | null;
  quietHours?: QuietHours | null;
  channels?: Partial<Record<NotificationKind, Partial<ChannelChoice>>>;
}

export async function updateSettings(
  db: Database,
  userId: string,
  change: SettingsChange,
  now: number,
) {
  const row = await db.query.notificationSettings.findFirst({
    where: eq(notificationSettings.userId, userId),
  });
  const current = toSettings(row);
  const channels = { ...current.channels };
  for (const [kind, choice] of Object.entries(change.channels ?? {}))
    channels[kind as NotificationKind] = { ...channels[kind as NotificationKind], ...choice };
  const next: NotificationSettings = {
    timeZone: change.timeZone ?? current.timeZone,
    briefHour: change.briefHour === undefined ? current.briefHour : change.briefHour,
    quietHours: change.quietHours === undefined ? current.quietHours : change.quietHours,
    channels,
  };
  // The next brief moves only with its hour or zone: a brief due a minute ago still comes.
  const briefMoved =
    !row || next.timeZone !== current.timeZone || next.briefHour !== current.briefHour;
  const values = {
    timeZone: next.timeZone,
    zoneChosen: (row?.zoneChosen ?? false) || change.timeZone !== undefined,
    briefHour: next.briefHour,
    briefNextAt: briefMoved ? briefNextAt(next, now) : row.briefNextAt,
    morningNextAt:
      !row || next.timeZone !== current.timeZone || !row.morningNextAt
        ? morningNextAt(next.timeZone, now)
        : row.morningNextAt,
    quietStart: next.quietHours?.start ?? null,
    quietEnd: next.quietHours?.end ?? null,
    channels: next.channels,
    updatedAt: isoAt(now),
  };
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  // E-mails of a kind just turned off that wait (quiet hours) or are queued are not sent.
  const stopped = NOTIFICATION_KINDS.filter(
    (kind) => current.channels[kind].email && !next.channels[kind].email,
  );
  if (stopped.length)
    await db
      .update(notifications)
      .set({ emailStatus: "none", emailDueAt: null, emailUpdatedAt: isoAt(now) })
      .where(
        and(
          eq(notifications.userId, userId),
          inArray(notifications.kind, stopped),
          inArray(notifications.emailStatus, ["waiting", "queued"]),
        ),
      );
  const owner = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { emailConfirmedAt: true },
  });
  return {
    ...next,
    zoneChosen: values.zoneChosen,
    emailConfirmed: Boolean(owner?.emailConfirmedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Making notices

/**
 * Makes each notice whose key this user has not had yet, on the channels their preferences name
 * (none: not made), and queues the e-mails due now (without `env`, a service that has none, the
 * cron releases them within the minute). Returns the notices made. Until the user confirms their
 * address, a notice they want by e-mail is shown in the app instead: an address anyone could have
 * signed up with gets no mail from AI42.
 */
export async function notify(db: Database, env: Env | null, items: NewNotification[], now: number) {
  if (items.length === 0) return [];
  const userIds = [...new Set(items.map((item) => item.userId))];
  const owners = new Map<string, { settings: NotificationSettings; confirmed: boolean }>();
  for (let i = 0; i < userIds.length; i += 90) {
    const rows = await db
      .select({
        userId: users.id,
        confirmedAt: users.emailConfirmedAt,
        settings: notificationSettings,
      })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(inArray(users.id, userIds.slice(i, i + 90)));
    for (const row of rows)
      owners.set(row.userId, {
        settings: toSettings(row.settings ?? undefined),
        confirmed: row.confirmedAt !== null,
      });
  }
  const rows = items.flatMap((item) => {
    const owner = owners.get(item.userId);
    const channels = owner?.settings.channels[item.kind];
    if (!owner || !channels || (!channels.inApp && !channels.email)) return [];
    const email = channels.email && owner.confirmed;
    const { timeZone, quietHours } = owner.settings;
    const emailAt = quietUntil(now, timeZone, quietHours) ?? now;
    return [
      {
        ...item,
        inApp: channels.inApp || !email,
        emailStatus: email ? ("waiting" as const) : ("none" as const),
        emailDueAt: email ? isoAt(emailAt) : null,
        createdAt: isoAt(now),
      },
    ];
  });
  const made: NotificationRow[] = [];
  // One row a statement (14 values; D1 binds at most 100), all in one round trip.
  for (let i = 0; i < rows.length; i += 50) {
    const statements = rows.slice(i, i + 50).map((row) =>
      db
        .insert(notifications)
        .values(row)
        .onConflictDoNothing({ target: [notifications.userId, notifications.key] })
        .returning(),
    );
    const results = await db.batch(statements as [(typeof statements)[0]]);
    for (const result of results) made.push(...result);
  }
  if (env)
    await queueDueNow(
      db,
      env,
      made.filter((row) => row.emailStatus === "waiting" && row.emailDueAt! <= isoAt(now)),
      now,
    );
  return made;
}

/** Hands the queue the e-mails of notices just made whose time is now (not in quiet hours). */
async function queueDueNow(db: Database, env: Env, made: NotificationRow[], now: number) {
  for (let i = 0; i < made.length; i += 90) {
    const queued = await db
      .update(notifications)
      .set({ emailStatus: "queued", emailDueAt: isoAt(now + STALE_MS), emailUpdatedAt: isoAt(now) })
      .where(
        and(
          inArray(
            notifications.id,
            made.slice(i, i + 90).map((row) => row.id),
          ),
          eq(notifications.emailStatus, "waiting"),
        ),
      )
      .returning({ id: notifications.id });
    await queueEmails(
      db,
      env,
      queued.map((row) => row.id),
      now,
    );
  }
}

/**
 * Hands the queue every e-mail whose time has come: waiting ones at their time, and queued or
 * sending ones the queue lost (see the file's comment). One indexed query; returns how many.
 */
export async function releaseEmails(db: Database, env: Env, now: number) {
  const due = await db
    .update(notifications)
    .set({ emailStatus: "queued", emailDueAt: isoAt(now + STALE_MS), emailUpdatedAt: isoAt(now) })
    .where(
      inArray(
        notifications.id,
        db
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              inArray(notifications.emailStatus, ["waiting", "queued", "sending"]),
              sql`${notifications.emailDueAt} <= ${isoAt(now)}`,
            ),
          )
          .limit(RELEASE_BATCH),
      ),
    )
    .returning({ id: notifications.id });
  await queueEmails(
    db,
    env,
    due.map((row) => row.id),
    now,
  );
  return due.length;
}

async function queueEmails(db: Database, env: Env, ids: string[], now: number) {
  if (!env.JOBS) {
    // No queue bound (a config without one): deliver here, one by one, without retries.
    for (const id of ids) await deliverEmail(db, env, id, now);
    return;
  }
  for (let i = 0; i < ids.length; i += 100)
    await env.JOBS.sendBatch(
      ids.slice(i, i + 100).map((id) => ({ body: { type: "email", id } satisfies JobMessage })),
    );
}

// ---------------------------------------------------------------------------------------------
// Delivering e-mail (the queue's consumer)

/** What became of one delivery: nothing more to do, or try again after a wait. */
export type Delivery =
  { outcome: "sent" | "skipped" | "failed" } | { outcome: "retry"; delaySeconds: number };

/**
 * Sends one notice's e-mail if it is this delivery's to send: the claim (queued → sending) is one
 * conditional UPDATE, so a message delivered twice, or queued twice by overlapping cron runs,
 * sends once. The same statement counts the user's e-mails of the last 24 hours (on an index,
 * at most the cap of them), so two deliveries at once cannot both pass the cap; one over it is
 * listed as couldn't send, saying why.
 */
export async function deliverEmail(
  db: Database,
  env: Env,
  id: string,
  now: number,
): Promise<Delivery> {
  const cap = emailsPerDay(env);
  const [claimed] = await db
    .update(notifications)
    .set({
      emailStatus: "sending",
      emailAttempts: sql`${notifications.emailAttempts} + 1`,
      emailDueAt: isoAt(now + STALE_MS),
      emailUpdatedAt: isoAt(now),
    })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.emailStatus, "queued"),
        sql`(SELECT count(*) FROM (SELECT 1 FROM notifications AS emailed
          WHERE emailed.user_id = ${notifications.userId}
            AND emailed.email_status IN ('sending', 'sent')
            AND emailed.email_updated_at > ${isoAt(now - DAY_MS)}
          LIMIT ${cap})) < ${cap}`,
      ),
    )
    .returning();
  if (!claimed) {
    // Still queued: the claim found the day's e-mails at the cap.
    const [capped] = await db
      .update(notifications)
      .set({
        emailStatus: "failed",
        emailDueAt: null,
        emailError: overCapMessage(cap),
        emailUpdatedAt: isoAt(now),
      })
      .where(and(eq(notifications.id, id), eq(notifications.emailStatus, "queued")))
      .returning({ id: notifications.id });
    return { outcome: capped ? "failed" : "skipped" };
  }
  const done = (set: Partial<NotificationRow>) =>
    db
      .update(notifications)
      .set({ ...set, emailUpdatedAt: isoAt(now) })
      .where(and(eq(notifications.id, id), eq(notifications.emailStatus, "sending")));
  try {
    const owner = await db.query.users.findFirst({
      where: eq(users.id, claimed.userId),
      columns: { email: true },
    });
    if (!owner) throw new Error("The account is gone");
    await sendEmail(env, await emailOf(env, claimed, owner.email));
    await done({ emailStatus: "sent", emailDueAt: null, emailError: null });
    return { outcome: "sent" };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (claimed.emailAttempts >= MAX_EMAIL_ATTEMPTS) {
      await done({ emailStatus: "failed", emailDueAt: null, emailError: message });
      return { outcome: "failed" };
    }
    const delaySeconds = backoffSeconds(claimed.emailAttempts);
    await done({
      emailStatus: "queued",
      emailDueAt: isoAt(now + delaySeconds * 1000 + STALE_MS),
      emailError: message,
    });
    return { outcome: "retry", delaySeconds };
  }
}

/** Where e-mailed links point: APP_URL; a local run that prints its e-mail may go without. */
function appOrigin(env: Env) {
  if (env.APP_URL) return env.APP_URL.replace(/\/+$/, "");
  if (!env.EMAIL_API_KEY) return "http://127.0.0.1:8787";
  throw new Error("APP_URL is not set: an e-mail's links need the app's address");
}

export const UNSUBSCRIBE_AUDIENCE = "unsubscribe";
export const UNSUBSCRIBE_API_PATH = "/api/notifications/unsubscribe";
export const UNSUBSCRIBE_PAGE_PATH = "/unsubscribe";

/**
 * A notice's body for a text e-mail: its markdown links (`[12 Oak St](/auction/…)`, paths
 * in the app) spelled out with the app's address, its bold as plain words.
 */
const plainText = (body: string, origin: string) =>
  inlineParts(body)
    .map((part) => (part.type === "link" ? `${part.text} <${origin}${part.path}>` : part.text))
    .join("");

async function emailOf(env: Env, notice: NotificationRow, to: string) {
  const origin = appOrigin(env);
  const token = await signedToken(env, UNSUBSCRIBE_AUDIENCE, notice.userId, { kind: notice.kind });
  const query = `?token=${encodeURIComponent(token)}`;
  const label = NOTIFICATION_KIND_LABELS[notice.kind];
  const open = notice.link ? `\n\nOpen in AI42: ${origin}${notice.link}` : "";
  return {
    to,
    subject: notice.title,
    text: `${plainText(notice.body, origin)}${open}\n\n--\nYou get this e-mail because "${label}" e-mails are on. Stop them with one click: ${origin}${UNSUBSCRIBE_PAGE_PATH}${query}\nAll your notification settings: ${origin}${modulePath("connections", { section: "notifications" })}`,
    // RFC 8058: a mail client's own "Unsubscribe" button POSTs to this address.
    headers: {
      "List-Unsubscribe": `<${origin}${UNSUBSCRIBE_API_PATH}${query}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    idempotencyKey: `ai42:${notice.userId}:${notice.key}`.slice(0, 256),
  };
}

// ---------------------------------------------------------------------------------------------
// The bell

export const NOTIFICATION_FILTERS = ["all", "unread", "failed"] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export function toNotification(row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt,
    readAt: row.readAt,
    email: { status: row.emailStatus, error: row.emailError, attempts: row.emailAttempts },
  };
}
export type Notification = ReturnType<typeof toNotification>;

function filterWhere(userId: string, filter: NotificationFilter) {
  const mine = eq(notifications.userId, userId);
  if (filter === "failed") return and(mine, eq(notifications.emailStatus, "failed"));
  const listed = and(mine, eq(notifications.inApp, true));
  return filter === "unread" ? and(listed, sql`${notifications.readAt} IS NULL`) : listed;
}

export async function listNotifications(
  db: Database,
  userId: string,
  query: { page: number; limit: number; filter: NotificationFilter },
) {
  const where = filterWhere(userId, query.filter);
  const [rows, [total], counts] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(notifications).where(where),
    notificationCounts(db, userId),
  ]);
  return {
    items: rows.map(toNotification),
    meta: { page: query.page, limit: query.limit, total: total?.total ?? 0, unread: counts.unread },
  };
}

/** What the bell shows: unread notices, and e-mails that could not be sent. */
export async function notificationCounts(db: Database, userId: string) {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum(${notifications.inApp} = 1 AND ${notifications.readAt} IS NULL), 0)`,
      failed: sql<number>`coalesce(sum(${notifications.emailStatus} = 'failed'), 0)`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { unread: Number(row?.unread ?? 0), failed: Number(row?.failed ?? 0) };
}

export async function markRead(
  db: Database,
  userId: string,
  which: { ids: string[] } | { all: true },
  now: number,
) {
  const unread = and(eq(notifications.userId, userId), sql`${notifications.readAt} IS NULL`);
  const read = (where: SQL | undefined) =>
    db
      .update(notifications)
      .set({ readAt: isoAt(now) })
      .where(where);
  if ("all" in which) await read(unread);
  // D1 binds at most 100 values a statement: the ids go 90 at a time.
  else
    for (let i = 0; i < which.ids.length; i += 90)
      await read(and(unread, inArray(notifications.id, which.ids.slice(i, i + 90))));
  return notificationCounts(db, userId);
}

/** "Try again" on an e-mail that could not be sent: it is queued afresh, with its attempts reset. */
export async function retryEmail(db: Database, env: Env, userId: string, id: string, now: number) {
  const [row] = await db
    .update(notifications)
    .set({
      emailStatus: "queued",
      emailAttempts: 0,
      emailError: null,
      emailDueAt: isoAt(now + STALE_MS),
      emailUpdatedAt: isoAt(now),
    })
    .where(
      and(
        eq(notifications.id, id),
        eq(notifications.userId, userId),
        eq(notifications.emailStatus, "failed"),
      ),
    )
    .returning();
  if (!row) {
    const exists = await db.query.notifications.findFirst({
      where: and(eq(notifications.id, id), eq(notifications.userId, userId)),
      columns: { id: true },
    });
    if (!exists) throw notFound("Notification");
    throw new AppError(
      409,
      "NOT_FAILED",
      "This notification's e-mail did not fail: nothing to retry",
    );
  }
  await queueEmails(db, env, [row.id], now);
  return toNotification(row);
}

// ---------------------------------------------------------------------------------------------
// Unsubscribing, without signing in

const invalidLink = () =>
  new AppError(
    400,
    "INVALID_TOKEN",
    "This unsubscribe link is not valid: it may have been cut short",
  );

/** The kind of e-mail an unsubscribe link stops, and whose. */
export async function describeUnsubscribe(env: Env, token: string) {
  const payload = await readSignedToken(env, UNSUBSCRIBE_AUDIENCE, token);
  const kind = NOTIFICATION_KINDS.find((known) => known === payload?.claims.kind);
  if (!payload || !kind) throw invalidLink();
  return { userId: payload.subject, kind, label: NOTIFICATION_KIND_LABELS[kind] };
}

/** Turns off e-mail of the link's kind, and nothing else. */
export async function unsubscribe(db: Database, env: Env, token: string, now: number) {
  const { userId, kind, label } = await describeUnsubscribe(env, token);
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { id: true },
  });
  if (!user) throw invalidLink();
  await updateSettings(db, userId, { channels: { [kind]: { email: false } } }, now);
  return { kind, label };
}
