/**
 * The daily brief: at the hour each user picks, in their zone, what their day holds —
 * sales and deposits, route stops, events, follow-ups, and analyses that newly meet the buy box —
 * each with a link. A day with nothing to say sends nothing. The cron finds the users due with
 * one indexed query (`brief_next_at`), and moves each one's next brief on before writing it, with
 * a conditional UPDATE: of two overlapping runs only one gets the user.
 */
import { and, asc, count, eq, inArray, lte, sql } from "drizzle-orm";
import {
  currentSaleAt,
  OPEN_STATUSES,
  saleTypeLabel,
} from "../../app/domain/auctions/auction-terms";
import { timeOfDayIn } from "../../app/domain/auctions/time-zones";
import { addIsoDays } from "../../app/domain/calendar/event-terms";
import { formatDate } from "../../app/domain/format";
import { auctionPath, leadPath, modulePath, visitRoutePath } from "../../app/domain/modules";
import { LATE_LIMIT_MS, nextHourAt, wallInstant } from "../../app/domain/notifications";
import { todayIn } from "../../app/domain/today";
import type { Database } from "../db/client";
import { isoAt } from "../db/queries";
import { auctions, calendarEvents, leads, notificationSettings, routes } from "../db/schema";
import { auctionsWhere } from "./auctions";
import { joinedLeads, leadsWhere } from "./leads";
import type { NewNotification } from "./notifications";
import { countProperties } from "./properties";

/** Users whose brief is due are taken this many at a time (the rest, next minute). */
const BRIEF_BATCH = 500;
const SHOWN = 5;
const DAY_MS = 86_400_000;

const link = (label: string, path: string) => `[${label.replace(/[[\]]/g, "")}](${path})`;
const more = (total: number, shown: number) =>
  total > shown ? `\n- …and ${total - shown} more` : "";

/**
 * The brief of `day` (YYYY-MM-DD in `zone`), as the notice's body: markdown lines, links to the
 * records; null when the day holds nothing.
 */
export async function composeBrief(
  db: Database,
  userId: string,
  day: string,
  zone: string,
  since: string,
) {
  const dayStart = isoAt(wallInstant(day, 0, zone));
  const dayEnd = isoAt(wallInstant(addIsoDays(day, 1), 0, zone));
  const followUps = leadsWhere(userId, { followUpBy: day });
  const [sales, deposits, dayRoutes, events, followUpRows, [followUpCount], [newFinds]] =
    await db.batch([
      db
        .select()
        .from(auctions)
        .where(
          and(
            auctionsWhere(userId, { from: dayStart, to: dayEnd }),
            inArray(auctions.status, [...OPEN_STATUSES]),
          ),
        )
        .orderBy(asc(auctions.currentSaleAt)),
      db
        .select()
        .from(auctions)
        .where(auctionsWhere(userId, { depositFrom: dayStart, depositTo: dayEnd }))
        .orderBy(asc(auctions.depositDueAt)),
      db
        .select({ id: routes.id, name: routes.name, stops: routes.stops })
        .from(routes)
        .where(and(eq(routes.userId, userId), eq(routes.date, day)))
        .orderBy(asc(routes.departAt)),
      db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.userId, userId),
            sql`((${calendarEvents.allDay} = 0 AND ${calendarEvents.start} >= ${dayStart} AND ${calendarEvents.start} < ${dayEnd}) OR (${calendarEvents.allDay} = 1 AND ${calendarEvents.start} <= ${day} AND ${calendarEvents.end} > ${day}))`,
          ),
        )
        .orderBy(asc(calendarEvents.start)),
      joinedLeads(db).where(followUps).orderBy(asc(leads.followUpOn)).limit(SHOWN),
      db.select({ value: count() }).from(leads).where(followUps),
      countProperties(db, userId, { meetsCriteria: "yes", updatedSince: since }),
    ]);
  const sections: string[] = [];
  if (sales.length)
    sections.push(
      `**Sales today**\n${sales
        .map(
          (auction) =>
            `- ${timeOfDayIn(currentSaleAt(auction), auction.timeZone)}: ${link(auction.address, auctionPath(auction.id))} (${saleTypeLabel(auction.saleType).toLowerCase()})`,
        )
        .join("\n")}`,
    );
  if (deposits.length)
    sections.push(
      `**Deposits due today**\n${deposits
        .map(
          (auction) =>
            `- ${timeOfDayIn(auction.depositDueAt!, auction.timeZone)}: ${link(auction.address, auctionPath(auction.id))}`,
        )
        .join("\n")}`,
    );
  if (dayRoutes.length)
    sections.push(
      `**Route stops**\n${dayRoutes
        .map(
          (route) =>
            `- ${link(route.name, visitRoutePath(route.id))}: ${route.stops.length} stop${route.stops.length === 1 ? "" : "s"}`,
        )
        .join("\n")}`,
    );
  if (events.length)
    sections.push(
      `**Events**\n${events
        .slice(0, SHOWN)
        .map(
          (event) =>
            `- ${event.allDay ? "All day" : timeOfDayIn(event.start, zone)}: ${link(event.title, modulePath("calendar", { view: "day", date: day }))}`,
        )
        .join("\n")}${more(events.length, SHOWN)}`,
    );
  const followUpTotal = followUpCount?.value ?? 0;
  if (followUpTotal)
    sections.push(
      `**Follow-ups due**\n${followUpRows
        .map(
          ({ contact, lead }) =>
            `- ${link(`${contact.firstName} ${contact.lastName}`.trim(), leadPath(contact.id))}${lead.followUpOn! < day ? ` (since ${formatDate(lead.followUpOn)})` : ""}`,
        )
        .join("\n")}${more(followUpTotal, followUpRows.length)}`,
    );
  const finds = newFinds?.value ?? 0;
  if (finds)
    sections.push(
      `**Deals that meet your buy box**\n- ${link(`${finds} new or changed since the last brief`, modulePath("possible-investments", { meetsCriteria: "yes", sort: "updatedAt", dir: "desc" }))}`,
    );
  return sections.length ? sections.join("\n\n") : null;
}

/** The briefs due at `now`, for the users whose brief hour has come. */
export async function dueBriefs(db: Database, now: number): Promise<NewNotification[]> {
  const due = await db
    .select()
    .from(notificationSettings)
    .where(lte(notificationSettings.briefNextAt, isoAt(now)))
    .orderBy(asc(notificationSettings.briefNextAt))
    .limit(BRIEF_BATCH);
  const briefs: NewNotification[] = [];
  for (const settings of due) {
    const dueAt = Date.parse(settings.briefNextAt!);
    const next =
      settings.briefHour === null
        ? null
        : isoAt(nextHourAt(now, settings.timeZone, settings.briefHour));
    const [taken] = await db
      .update(notificationSettings)
      .set({ briefNextAt: next })
      .where(
        and(
          eq(notificationSettings.userId, settings.userId),
          eq(notificationSettings.briefNextAt, settings.briefNextAt!),
        ),
      )
      .returning({ userId: notificationSettings.userId });
    // Another run took it, or the brief is too late to be today's.
    if (!taken || now - dueAt >= LATE_LIMIT_MS) continue;
    const day = todayIn(settings.timeZone, dueAt);
    const body = await composeBrief(
      db,
      settings.userId,
      day,
      settings.timeZone,
      isoAt(dueAt - DAY_MS),
    );
    if (!body) continue;
    briefs.push({
      userId: settings.userId,
      kind: "daily_brief",
      key: `daily_brief:${day}`,
      title: `Your day: ${formatDate(day)}`,
      body,
      link: modulePath("home"),
    });
  }
  return briefs;
}
