/**
 * What the cron finds due (issue 31), kind by kind, each with ONE indexed query across every user
 * (a range of the kind's time column, narrowed in code by each record's or user's zone): nothing
 * due costs one index probe per kind, not a scan of every user. Each finding is a notice with an
 * idempotency key naming the record and the instant it is about, so a cron run that overlaps the
 * last, or finds the same thing again within LATE_LIMIT_MS, makes nothing new; a record whose date
 * moves gets a new notice for its new date.
 */
import { and, gt, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import {
  auctionDepositDue,
  currentSaleAt,
  DEPOSIT_STATUSES,
  OPEN_STATUSES,
} from "../../app/domain/auctions/auction-terms";
import { saleTimeInZones } from "../../app/domain/auctions/time-zones";
import { addIsoDays } from "../../app/domain/calendar/event-terms";
import { formatAddress, formatDate, formatMoney } from "../../app/domain/format";
import { modulePath } from "../../app/domain/modules";
import {
  DEPOSIT_REMINDER_HOURS,
  isDue,
  LATE_LIMIT_MS,
  morningOf,
  PROJECT_CLOSE_DAYS,
} from "../../app/domain/notifications";
import { DEFAULT_TIME_ZONE, todayIn } from "../../app/domain/today";
import type { Database } from "../db/client";
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
const iso = (ms: number) => new Date(ms).toISOString();
/** "Thu, Apr 1, 2027, 5:00 PM CDT": an instant as the clock reads in `zone`. */
const clockIn = (instant: string, zone: string) => saleTimeInZones(instant, zone, zone).viewer;

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
            gt(auctions.depositDueAt, iso(now + hours * HOUR_MS - LATE_LIMIT_MS)),
            lte(auctions.depositDueAt, iso(now + hours * HOUR_MS)),
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
        gt(auctions.currentSaleAt, iso(now)),
        lte(auctions.currentSaleAt, iso(now + 2 * DAY_MS)),
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

/** Follow-ups due today, told at 7:00 in the user's zone: one notice a user a day. */
async function followUpsDue(db: Database, now: number): Promise<NewNotification[]> {
  const utcToday = todayIn(DEFAULT_TIME_ZONE, now);
  const rows = await db
    .select({
      userId: leads.userId,
      day: leads.followUpOn,
      name: sql<string>`trim(${contacts.firstName} || ' ' || ${contacts.lastName})`,
      zone: userZone,
    })
    .from(leads)
    .innerJoin(contacts, sql`${contacts.id} = ${leads.contactId}`)
    .leftJoin(notificationSettings, sql`${notificationSettings.userId} = ${leads.userId}`)
    .where(
      and(
        gte(leads.followUpOn, addIsoDays(utcToday, -1)),
        lte(leads.followUpOn, addIsoDays(utcToday, 1)),
        notInArray(leads.status, ["dead", "under_contract"]),
      ),
    );
  const byUser = new Map<string, string[]>();
  for (const row of rows) {
    if (row.day !== todayIn(row.zone, now) || !isDue(morningOf(row.day, row.zone), now)) continue;
    byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.name]);
  }
  return [...byUser].map(([userId, names]) => {
    const day = todayIn(rows.find((row) => row.userId === userId)!.zone, now);
    const shown =
      names.slice(0, 5).join(", ") + (names.length > 5 ? `, and ${names.length - 5} more` : "");
    return {
      userId,
      kind: "follow_ups_due" as const,
      key: `follow_ups_due:${day}`,
      title: `${names.length} follow-up${names.length === 1 ? "" : "s"} due today`,
      body: `Promised a call back today: ${shown}.`,
      link: modulePath("marketing", { tab: "leads", followUpBy: day, sort: "follow_up" }),
    };
  });
}

/** Projects whose target close is 7 days away, told at 7:00 in the user's zone. */
async function projectsClosing(db: Database, now: number): Promise<NewNotification[]> {
  const utcToday = todayIn(DEFAULT_TIME_ZONE, now);
  const rows = await db
    .select({
      id: projects.id,
      userId: projects.userId,
      name: projects.name,
      targetCloseDate: projects.targetCloseDate,
      zone: userZone,
    })
    .from(projects)
    .leftJoin(notificationSettings, sql`${notificationSettings.userId} = ${projects.userId}`)
    .where(
      and(
        gte(projects.targetCloseDate, addIsoDays(utcToday, PROJECT_CLOSE_DAYS - 1)),
        lte(projects.targetCloseDate, addIsoDays(utcToday, PROJECT_CLOSE_DAYS + 1)),
        notInArray(projects.status, ["sold", "archived"]),
      ),
    );
  return rows.flatMap((project) => {
    const day = addIsoDays(project.targetCloseDate!, -PROJECT_CLOSE_DAYS);
    if (day !== todayIn(project.zone, now) || !isDue(morningOf(day, project.zone), now)) return [];
    return [
      {
        userId: project.userId,
        kind: "project_close" as const,
        key: `project_close:${project.id}:${project.targetCloseDate}`,
        title: `Closing in ${PROJECT_CLOSE_DAYS} days: ${project.name}`,
        body: `${project.name} is set to close on ${formatDate(project.targetCloseDate)}.`,
        link: modulePath("project-hub", { project: project.id }),
      },
    ];
  });
}

/** Calendar events whose reminder time (their start less their reminder minutes) has come. */
async function eventReminders(db: Database, now: number): Promise<NewNotification[]> {
  const rows = await db
    .select({ event: calendarEvents, zone: userZone })
    .from(calendarEvents)
    .leftJoin(notificationSettings, sql`${notificationSettings.userId} = ${calendarEvents.userId}`)
    .where(
      and(
        gt(calendarEvents.remindAt, iso(now - LATE_LIMIT_MS)),
        lte(calendarEvents.remindAt, iso(now)),
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
    followUpsDue(db, now),
    projectsClosing(db, now),
    eventReminders(db, now),
  ]);
  return found.flat();
}
