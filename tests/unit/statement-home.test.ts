/**
 * Where a moved workspace's statements run (worker/object-d1.ts `statementHome`): in its object
 * when they name its records, in D1 when they name only the directory's tables; never a join of
 * the two.
 */
import { describe, expect, it } from "vitest";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../worker/db/schema";
import {
  COPIED_DIRECTORY_TABLES,
  DIRECTORY_TABLES,
  RECORD_TABLES,
  statementHome,
} from "../../worker/object-d1";

describe("statementHome", () => {
  it("sends a statement on the records to the object, with the people it names", () => {
    expect(statementHome(`select "id" from "contacts" where "contacts"."user_id" = ?`)).toBe(
      "object",
    );
    expect(
      statementHome(
        `select p.id, u.first_name from properties p left join "users" u on u.id = p.assignee_id`,
      ),
    ).toBe("object");
    expect(statementHome(`INSERT INTO activity (id) VALUES (?)`)).toBe("object");
    expect(statementHome(`update "leads" set "status" = ? where "id" = ?`)).toBe("object");
    // Its search indexes are its own tables too.
    expect(
      statementHome(`SELECT rowid FROM properties_search WHERE properties_search MATCH ?`),
    ).toBe("object");
  });

  it("sends a statement naming only the directory's tables to D1, a list bound as JSON included", () => {
    expect(statementHome(`select * from "notifications" where "user_id" = ?`)).toBe("directory");
    expect(
      statementHome(
        `select "users"."id" from "users" left join "notification_settings" on "notification_settings"."user_id" = "users"."id"`,
      ),
    ).toBe("directory");
    expect(
      statementHome(
        `delete from "share_links" where "share_links"."token" IN (SELECT value FROM json_each(?))`,
      ),
    ).toBe("directory");
    expect(statementHome(`select role from workspace_members where workspace_id = ?`)).toBe(
      "directory",
    );
  });

  it("refuses a statement that would join the records with a table only the directory holds", () => {
    expect(() =>
      statementHome(
        `select * from "auctions" inner join "notification_settings" on "notification_settings"."user_id" = "auctions"."user_id"`,
      ),
    ).toThrow(/notification_settings/);
  });

  it("reads an upsert, a CTE and a comma join by their tables, not by their other words", () => {
    expect(
      statementHome(
        `insert into "geocode_cache" ("key", "result") values (?, ?) on conflict ("key") do update set "result" = excluded."result", "hits" = "hits" + 1`,
      ),
    ).toBe("directory");
    expect(
      statementHome(
        `with due as (select id from "notifications" where email_at <= ?) update "notifications" set "email_status" = 'sending' where id in (select id from due)`,
      ),
    ).toBe("directory");
    expect(() =>
      statementHome(`select * from notifications n, properties p where p.id = n.link`),
    ).toThrow(/notifications/);
  });
});

describe("the tables' homes", () => {
  it("name every table of the schema once: the directory's, its copies in the object, or the records'", () => {
    const tables = Object.values(schema)
      .filter((value) => is(value, SQLiteTable))
      .map((table) => getTableName(table as SQLiteTable));
    expect(tables.length).toBeGreaterThan(40);
    for (const table of tables) {
      const homes = [DIRECTORY_TABLES, COPIED_DIRECTORY_TABLES, RECORD_TABLES].filter((set) =>
        set.has(table),
      );
      expect(homes, table).toHaveLength(1);
    }
  });
});
