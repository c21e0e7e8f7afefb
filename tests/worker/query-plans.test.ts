/**
 * The plans of the hot reads, inside workerd with real local D1: every statement the property
 * list (each sort, both ways, with its filters), its count, the CSV export's chunks and the
 * Dashboard send is asked for its `EXPLAIN QUERY PLAN`, and none may sort in a temporary B-tree,
 * run a correlated subquery per row or scan a table: each is bounded by the rows it shows.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { dashboard } from "../../worker/services/dashboard";
import {
  allProperties,
  listProperties,
  PROPERTY_SORTS,
  type PropertyFilters,
  type PropertySort,
} from "../../worker/services/properties";
import { account } from "./helpers";

interface Sent {
  sql: string;
  params: unknown[];
}

/** D1 as the services use it, noting each statement it is handed with its parameters. */
function noting(db: D1Database, sent: Sent[]): D1Database {
  const real = new WeakMap<object, D1PreparedStatement>();
  const statement = (prepared: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(prepared, {
      get(target, key) {
        if (key === "bind")
          return (...params: unknown[]) => {
            sent.push({ sql, params });
            return statement(target.bind(...params), sql);
          };
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    real.set(wrapped, prepared);
    return wrapped;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare")
        return (sql: string) => {
          if (!/\?/.test(sql)) sent.push({ sql, params: [] });
          return statement(target.prepare(sql), sql);
        };
      if (key === "batch")
        return (statements: D1PreparedStatement[]) =>
          target.batch(statements.map((one) => real.get(one) ?? one));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** What is wrong with a statement's plan: a sort in a temporary B-tree, a per-row subquery, a scan. */
async function flaws({ sql, params }: Sent) {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results
    .map((row) => row.detail)
    .filter(
      (detail) =>
        /TEMP B-TREE/.test(detail) ||
        /CORRELATED/.test(detail) ||
        /^SCAN (properties|deals|contacts|files|leads)\b/.test(detail),
    );
}

const reads = (sent: Sent[]) => sent.filter((one) => /^\s*(select|with)\b/i.test(one.sql));

let userId = "";
beforeAll(async () => {
  const { user } = await account();
  userId = user.id;
  // 1,200 properties (so the export reads a second chunk), every fifth analysed.
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
       INSERT INTO properties (id, user_id, address, status, property_type, list_price, dedupe_key,
                               created_at, updated_at)
       SELECT printf('%s-p%05d', ?1, i), ?1, printf('%d Plan Street', i), 'new',
              CASE WHEN i % 3 = 0 THEN 'condo' ELSE 'single_family' END,
              CASE WHEN i % 7 = 0 THEN NULL ELSE 100000 + i END, printf('addr:%d plan street', i),
              '2026-11-01T00:00:00.000Z', printf('2026-11-01T00:%02d:%02d.000Z', i / 60 % 60, i % 60)
       FROM n`,
    ).bind(userId),
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 5 UNION ALL SELECT i + 5 FROM n WHERE i < 1200)
       INSERT INTO deals (id, user_id, name, strategy, inputs, property_id, is_primary,
                          cash_flow_monthly, cap_rate, purchase_price, created_at, updated_at)
       SELECT printf('%s-d%05d', ?1, i), ?1, 'Look', 'rental', '{}', printf('%s-p%05d', ?1, i), 1,
              i, i % 20, 100000, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'
       FROM n`,
    ).bind(userId),
  ]);
});

const FILTERS: PropertyFilters[] = [
  {},
  { propertyType: "condo" },
  { meetsCriteria: "yes" },
  { status: "new" },
  { listingStatus: "active" },
];

describe("the hot reads' plans", () => {
  it("the property list, each sort both ways with each filter, and its count", async () => {
    const sent: Sent[] = [];
    const db = database(noting(env.DB, sent));
    for (const sort of Object.keys(PROPERTY_SORTS) as PropertySort[])
      for (const dir of ["asc", "desc"] as const)
        for (const filters of FILTERS)
          await listProperties(db, userId, filters, { sort, dir }, { page: 3, limit: 25 });
    expect(reads(sent).length).toBeGreaterThan(100);
    const found = await Promise.all(
      reads(sent).map(async (one) => ({ ...one, flaws: await flaws(one) })),
    );
    expect(found.filter((one) => one.flaws.length)).toEqual([]);
  });

  it("the CSV export's chunks, each sought from where the last ended", async () => {
    const sent: Sent[] = [];
    const db = database(noting(env.DB, sent));
    let rows = 0;
    for await (const chunk of allProperties(db, userId, {}, { sort: "listPrice", dir: "desc" }))
      rows += chunk.length;
    expect(rows).toBe(1200);
    const chunks = reads(sent).filter((one) => /"properties"/.test(one.sql));
    // Priced (a full chunk and the rest), then unpriced: each its own query.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const found = await Promise.all(
      chunks.map(async (one) => ({ ...one, flaws: await flaws(one) })),
    );
    expect(found.filter((one) => one.flaws.length)).toEqual([]);
  });

  it("the Dashboard", async () => {
    const sent: Sent[] = [];
    const db = database(noting(env.DB, sent));
    const today = await dashboard(db, userId, {
      date: "2026-11-29",
      now: "2026-11-29T12:00:00.000Z",
    });
    expect(today.portfolio.count).toBe(240);
    // Every module's reads, the properties' among them.
    const dashboardReads = reads(sent);
    expect(dashboardReads.filter((one) => /"properties"/.test(one.sql)).length).toBeGreaterThan(0);
    const found = await Promise.all(
      dashboardReads.map(async (one) => ({ ...one, flaws: await flaws(one) })),
    );
    expect(found.filter((one) => one.flaws.length)).toEqual([]);
  });
});
