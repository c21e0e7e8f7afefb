/**
 * Where a moved workspace's statements run (worker/object-d1.ts `statementHome`): in its object
 * when they name its records, in D1 when they name only the directory's tables; never a join of
 * the two.
 */
import { describe, expect, it } from "vitest";
import { statementHome } from "../../worker/object-d1";

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
});
