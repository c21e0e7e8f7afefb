/**
 * A workspace's members: every member reads the list; owners and admins change roles and remove
 * others, an admin never an owner nor making one; anyone leaves; a workspace keeps an owner, and a
 * person's own workspace keeps them; whoever is removed loses the workspace at once.
 */
import { describe, expect, it } from "vitest";
import { account, api, member, type Caller } from "./helpers";

interface Member {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  assignedOnly: boolean;
  joinedAt: string;
}
type Answer<T> = { data: T; error?: { code: string; message: string } };

/** A team made by a fresh owner, with an admin, a member and a viewer who joined it. */
async function team() {
  const owner = await account();
  const made = await owner.call<Answer<{ id: string }>>("/workspaces", {
    method: "POST",
    json: { name: "Harbor Flips" },
  });
  const id = made.body.data.id;
  const [admin, worker, viewer] = [
    await member(owner.call, id, "admin"),
    await member(owner.call, id, "member"),
    await member(owner.call, id, "viewer"),
  ];
  return { id, owner, admin, worker, viewer };
}

const membersOf = (caller: Caller, id: string) =>
  caller<Answer<Member[]>>(`/workspaces/${id}/members`);
const change = (caller: Caller, id: string, userId: string, json: unknown) =>
  caller<Answer<Member>>(`/workspaces/${id}/members/${userId}`, { method: "PATCH", json });
/** A removal as `who` asks it: 204 with no body, or the refusal. */
async function remove(who: { token: string }, id: string, userId: string) {
  const response = await api(`/workspaces/${id}/members/${userId}`, {
    method: "DELETE",
    token: who.token,
  });
  const body = response.status === 204 ? null : ((await response.json()) as Answer<unknown>);
  return { status: response.status, body: { error: body?.error } };
}
const rolesIn = async (caller: Caller, id: string) =>
  Object.fromEntries((await membersOf(caller, id)).body.data.map((one) => [one.userId, one.role]));

describe("GET /api/workspaces/{id}/members", () => {
  it("lists every member, earliest first, to any member, a viewer too", async () => {
    const { id, owner, admin, worker, viewer } = await team();
    const listed = await membersOf(viewer.call, id);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual(
      [
        [owner, "owner"],
        [admin, "admin"],
        [worker, "member"],
        [viewer, "viewer"],
      ].map(([one, role]) => ({
        userId: (one as typeof owner).user.id,
        email: (one as typeof owner).user.email,
        firstName: "Ana",
        lastName: "Silva",
        role,
        assignedOnly: false,
        joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      })),
    );
  });

  it("answers 404 to someone not a member, as if the workspace did not exist", async () => {
    const { id, owner } = await team();
    const stranger = await account();
    const refused = await membersOf(stranger.call, id);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toEqual({
      code: "NOT_FOUND",
      message: "No such workspace: it does not exist or you are not a member",
    });
    // Someone's own workspace too.
    expect((await membersOf(stranger.call, owner.user.id)).status).toBe(404);
  });
});

describe("PATCH /api/workspaces/{id}/members/{userId}", () => {
  it("lets an owner or an admin change a member's role and what they see", async () => {
    const { id, owner, admin, worker, viewer } = await team();
    const demoted = await change(admin.call, id, worker.user.id, { role: "viewer" });
    expect(demoted.status).toBe(200);
    expect(demoted.body.data).toMatchObject({ userId: worker.user.id, role: "viewer" });
    const narrowed = await change(owner.call, id, viewer.user.id, { assignedOnly: true });
    expect(narrowed.body.data).toMatchObject({ role: "viewer", assignedOnly: true });
    const promoted = await change(owner.call, id, worker.user.id, { role: "admin" });
    expect(promoted.body.data.role).toBe("admin");
    const listed = (await membersOf(owner.call, id)).body.data;
    expect(listed.find((one) => one.userId === viewer.user.id)?.assignedOnly).toBe(true);
    expect(listed.find((one) => one.userId === worker.user.id)?.role).toBe("admin");
  });

  it("refuses a member or a viewer, and anyone raising their own role, naming the role it takes", async () => {
    const { id, owner, admin, worker, viewer } = await team();
    const before = await rolesIn(owner.call, id);
    const attempts = [
      await change(worker.call, id, viewer.user.id, { role: "member" }),
      await change(viewer.call, id, worker.user.id, { assignedOnly: true }),
      await change(worker.call, id, worker.user.id, { role: "admin" }),
      await change(viewer.call, id, viewer.user.id, { role: "member" }),
      await change(admin.call, id, admin.user.id, { role: "owner" }),
    ];
    for (const refused of attempts) {
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe("FORBIDDEN_ROLE");
    }
    expect(attempts[0]!.body.error?.message).toMatch(/owner or an admin.*you are a member/);
    expect(attempts[2]!.body.error?.message).toMatch(/your own role/);
    expect(await rolesIn(owner.call, id)).toEqual(before);
  });

  it("keeps owners an owner's business: an admin changes none and makes none", async () => {
    const { id, owner, admin, worker } = await team();
    const touched = await change(admin.call, id, owner.user.id, { role: "member" });
    expect(touched.status).toBe(403);
    expect(touched.body.error?.message).toMatch(/Only an owner can change an owner/);
    const made = await change(admin.call, id, worker.user.id, { role: "owner" });
    expect(made.status).toBe(403);
    expect(made.body.error).toMatchObject({ code: "FORBIDDEN_ROLE" });
    expect((await rolesIn(owner.call, id))[worker.user.id]).toBe("member");
  });

  it("passes ownership: an owner makes another one, then steps down; the last owner can't", async () => {
    const { id, owner, admin } = await team();
    const alone = await change(owner.call, id, owner.user.id, { role: "admin" });
    expect(alone.status).toBe(409);
    expect(alone.body.error?.code).toBe("LAST_OWNER");
    expect((await change(owner.call, id, admin.user.id, { role: "owner" })).status).toBe(200);
    const steppedDown = await change(owner.call, id, owner.user.id, { role: "member" });
    expect(steppedDown.status).toBe(200);
    expect(steppedDown.body.data.role).toBe("member");
    const last = await change(admin.call, id, admin.user.id, { role: "viewer" });
    expect(last.status).toBe(409);
    expect(last.body.error?.code).toBe("LAST_OWNER");
    expect(await rolesIn(admin.call, id)).toMatchObject({
      [owner.user.id]: "member",
      [admin.user.id]: "owner",
    });
  });

  it("answers 404 for someone not a member, and 400 for a change it can't read, changing nothing", async () => {
    const { id, owner, worker } = await team();
    const stranger = await account();
    const unknown = await change(owner.call, id, stranger.user.id, { role: "viewer" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe("NOT_FOUND");
    const before = await membersOf(owner.call, id);
    for (const json of [{}, { role: "king" }, { assignedOnly: "yes" }, { role: null }]) {
      const refused = await change(owner.call, id, worker.user.id, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.error?.code).toBe("VALIDATION_FAILED");
    }
    expect(await membersOf(owner.call, id)).toEqual(before);
  });
});

describe("DELETE /api/workspaces/{id}/members/{userId}", () => {
  it("lets an owner or an admin remove others, an admin never an owner", async () => {
    const { id, owner, admin, worker, viewer } = await team();
    const refused = [
      await remove(worker, id, viewer.user.id),
      await remove(viewer, id, worker.user.id),
      await remove(admin, id, owner.user.id),
    ];
    expect(refused.map((one) => [one.status, one.body.error?.code])).toEqual(
      Array(3).fill([403, "FORBIDDEN_ROLE"]),
    );
    expect((await remove(admin, id, worker.user.id)).status).toBe(204);
    expect((await remove(owner, id, admin.user.id)).status).toBe(204);
    expect(Object.keys(await rolesIn(owner.call, id)).sort()).toEqual(
      [owner.user.id, viewer.user.id].sort(),
    );
    expect((await remove(owner, id, admin.user.id)).status).toBe(404);
  });

  it("lets anyone leave but the last owner", async () => {
    const { id, owner, admin, worker, viewer } = await team();
    expect((await remove(viewer, id, viewer.user.id)).status).toBe(204);
    const last = await remove(owner, id, owner.user.id);
    expect(last.status).toBe(409);
    expect(last.body.error?.code).toBe("LAST_OWNER");
    await change(owner.call, id, admin.user.id, { role: "owner" });
    expect((await remove(owner, id, owner.user.id)).status).toBe(204);
    expect(await rolesIn(admin.call, id)).toEqual({
      [admin.user.id]: "owner",
      [worker.user.id]: "member",
    });
  });

  it("keeps a person in their own workspace, whoever else owns it with them", async () => {
    const ana = await account();
    const bea = await member(ana.call, ana.user.id, "admin");
    await change(ana.call, ana.user.id, bea.user.id, { role: "owner" });
    for (const refused of [
      await remove(bea, ana.user.id, ana.user.id),
      await remove(ana, ana.user.id, ana.user.id),
      await change(bea.call, ana.user.id, ana.user.id, { role: "admin" }),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe("OWN_WORKSPACE");
    }
    expect((await rolesIn(ana.call, ana.user.id))[ana.user.id]).toBe("owner");
    // The other owner may go.
    expect((await remove(ana, ana.user.id, bea.user.id)).status).toBe(204);
  });

  it("ends the removed person's access at once: their session works in their own workspace", async () => {
    const { id, owner, worker } = await team();
    // Joining chose the team for the session: the API without a header acts in it.
    const teamProject = await owner.call<Answer<{ id: string }>>("/projects", {
      method: "POST",
      headers: { "X-Workspace-Id": id },
      json: { name: "Team duplex", type: "fix_and_flip", status: "prospecting" },
    });
    expect(teamProject.status).toBe(201);
    const names = async () =>
      (await worker.call<Answer<{ name: string }[]>>("/projects")).body.data.map((one) => one.name);
    expect(await names()).toEqual(["Team duplex"]);
    const made = await worker.call<Answer<{ token: string }>>("/access-tokens", {
      method: "POST",
      json: { name: "Team script", scope: "read", expires_in_days: 30 },
    });
    expect(made.status).toBe(201);
    const tokenProjects = () => api("/projects", { token: made.body.data.token });
    expect((await tokenProjects()).status).toBe(200);

    expect((await remove(owner, id, worker.user.id)).status).toBe(204);

    // The token made there is gone with the membership.
    expect((await tokenProjects()).status).toBe(401);
    const tokens = await worker.call<Answer<unknown[]>>("/access-tokens");
    expect(tokens.body.data).toEqual([]);

    expect(await names()).toEqual([]);
    const named = await worker.call<Answer<unknown>>("/projects", {
      headers: { "X-Workspace-Id": id },
    });
    expect(named.status).toBe(404);
    expect(named.body.error?.code).toBe("NOT_FOUND");
    const read = await worker.call(`/projects/${teamProject.body.data.id}`);
    expect(read.status).toBe(404);
    const mine = await worker.call<Answer<{ id: string }[]>>("/workspaces");
    expect(mine.body.data.map((one) => one.id)).toEqual([worker.user.id]);
    expect((await membersOf(worker.call, id)).status).toBe(404);
  });
});
