/**
 * The CSV exports read their lists a chunk at a time, each chunk sought from where the last one
 * ended: read three rows at a time here, over rows whose sort values tie and are empty, each
 * export writes every row once, in the order its list shows them; and a row deleted while an
 * export runs moves no other row out of it.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import {
  allAuctions,
  AUCTION_SORTS,
  listAuctions,
  type AuctionSort,
} from "../../worker/services/auctions";
import { allContacts, listContacts } from "../../worker/services/contacts";
import { allDeals, listDeals } from "../../worker/services/deals";
import { allLeads, LEAD_SORTS, listLeads } from "../../worker/services/leads";
import { allProjects, listProjects } from "../../worker/services/projects";
import { account, seedLists } from "./helpers";

const ROWS = 20;
const CHUNK = 3;
const ALL = { page: 1, limit: 100 };
const db = database(env.DB);

/** The ids of every row an export's chunks hold, in order. */
async function exported(chunks: AsyncIterable<{ id: string }[]>) {
  const ids: string[] = [];
  for await (const rows of chunks) {
    expect(rows.length).toBeLessThanOrEqual(CHUNK);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);

/** Each list's export and the list itself, in each order the export offers. */
const LISTS = (userId: string) => [
  ...LEAD_SORTS.map((sort) => ({
    label: `leads by ${sort}`,
    table: "contacts",
    export: () => allLeads(db, userId, { sort }, CHUNK),
    list: async () => ids((await listLeads(db, userId, { sort }, ALL)).items),
  })),
  ...(Object.keys(AUCTION_SORTS) as AuctionSort[]).flatMap((sort) =>
    (["asc", "desc"] as const).map((dir) => ({
      label: `auctions by ${sort} ${dir}`,
      table: "auctions",
      export: () => allAuctions(db, userId, {}, { sort, dir }, CHUNK),
      list: async () => ids((await listAuctions(db, userId, {}, { sort, dir }, ALL)).items),
    })),
  ),
  {
    label: "contacts",
    table: "contacts",
    export: () => allContacts(db, userId, {}, CHUNK),
    list: async () => ids((await listContacts(db, userId, {}, ALL)).items),
  },
  {
    label: "projects",
    table: "projects",
    export: () => allProjects(db, userId, {}, CHUNK),
    list: async () => ids((await listProjects(db, userId, {}, ALL)).items),
  },
  {
    label: "deal analyses",
    table: "deals",
    export: async function* () {
      for await (const rows of allDeals(db, userId, {}, CHUNK)) yield rows.map((row) => row.deal);
    },
    list: async () => ids((await listDeals(db, userId, {}, ALL)).items),
  },
];

let userId = "";
beforeAll(async () => {
  userId = (await account()).user.id;
  await seedLists(userId, ROWS);
  // Another user's rows, which no export of this user's may hold.
  await seedLists((await account()).user.id, ROWS);
});

describe("each export, read a few rows at a time", () => {
  it("writes every row once, in its list's order, ties and empty values included", async () => {
    for (const { label, export: rows, list } of LISTS(userId)) {
      const shown = await list();
      expect(shown.length, label).toBeGreaterThan(2 * CHUNK);
      expect(shown.length, label).toBeLessThan(ALL.limit);
      expect(await exported(rows()), label).toEqual(shown);
    }
  });

  it("still writes every other row when one already written is deleted meanwhile", async () => {
    const mine = await account();
    await seedLists(mine.user.id, ROWS);
    for (const { label, table, export: rows, list } of LISTS(mine.user.id)) {
      const shown = await list();
      const chunks = rows()[Symbol.asyncIterator]();
      const first = (await chunks.next()).value as { id: string }[];
      const gone = first[0]!.id;
      await env.DB.prepare(`DELETE FROM ${table} WHERE id = ?`).bind(gone).run();
      const rest: string[] = [];
      for (let next = await chunks.next(); !next.done; next = await chunks.next())
        rest.push(...ids(next.value as { id: string }[]));
      expect([...ids(first), ...rest], label).toEqual(shown);
      // Every row again for the next order's export.
      await env.DB.batch(
        ["leads", "contacts", "projects", "deals", "auctions"].map((list) =>
          env.DB.prepare(`DELETE FROM ${list} WHERE user_id = ?`).bind(mine.user.id),
        ),
      );
      await seedLists(mine.user.id, ROWS);
    }
  });
});
