/**
 * Workspaces (docs/decisions/0046): each account's own, made at sign-up and by the migration for
 * accounts from before; team workspaces a person makes; the one a request acts on, named by
 * X-Workspace-Id or chosen for the session; another's workspace is 404 as if it did not exist.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { account, api, joinAs, pageAt, postForm, register, withToken } from "./helpers";

interface Workspace {
  id: string;
  name: string;
  role: string;
  personal: boolean;
}
type Answer<T> = { data: T; error?: { code: string; message: string; details?: unknown } };
type Caller = Awaited<ReturnType<typeof account>>;

const inWorkspace = (id: string) => ({ "X-Workspace-Id": id });
const listWorkspaces = (caller: Caller) => caller.call<Answer<Workspace[]>>("/workspaces");
const makeWorkspace = (caller: Caller, json: unknown) =>
  caller.call<Answer<Workspace>>("/workspaces", { method: "POST", json });
const projectNames = async (caller: Caller, headers: Record<string, string> = {}) => {
  const listed = await caller.call<Answer<{ name: string }[]>>("/projects", { headers });
  expect(listed.status).toBe(200);
  return listed.body.data.map((project) => project.name);
};
const makeProject = (caller: Caller, name: string, headers: Record<string, string> = {}) =>
  caller.call<Answer<{ id: string }>>("/projects", {
    method: "POST",
    headers,
    json: { name, type: "fix_and_flip", status: "prospecting" },
  });

let ana: Caller;
let team: Workspace;

beforeAll(async () => {
  ana = await account();
  const made = await makeWorkspace(ana, { name: "  Harbor Flips  " });
  expect(made.status).toBe(201);
  team = made.body.data;
});

describe("a person's workspaces", () => {
  it("has its own from sign-up, named after them, and the teams it made after it", async () => {
    expect(team).toEqual({
      id: expect.any(String),
      name: "Harbor Flips",
      role: "owner",
      personal: false,
    });
    expect(team.id).not.toBe(ana.user.id);
    const listed = await listWorkspaces(ana);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      { id: ana.user.id, name: "Ana Silva", role: "owner", personal: true },
      team,
    ]);
    // Nobody else sees it.
    const bea = await account();
    expect((await listWorkspaces(bea)).body.data.map((one) => one.id)).toEqual([bea.user.id]);
  });

  it("refuses a workspace without a name, or one too long, and makes nothing", async () => {
    const before = (await listWorkspaces(ana)).body.data;
    for (const json of [{}, { name: "   " }, { name: "x".repeat(81) }, { name: 7 }]) {
      const refused = await makeWorkspace(ana, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.error?.code).toBe("VALIDATION_FAILED");
    }
    expect((await listWorkspaces(ana)).body.data).toEqual(before);
  });

  it("is made by a person signed in, not by an access token", async () => {
    const { pat } = await withToken("read_write");
    const refused = await api("/workspaces", {
      method: "POST",
      token: pat,
      json: { name: "Token team" },
    });
    expect(refused.status).toBe(403);
  });

  it("gives a team's account no way in: its address signs in as no one", async () => {
    const { results } = await env.DB.prepare("SELECT email, kind FROM users WHERE id = ?")
      .bind(team.id)
      .all<{ email: string; kind: string }>();
    expect(results).toEqual([{ email: `${team.id}@team.ai42.invalid`, kind: "team" }]);
    const login = await api("/auth/login", {
      method: "POST",
      json: { email: results[0]!.email, password: "!team-account" },
    });
    expect(login.status).toBe(401);
  });
});

describe("the workspace a request acts on", () => {
  it("keeps a team's records apart from each member's own", async () => {
    const teamProject = await makeProject(ana, "Team duplex", inWorkspace(team.id));
    expect(teamProject.status).toBe(201);
    expect((await makeProject(ana, "My own fourplex")).status).toBe(201);

    expect(await projectNames(ana, inWorkspace(team.id))).toEqual(["Team duplex"]);
    expect(await projectNames(ana)).toEqual(["My own fourplex"]);
    expect(await projectNames(ana, inWorkspace(ana.user.id))).toEqual(["My own fourplex"]);
    const read = await ana.call(`/projects/${teamProject.body.data.id}`);
    expect(read.status).toBe(404);
    const readInTeam = await ana.call(`/projects/${teamProject.body.data.id}`, {
      headers: inWorkspace(team.id),
    });
    expect(readInTeam.status).toBe(200);
  });

  it("answers 404 for a workspace the caller is not a member of, and writes nothing there", async () => {
    const eve = await account();
    for (const id of [team.id, ana.user.id, crypto.randomUUID()]) {
      const listed = await eve.call<Answer<unknown>>("/projects", { headers: inWorkspace(id) });
      expect(listed.status, id).toBe(404);
      expect(listed.body.error?.code).toBe("NOT_FOUND");
    }
    const made = await makeProject(eve, "Planted", inWorkspace(team.id));
    expect(made.status).toBe(404);
    expect(await projectNames(ana, inWorkspace(team.id))).not.toContain("Planted");
  });

  it("works in the workspace the session chose, pages too, until it chooses another", async () => {
    const cy = await register();
    const cyCall = (await account()).call; // a stranger, for the refusal below
    const call = async <T>(path: string, init: RequestInit & { json?: unknown } = {}) => {
      const response = await api(path, { ...init, token: cy.token });
      return { status: response.status, body: (await response.json()) as T };
    };
    const made = await call<Answer<Workspace>>("/workspaces", {
      method: "POST",
      json: { name: "Cy & Partners" },
    });
    const cyTeam = made.body.data;
    expect(
      (
        await call("/projects", {
          method: "POST",
          headers: inWorkspace(cyTeam.id),
          json: { name: "Partners' triplex", type: "buy_and_hold", status: "prospecting" },
        })
      ).status,
    ).toBe(201);

    const chose = await call<Answer<Workspace>>("/workspaces/current", {
      method: "PUT",
      json: { id: cyTeam.id },
    });
    expect(chose.status).toBe(200);
    expect(chose.body.data).toEqual(cyTeam);
    const listed = await call<Answer<{ name: string }[]>>("/projects");
    expect(listed.body.data.map((project) => project.name)).toEqual(["Partners' triplex"]);
    // The page the same session opens shows the team's pipeline.
    const page = await pageAt("/project-hub", cy.cookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Partners&#x27; triplex");

    // Not a member: 404, and the session stays where it was.
    const stranger = await cyCall<Answer<Workspace>>("/workspaces", {
      method: "POST",
      json: { name: "Not Cy's" },
    });
    const refused = await call<Answer<unknown>>("/workspaces/current", {
      method: "PUT",
      json: { id: stranger.body.data.id },
    });
    expect(refused.status).toBe(404);
    expect((await call<Answer<{ name: string }[]>>("/projects")).body.data).toHaveLength(1);

    const back = await call("/workspaces/current", { method: "PUT", json: { id: cy.user.id } });
    expect(back.status).toBe(200);
    expect((await call<Answer<unknown[]>>("/projects")).body.data).toEqual([]);
    expect((await pageAt("/project-hub", cy.cookie)).html).not.toContain("Partners&#x27; triplex");
  });
});

describe("the sidebar's switcher, posted as a form", () => {
  it("makes a team workspace and works in it, back on the module the form came from", async () => {
    const dee = await register();
    const made = await postForm("/workspaces/current", dee.cookie, {
      intent: "create",
      name: "Dee's Crew",
      returnTo: "/project-hub/projects/not-this-one",
    });
    expect(made.status).toBe(303);
    expect(made.location).toBe("/project-hub");
    const listed = await api("/workspaces", { token: dee.token });
    const mine = ((await listed.json()) as Answer<Workspace[]>).data;
    expect(mine.map((one) => one.name)).toEqual(["Ana Silva", "Dee's Crew"]);
    // The session works in it now: the API without a header lists the team's (none).
    const projects = await api("/projects", { token: dee.token });
    expect(((await projects.json()) as Answer<unknown[]>).data).toEqual([]);
    expect((await pageAt("/project-hub", dee.cookie)).html).toContain("Dee&#x27;s Crew");

    // Another site's form, another's workspace, a blank name: refused, the session unchanged.
    const stranger = await account();
    const theirs = (await makeWorkspace(stranger, { name: "Elsewhere" })).body.data;
    const refused = [
      await postForm(
        "/workspaces/current",
        dee.cookie,
        { workspaceId: dee.user.id, returnTo: "/home" },
        "https://evil.example",
      ),
      await postForm("/workspaces/current", dee.cookie, { workspaceId: theirs.id }),
      await postForm("/workspaces/current", dee.cookie, { intent: "create", name: " " }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 404, 400]);
    const after = await api("/workspaces", { token: dee.token });
    expect(((await after.json()) as Answer<Workspace[]>).data).toHaveLength(2);
    expect((await pageAt("/project-hub", dee.cookie)).html).toContain("Dee&#x27;s Crew");
  });

  it("sends a form from a page that is no module's back to the dashboard", async () => {
    const fay = await register();
    const moved = await postForm("/workspaces/current", fay.cookie, {
      workspaceId: fay.user.id,
      returnTo: "https://evil.example/home",
    });
    expect(moved).toMatchObject({ status: 303, location: "/home" });
  });
});

describe("what follows the workspace, and what stays the person's", () => {
  it("counts storage against the workspace a record is written in", async () => {
    const usedIn = async (headers: Record<string, string>) => {
      const usage = await ana.call<Answer<{ storage: { used: number } }>>("/usage", { headers });
      expect(usage.status).toBe(200);
      return usage.body.data.storage.used;
    };
    const [teamBefore, ownBefore] = [await usedIn(inWorkspace(team.id)), await usedIn({})];
    const note = await ana.call("/data/entries", {
      method: "POST",
      headers: inWorkspace(team.id),
      json: { title: "Team notes", content: "x".repeat(20_000) },
    });
    expect(note.status).toBe(201);
    expect(await usedIn(inWorkspace(team.id))).toBeGreaterThanOrEqual(teamBefore + 20_000);
    expect(await usedIn({})).toBe(ownBefore);
  });

  it("keeps the person's notification preferences the same in every workspace", async () => {
    const changed = await ana.call("/notifications/settings", {
      method: "PUT",
      json: { timeZone: "America/Phoenix" },
    });
    expect(changed.status).toBe(200);
    const own = await ana.call<Answer<{ timeZone: string }>>("/notifications/settings");
    expect(own.body.data.timeZone).toBe("America/Phoenix");
    const inTeam = await ana.call<Answer<unknown>>("/notifications/settings", {
      headers: inWorkspace(team.id),
    });
    expect(own.status).toBe(200);
    expect(inTeam.body.data).toEqual(own.body.data);
  });
});

it("gives every account from before workspaces its own, with the records it had", async () => {
  // An account as the database held it before workspaces: no workspace, no membership.
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, password_hash, first_name, last_name, created_at, updated_at) VALUES (?, ?, 'x', 'Old', 'Timer', ?, ?)",
    ).bind(id, `${id}@example.com`, now, now),
    env.DB.prepare(
      "INSERT INTO projects (id, user_id, name, type, status, created_at, updated_at) VALUES (?, ?, 'Old duplex', 'fix_and_flip', 'prospecting', ?, ?)",
    ).bind(crypto.randomUUID(), id, now, now),
  ]);
  const migration = env.TEST_MIGRATIONS.find((one) => one.name.startsWith("0043_"));
  const backfill = migration!.queries.filter((query) => /^\s*INSERT/.test(query));
  expect(backfill).toHaveLength(2);
  await env.DB.batch(backfill.map((query) => env.DB.prepare(query)));
  // Run again (a migration retried): nothing twice.
  await env.DB.batch(backfill.map((query) => env.DB.prepare(query)));

  const workspace = await env.DB.prepare("SELECT id, name, personal FROM workspaces WHERE id = ?")
    .bind(id)
    .all();
  expect(workspace.results).toEqual([{ id, name: "Old Timer", personal: 1 }]);
  const members = await env.DB.prepare(
    "SELECT user_id, role FROM workspace_members WHERE workspace_id = ?",
  )
    .bind(id)
    .all();
  expect(members.results).toEqual([{ user_id: id, role: "owner" }]);
  // Its records are its workspace's as they were: same ids, same owner.
  const projects = await env.DB.prepare("SELECT name FROM projects WHERE user_id = ?")
    .bind(id)
    .all();
  expect(projects.results).toEqual([{ name: "Old duplex" }]);
  // And no team got a member it should not have.
  const teamMembers = await env.DB.prepare(
    "SELECT count(*) AS n FROM workspace_members WHERE workspace_id = ?",
  )
    .bind(team.id)
    .first<{ n: number }>();
  expect(teamMembers?.n).toBe(1);
});

/** Calls as the person signed in with `token`. */
const callWith =
  (token: string) =>
  async <T>(path: string, init: RequestInit & { json?: unknown } = {}) => {
    const response = await api(path, { ...init, token });
    return { status: response.status, body: (await response.json()) as T };
  };

/** A small file uploaded to project `projectId` of workspace `workspaceId`: its id. */
async function uploadFileIn(token: string, workspaceId: string, projectId: string) {
  const body = new FormData();
  body.append("ownerType", "project");
  body.append("ownerId", projectId);
  body.append("file", new File(["Unit,Rent\nA,1200\n"], "rents.csv", { type: "text/csv" }));
  const response = await api("/files", {
    method: "POST",
    token,
    body,
    headers: inWorkspace(workspaceId),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as Answer<{ id: string }>).data.id;
}

describe("deleting a team's workspace", () => {
  it("is for its owners: everything in it goes, for every member, and their sessions go home", async () => {
    const olga = await register({ first_name: "Olga" });
    const [mel, vic] = await Promise.all([register(), register()]);
    const asOlga = callWith(olga.token);
    const made = await asOlga<Answer<Workspace>>("/workspaces", {
      method: "POST",
      json: { name: "Short-lived Flips" },
    });
    const doomed = made.body.data.id;
    await joinAs(doomed, mel.user.id, "admin");
    await joinAs(doomed, vic.user.id, "member");
    const project = await asOlga<Answer<{ id: string }>>("/projects", {
      method: "POST",
      headers: inWorkspace(doomed),
      json: { name: "Doomed duplex", type: "fix_and_flip", status: "prospecting" },
    });
    const file = await uploadFileIn(olga.token, doomed, project.body.data.id);
    const objectKey = await env.DB.prepare("SELECT object_key FROM files WHERE id = ?")
      .bind(file)
      .first<string>("object_key");
    expect(await env.FILES!.head(objectKey!)).not.toBeNull();
    // Mel works in it, by the session's choice.
    const chose = await api("/workspaces/current", {
      method: "PUT",
      token: mel.token,
      json: { id: doomed },
    });
    expect(chose.status).toBe(200);

    // An admin, a member, a stranger: refused, and nothing goes.
    const stranger = await register();
    for (const [who, status, code] of [
      [mel, 403, "FORBIDDEN_ROLE"],
      [vic, 403, "FORBIDDEN_ROLE"],
      [stranger, 404, "NOT_FOUND"],
    ] as const) {
      const refused = await api(`/workspaces/${doomed}`, { method: "DELETE", token: who.token });
      expect(refused.status).toBe(status);
      expect(((await refused.json()) as Answer<unknown>).error?.code).toBe(code);
    }
    // Someone's own workspace is their account: never deleted this way.
    const own = await api(`/workspaces/${olga.user.id}`, { method: "DELETE", token: olga.token });
    expect(own.status).toBe(409);
    expect(((await own.json()) as Answer<unknown>).error?.code).toBe("OWN_WORKSPACE");
    expect((await asOlga<Answer<Workspace[]>>("/workspaces")).body.data).toHaveLength(2);

    const deleted = await api(`/workspaces/${doomed}`, { method: "DELETE", token: olga.token });
    expect(deleted.status).toBe(204);

    const left = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM users WHERE id = ?1) + (SELECT count(*) FROM workspaces WHERE id = ?1) + (SELECT count(*) FROM workspace_members WHERE workspace_id = ?1) + (SELECT count(*) FROM projects WHERE user_id = ?1) + (SELECT count(*) FROM files WHERE user_id = ?1) AS n",
    )
      .bind(doomed)
      .first<number>("n");
    expect(left).toBe(0);
    expect(await env.FILES!.head(objectKey!)).toBeNull();
    // Mel's session works in Mel's own workspace again; the team is a 404 to everyone.
    const projects = await api("/projects", { token: mel.token });
    expect(projects.status).toBe(200);
    expect(((await projects.json()) as Answer<unknown[]>).data).toEqual([]);
    const named = await api("/projects", { token: olga.token, headers: inWorkspace(doomed) });
    expect(named.status).toBe(404);
    // The people are all still there, with their own workspaces.
    for (const person of [olga, mel, vic]) {
      const theirs = await api("/workspaces", { token: person.token });
      expect(((await theirs.json()) as Answer<Workspace[]>).data).toEqual([
        expect.objectContaining({ id: person.user.id, personal: true }),
      ]);
    }
  });

  it("from Team: an owner's confirmed form deletes it and goes home", async () => {
    const olga = await register({ first_name: "Olga" });
    const made = await callWith(olga.token)<Answer<Workspace>>("/workspaces", {
      method: "POST",
      json: { name: "Page Flips" },
    });
    const teamId = made.body.data.id;
    await api("/workspaces/current", { method: "PUT", token: olga.token, json: { id: teamId } });
    const page = await pageAt("/team", olga.cookie);
    expect(page.html).toContain("Delete this workspace");
    expect(page.html).toContain(
      "Delete Page Flips and everything in it, for you, its only member? This can&#x27;t be undone.",
    );
    const posted = await postForm("/team", olga.cookie, { intent: "delete-workspace" });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/home");
    const count = await env.DB.prepare("SELECT count(*) AS n FROM workspaces WHERE id = ?")
      .bind(teamId)
      .first<number>("n");
    expect(count).toBe(0);
    // Their own workspace's Team offers no such thing.
    expect((await pageAt("/team", olga.cookie)).html).not.toContain("Delete this workspace");
  });
});
