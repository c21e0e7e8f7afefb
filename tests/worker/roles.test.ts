/**
 * Roles in a team workspace, held on the server: a viewer reads every kind of record and changes
 * none (403 FORBIDDEN_ROLE, nothing written) through the API, the pages' actions, the agent's tools
 * and MCP; a member reads and writes; someone outside the workspace finds nothing (404).
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { executeTool } from "../../worker/services/agent-tools";
import { api, joinAs, ORIGIN, postJson, register } from "./helpers";

type Answer<T> = { data: T; error?: { code: string; message: string } };
type Person = Awaited<ReturnType<typeof register>>;

let owner: Person;
let viewer: Person;
let member: Person;
let outsider: Person;
let teamId: string;

/** A call by `person` in the team's workspace (or, with `workspace: null`, their own). */
async function callAs<T = unknown>(
  person: Person,
  path: string,
  init: { method?: string; json?: unknown; workspace?: string | null } = {},
) {
  const workspace = init.workspace === undefined ? teamId : init.workspace;
  const response = await api(path, {
    method: init.method ?? "GET",
    token: person.token,
    json: init.json,
    headers: workspace ? { "X-Workspace-Id": workspace } : {},
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Answer<T> };
}

const today = new Date().toISOString().slice(0, 10);

/**
 * Every kind of record the API makes with a JSON body: where it is made and listed, the body, and
 * the body its change sends (a PUT replaces the record).
 */
const KINDS = [
  {
    kind: "project",
    path: "/projects",
    body: { name: "Elm duplex", type: "fix_and_flip", status: "prospecting" },
  },
  {
    kind: "contact",
    path: "/contacts",
    body: { firstName: "Pat", lastName: "Agent", type: "agent" },
  },
  {
    kind: "analysis",
    path: "/deals",
    body: {
      name: "Elm rental",
      strategy: "rental",
      inputs: { purchasePrice: 150000, grossMonthlyRent: 1600 },
    },
  },
  {
    kind: "auction",
    path: "/auctions",
    body: {
      saleType: "sheriff",
      status: "upcoming",
      saleAt: "2027-04-06T10:00:00-04:00",
      timeZone: "America/New_York",
      address: "1 Court Ave",
      state: "OH",
      depositAmount: 5000,
    },
  },
  {
    kind: "route",
    path: "/routes",
    body: {
      name: "Drive-bys",
      date: today,
      departAt: `${today}T09:00:00Z`,
      start: { label: "Home", lat: 39.76, lng: -84.19 },
      stops: [
        { id: "a", label: "1 Rent St", lat: 39.77, lng: -84.2 },
        { id: "b", label: "2 Rent St", lat: 39.78, lng: -84.21 },
      ],
    },
  },
  {
    kind: "calendar event",
    path: "/calendar/events",
    body: {
      summary: "Walkthrough",
      kind: "showing",
      calendarId: "local",
      start: { dateTime: "2027-04-06T14:00:00Z" },
      end: { dateTime: "2027-04-06T15:00:00Z" },
    },
  },
  { kind: "lead", path: "/marketing/leads", body: { firstName: "Lee", status: "new" } },
  {
    kind: "campaign",
    path: "/marketing/campaigns",
    body: { name: "Spring mailer", channel: "direct_mail", spend: 400 },
  },
  {
    kind: "sequence",
    path: "/marketing/sequences",
    body: { name: "Call them", steps: [{ day: 0, action: "call", body: "Call {{first_name}}" }] },
  },
] as const;

const listIds = async (person: Person, path: string) => {
  const listed = await callAs<{ id: string }[] | { events: { id: string }[] }>(
    person,
    path === "/calendar/events"
      ? `${path}?timeMin=2027-04-01T00:00:00Z&timeMax=2027-05-01T00:00:00Z`
      : path,
  );
  expect(listed.status, path).toBe(200);
  const rows = Array.isArray(listed.body.data) ? listed.body.data : listed.body.data.events;
  return rows.map((row) => row.id);
};

beforeAll(async () => {
  [owner, viewer, member, outsider] = await Promise.all([
    register({ first_name: "Olga" }),
    register({ first_name: "Vic" }),
    register({ first_name: "Mel" }),
    register({ first_name: "Otto" }),
  ]);
  const made = await callAs<{ id: string }>(owner, "/workspaces", {
    method: "POST",
    json: { name: "Harbor Flips" },
    workspace: null,
  });
  teamId = made.body.data.id;
  await joinAs(teamId, viewer.user.id, "viewer");
  await joinAs(teamId, member.user.id, "member");
});

describe.each(KINDS)("a team's $kind", ({ path, body }) => {
  it("is read by a viewer and changed by none of its calls; a member changes it; an outsider finds nothing", async () => {
    const made = await callAs<{ id: string }>(owner, path, { method: "POST", json: body });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const item = `${path}/${id}`;
    expect(await listIds(viewer, path)).toContain(id);
    expect((await callAs(viewer, item)).status).toBe(200);

    for (const [method, at, json] of [
      ["POST", path, body],
      ["POST", path, {}],
      ["PUT", item, body],
      ["DELETE", item, undefined],
    ] as const) {
      const refused = await callAs(viewer, at, { method, json });
      expect(refused.status, `${method} ${at}`).toBe(403);
      expect(refused.body.error?.code).toBe("FORBIDDEN_ROLE");
      expect(refused.body.error?.message).toMatch(/viewer/);
    }
    expect(await listIds(owner, path)).toEqual([id]);

    // Someone outside the team: the team is 404, and their own workspace has no such record.
    expect((await callAs(outsider, item)).status).toBe(404);
    expect((await callAs(outsider, item, { workspace: null })).status).toBe(404);
    expect((await callAs(outsider, path, { method: "POST", json: body })).status).toBe(404);

    // A member changes and deletes it, and makes one.
    expect((await callAs(member, item, { method: "PUT", json: body })).status).toBe(200);
    const gone = await callAs(member, item, { method: "DELETE" });
    expect(gone.status).toBeLessThan(300);
    expect((await callAs(owner, item)).status).toBe(404);
    const again = await callAs<{ id: string }>(member, path, { method: "POST", json: body });
    expect(again.status).toBe(201);
    expect(await listIds(owner, path)).toEqual([again.body.data.id]);
    await callAs(owner, `${path}/${again.body.data.id}`, { method: "DELETE" });
  });
});

describe("a viewer", () => {
  it("still works out numbers that change nothing, and keeps its own notifications", async () => {
    const analysed = await callAs(viewer, "/deals/analyze", {
      method: "POST",
      json: { strategy: "rental", inputs: { purchasePrice: 150000, grossMonthlyRent: 1600 } },
    });
    expect(analysed.status).toBe(200);
    const read = await callAs(viewer, "/notifications/read", {
      method: "POST",
      json: { all: true },
    });
    expect(read.status).toBe(200);
  });

  it("is refused a document and an import, with nothing stored", async () => {
    const document = await callAs(viewer, "/data/entries", {
      method: "POST",
      json: { title: "Offer checklist" },
    });
    expect(document.status).toBe(403);
    const imported = await callAs(viewer, "/data/properties", {
      method: "POST",
      json: { properties: [{ address: "2 Rent St", city: "Dayton", state: "OH" }] },
    });
    expect(imported.status).toBe(403);
    expect(imported.body.error?.code).toBe("FORBIDDEN_ROLE");
    const entries = await callAs<unknown[]>(owner, "/data/entries");
    expect(entries.body.data).toEqual([]);
  });

  it("is refused a change through a page's action, which changes nothing", async () => {
    const made = await callAs<{ id: string; updatedAt: string }>(owner, "/contacts", {
      method: "POST",
      json: { firstName: "Olive", lastName: "Agent", type: "agent" },
    });
    const contact = made.body.data;
    // The pages work in the session's current workspace: the team's.
    await callAs(viewer, "/workspaces/current", {
      method: "PUT",
      json: { id: teamId },
      workspace: null,
    });
    const refused = await postJson(`/project-hub/contacts/${contact.id}.data`, viewer.cookie, {
      intent: "update",
      version: contact.updatedAt,
      input: { firstName: "Changed", type: "agent" },
    });
    expect(refused.status).toBe(403);
    const created = await postJson("/project-hub/contacts/new.data", viewer.cookie, {
      intent: "create",
      input: { firstName: "Nobody", type: "agent", emails: [], phones: [] },
    });
    expect(created.status).toBe(403);
    const deleted = await postJson(`/project-hub/contacts/${contact.id}.data`, viewer.cookie, {
      intent: "delete",
      version: contact.updatedAt,
    });
    expect(deleted.status).toBe(403);
    const now = await callAs<{ firstName: string }>(owner, `/contacts/${contact.id}`);
    expect(now.body.data.firstName).toBe("Olive");
    const names = await callAs<{ firstName: string }[]>(owner, "/contacts");
    expect(names.body.data.map((one) => one.firstName)).not.toContain("Nobody");
    await callAs(owner, `/contacts/${contact.id}`, { method: "DELETE" });
  });

  it("is refused the agent's tools that write, and given those that read", async () => {
    const db = database(env.DB);
    const context = { env, origin: ORIGIN, role: "viewer" as const, personId: viewer.user.id };
    const write = await executeTool(
      db,
      teamId,
      "create_project",
      { name: "By the agent" },
      context,
    );
    expect(write).toEqual({ ok: false, error: expect.stringMatching(/viewer/) });
    const read = await executeTool(db, teamId, "search_projects", {}, context);
    expect(read.ok).toBe(true);
    const projects = await callAs<{ name: string }[]>(owner, "/projects");
    expect(projects.body.data.map((one) => one.name)).not.toContain("By the agent");
  });
});

describe("a change to a workspace's members", () => {
  it("is judged by the caller's role in the workspace its path names, not the one it works in", async () => {
    // The viewer is an admin of a team of their own making's friend, and works in Harbor Flips.
    const friend = await register({ first_name: "Fran" });
    const other = await callAs<{ id: string }>(friend, "/workspaces", {
      method: "POST",
      json: { name: "Fran's Flips" },
      workspace: null,
    });
    await joinAs(other.body.data.id, viewer.user.id, "admin");
    await joinAs(other.body.data.id, member.user.id, "member");
    const changed = await callAs<{ role: string }>(
      viewer,
      `/workspaces/${other.body.data.id}/members/${member.user.id}`,
      { method: "PATCH", json: { role: "viewer" } },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data.role).toBe("viewer");
    // And the other way round: an admin's request working elsewhere can't change Harbor Flips.
    const refused = await callAs(viewer, `/workspaces/${teamId}/members/${member.user.id}`, {
      method: "PATCH",
      json: { role: "viewer" },
      workspace: other.body.data.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("FORBIDDEN_ROLE");
  });
});
