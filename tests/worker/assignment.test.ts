/**
 * Assignment in a team workspace, through the API, for each kind a record of which is assigned to
 * a member (leads, properties, projects, auctions, calendar events): assigned when made and when
 * changed, kept by a change that leaves the field out, refused for someone outside the team
 * (nothing written), the lists filtered by `assignee`, a member "assigned records only" held to
 * their own, and the new assignee told in their bell (not someone assigning themselves).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { executeTool } from "../../worker/services/agent-tools";
import { api, joinAs, ORIGIN, register } from "./helpers";

type Answer<T> = {
  data: T;
  meta?: { total?: number };
  error?: { code: string; message: string; details?: { field: string; message: string }[] };
};
type Person = Awaited<ReturnType<typeof register>>;
interface Assigned {
  id: string;
  assigneeId: string | null;
  assignee: { id: string; initials: string; name: string } | null;
}

let olga: Person;
let mel: Person;
let ash: Person;
let otto: Person;

/** A call by `person` in workspace `team` (null: their own). */
async function callAs<T = unknown>(
  person: Person,
  team: string | null,
  path: string,
  init: { method?: string; json?: unknown } = {},
) {
  const response = await api(path, {
    method: init.method ?? "GET",
    token: person.token,
    json: init.json,
    headers: team ? { "X-Workspace-Id": team } : {},
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Answer<T> };
}

/** A team of Olga (its owner), Mel (a member) and Ash (a member who sees only their own). */
async function newTeam() {
  const made = await callAs<{ id: string }>(olga, null, "/workspaces", {
    method: "POST",
    json: { name: "Harbor Flips" },
  });
  const team = made.body.data.id;
  await joinAs(team, mel.user.id, "member");
  await joinAs(team, ash.user.id, "member", true);
  return team;
}

const RANGE = "timeMin=2027-04-01T00:00:00Z&timeMax=2027-05-01T00:00:00Z";

/**
 * Each kind: where its records are made and listed, a body for the n-th one (a PUT sends it whole,
 * without `assigneeId`), how a made record's id is answered, how the notice names one, and whether
 * a member "assigned records only" is held to theirs.
 */
const KINDS = [
  {
    kind: "lead",
    path: "/marketing/leads",
    list: "/marketing/leads",
    body: (n: number) => ({ firstName: "Lee", lastName: `Park${n}`, status: "new" }),
    named: (n: number) => `the lead Lee Park${n}`,
    search: "Lee",
    restricted: true,
  },
  {
    kind: "property",
    path: "/data/properties",
    list: "/data/properties",
    body: (n: number) => ({ address: `${n} Elm St`, city: "Dayton", state: "OH" }),
    named: (n: number) => `the property ${n} Elm St`,
    search: "Elm",
    restricted: true,
  },
  {
    kind: "project",
    path: "/projects",
    list: "/projects",
    body: (n: number) => ({ name: `Elm duplex ${n}`, type: "fix_and_flip" }),
    named: (n: number) => `the project Elm duplex ${n}`,
    search: "duplex",
    restricted: true,
  },
  {
    kind: "auction",
    path: "/auctions",
    list: "/auctions",
    body: (n: number) => ({
      saleType: "sheriff",
      saleAt: "2027-04-06T10:00:00-04:00",
      timeZone: "America/New_York",
      address: `${n} Court Ave`,
    }),
    named: (n: number) => `the auction ${n} Court Ave`,
    search: "Court",
    restricted: true,
  },
  {
    kind: "task",
    path: "/calendar/events",
    list: `/calendar/events?${RANGE}`,
    body: (n: number) => ({
      summary: `Call the roofer ${n}`,
      kind: "task",
      calendarId: "local",
      start: { dateTime: `2027-04-${String(n + 1).padStart(2, "0")}T14:00:00Z` },
      end: { dateTime: `2027-04-${String(n + 1).padStart(2, "0")}T15:00:00Z` },
    }),
    named: (n: number) => `the task Call the roofer ${n}`,
    search: null,
    restricted: false,
  },
] as const;

type Kind = (typeof KINDS)[number];

/** The record's own address: an event is named with its calendar. */
const itemOf = (kind: Kind, id: string) =>
  kind.kind === "task" ? `${kind.path}/${id}?calendarId=local` : `${kind.path}/${id}`;

/** Makes the n-th record of the kind in `team` as `person`: its id, or the refusal. */
async function make(kind: Kind, person: Person, team: string, n: number, extra: object = {}) {
  const made = await callAs<{ id: string; ids?: string[] }>(person, team, kind.path, {
    method: "POST",
    json: { ...kind.body(n), ...extra },
  });
  const id = made.body.data?.ids?.[0] ?? made.body.data?.id;
  return { ...made, id: id! };
}

const read = (kind: Kind, person: Person, team: string, id: string) =>
  callAs<Assigned>(person, team, itemOf(kind, id));

const change = (kind: Kind, person: Person, team: string, id: string, n: number, extra = {}) =>
  callAs<Assigned>(person, team, `${kind.path}/${id}`, {
    method: "PUT",
    json: { ...kind.body(n), ...extra },
  });

/** The ids a list answers, sorted, with its total. */
async function listed(kind: Kind, person: Person, team: string, query = "") {
  const join = kind.list.includes("?") ? "&" : "?";
  const answer = await callAs<Assigned[]>(person, team, `${kind.list}${query ? join + query : ""}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return {
    ids: answer.body.data.map((row) => row.id).sort(),
    rows: answer.body.data,
    total: answer.body.meta?.total,
  };
}

/** The titles of the person's notifications of assignment. */
async function assignedNotices(person: Person) {
  const answer = await callAs<{ kind: string; title: string; link: string | null }[]>(
    person,
    null,
    "/notifications?limit=100",
  );
  return answer.body.data.filter((notice) => notice.kind === "assigned");
}

beforeAll(async () => {
  [olga, mel, ash, otto] = await Promise.all([
    register({ first_name: "Olga", last_name: "Silva" }),
    register({ first_name: "Mel", last_name: "Ortiz" }),
    register({ first_name: "Ash", last_name: "Khan" }),
    register({ first_name: "Otto", last_name: "Berg" }),
  ]);
});

describe.each(KINDS)("a team's $kind", (kind) => {
  it("is assigned when made and when changed, keeps its assignee through a PUT without the field, and is unassigned with null", async () => {
    const team = await newTeam();
    const made = await make(kind, olga, team, 1, { assigneeId: mel.user.id });
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    const mine = await read(kind, olga, team, made.id);
    expect(mine.body.data.assigneeId).toBe(mel.user.id);
    expect(mine.body.data.assignee).toEqual({ id: mel.user.id, initials: "MO", name: "Mel Ortiz" });

    const plain = await make(kind, olga, team, 2);
    expect((await read(kind, olga, team, plain.id)).body.data).toMatchObject({
      assigneeId: null,
      assignee: null,
    });

    // A client that does not know of assignment replaces every other field.
    const kept = await change(kind, olga, team, made.id, 1);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.assigneeId).toBe(mel.user.id);
    expect((await read(kind, olga, team, made.id)).body.data.assigneeId).toBe(mel.user.id);

    await change(kind, olga, team, plain.id, 2, { assigneeId: olga.user.id });
    expect((await read(kind, olga, team, plain.id)).body.data.assigneeId).toBe(olga.user.id);
    await change(kind, olga, team, made.id, 1, { assigneeId: null });
    expect((await read(kind, olga, team, made.id)).body.data).toMatchObject({
      assigneeId: null,
      assignee: null,
    });

    const { rows } = await listed(kind, olga, team);
    expect(rows.find((row) => row.id === plain.id)).toMatchObject({
      assigneeId: olga.user.id,
      assignee: { id: olga.user.id, initials: "OS", name: "Olga Silva" },
    });
    expect(rows.find((row) => row.id === made.id)).toMatchObject({ assignee: null });
  });

  it("refuses someone who is not a member of the team, writing nothing", async () => {
    const team = await newTeam();
    const refused = await make(kind, olga, team, 1, { assigneeId: otto.user.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe("VALIDATION_FAILED");
    expect(refused.body.error?.details).toEqual([
      { field: "assigneeId", message: "Not a member of this workspace" },
    ]);
    expect((await listed(kind, olga, team)).ids).toEqual([]);

    const made = await make(kind, olga, team, 2, { assigneeId: mel.user.id });
    const before = (await read(kind, olga, team, made.id)).body.data;
    const changed = await change(kind, olga, team, made.id, 3, { assigneeId: otto.user.id });
    expect(changed.status).toBe(400);
    expect(changed.body.error?.details).toEqual([
      { field: "assigneeId", message: "Not a member of this workspace" },
    ]);
    // Nothing of the change was written, its other fields neither.
    expect((await read(kind, olga, team, made.id)).body.data).toEqual(before);
  });

  it("lists by assignee: me, a member, nobody; anyone else is a 400", async () => {
    const team = await newTeam();
    const olgas = await make(kind, olga, team, 1, { assigneeId: olga.user.id });
    const mels = await make(kind, olga, team, 2, { assigneeId: mel.user.id });
    const nobodys = await make(kind, olga, team, 3);

    const mine = await listed(kind, olga, team, "assignee=me");
    expect(mine.ids).toEqual([olgas.id]);
    expect((await listed(kind, mel, team, "assignee=me")).ids).toEqual([mels.id]);
    expect((await listed(kind, olga, team, `assignee=${mel.user.id}`)).ids).toEqual([mels.id]);
    expect((await listed(kind, olga, team, "assignee=none")).ids).toEqual([nobodys.id]);
    expect((await listed(kind, olga, team)).ids).toEqual([olgas.id, mels.id, nobodys.id].sort());
    if (kind.search) {
      expect(mine.total).toBe(1);
      expect((await listed(kind, olga, team, "assignee=none")).total).toBe(1);
      expect((await listed(kind, olga, team, `assignee=none&q=${kind.search}`)).total).toBe(1);
    }

    for (const bad of [otto.user.id, "someone", ""]) {
      const refused = await callAs(
        olga,
        team,
        `${kind.list}${kind.list.includes("?") ? "&" : "?"}assignee=${bad}`,
      );
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error?.code).toBe("VALIDATION_FAILED");
    }
  });

  it(
    kind.restricted
      ? "is seen by a member who sees only their own when it is theirs, and is 404 to them when not"
      : "is seen by a member who sees only their own leads, properties, projects and auctions",
    async () => {
      const team = await newTeam();
      const ashs = await make(kind, olga, team, 1, { assigneeId: ash.user.id });
      const mels = await make(kind, olga, team, 2, { assigneeId: mel.user.id });
      const nobodys = await make(kind, olga, team, 3);
      const all = [ashs.id, mels.id, nobodys.id].sort();
      if (!kind.restricted) {
        expect((await listed(kind, ash, team)).ids).toEqual(all);
        expect((await read(kind, ash, team, mels.id)).status).toBe(200);
        return;
      }
      const theirs = await listed(kind, ash, team);
      expect(theirs.ids).toEqual([ashs.id]);
      expect(theirs.total).toBe(1);
      // Counted as their own when the list is only a search, too.
      const found = await listed(kind, ash, team, `q=${kind.search}`);
      expect([found.ids, found.total]).toEqual([[ashs.id], 1]);
      // Their list always acts as `assignee=me`.
      expect((await listed(kind, ash, team, "assignee=none")).ids).toEqual([ashs.id]);
      expect((await listed(kind, ash, team, `assignee=${mel.user.id}`)).ids).toEqual([ashs.id]);
      expect((await read(kind, ash, team, ashs.id)).status).toBe(200);

      for (const other of [mels.id, nobodys.id]) {
        expect((await read(kind, ash, team, other)).status).toBe(404);
        expect((await change(kind, ash, team, other, 9)).status).toBe(404);
        expect((await callAs(ash, team, itemOf(kind, other), { method: "DELETE" })).status).toBe(
          404,
        );
      }
      // Untouched, as the rest of the team sees them.
      expect((await listed(kind, olga, team)).ids).toEqual(all);
      expect((await read(kind, olga, team, mels.id)).body.data.assigneeId).toBe(mel.user.id);

      // What they make is theirs, unless they assign it to someone.
      const made = await make(kind, ash, team, 4);
      expect((await read(kind, ash, team, made.id)).body.data.assigneeId).toBe(ash.user.id);
    },
  );

  it("tells the member newly assigned in their bell, never someone assigning themselves", async () => {
    const team = await newTeam();
    const before = (await assignedNotices(mel)).length;
    const made = await make(kind, olga, team, 5, { assigneeId: mel.user.id });
    const told = await assignedNotices(mel);
    expect(told.length).toBe(before + 1);
    expect(told[0]!.title).toBe(`Olga assigned you ${kind.named(5)}`);
    expect(told[0]!.link).toBeTruthy();
    // It opens the record in the team's workspace, whichever the member is working in.
    expect(told[0]!.link).toMatch(new RegExp(`^/workspaces/current\\?id=${team}&to=%2F`));

    // Saved again, or replaced without the field: no one newly assigned, no notice.
    await change(kind, olga, team, made.id, 5, { assigneeId: mel.user.id });
    await change(kind, olga, team, made.id, 5);
    expect((await assignedNotices(mel)).length).toBe(before + 1);

    // Olga assigning herself, on a new record and on a change, is told nothing.
    const olgaBefore = (await assignedNotices(olga)).length;
    const hers = await make(kind, olga, team, 6, { assigneeId: olga.user.id });
    await change(kind, olga, team, made.id, 5, { assigneeId: olga.user.id });
    expect((await assignedNotices(olga)).length).toBe(olgaBefore);

    // Mel handing one to Olga tells Olga, in her own bell, whichever workspace she is in.
    await change(kind, mel, team, hers.id, 6, { assigneeId: null });
    await change(kind, mel, team, hers.id, 6, { assigneeId: olga.user.id });
    const olgas = await assignedNotices(olga);
    expect(olgas.length).toBe(olgaBefore + 1);
    expect(olgas[0]!.title).toBe(`Mel assigned you ${kind.named(6)}`);
  });
});

describe("an import", () => {
  it("assigns each row to a member, refuses a row naming someone else, and tells each member once", async () => {
    const team = await newTeam();
    const before = (await assignedNotices(mel)).length;
    const rows = [1, 2, 3].map((n) => ({ firstName: "Row", lastName: `Lead${n}` }));
    const imported = await callAs<{ created: number; failed: { index: number }[] }>(
      olga,
      team,
      "/marketing/leads/import",
      {
        method: "POST",
        json: {
          rows: [
            ...rows.map((row) => ({ ...row, assigneeId: mel.user.id })),
            { firstName: "Row", lastName: "Outsider", assigneeId: otto.user.id },
          ],
        },
      },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data.created).toBe(3);
    expect(imported.body.data.failed).toEqual([
      { index: 3, errors: [{ field: "assigneeId", message: "Not a member of this workspace" }] },
    ]);
    const told = await assignedNotices(mel);
    expect(told.length).toBe(before + 1);
    expect(told[0]!.title).toBe("Olga assigned you 3 leads");
    expect((await listed(KINDS[0], mel, team, "assignee=me")).ids).toHaveLength(3);
  });
});

describe("the agent", () => {
  it("assigns what it makes as the forms do, and reaches only the records of a member who sees only theirs", async () => {
    const team = await newTeam();
    const db = database(env.DB);
    const as = (person: Person, assignedOnly = false) => ({
      env,
      origin: ORIGIN,
      role: "member" as const,
      personId: person.user.id,
      assignedOnly,
    });
    const refused = await executeTool(
      db,
      team,
      "create_project",
      { name: "By the agent", assigneeId: otto.user.id },
      as(olga),
    );
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/Not a member/) });
    const made = await executeTool(
      db,
      team,
      "create_project",
      { name: "Ash's by the agent", assigneeId: ash.user.id },
      as(olga),
    );
    expect(made.ok).toBe(true);
    await executeTool(db, team, "create_project", { name: "Nobody's by the agent" }, as(olga));
    const seen = await executeTool(db, team, "search_projects", {}, as(ash, true));
    expect((seen.ok && (seen.result as { name: string }[]).map((one) => one.name)) || []).toEqual([
      "Ash's by the agent",
    ]);
    expect((await assignedNotices(ash))[0]!.title).toBe(
      "Olga assigned you the project Ash's by the agent",
    );
  });
});

describe("the assignee's account", () => {
  it("unassigns their records when it is deleted", async () => {
    const team = await newTeam();
    const temp = await register({ first_name: "Tem", last_name: "Porary" });
    await joinAs(team, temp.user.id, "member");
    const made = await make(KINDS[2], olga, team, 1, { assigneeId: temp.user.id });
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(temp.user.id).run();
    expect((await read(KINDS[2], olga, team, made.id)).body.data).toMatchObject({
      assigneeId: null,
      assignee: null,
    });
  });
});

describe("a member who leaves the team", () => {
  it("is no one's assignee there any more: each kind's records go back to nobody", async () => {
    const team = await newTeam();
    const made = await Promise.all(
      KINDS.map((kind, n) => make(kind, olga, team, n + 1, { assigneeId: mel.user.id })),
    );
    const removed = await callAs(olga, team, `/workspaces/${team}/members/${mel.user.id}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(204);
    for (const [n, kind] of KINDS.entries()) {
      expect((await read(kind, olga, team, made[n]!.id)).body.data, kind.kind).toMatchObject({
        assigneeId: null,
        assignee: null,
      });
      expect((await listed(kind, olga, team, "assignee=none")).ids, kind.kind).toContain(
        made[n]!.id,
      );
    }
  });
});

describe("the activity log", () => {
  it("tells a reassignment by the people's names", async () => {
    const team = await newTeam();
    const made = await make(KINDS[0], olga, team, 7);
    await change(KINDS[0], olga, team, made.id, 7, { assigneeId: mel.user.id });
    const log = await callAs<{ action: string; changes: Record<string, unknown> | null }[]>(
      olga,
      team,
      `/workspaces/${team}/activity?recordType=lead&recordId=${made.id}`,
    );
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({
      action: "updated",
      changes: { assignee: { from: null, to: { id: mel.user.id, name: "Mel Ortiz" } } },
    });
    expect(log.body.data[0]!.changes).not.toHaveProperty("assigneeId");
  });
});
