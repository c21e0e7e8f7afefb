/**
 * What the cron finds due (issue 31), kind by kind, each with ONE indexed query across every user:
 * a range of the kind's time column (deposits, sales, event reminders), or for the day's
 * follow-ups and closings the users whose 7:00 it is (`morning_next_at`). Nothing due costs one
 * index probe per kind, not a scan of every user. Each finding is a notice with an
 * idempotency key naming the record and the instant it is about, so a cron run that overlaps the
 * last, or finds the same thing again within LATE_LIMIT_MS, makes nothing new; a record whose date
 * moves gets a new notice for its new date.
 */
import { and, asc, eq, gt, inArray, lte, notInArray, sql } from "drizzle-orm";
import {
  auctionDepositDue,
  currentSaleAt,
  DEPOSIT_STATUSES,
  OPEN_STATUSES,
} from "../../app/domain/auctions/auction-terms";
import { clockIn } from "../../app/domain/auctions/time-zones";
import { addIsoDays } from "../../app/domain/calendar/event-terms";
import { formatAddress, formatDate, formatMoney } from "../../app/domain/format";
import { modulePath } from "../../app/domain/modules";
import {
  DEPOSIT_REMINDER_HOURS,
  isDue,
  LATE_LIMIT_MS,
  MORNING_HOUR,
  morningOf,
  nextHourAt,
  PROJECT_CLOSE_DAYS,
} from "../../app/domain/notifications";
import { DEFAULT_TIME_ZONE, todayIn } from "../../app/domain/today";
import type { Database } from "../db/client";
import { isoAt } from "../db/queries";
import {
  auctions,
  calendarEvents,
  contacts,
  leads,
  notificationSettings,
  projects,
} from "../db/schema";
import type { NewNotification } from "./notifications";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The user's zone, joined in: no preferences yet reads as UTC. */
const userZone = sql<string>`coalesce(${notificationSettings.timeZone}, ${DEFAULT_TIME_ZONE})`;

/** Deposits due in 72 hours and in 24 hours: `deposit_due_at` within the window that ends at that mark. */
async function depositsDue(db: Database, now: number): Promise<NewNotification[]> {
  const found = await Promise.all(
    DEPOSIT_REMINDER_HOURS.map((hours) =>
      db
        .select()
        .from(auctions)
        .where(
          and(
            gt(auctions.depositDueAt, isoAt(now + hours * HOUR_MS - LATE_LIMIT_MS)),
            lte(auctions.depositDueAt, isoAt(now + hours * HOUR_MS)),
            inArray(auctions.status, [...DEPOSIT_STATUSES]),
          ),
        ),
    ),
  );
  return DEPOSIT_REMINDER_HOURS.flatMap((hours, i) =>
    (found[i] ?? []).map((auction) => {
      const amount = auctionDepositDue(auction);
      const where = formatAddress(auction);
      return {
        userId: auction.userId,
        kind: "deposit_due" as const,
        key: `deposit_due:${hours}:${auction.id}:${auction.depositDueAt}`,
        title: `Deposit due in ${hours} hours: ${auction.address}`,
        body: `The ${amount === null ? "" : `${formatMoney(amount)} `}deposit for ${where} is due ${clockIn(auction.depositDueAt!, auction.timeZone)}.`,
        link: modulePath("auction", { auction: auction.id }),
      };
    }),
  );
}

/**
 * Sales tomorrow and today, told at 7:00 where the sale is: on the day before, and on the day
 * (unless the sale is before 7:00). Sales in the next 48 hours are all the candidates.
 */
async function salesSoon(db: Database, now: number): Promise<NewNotification[]> {
  const rows = await db
    .select()
    .from(auctions)
    .where(
      and(
        gt(auctions.currentSaleAt, isoAt(now)),
        lte(auctions.currentSaleAt, isoAt(now + 2 * DAY_MS)),
        inArray(auctions.status, [...OPEN_STATUSES]),
      ),
    );
  return rows.flatMap((auction) => {
    const saleAt = currentSaleAt(auction);
    const saleDay = todayIn(auction.timeZone, Date.parse(saleAt));
    const when = clockIn(saleAt, auction.timeZone);
    const link = modulePath("auction", { auction: auction.id });
    const where = formatAddress(auction);
    const notices: NewNotification[] = [];
    if (isDue(morningOf(addIsoDays(saleDay, -1), auction.timeZone), now))
      notices.push({
        userId: auction.userId,
        kind: "sale_tomorrow",
        key: `sale_tomorrow:${auction.id}:${saleAt}`,
        title: `Sale tomorrow: ${auction.address}`,
        body: `The ${auction.saleType} sale of ${where} is tomorrow, ${when}${auction.venue ? `, at ${auction.venue}` : ""}.`,
        link,
      });
    if (isDue(morningOf(saleDay, auction.timeZone), now))
      notices.push({
        userId: auction.userId,
        kind: "sale_today",
        key: `sale_today:${auction.id}:${saleAt}`,
        title: `Sale today: ${auction.address}`,
        body: `The ${auction.saleType} sale of ${where} is today, ${when}${auction.venue ? `, at ${auction.venue}` : ""}.`,
        link,
      });
    return notices;
  });
}

/** Users whose mornings are handled per run (the rest, next minute). */
const MORNING_BATCH = 500;

/**
 * The users whose 7:00 has come (`morning_next_at`, the one indexed query), each one's next
 * morning moved on with a conditional UPDATE (of two overlapping runs one takes a user), and the
 * local day for those whose 7:00 is now (a stale or too-late morning is only moved on).
 */
async function usersAtMorning(db: Database, now: number) {
  const due = await db
    .select()
    .from(notificationSettings)
    .where(lte(notificationSettings.morningNextAt, isoAt(now)))
    .orderBy(asc(notificationSettings.morningNextAt))
    .limit(MORNING_BATCH);
  if (!due.length) return [];
  const claims = due.map((row) =>
    db
      .update(notificationSettings)
      .set({ morningNextAt: isoAt(nextHourAt(now, row.timeZone, MORNING_HOUR)) })
      .where(
        and(
          eq(notificationSettings.userId, row.userId),
          eq(notificationSettings.morningNextAt, row.morningNextAt!),
        ),
      )
      .returning({ userId: notificationSettings.userId }),
  );
  const taken = await db.batch(claims as [(typeof claims)[0]]);
  return due.flatMap((row, i) => {
    const day = todayIn(row.timeZone, now);
    const mine = taken[i]!.length > 0;
    return mine && isDue(morningOf(day, row.timeZone), now) ? [{ userId: row.userId, day }] : [];
  });
}

/**
 * At 7:00 in each user's zone: the follow-ups due that day (one notice a user a day) and the
 * projects whose target close is 7 days away. Only the users whose morning it is are read.
 */
async function morningNotices(db: Database, now: number): Promise<NewNotification[]> {
  const users = await usersAtMorning(db, now);
  const notices: NewNotification[] = [];
  // D1 binds at most 100 values a statement: users go 90 at a time.
  for (let i = 0; i < users.length; i += 90) {
    const part = users.slice(i, i + 90);
    const dayOf = new Map(part.map((user) => [user.userId, user.day]));
    const days = [...new Set(part.map((user) => user.day))];
    const [followUps, closing] = await db.batch([
      db
        .select({
          userId: leads.userId,
          day: leads.followUpOn,
          name: sql<string>`trim(${contacts.firstName} || ' ' || ${contacts.lastName})`,
        })
        .from(leads)
        .innerJoin(contacts, eq(contacts.id, leads.contactId))
        .where(
          and(
            inArray(leads.userId, [...dayOf.keys()]),
            inArray(leads.followUpOn, days),
            notInArray(leads.status, ["dead", "under_contract"]),
          ),
        )
        .orderBy(asc(contacts.firstName)),
      db
        .select()
        .from(projects)
        .where(
          and(
            inArray(projects.userId, [...dayOf.keys()]),
            inArray(
              projects.targetCloseDate,
              days.map((day) => addIsoDays(day, PROJECT_CLOSE_DAYS)),
            ),
            notInArray(projects.status, ["sold", "archived"]),
          ),
        ),
    ]);
    const names = new Map<string, string[]>();
    for (const lead of followUps)
      if (lead.day === dayOf.get(lead.userId))
        names.set(lead.userId, [...(names.get(lead.userId) ?? []), lead.name]);
    for (const [userId, due] of names) {
      const day = dayOf.get(userId)!;
      const shown =
        due.slice(0, 5).join(", ") + (due.length > 5 ? `, and ${due.length - 5} more` : "");
      notices.push({
        userId,
        kind: "follow_ups_due",
        key: `follow_ups_due:${day}`,
        title: `${due.length} follow-up${due.length === 1 ? "" : "s"} due today`,
        body: `Promised a call back today: ${shown}.`,
        link: modulePath("marketing", { tab: "leads", followUpBy: day, sort: "follow_up" }),
      });
    }
    for (const project of closing) {
      const day = dayOf.get(project.userId)!;
      if (project.targetCloseDate !== addIsoDays(day, PROJECT_CLOSE_DAYS)) continue;
      notices.push({
        userId: project.userId,
        kind: "project_close",
        key: `project_close:${project.id}:${project.targetCloseDate}`,
        title: `Closing in ${PROJECT_CLOSE_DAYS} days: ${project.name}`,
        body: `${project.name} is set to close on ${formatDate(project.targetCloseDate)}.`,
        link: modulePath("project-hub", { project: project.id }),
      });
    }
  }
  return notices;
}

/** Calendar events whose reminder time (their start less their reminder minutes) has come. */
async function eventReminders(db: Database, now: number): Promise<NewNotification[]> {
  const rows = await db
    .select({ event: calendarEvents, zone: userZone })
    .from(calendarEvents)
    .leftJoin(notificationSettings, sql`${notificationSettings.userId} = ${calendarEvents.userId}`)
    .where(
      and(
        gt(calendarEvents.remindAt, isoAt(now - LATE_LIMIT_MS)),
        lte(calendarEvents.remindAt, isoAt(now)),
      ),
    );
  return rows.map(({ event, zone }) => {
    const when = event.allDay
      ? `all day ${formatDate(event.start)}`
      : clockIn(event.start, event.timeZone ?? zone);
    return {
      userId: event.userId,
      kind: "event_reminder" as const,
      key: `event_reminder:${event.id}:${event.remindAt}`,
      title: `Reminder: ${event.title}`,
      body: `${event.title}: ${when}${event.location ? `, at ${event.location}` : ""}.`,
      link: modulePath("calendar", {
        view: "day",
        date: event.allDay ? event.start : todayIn(zone, Date.parse(event.start)),
      }),
    };
  });
}

/** Every reminder due at `now`, across all users: one query per kind (two for deposits). */
export async function dueReminders(db: Database, now: number) {
  const found = await Promise.all([
    depositsDue(db, now),
    salesSoon(db, now),
    morningNotices(db, now),
    eventReminders(db, now),
  ]);
  return found.flat();
}
