/**
 * What the cron finds due, kind by kind, each with ONE indexed query across every user:
 * a range of the kind's time column (deposits, sales, event reminders, closings written lately),
 * or for the day's follow-ups and closings the users whose 7:00 it is (`morning_next_at`). Nothing
 * due costs one index probe per kind, not a scan of every user. Each finding is a notice with an
 * idempotency key naming the record, the mark and the instant it is about, so a cron run that
 * overlaps the last, or finds the same thing again within LATE_LIMIT_MS, makes nothing new; a
 * record whose date moves gets a new notice for its new date. A record written after a mark had
 * passed (an auction added with its deposit 30 hours away) is told at once, once (`dueMark`).
 */
import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  auctionDepositDue,
  currentSaleAt,
  DEPOSIT_STATUSES,
  OPEN_STATUSES,
  saleTimeKnownNow,
} from "../../app/domain/auctions/auction-terms";
import { clockIn, dayIn } from "../../app/domain/auctions/time-zones";
import { addIsoDays, reminderMark } from "../../app/domain/calendar/event-terms";
import { formatAddress, formatDate, formatMoney } from "../../app/domain/format";
import { auctionPath, modulePath, projectPath } from "../../app/domain/modules";
import {
  daysAway,
  DEPOSIT_REMINDER_HOURS,
  dueAfterWrite,
  dueMark,
  isDue,
  LATE_LIMIT_MS,
  MORNING_HOUR,
  morningOf,
  nextHourAt,
  PROJECT_CLOSE_DAYS,
  timeUntil,
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
  type ProjectRow,
} from "../db/schema";
import type { NewNotification } from "./notifications";
import {
  addressed,
  forPerson,
  recipientsOf,
  workspacesOfPeople,
  type RecordNotice,
} from "./recipients";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The user's zone, joined in: no preferences yet reads as UTC. */
const userZone = sql<string>`coalesce(${notificationSettings.timeZone}, ${DEFAULT_TIME_ZONE})`;

/** Written within LATE_LIMIT_MS: a record whose marks may have passed before it was written. */
const writtenLately = (column: SQLiteColumn, now: number) => gt(column, isoAt(now - LATE_LIMIT_MS));

/**
 * Deposits whose notice is due (`dueMark`): at 72 and at 24 hours before, or at once for an auction
 * written after a mark had passed. One range of `deposit_due_at` (the deposits of the next 72
 * hours), narrowed to the windows that end at each mark and the auctions written lately.
 */
async function depositsDue(db: Database, now: number): Promise<RecordNotice[]> {
  const hoursAt = (hours: number) => isoAt(now + hours * HOUR_MS);
  const rows = await db
    .select()
    .from(auctions)
    .where(
      and(
        gt(auctions.depositDueAt, isoAt(now)),
        lte(auctions.depositDueAt, hoursAt(Math.max(...DEPOSIT_REMINDER_HOURS))),
        inArray(auctions.status, [...DEPOSIT_STATUSES]),
        or(
          writtenLately(auctions.updatedAt, now),
          ...DEPOSIT_REMINDER_HOURS.map((hours) =>
            and(
              gt(auctions.depositDueAt, isoAt(now + hours * HOUR_MS - LATE_LIMIT_MS)),
              lte(auctions.depositDueAt, hoursAt(hours)),
            ),
          ),
        ),
      ),
    );
  return rows.flatMap((auction) => {
    const due = Date.parse(auction.depositDueAt!);
    // The marks, earliest first: 72 hours before, then 24.
    const marks = DEPOSIT_REMINDER_HOURS.map((hours) => due - hours * HOUR_MS);
    const mark = dueMark(marks, Date.parse(auction.updatedAt), now);
    if (mark < 0) return [];
    const amount = auctionDepositDue(auction);
    const where = formatAddress(auction);
    return [
      {
        userId: auction.userId,
        assigneeId: auction.assigneeId,
        kind: "deposit_due" as const,
        key: `deposit_due:${DEPOSIT_REMINDER_HOURS[mark]}:${auction.id}:${auction.depositDueAt}`,
        title: `Deposit due in ${timeUntil(due, now)}: ${auction.address}`,
        body: `The ${amount === null ? "" : `${formatMoney(amount)} `}deposit for ${where} is due ${clockIn(auction.depositDueAt!, auction.timeZone)}.`,
        link: auctionPath(auction.id),
      },
    ];
  });
}

/**
 * Sales tomorrow and today, told at 7:00 where the sale is: on the day before, and on the day
 * (unless the sale is before 7:00); an auction written after such a 7:00 is told at once
 * (`dueMark`), as a sale today or tomorrow, whichever it is by then. Sales in the next 48 hours are
 * all the candidates.
 */
async function salesSoon(db: Database, now: number): Promise<RecordNotice[]> {
  const rows = await db
    .select()
    .from(auctions)
    .where(
      and(
        gt(auctions.currentSaleAt, isoAt(now)),
        lte(auctions.currentSaleAt, isoAt(now + 2 * DAY_MS)),
        inArray(auctions.status, [...OPEN_STATUSES]),
        // Adjourned with no new date: its old day is no longer the sale's.
        or(ne(auctions.status, "postponed"), isNotNull(auctions.postponedTo)),
      ),
    );
  return rows.flatMap((auction) => {
    const saleAt = currentSaleAt(auction);
    const saleDay = todayIn(auction.timeZone, Date.parse(saleAt));
    const marks = [addIsoDays(saleDay, -1), saleDay].map((day) => morningOf(day, auction.timeZone));
    if (dueMark(marks, Date.parse(auction.updatedAt), now) < 0) return [];
    // Told late, a sale may be today already: the notice says what is true when it is sent (and
    // its key is that day's, so the sale day's 7:00 does not tell it again).
    const today = saleDay === todayIn(auction.timeZone, now);
    const day = today ? "today" : "tomorrow";
    return [
      {
        userId: auction.userId,
        assigneeId: auction.assigneeId,
        kind: today ? ("sale_today" as const) : ("sale_tomorrow" as const),
        key: `sale_${day}:${auction.id}:${saleAt}`,
        title: `Sale ${day}: ${auction.address}`,
        body: `The ${auction.saleType} sale of ${formatAddress(auction)} is ${day}, ${saleTimeKnownNow(auction) ? clockIn(saleAt, auction.timeZone) : `${dayIn(saleAt, auction.timeZone)} (its time not posted yet)`}${auction.venue ? `, at ${auction.venue}` : ""}.`,
        link: auctionPath(auction.id),
      },
    ];
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
  const people = await usersAtMorning(db, now);
  const notices: NewNotification[] = [];
  // A few dozen people at a time: their workspaces' ids go into one statement (D1 binds at most 100).
  for (let i = 0; i < people.length; i += 30) {
    const part = people.slice(i, i + 30);
    const dayOf = new Map(part.map((person) => [person.userId, person.day]));
    const members = await workspacesOfPeople(db, [...dayOf.keys()]);
    const days = [...new Set(part.map((person) => person.day))];
    // Those whose 7:00 it is, among the members a record of `workspaceId` goes to, on `day`.
    const told = (workspaceId: string, assigneeId: string | null, day: string) =>
      recipientsOf(workspaceId, assigneeId, members.get(workspaceId)).filter(
        (personId) => dayOf.get(personId) === day,
      );
    const workspaceIds = [...new Set([...dayOf.keys(), ...members.keys()])];
    for (let j = 0; j < workspaceIds.length; j += 80) {
      const some = workspaceIds.slice(j, j + 80);
      const [followUps, closing] = await db.batch([
        db
          .select({
            workspaceId: leads.userId,
            assigneeId: leads.assigneeId,
            day: leads.followUpOn,
            name: sql<string>`trim(${contacts.firstName} || ' ' || ${contacts.lastName})`,
          })
          .from(leads)
          .innerJoin(contacts, eq(contacts.id, leads.contactId))
          .where(
            and(
              inArray(leads.userId, some),
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
              inArray(projects.userId, some),
              inArray(
                projects.targetCloseDate,
                days.map((day) => addIsoDays(day, PROJECT_CLOSE_DAYS)),
              ),
              notInArray(projects.status, ["sold", "archived"]),
            ),
          ),
      ]);
      // Each person's follow-ups due today, workspace by workspace.
      const names = new Map<string, { personId: string; workspaceId: string; names: string[] }>();
      for (const lead of followUps)
        for (const personId of told(lead.workspaceId, lead.assigneeId, lead.day!)) {
          const at = `${personId} ${lead.workspaceId}`;
          const theirs = names.get(at) ?? { personId, workspaceId: lead.workspaceId, names: [] };
          theirs.names.push(lead.name);
          names.set(at, theirs);
        }
      for (const { personId, workspaceId, names: due } of names.values()) {
        const day = dayOf.get(personId)!;
        const shown =
          due.slice(0, 5).join(", ") + (due.length > 5 ? `, and ${due.length - 5} more` : "");
        const notice: NewNotification = {
          userId: workspaceId,
          kind: "follow_ups_due",
          // One a day for each workspace the person has follow-ups in: their own keeps its key.
          key:
            personId === workspaceId
              ? `follow_ups_due:${day}`
              : `follow_ups_due:${workspaceId}:${day}`,
          title: `${due.length} follow-up${due.length === 1 ? "" : "s"} due today`,
          body: `Promised a call back today: ${shown}.`,
          link: modulePath("marketing", { tab: "leads", followUpBy: day, sort: "follow_up" }),
        };
        notices.push(forPerson(notice, personId, members.get(workspaceId)?.[0]?.name));
      }
      for (const project of closing)
        for (const personId of told(
          project.userId,
          project.assigneeId,
          addIsoDays(project.targetCloseDate!, -PROJECT_CLOSE_DAYS),
        ))
          notices.push(
            forPerson(
              closingNotice(project, dayOf.get(personId)!),
              personId,
              members.get(project.userId)?.[0]?.name,
            ),
          );
    }
  }
  return notices;
}

/** A project's closing notice, told on `today` (the user's). */
function closingNotice(project: ProjectRow, today: string): RecordNotice {
  const close = project.targetCloseDate!;
  return {
    userId: project.userId,
    assigneeId: project.assigneeId,
    kind: "project_close",
    key: `project_close:${project.id}:${close}`,
    title: `Closing ${daysAway(close, today)}: ${project.name}`,
    body: `${project.name} is set to close on ${formatDate(close)}.`,
    link: projectPath(project.id),
  };
}

/**
 * Projects written (made, or their target close set) after their closing's mark, 7:00 seven days
 * before in the user's zone, had passed, and still ahead: told at once, with the days left (the
 * mark itself is the morning's, above). Closings within a week of UTC's today (one range of
 * `target_close_date`, every zone covered) of projects written lately.
 */
async function closingsWrittenLate(db: Database, now: number): Promise<RecordNotice[]> {
  const utcToday = todayIn(DEFAULT_TIME_ZONE, now);
  const rows = await db
    .select({ project: projects, zone: userZone })
    .from(projects)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, projects.userId))
    .where(
      and(
        gte(projects.targetCloseDate, addIsoDays(utcToday, -1)),
        lte(projects.targetCloseDate, addIsoDays(utcToday, PROJECT_CLOSE_DAYS + 1)),
        notInArray(projects.status, ["sold", "archived"]),
        writtenLately(projects.updatedAt, now),
      ),
    );
  return rows.flatMap(({ project, zone }) => {
    const today = todayIn(zone, now);
    const close = project.targetCloseDate!;
    const mark = morningOf(addIsoDays(close, -PROJECT_CLOSE_DAYS), zone);
    const writtenAt = Date.parse(project.updatedAt);
    return close >= today && writtenAt > mark && isDue(dueAfterWrite(mark, writtenAt), now)
      ? [closingNotice(project, today)]
      : [];
  });
}

/**
 * Calendar events whose reminder time has come: their start less their reminder minutes, or the
 * write of an event made after that had passed (`remind_at`, see the calendar's `eventColumns`).
 */
async function eventReminders(db: Database, now: number): Promise<RecordNotice[]> {
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
      assigneeId: event.assigneeId,
      kind: "event_reminder" as const,
      // Named by the mark, not by `remind_at`: an event changed after its reminder came is
      // found again (its `remind_at` is the change) and makes nothing new.
      key: `event_reminder:${event.id}:${reminderMark(event.start, event.allDay, event.timeZone, event.reminderMinutes)}`,
      title: `Reminder: ${event.title}`,
      body: `${event.title}: ${when}${event.location ? `, at ${event.location}` : ""}.`,
      link: modulePath("calendar", {
        view: "day",
        date: event.allDay ? event.start : todayIn(zone, Date.parse(event.start)),
      }),
    };
  });
}

/**
 * Every reminder due at `now`, across all workspaces: one query per kind, each notice to the member
 * its record is assigned to, else the workspace's owners and admins (worker/services/recipients.ts).
 */
export async function dueReminders(db: Database, now: number): Promise<NewNotification[]> {
  const [deposits, sales, mornings, closings, events] = await Promise.all([
    depositsDue(db, now),
    salesSoon(db, now),
    morningNotices(db, now),
    closingsWrittenLate(db, now),
    eventReminders(db, now),
  ]);
  return [...mornings, ...(await addressed(db, [...deposits, ...sales, ...closings, ...events]))];
}
