/**
 * The activity log: every kind's create, change and delete through the API, a page's action and
 * the agent's tools is kept with who did it and, for a change, each field from and to; the log is
 * read by any member (filters, pages of 50, newest first), is 404 to others, keeps a year, and a
 * change refused as made against an old version (412) names who changed the record last.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry } from "../../app/domain/activity";
import { database } from "../../worker/db/client";
import { runScheduled, SWEEPS_CRON } from "../../worker/scheduled";
import { recordActivity } from "../../worker/services/activity";
import { executeTool } from "../../worker/services/agent-tools";
import { api, joinAs, ORIGIN, pageAt, postForm, postJson, register } from "./helpers";

type Person = Awaited<ReturnType<typeof register>>;
type Body = Record<string, unknown>;
type Answer<T> = {
  data: T;
  meta?: Body;
  error?: { code: string; message: string; details?: Body };
};
type Page = { data: ActivityEntry[]; meta: { page: number; limit: number; hasMore: boolean } };

let owner: Person;
let member: Person;
let viewer: Person;
let outsider: Person;
let teamId: string;

/** A call by `person` in the team's workspace (or, with `workspace: null`, their own). */
async function callAs<T = unknown>(
  person: Person,
  path: string,
  init: {
    method?: string;
    json?: unknown;
    body?: BodyInit;
    workspace?: string | null;
    ifMatch?: string;
  } = {},
) {
  const workspace = init.workspace === undefined ? teamId : init.workspace;
  const response = await api(path, {
    method: init.method ?? "GET",
    token: person.token,
    json: init.json,
    body: init.body,
    headers: {
      ...(workspace ? { "X-Workspace-Id": workspace } : {}),
      ...(init.ifMatch ? { "If-Match": init.ifMatch } : {}),
    },
  });
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get("ETag"),
    body: (text ? JSON.parse(text) : null) as Answer<T>,
  };
}

/** The team's log as `person` reads it, with these filters. */
async function logOf(person: Person, query: Record<string, string> = {}, workspace = teamId) {
  const read = await callAs<ActivityEntry[]>(
    person,
    `/workspaces/${workspace}/activity?${new URLSearchParams(query)}`,
    { workspace: null },
  );
  return read as { status: number; body: Answer<ActivityEntry[]> & Partial<Page> };
}

/** One record's entries, newest first, as [action, who]. */
async function historyOf(recordType: string, recordId: string) {
  const { body } = await logOf(owner, { recordType, recordId });
  return body.data;
}

const said = (entries: ActivityEntry[]) =>
  entries.map((entry) => [entry.action, entry.actor?.name ?? null]);

const today = new Date().toISOString().slice(0, 10);
const AUCTION = {
  saleType: "sheriff",
  saleAt: "2027-04-06T10:00:00-04:00",
  timeZone: "America/New_York",
  address: "1 Court Ave",
  state: "OH",
};
const EVENT = {
  summary: "Walkthrough",
  kind: "showing",
  calendarId: "local",
  start: { dateTime: "2027-04-06T14:00:00Z" },
  end: { dateTime: "2027-04-06T15:00:00Z" },
};
const ROUTE = {
  name: "Drive-bys",
  date: today,
  departAt: `${today}T09:00:00Z`,
  start: { label: "Home", lat: 39.76, lng: -84.19 },
  stops: [
    { id: "a", label: "1 Rent St", lat: 39.77, lng: -84.2 },
    { id: "b", label: "2 Rent St", lat: 39.78, lng: -84.21 },
  ],
};
const BOT = {
  name: "Seller intake",
  persona: "A friendly assistant for a local home buyer",
  questions: [{ text: "What is the address?" }],
  handOff: "When the seller wants an offer",
};
const SEQUENCE = {
  name: "Call them",
  steps: [{ day: 0, action: "call", body: "Call {{first_name}}" }],
};

/**
 * Every kind made with a JSON body: where, the body, the field a change changes and from what, and
 * where a change is sent (a document by `?id=`).
 */
const KINDS = [
  {
    type: "project",
    path: "/projects",
    body: { name: "Elm duplex" },
    field: "description",
    from: null,
  },
  {
    type: "contact",
    path: "/contacts",
    body: { firstName: "Pat", lastName: "Agent", type: "agent" },
    field: "notes",
    from: null,
  },
  {
    type: "document",
    path: "/data/entries",
    body: { title: "Offer notes", content: "First draft" },
    field: "content",
    from: "First draft",
    item: (id: string) => `/data/entries?id=${id}`,
  },
  {
    type: "property",
    path: "/data/properties",
    body: { address: "7 Birch Ave", city: "Dayton", state: "OH" },
    field: "notes",
    from: null,
  },
  {
    type: "analysis",
    path: "/deals",
    body: {
      name: "Elm rental",
      strategy: "rental",
      inputs: { purchasePrice: 150000, grossMonthlyRent: 1600 },
    },
    field: "name",
    from: "Elm rental",
  },
  { type: "auction", path: "/auctions", body: AUCTION, field: "notes", from: null },
  { type: "route", path: "/routes", body: ROUTE, field: "name", from: "Drive-bys" },
  { type: "event", path: "/calendar/events", body: EVENT, field: "description", from: null },
  {
    type: "lead",
    path: "/marketing/leads",
    body: { firstName: "Lee", status: "new" },
    field: "notes",
    from: null,
  },
  {
    type: "campaign",
    path: "/marketing/campaigns",
    body: { name: "Spring mailer", channel: "direct_mail" },
    field: "notes",
    from: null,
  },
  { type: "bot", path: "/marketing/bots", body: BOT, field: "greeting", from: null },
  {
    type: "sequence",
    path: "/marketing/sequences",
    body: SEQUENCE,
    field: "name",
    from: "Call them",
  },
] as const;

/** Makes one as `person` and answers its id (a property's from its import answer). */
async function make(person: Person, path: string, body: Body) {
  const made = await callAs<{ id: string; ids: string[] }>(person, path, {
    method: "POST",
    json: body,
  });
  expect(made.status, path).toBeLessThan(300);
  return made.body.data.id ?? made.body.data.ids[0]!;
}

beforeAll(async () => {
  [owner, member, viewer, outsider] = await Promise.all([
    register({ first_name: "Olga" }),
    register({ first_name: "Mel" }),
    register({ first_name: "Vic" }),
    register({ first_name: "Otto" }),
  ]);
  const made = await callAs<{ id: string }>(owner, "/workspaces", {
    method: "POST",
    json: { name: "Harbor Flips" },
    workspace: null,
  });
  teamId = made.body.data.id;
  await joinAs(teamId, member.user.id, "member");
  await joinAs(teamId, viewer.user.id, "viewer");
  // The pages work in the session's current workspace: the team's.
  for (const person of [member, owner]) {
    const chosen = await callAs(person, "/workspaces/current", {
      method: "PUT",
      json: { id: teamId },
      workspace: null,
    });
    expect(chosen.status).toBe(200);
  }
});

describe.each(KINDS)("a $type through the API", (kind) => {
  it("is kept as made, changed (the field from and to) and deleted, each by who did it", async () => {
    const id = await make(member, kind.path, kind.body);
    const item = "item" in kind ? kind.item(id) : `${kind.path}/${id}`;
    const changed = await callAs(owner, item, {
      method: "PUT",
      json: { ...kind.body, [kind.field]: "Changed by Olga" },
    });
    expect(changed.status).toBe(200);
    // The same again changes nothing, and nothing is kept.
    await callAs(owner, item, {
      method: "PUT",
      json: { ...kind.body, [kind.field]: "Changed by Olga" },
    });
    const gone = await callAs(member, item, { method: "DELETE" });
    expect(gone.status).toBeLessThan(300);

    const entries = await historyOf(kind.type, id);
    expect(said(entries)).toEqual([
      ["deleted", "Mel Silva"],
      ["updated", "Olga Silva"],
      ["created", "Mel Silva"],
    ]);
    expect(entries[1]!.changes).toEqual({
      [kind.field]: { from: kind.from, to: "Changed by Olga" },
    });
    expect(entries[0]!.changes).toBeNull();
    expect(entries[2]!.changes).toBeNull();
    expect(entries[1]).toMatchObject({
      recordType: kind.type,
      recordId: id,
      actor: { id: owner.user.id, name: "Olga Silva" },
    });
  });
});

describe("what else is kept", () => {
  it("a file uploaded and deleted", async () => {
    const projectId = await make(member, "/projects", { name: "With a file" });
    const form = new FormData();
    form.append("ownerType", "project");
    form.append("ownerId", projectId);
    form.append("file", new File(["Unit,Rent\nA,1200\n"], "rents.csv", { type: "text/csv" }));
    const uploaded = await callAs<{ id: string }>(member, "/files", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.data.id;
    expect((await callAs(owner, `/files/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(said(await historyOf("file", id))).toEqual([
      ["deleted", "Olga Silva"],
      ["created", "Mel Silva"],
    ]);
  });

  it("a lead's change of status, in the API's names", async () => {
    const id = await make(member, "/marketing/leads", { firstName: "Lee", status: "new" });
    await callAs(member, `/marketing/leads/${id}`, {
      method: "PUT",
      json: { firstName: "Lee", lastName: "Ray", status: "contacted" },
    });
    const [entry] = await historyOf("lead", id);
    expect(entry!.changes).toEqual({
      status: { from: "new", to: "contacted" },
      lastName: { from: "", to: "Ray" },
    });
  });

  it("nothing for a refused change", async () => {
    const id = await make(member, "/projects", { name: "Refused" });
    const bad = await callAs(member, `/projects/${id}`, { method: "PUT", json: { name: "" } });
    expect(bad.status).toBe(400);
    const refused = await callAs(viewer, `/projects/${id}`, { method: "DELETE" });
    expect(refused.status).toBe(403);
    expect(said(await historyOf("project", id))).toEqual([["created", "Mel Silva"]]);
  });

  it("what the agent's tools make, as made by the person they act for", async () => {
    const db = database(env.DB);
    const context = { env, origin: ORIGIN, role: "member" as const, personId: member.user.id };
    const run = await executeTool(db, teamId, "create_project", { name: "By the agent" }, context);
    expect(run.ok).toBe(true);
    const id = (run as { result: { id: string } }).result.id;
    expect(said(await historyOf("project", id))).toEqual([["created", "Mel Silva"]]);
  });
});

describe("through a page's action", () => {
  let contactId: string;

  it("a contact made, changed and deleted is kept with who did it and what changed", async () => {
    const input = { firstName: "Paige", lastName: "Turner", type: "agent", emails: [], phones: [] };
    const made = await postJson("/project-hub/contacts/new.data", member.cookie, {
      intent: "create",
      input,
    });
    expect(made.status).toBe(200);
    const { body } = await logOf(owner, { recordType: "contact", userId: member.user.id });
    const [newest] = body.data;
    expect(newest).toMatchObject({ action: "created", actor: { name: "Mel Silva" } });
    contactId = newest!.recordId;

    const read = await callAs<{ updatedAt: string }>(owner, `/contacts/${contactId}`);
    const changed = await postJson(`/project-hub/contacts/${contactId}.data`, member.cookie, {
      intent: "update",
      version: read.body.data.updatedAt,
      input: { ...input, lastName: "Tyrner", company: "Turner Homes" },
    });
    expect(changed.status).toBe(200);
    const [entry] = await historyOf("contact", contactId);
    expect(entry).toMatchObject({ action: "updated", actor: { id: member.user.id } });
    expect(entry!.changes).toEqual({
      lastName: { from: "Turner", to: "Tyrner" },
      company: { from: null, to: "Turner Homes" },
    });
  });

  it("a change made against an old version names who changed it (412)", async () => {
    const stale = (await callAs<{ updatedAt: string }>(owner, `/contacts/${contactId}`)).body.data;
    const theirs = await callAs(owner, `/contacts/${contactId}`, {
      method: "PUT",
      json: { firstName: "Paige", lastName: "Turner", type: "agent" },
    });
    expect(theirs.status).toBe(200);
    const refused = await postJson(`/project-hub/contacts/${contactId}.data`, member.cookie, {
      intent: "update",
      version: stale.updatedAt,
      input: { firstName: "Paige", lastName: "Mine", type: "agent", emails: [], phones: [] },
    });
    expect(refused.status).toBe(412);
    expect(refused.html).toContain("changedBy");
    expect(refused.html).toContain("Olga Silva");

    const gone = await postJson(`/project-hub/contacts/${contactId}.data`, member.cookie, {
      intent: "delete",
      version: (await callAs<{ updatedAt: string }>(owner, `/contacts/${contactId}`)).body.data
        .updatedAt,
    });
    expect(gone.status).toBe(200);
    expect(said(await historyOf("contact", contactId))[0]).toEqual(["deleted", "Mel Silva"]);
  });
});

describe("a record page's History", () => {
  it("lists who changed what and when, newest first, folded away until more is asked for", async () => {
    const id = await make(member, "/projects", { name: "Elm duplex", status: "prospecting" });
    const read = await callAs<{ updatedAt: string }>(owner, `/projects/${id}`);
    // A form posted by a browser without JavaScript, as the project's page posts it.
    const posted = await postForm(`/project-hub/projects/${id}`, owner.cookie, {
      intent: "update",
      version: read.body.data.updatedAt,
      name: "Elm duplex",
      type: "other",
      status: "under_contract",
    });
    expect(posted.status).toBe(303);
    const [entry] = await historyOf("project", id);
    expect(entry).toMatchObject({
      action: "updated",
      actor: { name: "Olga Silva" },
      changes: { status: { from: "prospecting", to: "under_contract" } },
    });

    const page = await pageAt(`/project-hub/projects/${id}`, member.cookie);
    expect(page.status).toBe(200);
    const panel = page.html.slice(page.html.indexOf('aria-labelledby="record-history"'));
    expect(panel).toMatch(/<details>\s*<summary[^>]*><h3 id="record-history"[^>]*>.*History<\/h3>/);
    expect(panel).toContain("Olga Silva changed status from prospecting to under contract");
    expect(panel).toContain("Mel Silva created this project");
    expect(panel.indexOf("Olga Silva changed")).toBeLessThan(panel.indexOf("Mel Silva created"));
    expect(panel).toContain(`<time dateTime="${entry!.at}">`);
    expect(panel).not.toContain("Show older changes");
  });

  it.each([
    ["contact", "/contacts", KINDS[1].body, "/project-hub/contacts/"],
    ["document", "/data/entries", KINDS[2].body, "/project-hub/documents/"],
    ["property", "/data/properties", KINDS[3].body, "/possible-investments/"],
    ["auction", "/auctions", AUCTION, "/auction/"],
    ["lead", "/marketing/leads", KINDS[8].body, "/marketing/leads/"],
    ["campaign", "/marketing/campaigns", KINDS[9].body, "/marketing/campaigns/"],
    ["analysis", "/deals", KINDS[4].body, "/possible-investments/analyses/"],
    ["route", "/routes", ROUTE, "/route-planner/"],
  ] as const)("is on a %s's page too", async (type, path, body, page) => {
    const id = await make(member, path, body);
    const shown = await pageAt(`${page}${id}`, owner.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<h3 id="record-history"');
    expect(shown.html).toContain(`Mel Silva created this ${type}`);
  });

  it("shows 20 entries, then 20 more when asked, open", async () => {
    const id = await make(member, "/projects", { name: "Busy" });
    const db = database(env.DB);
    for (let i = 1; i <= 25; i++) {
      await recordActivity(db, {
        workspaceId: teamId,
        actorId: member.user.id,
        recordType: "project",
        recordId: id,
        action: "updated",
        changes: { budget: { from: i - 1, to: i } },
        at: new Date(Date.now() + i * 1000).toISOString(),
      });
    }
    const first = await pageAt(`/project-hub/projects/${id}`, member.cookie);
    expect(first.html.match(/changed budget from/g)).toHaveLength(20);
    expect(first.html).toContain("changed budget from $24 to $25");
    expect(first.html).not.toContain("changed budget from $4 to $5");
    expect(first.html).toContain(`href="/project-hub/projects/${id}?history=40"`);
    const more = await pageAt(`/project-hub/projects/${id}?history=40`, member.cookie);
    expect(more.html.match(/changed budget from/g)).toHaveLength(25);
    expect(more.html).toMatch(/<details open="">/);
    expect(more.html).toContain("Mel Silva created this project");
    expect(more.html).not.toContain("Show older changes");
  });
});

describe("a change against an old version through the API (412)", () => {
  it("names who changed the record last, keeping the record as it now is", async () => {
    const id = await make(owner, "/projects", { name: "Contested" });
    const { etag } = await callAs(owner, `/projects/${id}`);
    expect(
      (await callAs(member, `/projects/${id}`, { method: "PUT", json: { name: "Mel's" } })).status,
    ).toBe(200);
    const refused = await callAs(owner, `/projects/${id}`, {
      method: "PUT",
      json: { name: "Olga's" },
      ifMatch: etag!,
    });
    expect(refused.status).toBe(412);
    expect(refused.body.error?.code).toBe("VERSION_MISMATCH");
    expect(refused.body.error?.details).toMatchObject({
      current: { id, name: "Mel's" },
      changedBy: { id: member.user.id, name: "Mel Silva" },
    });
    const deleteRefused = await callAs(owner, `/projects/${id}`, {
      method: "DELETE",
      ifMatch: etag!,
    });
    expect(deleteRefused.status).toBe(412);
    expect(deleteRefused.body.error?.details?.changedBy).toEqual({
      id: member.user.id,
      name: "Mel Silva",
    });
  });

  it("names nobody when the log knows no change of it", async () => {
    const id = await make(owner, "/projects", { name: "Before the log" });
    await env.DB.prepare("DELETE FROM activity WHERE record_id = ?").bind(id).run();
    const { etag } = await callAs(owner, `/projects/${id}`);
    await callAs(owner, `/projects/${id}`, { method: "PUT", json: { name: "Again" } });
    await env.DB.prepare("DELETE FROM activity WHERE record_id = ?").bind(id).run();
    const refused = await callAs(owner, `/projects/${id}`, {
      method: "PUT",
      json: { name: "Late" },
      ifMatch: etag!,
    });
    expect(refused.status).toBe(412);
    expect(refused.body.error?.details).toMatchObject({ current: { id }, changedBy: null });
  });
});

describe("reading the log", () => {
  let quietId: string;
  const ENTRIES = 60;
  const at = (i: number) => new Date(Date.UTC(2027, 0, 1, 0, 0, i)).toISOString();

  beforeAll(async () => {
    const made = await callAs<{ id: string }>(owner, "/workspaces", {
      method: "POST",
      json: { name: "Quiet Co" },
      workspace: null,
    });
    quietId = made.body.data.id;
    await joinAs(quietId, member.user.id, "member");
    await joinAs(quietId, viewer.user.id, "viewer");
    const db = database(env.DB);
    // Oldest first: the i-th a second after the one before, every third by Mel, on project p<i % 4>.
    for (let i = 0; i < ENTRIES; i++) {
      await recordActivity(db, {
        workspaceId: quietId,
        actorId: i % 3 === 0 ? member.user.id : owner.user.id,
        recordType: i % 2 === 0 ? "project" : "lead",
        recordId: `p${i % 4}`,
        action: "updated",
        changes: { n: { from: i - 1, to: i } },
        at: at(i),
      });
    }
  });

  it("answers pages of 50, newest first, saying whether more follow", async () => {
    const first = await logOf(viewer, {}, quietId);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ page: 1, limit: 50, hasMore: true });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data[0]).toMatchObject({
      at: at(59),
      action: "updated",
      recordType: "lead",
      recordId: "p3",
      actor: { id: owner.user.id, name: "Olga Silva" },
      changes: { n: { from: 58, to: 59 } },
    });
    expect(Object.keys(first.body.data[0]!).sort()).toEqual(
      ["action", "actor", "at", "changes", "id", "recordId", "recordType"].sort(),
    );
    const second = await logOf(viewer, { page: "2" }, quietId);
    expect(second.body.meta).toEqual({ page: 2, limit: 50, hasMore: false });
    expect(second.body.data.map((entry) => entry.at)).toEqual(
      Array.from({ length: 10 }, (_, i) => at(9 - i)),
    );
  });

  it("filters by record type, record and who acted", async () => {
    const projects = await logOf(member, { recordType: "project" }, quietId);
    expect(projects.body.data).toHaveLength(30);
    expect(projects.body.data.every((entry) => entry.recordType === "project")).toBe(true);

    const one = await logOf(member, { recordType: "project", recordId: "p2" }, quietId);
    expect(one.body.data.map((entry) => entry.at)).toEqual(
      Array.from({ length: ENTRIES }, (_, i) => i)
        .filter((i) => i % 4 === 2)
        .reverse()
        .map(at),
    );

    const mel = await logOf(member, { userId: member.user.id }, quietId);
    expect(mel.body.data).toHaveLength(20);
    expect(mel.body.data.every((entry) => entry.actor?.name === "Mel Silva")).toBe(true);

    const melsProjects = await logOf(
      member,
      { userId: member.user.id, recordType: "project" },
      quietId,
    );
    expect(melsProjects.body.data).toHaveLength(10);
    expect(melsProjects.body.meta?.hasMore).toBe(false);
  });

  it("refuses a bad query 400", async () => {
    const queries: Record<string, string>[] = [
      { page: "0" },
      { page: "first" },
      { recordType: "planet" },
      { recordId: "p1" },
      { userId: "" },
    ];
    for (const query of queries) {
      const refused = await logOf(member, query, quietId);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.error?.code).toBe("VALIDATION_FAILED");
    }
  });

  it("is 404 to someone who is not a member, whatever they name", async () => {
    for (const workspace of [null, quietId]) {
      const read = await callAs(outsider, `/workspaces/${quietId}/activity`, { workspace });
      expect(read.status).toBe(404);
      expect(read.body.error?.code).toBe("NOT_FOUND");
    }
    expect((await logOf(owner, {}, "no-such-workspace")).status).toBe(404);
    // Their own workspace's is theirs.
    expect((await logOf(outsider, {}, outsider.user.id)).status).toBe(200);
  });

  it("shows a member held to their assigned records only the changes of what they reach", async () => {
    const ash = await register({ first_name: "Ash" });
    await joinAs(teamId, ash.user.id, "member", true);
    const theirs = await make(owner, "/marketing/leads", {
      firstName: "Theirs",
      status: "new",
      assigneeId: ash.user.id,
    });
    const others = await make(owner, "/marketing/leads", { firstName: "Others", status: "new" });
    const project = await make(owner, "/projects", { name: "Not theirs" });
    const contact = await make(owner, "/contacts", { firstName: "Shared", type: "agent" });

    const read = await logOf(ash, { page: "1" });
    expect(read.status).toBe(200);
    const seen = new Set(read.body.data.map((entry) => entry.recordId));
    expect(seen.has(theirs)).toBe(true);
    expect(seen.has(contact)).toBe(true);
    expect(seen.has(others)).toBe(false);
    expect(seen.has(project)).toBe(false);
    // Every lead, property, project and auction they read of is assigned to them.
    const assigned = ["lead", "property", "project", "auction"];
    expect(
      read.body.data.filter((entry) => assigned.includes(entry.recordType)).map((e) => e.recordId),
    ).toEqual([theirs]);
    expect((await logOf(ash, { recordType: "lead", recordId: others })).body.data).toEqual([]);

    // Handed the other lead, they read its history too; the owner reads everything all along.
    const handed = await callAs(owner, `/marketing/leads/${others}`, {
      method: "PUT",
      json: { firstName: "Others", status: "new", assigneeId: ash.user.id },
    });
    expect(handed.status).toBe(200);
    const now = await logOf(ash, { recordType: "lead", recordId: others });
    expect(now.body.data.map((entry) => entry.action)).toEqual(["updated", "created"]);
    const all = new Set((await logOf(owner)).body.data.map((entry) => entry.recordId));
    expect([theirs, others, project, contact].every((id) => all.has(id))).toBe(true);
  });

  it("shows nobody for a person whose account is gone", async () => {
    const ghost = await register({ first_name: "Gus" });
    await joinAs(quietId, ghost.user.id, "member");
    const db = database(env.DB);
    await recordActivity(db, {
      workspaceId: quietId,
      actorId: ghost.user.id,
      recordType: "contact",
      recordId: "c1",
      action: "deleted",
      at: at(100),
    });
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(ghost.user.id).run();
    const [entry] = (await logOf(owner, {}, quietId)).body.data;
    expect(entry).toMatchObject({ recordId: "c1", action: "deleted", actor: null, changes: null });
  });
});

describe("the sweep", () => {
  it("removes entries over a year old and keeps the newer", async () => {
    const db = database(env.DB);
    const now = Date.now();
    const day = 86_400_000;
    const entry = (days: number) =>
      recordActivity(db, {
        workspaceId: teamId,
        actorId: owner.user.id,
        recordType: "project",
        recordId: `aged-${days}`,
        action: "updated",
        at: new Date(now - days * day).toISOString(),
      });
    await Promise.all([entry(400), entry(366), entry(364), entry(1)]);
    await runScheduled(env, now, SWEEPS_CRON);
    const { results } = await env.DB.prepare(
      "SELECT record_id AS id FROM activity WHERE record_id LIKE 'aged-%' ORDER BY at",
    ).all<{ id: string }>();
    expect(results.map((row) => row.id)).toEqual(["aged-364", "aged-1"]);
  });
});
