/**
 * The figures a saved analysis keeps in its row: those the property list shows and sorts on, and
 * every other one the buy box reads, so that lists judge saved analyses against the user's criteria
 * as they are now, in SQL. Rows saved before they were kept are worked out here.
 */
import { and, eq, getTableColumns, isNull, ne, sql } from "drizzle-orm";
import { analyzeDeal } from "../../app/domain/deals/analyze";
import { CRITERIA_FIGURES, criteriaFigures } from "../../app/domain/deals/criteria";
import type { DealInputs, Strategy } from "../../app/domain/deals/types";
import type { Database } from "../db/client";
import { deals } from "../db/schema";

/**
 * The figures kept in a deal's row, worked out from its inputs: those the property list shows and
 * sorts on (cash flow, cap rate, cash-on-cash) and every other one the buy box reads, so that a
 * list judges the row against the user's criteria as they are now. Null where the strategy has none.
 */
export const dealFigures = <S extends Strategy>(strategy: S, inputs: DealInputs[S]) =>
  criteriaFigures(strategy, inputs, analyzeDeal(strategy, inputs).metrics);

/** Rows worked out per pass of `refreshDealFigures`: one statement, its JSON one parameter. */
const FIGURES_PER_PASS = 200;
const MAX_FIGURES_PASSES = 25;

/**
 * A rental, flip or BRRRR always has a purchase price: a row without one was saved before the
 * buy box's figures were kept (migration 0019).
 */
const figuresMissing = (userId: string) =>
  and(eq(deals.userId, userId), ne(deals.strategy, "wholesale"), isNull(deals.purchasePrice));

/** The user's analyses whose figures are not worked out yet: at most a pass's worth. */
export const staleDeals = (db: Database, userId: string) =>
  db
    .select({ id: deals.id, strategy: deals.strategy, inputs: deals.inputs })
    .from(deals)
    .where(figuresMissing(userId))
    .limit(FIGURES_PER_PASS);

/**
 * Writes the figures of rows `staleDeals` found, in one statement whatever their number: the
 * figures travel as one JSON parameter (D1 binds at most 100), read back with json_each.
 */
export async function writeDealFigures(
  db: Database,
  rows: { id: string; strategy: Strategy; inputs: DealInputs[Strategy] }[],
) {
  if (!rows.length) return;
  const figures = rows.map((row) => ({ id: row.id, ...dealFigures(row.strategy, row.inputs) }));
  const set = sql.join(
    CRITERIA_FIGURES.map(
      (figure) =>
        sql`${sql.identifier(getTableColumns(deals)[figure].name)} = json_extract(figures.value, ${`$.${figure}`})`,
    ),
    sql`, `,
  );
  await db.run(
    sql`UPDATE ${deals} SET ${set} FROM json_each(${JSON.stringify(figures)}) AS figures WHERE "deals"."id" = json_extract(figures.value, '$.id')`,
  );
}

/**
 * Works out the figures of the user's analyses saved before they were kept; a list that judges by
 * them calls this first (it finds nothing, in one indexed read, once done).
 */
export async function refreshDealFigures(db: Database, userId: string) {
  // Bounded, so a row the math could not give a price to never keeps a request looping.
  for (let pass = 0; pass < MAX_FIGURES_PASSES; pass++) {
    const rows = await staleDeals(db, userId);
    await writeDealFigures(db, rows);
    if (rows.length < FIGURES_PER_PASS) return;
  }
}
