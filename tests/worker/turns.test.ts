/**
 * A user's statements take turns at the database (worker/db/turns.ts): one of theirs at a time,
 * another user's going between them, so a heavy user's many requests never queue ahead of a small
 * user's. Against the real local D1, which answers one statement at a time in arrival order.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { databaseInTurns, usersInFlight } from "../../worker/db/turns";

/** A statement that keeps the database busy for a while (counting to 300,000). */
const SLOW = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
  SELECT count(*) AS counted FROM n`;

describe("a user's statements", () => {
  it("run one after another, and another user's go between them", async () => {
    const heavy = databaseInTurns(env.DB, "heavy-user");
    const small = databaseInTurns(env.DB, "small-user");
    const answered: string[] = [];
    await Promise.all([
      heavy
        .prepare(SLOW)
        .all()
        .then(() => answered.push("heavy, first")),
      heavy
        .prepare("SELECT ? AS n")
        .bind(2)
        .first("n")
        .then((n) => answered.push(`heavy, second (${n})`)),
      small
        .prepare("SELECT 1")
        .raw()
        .then(() => answered.push("small")),
    ]);
    // Without turns the database answers in the order asked: the heavy user's second, then the
    // small user's.
    expect(answered).toEqual(["heavy, first", "small", "heavy, second (2)"]);
    expect(usersInFlight()).toBe(0);
  });

  it("take turns as a batch too, sent as the database's own statements", async () => {
    const heavy = databaseInTurns(env.DB, "batching-user");
    const small = databaseInTurns(env.DB, "other-user");
    const answered: string[] = [];
    const [first, second] = await Promise.all([
      heavy.batch([heavy.prepare(SLOW), heavy.prepare("SELECT ? AS n").bind(7)]).then((results) => {
        answered.push("heavy batch");
        return results;
      }),
      heavy
        .prepare("SELECT 1")
        .run()
        .then(() => answered.push("heavy, after the batch")),
      small
        .prepare("SELECT 1")
        .all()
        .then(() => answered.push("small")),
    ]).then(([results]) => results);
    expect(answered).toEqual(["heavy batch", "small", "heavy, after the batch"]);
    expect(first!.results).toEqual([{ counted: 300000 }]);
    expect(second!.results).toEqual([{ n: 7 }]);
  });

  it("go on after one fails, whose error reaches its caller", async () => {
    const user = databaseInTurns(env.DB, "failing-user");
    const [failed, next] = await Promise.allSettled([
      user.prepare("SELECT * FROM no_such_table").all(),
      user.prepare("SELECT 3 AS n").first("n"),
    ]);
    expect(failed.status).toBe("rejected");
    expect(String((failed as PromiseRejectedResult).reason)).toMatch(/no such table/);
    expect(next).toEqual({ status: "fulfilled", value: 3 });
    expect(usersInFlight()).toBe(0);
  });
});
