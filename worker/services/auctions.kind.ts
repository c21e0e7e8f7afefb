/** Auctions with their status history, in Export Data and Import Data. */
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import {
  AUCTION_STATUSES,
  AuctionInputSchema,
  currentSaleAt,
} from "../../app/domain/auctions/auction";
import { fieldProblems } from "../../app/domain/validation";
import { chunk, D1_MAX_PARAMS, rowsPerStatement } from "../db/queries";
import { auctionHistory, auctions, type AuctionRow } from "../db/schema";
import { auctionColumns, chosenCalendar } from "./auctions";
import { ownFields, recordKind, RowProblem, timestamp } from "./record-kind";

/**
 * An auction's own fields (what merges compare): not its Google bookkeeping, derived times or
 * the history a file carries beside them (written by `related`).
 */
export const auctionFields = (row: Record<string, unknown>) =>
  ownFields(row, [
    "history",
    "currentSaleAt",
    "googleCalendarId",
    "googleSaleEventId",
    "googleDepositEventId",
    "googleSynced",
  ]);

const AuctionHistorySchema = z
  .array(
    z.object({
      status: z.enum(AUCTION_STATUSES),
      changedAt: timestamp.unwrap(),
      postponedTo: z.iso.datetime({ offset: true }).nullish(),
    }),
  )
  .max(1000)
  .default([]);

type HistoryEntry = z.output<typeof AuctionHistorySchema>[number];

/**
 * Auctions, pointing at the property, project, analysis and people they concern, with their
 * status history (an auction without one starts it with its status). Their dates go to the
 * Google calendar for auctions on the next sync, when one is chosen.
 */
export const auctionKind = recordKind({
  name: "auctions",
  table: auctions,
  key: auctions.id,
  exportQueries: (db, userId) => [
    db.select().from(auctions).where(eq(auctions.userId, userId)),
    db
      .select()
      .from(auctionHistory)
      .where(eq(auctionHistory.userId, userId))
      .orderBy(auctionHistory.auctionId, auctionHistory.changedAt, sql`rowid`),
  ],
  exportRecords: ([rows, historyRows]) => {
    const historyOf = new Map<string, Partial<HistoryEntry>[]>();
    for (const { auctionId, status, changedAt, postponedTo } of historyRows as {
      auctionId: string;
      status: HistoryEntry["status"];
      changedAt: string;
      postponedTo: string | null;
    }[]) {
      const list = historyOf.get(auctionId) ?? [];
      list.push({ status, changedAt, ...(postponedTo ? { postponedTo } : {}) });
      historyOf.set(auctionId, list);
    }
    // Without the Google bookkeeping, which belongs to this account's Google calendar.
    return (rows as AuctionRow[]).map(
      ({
        userId: _u,
        currentSaleAt: _c,
        googleCalendarId: _g,
        googleSaleEventId: _s,
        googleDepositEventId: _d,
        googleSynced: _y,
        imported: _i,
        ...auction
      }) => ({ ...auction, history: historyOf.get(auction.id) ?? [] }),
    );
  },
  input: AuctionInputSchema,
  references: {
    propertyId: "properties",
    projectId: "projects",
    dealId: "deals",
    attorneyContactId: "contacts",
    auctioneerContactId: "contacts",
  },
  prepare: async (db, userId) => ({ googleSynced: !(await chosenCalendar({ db, userId })) }),
  build: (row, id, { userId, times, prepared }) => {
    const history = AuctionHistorySchema.safeParse(row.raw.history);
    if (!history.success)
      return new RowProblem("history", "history", fieldProblems(history.error)[0]!.message);
    const columns = auctionColumns(row.input);
    const statuses: HistoryEntry[] = history.data.length
      ? history.data
      : [{ status: columns.status, changedAt: times(row).createdAt, postponedTo: null }];
    return {
      ...columns,
      ...times(row),
      id,
      userId,
      googleSynced: prepared.googleSynced,
      history: statuses,
    };
  },
  children: { table: auctionHistory, parent: auctionHistory.auctionId, key: [auctionHistory.id] },
  merge: {
    fields: auctionFields,
    derive: (merged, changed, fromFile) => ({
      currentSaleAt: currentSaleAt(merged as { saleAt: string; postponedTo: string | null }),
      // A changed auction's dates go to Google on the next sync, as a new one's do.
      googleSynced: changed ? fromFile.googleSynced : merged.googleSynced,
    }),
  },
  // An auction gets the file's history instead of its own, unless the user's own status was kept
  // over the file's (then its own history goes with it).
  related: (db, rows, fromFile, { userId }) => {
    const fromFileHistory = rows.flatMap((row, i) =>
      row.status === fromFile[i]!.status
        ? [{ id: row.id as string, history: fromFile[i]!.history as HistoryEntry[] }]
        : [],
    );
    const ids = fromFileHistory.map((row) => row.id);
    const entries = fromFileHistory.flatMap(({ id, history }) =>
      history.map((entry) => ({
        auctionId: id,
        userId,
        status: entry.status,
        changedAt: entry.changedAt,
        postponedTo: entry.postponedTo ? new Date(entry.postponedTo).toISOString() : null,
      })),
    );
    return [
      ...chunk(ids, D1_MAX_PARAMS - 1).map((part) =>
        db
          .delete(auctionHistory)
          .where(and(eq(auctionHistory.userId, userId), inArray(auctionHistory.auctionId, part))),
      ),
      ...chunk(entries, rowsPerStatement(auctionHistory)).map((part) =>
        db.insert(auctionHistory).values(part),
      ),
    ];
  },
});
