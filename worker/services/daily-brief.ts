/**
 * The daily brief: at the hour each user picks, in their zone, what their day holds —
 * sales and deposits, route stops, events, follow-ups, and analyses that newly meet the buy box —
 * each with a link. A day with nothing to say sends nothing. The cron finds the users due with
 * one indexed query (`brief_next_at`), and moves each one's next brief on before writing it, with
 * a conditional UPDATE: of two overlapping runs only one gets the user.
 */
import { and, asc, count, eq, inArray, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
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
import { managesMembers, workspaceLink } from "../../app/domain/teams";
import { auctionsWhere } from "./auctions";
import { joinedLeads, leadsWhere } from "./leads";
import type { NewNotification } from "./notifications";
import { countProperties } from "./properties";
import { workspacesOfPeople, type Membership } from "./recipients";

/** Users whose brief is due are taken this many at a time (the rest, next minute). */
const BRIEF_BATCH = 500;
const SHOWN = 5;
const DAY_MS = 86_400_000;

const link = (label: string, path: string) => `[${label.replace(/[[\]]/g, "")}](${path})`;
const more = (total: number, shown: number) =>
  total > shown ? `\n- …and ${total - shown} more` : "";

/**
 * Whose share of a team's day a brief tells: the records assigned to `personId`, and for an owner
 * or admin (`managing`) those assigned to nobody too, as the team's reminders go.
 */
export interface BriefShare {
  personId: string;
  managing: boolean;
}

/** The records of an assigned kind in `share` (every one, without a share: one's own workspace). */
function sharedWith(assignee: SQLiteColumn, share: BriefShare | undefined): SQL | undefined {
  if (!share) return undefined;
  const theirs = eq(assignee, share.personId);
  return share.managing ? or(theirs, isNull(assignee)) : theirs;
}

/**
 * The brief of `day` (YYYY-MM-DD in `zone`) of workspace `userId`, as the notice's body: markdown
 * lines, links to the records; null when the day holds nothing. With a `share`, a team's: the
 * records of the kinds with assignees that are the person's (`BriefShare`), and the routes and the
 * buy box's finds, which have no assignee, for an owner or admin only.
 */
export async function composeBrief(
  db: Database,
  userId: string,
  day: string,
  zone: string,
  since: string,
  share?: BriefShare,
) {
  const whole = !share || share.managing;
  // A team's record opens in the team's workspace, whichever the reader is working in.
  const linked = (label: string, path: string) =>
    link(label, share ? workspaceLink(userId, path) : path);
  const dayStart = isoAt(wallInstant(day, 0, zone));
  const dayEnd = isoAt(wallInstant(addIsoDays(day, 1), 0, zone));
  const followUps = and(
    leadsWhere(userId, { followUpBy: day }),
    sharedWith(leads.assigneeId, share),
  )!;
  const [sales, deposits, dayRoutes, events, followUpRows, [followUpCount], [newFinds]] =
    await db.batch([
      db
        .select()
        .from(auctions)
        .where(
          and(
            auctionsWhere(userId, { from: dayStart, to: dayEnd }),
            inArray(auctions.status, [...OPEN_STATUSES]),
            sharedWith(auctions.assigneeId, share),
          ),
        )
        .orderBy(asc(auctions.currentSaleAt)),
      db
        .select()
        .from(auctions)
        .where(
          and(
            auctionsWhere(userId, { depositFrom: dayStart, depositTo: dayEnd }),
            sharedWith(auctions.assigneeId, share),
          ),
        )
        .orderBy(asc(auctions.depositDueAt)),
      db
        .select({ id: routes.id, name: routes.name, stops: routes.stops })
        .from(routes)
        // Routes have no assignee: a member's share of a team's day holds none.
        .where(and(eq(routes.userId, userId), eq(routes.date, day), whole ? undefined : sql`0`))
        .orderBy(asc(routes.departAt)),
      db
        .select()
        .from(calendarEvents)
        .where(
          and(
            eq(calendarEvents.userId, userId),
            sharedWith(calendarEvents.assigneeId, share),
            sql`((${calendarEvents.allDay} = 0 AND ${calendarEvents.start} >= ${dayStart} AND ${calendarEvents.start} < ${dayEnd}) OR (${calendarEvents.allDay} = 1 AND ${calendarEvents.start} <= ${day} AND ${calendarEvents.end} > ${day}))`,
          ),
        )
        .orderBy(asc(calendarEvents.start)),
      joinedLeads(db).where(followUps).orderBy(asc(leads.followUpOn)).limit(SHOWN),
      db.select({ value: count() }).from(leads).where(followUps),
      countProperties(db, userId, {
        meetsCriteria: "yes",
        updatedSince: since,
        ...(whole ? {} : { assignee: share!.personId }),
      }),
    ]);
  const sections: string[] = [];
  if (sales.length)
    sections.push(
      `**Sales today**\n${sales
        .map(
          (auction) =>
            `- ${timeOfDayIn(currentSaleAt(auction), auction.timeZone)}: ${linked(auction.address, auctionPath(auction.id))} (${saleTypeLabel(auction.saleType).toLowerCase()})`,
        )
        .join("\n")}`,
    );
  if (deposits.length)
    sections.push(
      `**Deposits due today**\n${deposits
        .map(
          (auction) =>
            `- ${timeOfDayIn(auction.depositDueAt!, auction.timeZone)}: ${linked(auction.address, auctionPath(auction.id))}`,
        )
        .join("\n")}`,
    );
  if (dayRoutes.length)
    sections.push(
      `**Route stops**\n${dayRoutes
        .map(
          (route) =>
            `- ${linked(route.name, visitRoutePath(route.id))}: ${route.stops.length} stop${route.stops.length === 1 ? "" : "s"}`,
        )
        .join("\n")}`,
    );
  if (events.length)
    sections.push(
      `**Events**\n${events
        .slice(0, SHOWN)
        .map(
          (event) =>
            `- ${event.allDay ? "All day" : timeOfDayIn(event.start, zone)}: ${linked(event.title, modulePath("calendar", { view: "day", date: day }))}`,
        )
        .join("\n")}${more(events.length, SHOWN)}`,
    );
  const followUpTotal = followUpCount?.value ?? 0;
  if (followUpTotal)
    sections.push(
      `**Follow-ups due**\n${followUpRows
        .map(
          ({ contact, lead }) =>
            `- ${linked(`${contact.firstName} ${contact.lastName}`.trim(), leadPath(contact.id))}${lead.followUpOn! < day ? ` (since ${formatDate(lead.followUpOn)})` : ""}`,
        )
        .join("\n")}${more(followUpTotal, followUpRows.length)}`,
    );
  const finds = newFinds?.value ?? 0;
  if (finds)
    sections.push(
      `**Deals that meet your buy box**\n- ${linked(`${finds} new or changed since the last brief`, modulePath("possible-investments", { meetsCriteria: "yes", sort: "updatedAt", dir: "desc" }))}`,
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
  const told: { personId: string; day: string; zone: string; since: string }[] = [];
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
    if (body)
      briefs.push({
        userId: settings.userId,
        kind: "daily_brief",
        key: `daily_brief:${day}`,
        title: `Your day: ${formatDate(day)}`,
        body,
        link: modulePath("home"),
      });
    told.push({
      personId: settings.userId,
      day,
      zone: settings.timeZone,
      since: isoAt(dueAt - DAY_MS),
    });
  }
  return [...briefs, ...(await teamBriefs(db, told))];
}

/**
 * Each person's share of the day of every team they are in, beside their own brief: a brief a team
 * (only when it holds something), opening the team's dashboard.
 */
async function teamBriefs(
  db: Database,
  people: { personId: string; day: string; zone: string; since: string }[],
): Promise<NewNotification[]> {
  if (!people.length) return [];
  const members = await workspacesOfPeople(
    db,
    people.map((person) => person.personId),
  );
  // Each person's memberships of teams (their own workspace has its brief already).
  const teamsOf = new Map<string, Membership[]>();
  for (const [workspaceId, team] of members)
    for (const membership of team)
      if (membership.userId !== workspaceId)
        teamsOf.set(membership.userId, [...(teamsOf.get(membership.userId) ?? []), membership]);
  const briefs: NewNotification[] = [];
  for (const { personId, day, zone, since } of people)
    for (const membership of teamsOf.get(personId) ?? []) {
      const { workspaceId } = membership;
      const share = { personId, managing: managesMembers(membership.role) };
      const body = await composeBrief(db, workspaceId, day, zone, since, share);
      if (!body) continue;
      briefs.push({
        userId: personId,
        kind: "daily_brief",
        key: `daily_brief:${workspaceId}:${day}`,
        title: `Your day in ${membership.name}: ${formatDate(day)}`,
        body,
        link: workspaceLink(workspaceId, modulePath("home")),
      });
    }
  return briefs;
}
