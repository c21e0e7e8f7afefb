/**
 * The plans of the hot reads, inside workerd with real local D1: every statement the property
 * list (each sort, both ways, with its filters), its count, every CSV export's chunks and the
 * Dashboard send is asked for its `EXPLAIN QUERY PLAN`, and none may sort in a temporary B-tree,
 * run a correlated subquery per row or scan a table: each is bounded by the rows it shows.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database, type Database } from "../../worker/db/client";
import { RECORD_TYPES } from "../../app/domain/activity";
import {
  forgetOldActivity,
  lastChanger,
  listActivity,
  readRecord,
  recordActivity,
  recordCreated,
} from "../../worker/services/activity";
import {
  allAuctions,
  AUCTION_SORTS,
  listAuctions,
  type AuctionSort,
} from "../../worker/services/auctions";
import { listEvents } from "../../worker/services/calendar";
import { allContacts } from "../../worker/services/contacts";
import { dashboard } from "../../worker/services/dashboard";
import { allDeals, listDeals } from "../../worker/services/deals";
import { allLeads, LEAD_SORTS, listLeads } from "../../worker/services/leads";
import { allProjects, listProjects } from "../../worker/services/projects";
import { createWorkspace, listWorkspaces, workspaceFor } from "../../worker/services/workspaces";
import { listMembers } from "../../worker/services/members";
import {
  describeInvitation,
  inviteMember,
  listInvitations,
} from "../../worker/services/invitations";
import {
  allProperties,
  listProperties,
  PROPERTY_SORTS,
  type PropertyFilters,
  type PropertySort,
} from "../../worker/services/properties";
import { account, noting, seedLists, type RanStatement as Sent } from "./helpers";

/** The lines of a statement's plan. */
async function plan({ sql, params }: Sent) {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/** What is wrong with a statement's plan: a sort in a temporary B-tree, a per-row subquery, a scan. */
const flaws = async (statement: Sent) =>
  (await plan(statement)).filter(
    (detail) =>
      /TEMP B-TREE/.test(detail) ||
      /CORRELATED/.test(detail) ||
      /^SCAN (properties|deals|contacts|files|leads|projects|auctions|campaigns)\b/.test(detail),
  );

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
  await seedLists(userId);
});

/** Rows per chunk of the other exports: over the seeded lists, a few later chunks each. */
const CHUNK = 3;

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

  it("the buy-box filter, latest change first, in its verdict's own index", async () => {
    for (const [meetsCriteria, index] of [
      ["yes", "properties_meeting_by_updated_at"],
      ["no", "properties_missing_by_updated_at"],
    ] as const) {
      const sent: Sent[] = [];
      const db = database(noting(env.DB, sent));
      await listProperties(
        db,
        userId,
        { meetsCriteria },
        { sort: "updatedAt", dir: "desc" },
        { page: 1, limit: 25 },
      );
      const page = reads(sent).find((one) => /from "properties".*\blimit\b/is.test(one.sql))!;
      // The list's own index would walk every property for the few with a verdict.
      expect(await plan(page)).toContainEqual(expect.stringContaining(`INDEX ${index} `));
    }
  });

  it("a property's analyses, newest change first, from the property's own index", async () => {
    const sent: Sent[] = [];
    const db = database(noting(env.DB, sent));
    const { items } = await listDeals(
      db,
      userId,
      { propertyId: `${userId}-p00005` },
      { page: 1, limit: 100 },
    );
    expect(items.map((deal) => deal.id)).toEqual([`${userId}-d00005`]);
    const found = await Promise.all(
      reads(sent).map(async (one) => ({ ...one, flaws: await flaws(one) })),
    );
    expect(found.filter((one) => one.flaws.length)).toEqual([]);
    const page = reads(sent).find((one) => /from "deals".*\blimit\b/is.test(one.sql))!;
    // The list's own index would walk every analysis of the user for the property's few.
    expect(await plan(page)).toContainEqual(expect.stringContaining("INDEX deals_user_property "));
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

  it("every other export's chunks, each sort both ways, each sought from where the last ended", async () => {
    const exports = [
      ...LEAD_SORTS.map((sort) => (db: Database) => allLeads(db, userId, { sort }, CHUNK)),
      ...(Object.keys(AUCTION_SORTS) as AuctionSort[]).flatMap((sort) =>
        (["asc", "desc"] as const).map(
          (dir) => (db: Database) => allAuctions(db, userId, {}, { sort, dir }, CHUNK),
        ),
      ),
      (db: Database) => allContacts(db, userId, {}, CHUNK),
      (db: Database) => allProjects(db, userId, {}, CHUNK),
      (db: Database) => allDeals(db, userId, {}, CHUNK),
    ];
    for (const chunksOf of exports) {
      const sent: Sent[] = [];
      for await (const _ of chunksOf(database(noting(env.DB, sent)))) {
        // Every chunk read.
      }
      const chunks = reads(sent);
      const plans = await Promise.all(
        chunks.map(async (one) => ({ ...one, flaws: await flaws(one), plan: await plan(one) })),
      );
      expect(plans.filter((one) => one.flaws.length)).toEqual([]);
      // A later chunk seeks in the index past the last row's key, rather than reading every row
      // before it again.
      const keyed = plans.slice(1).filter((one) => /\)[<>]\(\?(,\?)*\)\)$/.test(one.plan[0]!));
      expect(keyed.length, chunks[0]!.sql).toBeGreaterThan(0);
      expect(plans.filter((one) => /offset/i.test(one.sql))).toEqual([]);
    }
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
    // The portfolio's few analysed properties from their own index, not a walk of every property.
    const portfolio = dashboardReads.filter((one) =>
      /"cash_flow_monthly" is not null/.test(one.sql),
    );
    expect(portfolio.length).toBe(2);
    for (const one of portfolio) {
      expect((await plan(one)).join("\n"), one.sql).toMatch(/properties_cash_flow_by_updated_at/);
    }
  });

  it("each list filtered by assignee (someone's, or nobody's), in its first order, from its assignee index", async () => {
    const page = { page: 2, limit: 5 };
    const range = { timeMin: "2026-10-01T00:00:00Z", timeMax: "2026-12-01T00:00:00Z" };
    for (const assignee of [userId, null]) {
      const lists = [
        [
          "properties",
          (db: Database) =>
            listProperties(db, userId, { assignee }, { sort: "updatedAt", dir: "desc" }, page),
        ],
        ["leads", (db: Database) => listLeads(db, userId, { assignee }, page)],
        ["projects", (db: Database) => listProjects(db, userId, { assignee }, page)],
        [
          "auctions",
          (db: Database) =>
            listAuctions(db, userId, { assignee }, { sort: "currentSaleAt", dir: "asc" }, page),
        ],
        [
          "calendar_events",
          (db: Database) =>
            listEvents(
              { db, env, userId, workspaceId: userId, origin: "http://example.com" },
              { ...range, maxResults: 5, calendarId: "local", assignee },
            ),
        ],
      ] as const;
      for (const [table, read] of lists) {
        const sent: Sent[] = [];
        await read(database(noting(env.DB, sent)));
        const listed = reads(sent).find((one) =>
          new RegExp(`from "${table}".*\\blimit\\b`, "is").test(one.sql),
        )!;
        const label = `${table} ${assignee ? "someone's" : "nobody's"}`;
        // Someone's records among tens of thousands: read from the index that starts with them.
        expect((await plan(listed)).join("\n"), label).toMatch(
          new RegExp(
            `USING (COVERING )?INDEX ${table}_user_assignee \\(user_id=\\? AND assignee_id`,
          ),
        );
        if (table === "calendar_events") continue;
        const found = await Promise.all(
          reads(sent).map(async (one) => ({ ...one, flaws: await flaws(one) })),
        );
        expect(
          found.filter((one) => one.flaws.length),
          label,
        ).toEqual([]);
      }
    }
  });

  it("the activity log: each filter's page, a record's last changer, each kind's read and the sweep, each through its own index", async () => {
    const write = database(env.DB);
    for (let i = 0; i < 30; i++)
      await recordActivity(write, {
        workspaceId: userId,
        actorId: userId,
        recordType: RECORD_TYPES[i % RECORD_TYPES.length]!,
        recordId: `r${i % 5}`,
        action: "updated",
        at: `2026-11-01T00:00:${String(i).padStart(2, "0")}.000Z`,
      });
    const sent: Sent[] = [];
    const db = database(noting(env.DB, sent));
    const page = { page: 2, limit: 10 };
    for (const filters of [
      {},
      { recordType: "project" as const },
      { recordType: "project" as const, recordId: "r1" },
      { userId },
      { userId, recordType: "lead" as const },
    ])
      await listActivity(db, userId, filters, page);
    await lastChanger(db, userId, "project", "r1");
    for (const type of RECORD_TYPES) await readRecord(db, userId, type, `${userId}-j001`);
    await recordCreated(db, { workspaceId: userId, actorId: userId }, "project", [
      `${userId}-j001`,
    ]);
    await forgetOldActivity(db, Date.parse("2028-01-01T00:00:00Z"));
    const plans = await Promise.all(
      sent.map(async (one) => ({ sql: one.sql, plan: (await plan(one)).join("\n") })),
    );
    for (const { sql, plan: lines } of plans) {
      expect(lines, sql).not.toMatch(/TEMP B-TREE|CORRELATED|^SCAN/m);
    }
    const logs = plans.filter((one) => /from "activity"/.test(one.sql) && /^select/i.test(one.sql));
    expect(logs.map((one) => one.plan.match(/USING (?:COVERING )?INDEX (\w+)/)?.[1])).toEqual([
      "activity_workspace_at",
      "activity_workspace_type_at",
      "activity_workspace_record_at",
      "activity_workspace_actor_at",
      "activity_workspace_actor_at",
      "activity_workspace_record_at",
    ]);
    const sweep = plans.find((one) => /^delete from "activity"/i.test(one.sql))!;
    expect(sweep.plan).toMatch(/activity_at/);
  });

  it("a request's workspace and the switcher's list, each from its membership's own index", async () => {
    const sent: Sent[] = [];
    const db = database(noting(env.DB, sent));
    const team = await createWorkspace(database(env.DB), userId, { name: "Plan team" });
    await workspaceFor(db, userId, team.id);
    await listWorkspaces(db, userId);
    const [member, list] = reads(sent);
    // The primary key (workspace, person): SQLite's own index for it.
    expect((await plan(member!)).join("\n")).toMatch(
      /SEARCH workspace_members USING INDEX sqlite_autoindex_workspace_members_1 \(workspace_id=\? AND user_id=\?\)/,
    );
    const listed = (await plan(list!)).join("\n");
    expect(listed).toMatch(
      /SEARCH workspace_members USING INDEX workspace_members_user \(user_id=\?\)/,
    );
    expect(listed).toMatch(/SEARCH workspaces USING INDEX sqlite_autoindex_workspaces_1 \(id=\?\)/);
    // A person is in a few workspaces: sorting those few by name is their own, not a table's.
    expect(listed).not.toMatch(/^SCAN/m);
  });

  it("a workspace's members, its pending invitations and an invitation's link, each from its own index", async () => {
    const sent: Sent[] = [];
    const db = database(noting(env.DB, sent));
    const team = await createWorkspace(database(env.DB), userId, { name: "Invited team" });
    const { token } = await inviteMember(database(env.DB), userId, team.id, {
      email: "plan@example.com",
      role: "member",
    });
    await listMembers(db, userId, team.id);
    await listInvitations(db, userId, team.id);
    await describeInvitation(db, token);
    // Inviting the address again: is it a member, and revoking the invitation pending for it.
    await inviteMember(db, userId, team.id, { email: "plan@example.com", role: "viewer" });
    // The caller's membership (role, and whether they see only their own) is read first each time.
    const [members, invitations, link, sentToday, isMember] = reads(sent).filter(
      (one) => !/^select "role", "assigned_only" from "workspace_members"/.test(one.sql),
    );
    const listed = (await plan(members!)).join("\n");
    expect(listed).toMatch(
      /SEARCH workspace_members USING INDEX sqlite_autoindex_workspace_members_1 \(workspace_id=\?\)/,
    );
    expect(listed).toMatch(/SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
    // Every member is shown: sorting them by when they joined is the workspace's own, not a table's.
    expect(listed).not.toMatch(/^SCAN/m);
    expect(await plan(invitations!)).toEqual([
      "SEARCH workspace_invitations USING INDEX workspace_invitations_workspace (workspace_id=?)",
    ]);
    expect((await plan(link!))[0]).toBe(
      "SEARCH workspace_invitations USING INDEX workspace_invitations_token_hash_unique (token_hash=?)",
    );
    // The day's invitations so far, counted up to the limit in the workspace's index.
    expect(await plan(sentToday!)).toEqual([
      "SEARCH workspace_invitations USING COVERING INDEX workspace_invitations_workspace (workspace_id=? AND created_at>?)",
    ]);
    expect((await plan(isMember!)).join("\n")).toMatch(
      /SEARCH users USING INDEX users_email_unique \(email=\?\)\n.*workspace_members.*\(workspace_id=\? AND user_id=\?\)/,
    );
    const revokeOlder = sent.find((one) => /^update "workspace_invitations"/.test(one.sql));
    expect(await plan(revokeOlder!)).toEqual([
      "SEARCH workspace_invitations USING INDEX workspace_invitations_workspace (workspace_id=?)",
    ]);
  });
});
