/**
 * The property list's figures kept on the property (worker/db/list-figures.ts), inside workerd with
 * real local D1: the database's triggers are the code's; a list row follows every write that
 * changes what it shows (an analysis made primary or deleted, an owner renamed or removed); a
 * changed buy box judges a large workspace's properties again, the first slices before the answer
 * and the rest through the JOBS queue.
 */
import { createMessageBatch, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIST_FIGURE_TRIGGERS } from "../../worker/db/list-figures";
import type { JobMessage } from "../../worker/jobs";
import { runQueue } from "../../worker/queue";
import { account, type Caller } from "./helpers";

type Data<T> = { data: T };
interface Listed {
  id: string;
  address: string;
  ownerName: string | null;
  primaryAnalysis: {
    id: string;
    name: string;
    capRate: number | null;
    meetsCriteria: boolean | null;
  } | null;
}

/** Cash, $200,000, no expenses: cap rate = rent × 12 / 200,000 (12 % at $2,000, 6 % at $1,000). */
const cashRental = (grossMonthlyRent: number) => ({ purchasePrice: 200_000, grossMonthlyRent });

const listed = async (call: Caller, query = "") => {
  const { status, body } = await call<Data<Listed[]> & { meta: { total: number } }>(
    `/data/properties?limit=100&${query}`,
  );
  expect(status).toBe(200);
  return body;
};

const rowOf = async (call: Caller, id: string) =>
  (await listed(call)).data.find((row) => row.id === id)!;

describe("the list's figures kept on the property", () => {
  it("are kept by the database's triggers exactly as the code writes them", async () => {
    const { results } = await env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'properties_list_%' ORDER BY name",
    ).all<{ sql: string }>();
    expect(results.map((row) => row.sql).sort()).toEqual([...LIST_FIGURE_TRIGGERS].sort());
  });

  it("follow an analysis made primary or deleted, and an owner renamed or removed", async () => {
    const { call } = await account();
    const owner = await call<Data<{ id: string }>>("/contacts", {
      method: "POST",
      json: { firstName: "Ann", lastName: "Lee", type: "seller" },
    });
    expect(owner.status).toBe(201);
    const made = await call<Data<{ ids: string[] }>>("/data/properties", {
      method: "POST",
      json: { address: "1 Figure Street", ownerContactId: owner.body.data.id },
    });
    expect(made.status).toBe(200);
    const id = made.body.data.ids[0]!;
    expect(await rowOf(call, id)).toMatchObject({ ownerName: "Ann Lee", primaryAnalysis: null });

    const analysis = async (name: string, rent: number) => {
      const { status, body } = await call<Data<{ id: string }>>("/deals", {
        method: "POST",
        json: { name, strategy: "rental", inputs: cashRental(rent), propertyId: id },
      });
      expect(status).toBe(201);
      return body.data.id;
    };
    const first = await analysis("First", 1_000);
    const second = await analysis("Second", 2_000);
    // The first analysis is the primary until another is made it.
    expect((await rowOf(call, id)).primaryAnalysis).toMatchObject({ name: "First", capRate: 6 });
    const flagged = await call(`/deals/${second}`, {
      method: "PUT",
      json: {
        name: "Second",
        strategy: "rental",
        inputs: cashRental(2_000),
        propertyId: id,
        primary: true,
      },
    });
    expect(flagged.status).toBe(200);
    expect((await rowOf(call, id)).primaryAnalysis).toMatchObject({ name: "Second", capRate: 12 });
    expect((await call(`/deals/${second}`, { method: "DELETE" })).status).toBe(200);
    expect((await rowOf(call, id)).primaryAnalysis).toMatchObject({ id: first, capRate: 6 });

    const renamed = await call(`/contacts/${owner.body.data.id}`, {
      method: "PUT",
      json: { firstName: "Anna", lastName: "Lee", type: "seller" },
    });
    expect(renamed.status).toBe(200);
    expect((await rowOf(call, id)).ownerName).toBe("Anna Lee");
    // Sorted by owner, the renamed owner's property is found where the new name puts it.
    const byOwner = await listed(call, "sort=ownerName&dir=asc");
    expect(byOwner.data.map((row) => row.ownerName)).toEqual(["Anna Lee"]);
    expect((await call(`/contacts/${owner.body.data.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await rowOf(call, id)).ownerName).toBeNull();
  });

  it("judge a large workspace again when the buy box changes: slices at once, the rest queued", async () => {
    const { call, user } = await account();
    // 2,600 analysed properties, written as the app writes them; cap rate n % 20 (0 to 19 %).
    const total = 2_600;
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO properties (id, user_id, address, status, dedupe_key, created_at, updated_at)
         SELECT printf('%s-p%05d', ?1, i), ?1, printf('%d Slice Street', i), 'new',
                printf('addr:%d slice street', i), '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'
         FROM n`,
      ).bind(user.id, total),
      env.DB.prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO deals (id, user_id, name, strategy, inputs, property_id, is_primary, cap_rate,
                            purchase_price, created_at, updated_at)
         SELECT printf('%s-d%05d', ?1, i), ?1, 'Look', 'rental', '{}', printf('%s-p%05d', ?1, i), 1,
                i % 20, 100000, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'
         FROM n`,
      ).bind(user.id, total),
    ]);
    // Cap rates of 10 % to 19 %: half of every twenty.
    const meeting = total / 2;
    const sent: JobMessage[] = [];
    const saved = await call("/deals/criteria", { method: "PUT", json: { minCapRate: 10 } });
    expect(saved.status).toBe(200);
    const judged = async () => {
      const { results } = await env.DB.prepare(
        "SELECT meets_criteria AS verdict, count(*) AS n FROM properties WHERE user_id = ? GROUP BY meets_criteria",
      )
        .bind(user.id)
        .all<{ verdict: number | null; n: number }>();
      return Object.fromEntries(results.map((row) => [String(row.verdict), row.n]));
    };
    // Before the answer: the first 2,000 by primary analysis; the rest waits for the queue.
    const now = await judged();
    expect((now["1"] ?? 0) + (now["0"] ?? 0)).toBeGreaterThanOrEqual(2_000);

    // The queue's message (carrying on after the 2,000th analysis) judges the rest.
    const after = `${user.id}-d${String(2_000).padStart(5, "0")}`;
    const batch = createMessageBatch<JobMessage>("ai42-jobs", [
      {
        id: "buy-box-1",
        timestamp: new Date(),
        attempts: 1,
        body: { type: "buy-box", userId: user.id, after },
      },
    ]);
    await runQueue(batch, {
      ...env,
      JOBS: { send: async (body: JobMessage) => void sent.push(body) },
    } as never);
    expect(await judged()).toEqual({ "0": total - meeting, "1": meeting });
    expect(sent).toEqual([]);
    const yes = await listed(call, "meetsCriteria=yes");
    expect(yes.meta.total).toBe(meeting);
    expect(yes.data.every((row) => row.primaryAnalysis!.meetsCriteria === true)).toBe(true);
  });
});
