/**
 * The dashboard: what needs the investor today, from every module, read in one D1 batch: today's
 * route stops, the auctions of the next 14 days and the deposits due within 72 hours, the
 * follow-ups due, the pipeline by status with its value, the portfolio from the primary analyses,
 * the lead funnel, recent research and documents. Calendar events (Google's included) come from the
 * calendar's own listing, so a slow Google never holds these.
 */
import { and, asc, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { leadFunnel } from "../../app/domain/marketing/campaigns";
import type { Database } from "../db/client";
import {
  auctions,
  dealCriteria,
  entries,
  leads,
  projects,
  properties,
  researchReports,
  routes,
} from "../db/schema";
import { auctionsWhere, toAuction } from "./auctions";
import { joinedLeads, leadsWhere, leadTally, toJoinedLead } from "./leads";
import { countProperties, propertiesWithAnalysis, toListedProperty } from "./properties";
import { refreshDealFigures, staleDeals } from "./deal-figures";
import { PROJECT_STATUSES } from "../../app/domain/workspace";

export const AUCTION_DAYS = 14;
export const DEPOSIT_HOURS = 72;
const SHOWN = 5;
/** Properties drawn on the cash-flow chart (the totals count them all). */
const PORTFOLIO_SHOWN = 12;
const HOUR = 3_600_000;

export interface DashboardQuery {
  /** The investor's today (YYYY-MM-DD, their own calendar day). */
  date: string;
  /** Now, as an instant. */
  now: string;
}

/** The properties whose primary analysis meets the user's buy box as it is now. */
const meetingBuyBox = (db: Database, userId: string) =>
  countProperties(db, userId, { meetsCriteria: "yes" });

export async function dashboard(db: Database, userId: string, { date, now }: DashboardQuery) {
  const later = (hours: number) => new Date(Date.parse(now) + hours * HOUR).toISOString();
  const sales = auctionsWhere(userId, { from: now, to: later(AUCTION_DAYS * 24) });
  const deposits = auctionsWhere(userId, { depositFrom: now, depositTo: later(DEPOSIT_HOURS) });
  const followUps = leadsWhere(userId, { followUpBy: date });
  // Properties whose primary analysis has a cash flow (rentals, BRRRR): an index of their own.
  const analysed = and(eq(properties.userId, userId), isNotNull(properties.cashFlowMonthly));
  const [
    todayRoutes,
    saleRows,
    [saleCount],
    depositRows,
    followUpRows,
    [followUpCount],
    pipelineRows,
    portfolioRows,
    [portfolioTotals],
    leadTallies,
    researchRows,
    documentRows,
    criteriaRows,
    meetingRows,
    stale,
  ] = await db.batch([
    db
      .select({ id: routes.id, name: routes.name, stops: routes.stops, plan: routes.plan })
      .from(routes)
      .where(and(eq(routes.userId, userId), eq(routes.date, date)))
      .orderBy(asc(routes.departAt)),
    db.select().from(auctions).where(sales).orderBy(asc(auctions.currentSaleAt)).limit(SHOWN),
    db.select({ value: count() }).from(auctions).where(sales),
    db.select().from(auctions).where(deposits).orderBy(asc(auctions.depositDueAt)).limit(SHOWN),
    joinedLeads(db).where(followUps).orderBy(asc(leads.followUpOn)).limit(SHOWN),
    db.select({ value: count() }).from(leads).where(followUps),
    db
      .select({
        status: projects.status,
        count: count(),
        value: sql<number>`coalesce(sum(coalesce(${projects.purchasePrice}, ${projects.budget})), 0)`,
      })
      .from(projects)
      .where(eq(projects.userId, userId))
      .groupBy(projects.status),
    propertiesWithAnalysis(db)
      .where(analysed)
      // In the order the portfolio's partial index holds them: only that index gives it, so SQLite
      // reads it rather than walk every property by its latest change for the few analysed.
      .orderBy(desc(properties.updatedAt), desc(properties.cashFlowMonthly))
      .limit(PORTFOLIO_SHOWN),
    db
      .select({
        count: count(),
        cashFlowMonthly: sql<number>`coalesce(sum(${properties.cashFlowMonthly}), 0)`,
        averageCapRate: sql<number | null>`avg(${properties.capRate})`,
      })
      .from(properties)
      .where(analysed),
    leadTally(db, userId),
    db
      .select({
        id: researchReports.id,
        query: researchReports.query,
        createdAt: researchReports.createdAt,
      })
      .from(researchReports)
      .where(eq(researchReports.userId, userId))
      .orderBy(desc(researchReports.createdAt))
      .limit(SHOWN),
    db
      .select({ id: entries.id, title: entries.title, updatedAt: entries.updatedAt })
      .from(entries)
      .where(eq(entries.userId, userId))
      .orderBy(desc(entries.updatedAt))
      .limit(SHOWN),
    db.select().from(dealCriteria).where(eq(dealCriteria.userId, userId)),
    meetingBuyBox(db, userId),
    staleDeals(db, userId),
  ]);
  // Analyses saved before their buy-box figures were kept are worked out once, then counted.
  const [meeting] = stale.length
    ? await refreshDealFigures(db, userId).then(() => meetingBuyBox(db, userId))
    : meetingRows;
  const { userId: _user, updatedAt: _updated, ...criteria } = criteriaRows[0] ?? {};

  const byStatus = new Map(pipelineRows.map((row) => [row.status, row]));
  return {
    routeStops: todayRoutes.map((route) => {
      const arrival = new Map(route.plan.legs.map((leg) => [leg.to, leg.arriveAt]));
      const byId = new Map(route.stops.map((stop) => [stop.id, stop]));
      return {
        id: route.id,
        name: route.name,
        stops: route.plan.order.flatMap((id) => {
          const stop = byId.get(id);
          return stop ? [{ label: stop.label, arriveAt: arrival.get(id) ?? null }] : [];
        }),
      };
    }),
    auctions: { items: saleRows.map(toAuction), total: saleCount!.value },
    deposits: depositRows.map(toAuction),
    followUps: {
      items: followUpRows.map(toJoinedLead),
      total: followUpCount!.value,
    },
    pipeline: PROJECT_STATUSES.map((status) => ({
      status,
      count: byStatus.get(status)?.count ?? 0,
      value: Number(byStatus.get(status)?.value ?? 0),
    })),
    portfolio: {
      properties: portfolioRows.map(toListedProperty).map((p) => ({
        id: p.id,
        address: p.address,
        cashFlowMonthly: p.primaryAnalysis!.cashFlowMonthly!,
        capRate: p.primaryAnalysis!.capRate,
      })),
      count: portfolioTotals!.count,
      cashFlowMonthly: Number(portfolioTotals!.cashFlowMonthly),
      averageCapRate:
        portfolioTotals!.averageCapRate === null ? null : Number(portfolioTotals!.averageCapRate),
    },
    leads: {
      total: leadTallies.reduce((sum, tally) => sum + tally.leads, 0),
      funnel: leadFunnel(leadTallies),
    },
    buyBox: {
      set: Object.values(criteria).some((target) => target !== null),
      meeting: meeting!.value,
    },
    research: researchRows,
    documents: documentRows,
  };
}
