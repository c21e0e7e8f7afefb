/** The user's pipeline in figures: read by the dashboard and by the agent's pipeline tool. */
import { count, desc, eq, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client";
import { contacts, entries, projects, properties } from "../db/schema";
import { toEntry } from "./entries";

export async function pipelineStats(db: Database, userId: string) {
  const [byStatus, byType, [money], [contactCount], [documentCount], [propertyCount], recent] =
    await db.batch([
      db
        .select({ key: projects.status, value: count() })
        .from(projects)
        .where(eq(projects.userId, userId))
        .groupBy(projects.status),
      db
        .select({ key: projects.type, value: count() })
        .from(projects)
        .where(eq(projects.userId, userId))
        .groupBy(projects.type),
      db
        .select({
          projects: count(),
          budget: sql<number>`coalesce(${sum(projects.budget)}, 0)`,
          purchasePrice: sql<number>`coalesce(${sum(projects.purchasePrice)}, 0)`,
        })
        .from(projects)
        .where(eq(projects.userId, userId)),
      db.select({ value: count() }).from(contacts).where(eq(contacts.userId, userId)),
      db.select({ value: count() }).from(entries).where(eq(entries.userId, userId)),
      db.select({ value: count() }).from(properties).where(eq(properties.userId, userId)),
      db
        .select()
        .from(entries)
        .where(eq(entries.userId, userId))
        .orderBy(desc(entries.updatedAt))
        .limit(5),
    ]);
  const tally = (rows: { key: string; value: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    projects: money!.projects,
    byStatus: tally(byStatus),
    byType: tally(byType),
    totalBudget: Number(money!.budget),
    totalPurchasePrice: Number(money!.purchasePrice),
    contacts: contactCount!.value,
    documents: documentCount!.value,
    properties: propertyCount!.value,
    recentDocuments: recent.map(toEntry),
  };
}
