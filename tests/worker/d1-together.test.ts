/**
 * A page's reads that start together reach D1 in one batch (worker/d1-together.ts), and each
 * caller gets what its statement alone would have answered: rows, the first row or one of its
 * values, a write's outcome, or its own error.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { namedApart, readTogether } from "../../worker/d1-together";

/** env.DB, counting the round trips made through it: a batch, or a statement asked alone. */
function countedDatabase() {
  const trips: string[] = [];
  const alone = (statement: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...values: unknown[]) => alone(target.bind(...values), sql);
        if (["all", "first", "raw", "run"].includes(String(key)))
          return (...args: unknown[]) => {
            trips.push(`${String(key)} ${sql}`);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return value.bind(target);
      },
    });
  const db = {
    prepare: (sql: string) => alone(env.DB.prepare(sql), sql),
    batch: (statements: D1PreparedStatement[]) => {
      trips.push(`batch of ${statements.length}`);
      return env.DB.batch(statements);
    },
  } as unknown as D1Database;
  return { db, trips };
}

beforeAll(async () => {
  await env.DB.batch([
    env.DB.prepare("CREATE TABLE owners (id TEXT PRIMARY KEY, name TEXT NOT NULL)"),
    env.DB.prepare(
      "CREATE TABLE pets (id TEXT PRIMARY KEY, owner_id TEXT NOT NULL, name TEXT NOT NULL)",
    ),
    env.DB.prepare("INSERT INTO owners VALUES ('o1', 'Ann'), ('o2', 'Ben')"),
    env.DB.prepare("INSERT INTO pets VALUES ('p1', 'o1', 'Rex'), ('p2', 'o2', 'Tom')"),
  ]);
});

describe("reads that start together", () => {
  it("go to D1 as one batch, each answered as it would be alone", async () => {
    const { db, trips } = countedDatabase();
    const together = readTogether(db);
    const owners = "SELECT id, name FROM owners ORDER BY id";
    const answers = await Promise.all([
      together.prepare(owners).all(),
      together.prepare(owners).raw(),
      together.prepare("SELECT name FROM pets WHERE id = ?").bind("p2").first(),
      together.prepare("SELECT name FROM pets WHERE id = ?").bind("p1").first("name"),
      together.prepare("SELECT name FROM pets WHERE id = ?").bind("none").first("name"),
      together.batch([
        together.prepare("SELECT count(*) AS n FROM owners"),
        together.prepare("SELECT count(*) AS n FROM pets"),
      ]),
    ]);

    expect(trips).toEqual(["batch of 7"]);
    const [all, raw, first, firstValue, missing, batch] = answers;
    expect(all.results).toEqual([
      { id: "o1", name: "Ann" },
      { id: "o2", name: "Ben" },
    ]);
    expect(raw).toEqual(await env.DB.prepare(owners).raw());
    expect(raw).toEqual([
      ["o1", "Ann"],
      ["o2", "Ben"],
    ]);
    expect(first).toEqual({ name: "Tom" });
    expect(firstValue).toBe("Rex");
    expect(missing).toBeNull();
    expect(batch.map((result) => result.results)).toEqual([[{ n: 2 }], [{ n: 2 }]]);
  });

  it("a statement asked on its own goes alone", async () => {
    const { db, trips } = countedDatabase();
    const name = await readTogether(db)
      .prepare("SELECT name FROM owners WHERE id = ?")
      .bind("o2")
      .first("name");
    expect(name).toBe("Ben");
    expect(trips).toEqual(["first SELECT name FROM owners WHERE id = ?"]);
  });

  it("a join's rows keep both tables' columns of the same name: it goes alone", async () => {
    const { db, trips } = countedDatabase();
    const together = readTogether(db);
    const joined =
      "SELECT pets.id, owners.id FROM pets JOIN owners ON owners.id = pets.owner_id ORDER BY pets.id";
    const [rows] = await Promise.all([
      together.prepare(joined).raw(),
      together.prepare("SELECT 1").first(),
    ]);
    expect(rows).toEqual([
      ["p1", "o1"],
      ["p2", "o2"],
    ]);
    expect(trips).toContain(`raw ${joined}`);
  });

  it("a join whose columns are all named apart goes in the batch, its rows in column order", async () => {
    const { db, trips } = countedDatabase();
    const together = readTogether(db);
    // As drizzle writes one: quoted columns, an expression, an alias, a subquery.
    const joined = `select "pets"."name", "owners"."name" as "owner", "pets"."id" = ?, (select count(*) from pets as p, owners as o where p.owner_id = o.id) from "pets" inner join "owners" on "owners"."id" = "pets"."owner_id" order by "pets"."id"`;
    const [rows] = await Promise.all([
      together.prepare(joined).bind("p2").raw(),
      together.prepare("SELECT 1").first(),
    ]);
    expect(rows).toEqual([
      ["Rex", "Ann", 0, 2],
      ["Tom", "Ben", 1, 2],
    ]);
    expect(rows).toEqual(await env.DB.prepare(joined).bind("p2").raw());
    expect(trips).toEqual(["batch of 2"]);
  });

  it.each([
    ['select "pets"."id", "owners"."id" from "pets" join "owners" on 1', false],
    ['select "pets".*, "owners"."name" from "pets" join "owners" on 1', false],
    ["select pets.id, owners.name as id from pets join owners on 1", false],
    ['select "pets"."id", "owners"."name", lower("owners"."id") from pets join owners on 1', true],
    ["select 'a, b', 'c from d' from pets join owners on 1", true],
    ["with x as (select 1) select * from x join pets on 1", false],
    ['select "pets"."name", 1 from "pets"', false],
    ['select "name", count(*) from "pets"', true],
  ] as const)("reads the names of %s: apart is %s", (sql, apart) => {
    expect(namedApart(sql)).toBe(apart);
  });

  it("one statement's failure is its own: the others still answer", async () => {
    const { db } = countedDatabase();
    const together = readTogether(db);
    const [good, bad, write] = await Promise.allSettled([
      together.prepare("SELECT name FROM owners WHERE id = 'o1'").first("name"),
      together.prepare("SELECT name FROM nowhere").all(),
      together.prepare("INSERT INTO owners VALUES ('o3', 'Cy')").run(),
    ]);
    expect(good).toEqual({ status: "fulfilled", value: "Ann" });
    expect(bad.status).toBe("rejected");
    expect(String((bad as PromiseRejectedResult).reason)).toMatch(/no such table: nowhere/);
    expect(write.status).toBe("fulfilled");
    // The failed batch was undone and the write asked again alone: it is there once.
    const { results } = await env.DB.prepare("SELECT name FROM owners WHERE id = 'o3'").all();
    expect(results).toEqual([{ name: "Cy" }]);
  });
});
