/**
 * Invitations: an owner or an admin invites an address with a role; the link is e-mailed and shown
 * once (only its token's hash is kept); the account with that address accepts it once, within a
 * week, unless it was revoked or a newer one sent; signing up from the link joins too.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { INVITATIONS_PER_DAY } from "../../app/domain/teams";
import { sha256Hex } from "../../worker/services/crypto";
import {
  account,
  api,
  type Caller,
  emailsTo,
  invite,
  joinAs,
  member,
  ORIGIN,
  pageAt,
  postForm,
  register,
  uniqueEmail,
  withToken,
} from "./helpers";

interface Workspace {
  id: string;
  name: string;
  role: string;
  personal: boolean;
}
interface Invitation {
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
}
type Answer<T> = { data: T; error?: { code: string; message: string } };
type Account = Awaited<ReturnType<typeof account>>;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

let ana: Account;
let team: Workspace;

beforeAll(async () => {
  ana = await account();
  team = (
    await ana.call<Answer<Workspace>>("/workspaces", {
      method: "POST",
      json: { name: "Harbor Flips" },
    })
  ).body.data;
});

const inviting = (caller: Caller, id: string, json: unknown) =>
  caller<Answer<Invitation & { url: string }>>(`/workspaces/${id}/invitations`, {
    method: "POST",
    json,
  });
const pending = (caller: Caller, id: string) =>
  caller<Answer<Invitation[]>>(`/workspaces/${id}/invitations`);
const accept = (caller: Caller, token: string) =>
  caller<Answer<Workspace>>(`/invitations/${token}/accept`, { method: "POST" });
const opened = async (token: string) => {
  const response = await api(`/invitations/${token}`);
  return {
    status: response.status,
    body: (await response.json()) as Answer<{ status: string; [key: string]: unknown }>,
  };
};
const statusOf = async (token: string) => (await opened(token)).body.data.status;
const revoke = (who: { token: string }, id: string, invitationId: string) =>
  api(`/workspaces/${id}/invitations/${invitationId}`, { method: "DELETE", token: who.token });

describe("POST /api/workspaces/{id}/invitations", () => {
  it("answers the invitation with its link once, keeps only the token's hash, and e-mails the link", async () => {
    const address = uniqueEmail("invitee");
    const before = Date.now();
    const made = await inviting(ana.call, team.id, { email: address.toUpperCase(), role: "admin" });
    expect(made.status).toBe(201);
    const invitation = made.body.data;
    expect(invitation).toEqual({
      id: expect.any(String),
      email: address,
      role: "admin",
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      url: expect.stringMatching(new RegExp(`^${ORIGIN}/invitations/[\\w-]{43,}$`)),
    });
    const created = Date.parse(invitation.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(invitation.expiresAt) - created).toBe(WEEK_MS);

    const token = invitation.url.split("/").pop()!;
    const row = await env.DB.prepare("SELECT * FROM workspace_invitations WHERE id = ?")
      .bind(invitation.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      workspace_id: team.id,
      email: address,
      role: "admin",
      token_hash: await sha256Hex(token),
      invited_by: ana.user.id,
      accepted_at: null,
      revoked_at: null,
    });
    expect(Object.values(row!)).not.toContain(token);

    const [email] = await emailsTo(address, "invited you to");
    expect(email?.subject).toBe("Ana Silva invited you to Harbor Flips on AI42");
    expect(email?.text).toContain(invitation.url);
    expect(email?.text).toContain("Admin");
  });

  it("is for owners and admins, with any role but owner; others are refused naming the role it takes", async () => {
    const admin = await member(ana.call, team.id, "admin");
    for (const role of ["admin", "member", "viewer"]) {
      expect((await inviting(admin.call, team.id, { email: uniqueEmail(), role })).status).toBe(
        201,
      );
    }
    for (const role of ["member", "viewer"]) {
      const someone = await member(ana.call, team.id, role);
      const refused = await inviting(someone.call, team.id, {
        email: uniqueEmail(),
        role: "viewer",
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe("FORBIDDEN_ROLE");
      expect(refused.body.error?.message).toMatch(/takes an owner or an admin/);
    }
    for (const json of [
      { email: uniqueEmail(), role: "owner" },
      { email: "not an address", role: "member" },
      { email: uniqueEmail() },
    ]) {
      const refused = await inviting(ana.call, team.id, json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.error?.code).toBe("VALIDATION_FAILED");
    }
    const stranger = await account();
    const hidden = await inviting(stranger.call, team.id, { email: uniqueEmail(), role: "member" });
    expect(hidden.status).toBe(404);
  });

  it("may be made by an access token, never accepted with one", async () => {
    const { call, pat } = await withToken("read_write");
    const mine = (await call<Answer<Workspace[]>>("/workspaces")).body.data[0]!;
    const byToken = await api(`/workspaces/${mine.id}/invitations`, {
      method: "POST",
      token: pat,
      json: { email: uniqueEmail(), role: "member" },
    });
    expect(byToken.status).toBe(201);
    const { token } = await invite(ana.call, team.id, uniqueEmail());
    const refused = await api(`/invitations/${token}/accept`, { method: "POST", token: pat });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Answer<unknown>).error?.code).toBe("SESSION_REQUIRED");
  });

  it("answers 409 for someone already a member, the caller too", async () => {
    const bea = await member(ana.call, team.id, "viewer");
    for (const email of [bea.user.email, bea.user.email.toUpperCase(), ana.user.email]) {
      const refused = await inviting(ana.call, team.id, { email, role: "member" });
      expect(refused.status).toBe(409);
      expect(refused.body.error?.code).toBe("ALREADY_MEMBER");
    }
  });

  it("revokes the invitation pending for the address when a newer one is sent", async () => {
    const cy = await account();
    const older = await invite(ana.call, team.id, cy.user.email, "viewer");
    const newer = await invite(ana.call, team.id, cy.user.email, "member");
    const listed = (await pending(ana.call, team.id)).body.data.filter(
      (one) => one.email === cy.user.email,
    );
    expect(listed.map((one) => one.id)).toEqual([newer.id]);
    const refused = await accept(cy.call, older.token);
    expect(refused.status).toBe(410);
    expect(refused.body.error?.code).toBe("INVITATION_REVOKED");
    expect((await accept(cy.call, newer.token)).body.data.role).toBe("member");
  });

  it("invites to a person's own workspace too, which stays theirs", async () => {
    const dee = await account();
    const { token } = await invite(ana.call, ana.user.id, dee.user.email, "member");
    const joined = await accept(dee.call, token);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toEqual({
      id: ana.user.id,
      name: "Ana Silva",
      role: "member",
      personal: false,
    });
    const deeLists = (await dee.call<Answer<Workspace[]>>("/workspaces")).body.data;
    expect(deeLists.map((one) => [one.id, one.personal])).toEqual([
      [dee.user.id, true],
      [ana.user.id, false],
    ]);
    const anaLists = (await ana.call<Answer<Workspace[]>>("/workspaces")).body.data;
    expect(anaLists[0]).toMatchObject({ id: ana.user.id, personal: true, role: "owner" });
  });
});

describe("GET and DELETE /api/workspaces/{id}/invitations", () => {
  it("lists the pending ones newest first, without their links, to owners and admins only", async () => {
    const own = await account();
    const workspace = own.user.id;
    const first = await invite(own.call, workspace, uniqueEmail(), "viewer");
    const second = await invite(own.call, workspace, uniqueEmail(), "admin");
    const used = await account();
    await accept(used.call, (await invite(own.call, workspace, used.user.email)).token);
    const revoked = await invite(own.call, workspace, uniqueEmail());
    expect((await revoke(own, workspace, revoked.id)).status).toBe(204);
    const expired = await invite(own.call, workspace, uniqueEmail());
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), expired.id)
      .run();

    const listed = await pending(own.call, workspace);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual(
      [second, first].map(({ id, email, role, createdAt, expiresAt }) => ({
        id,
        email,
        role,
        createdAt,
        expiresAt,
      })),
    );

    const admin = await member(own.call, workspace, "admin");
    expect((await pending(admin.call, workspace)).body.data).toHaveLength(2);
    const viewer = await member(own.call, workspace, "viewer");
    const refused = await pending(viewer.call, workspace);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe("FORBIDDEN_ROLE");
    expect((await pending((await account()).call, workspace)).status).toBe(404);
  });

  it("revokes one: its link stops working; an unknown or spent one answers 404", async () => {
    const eve = await account();
    const invitation = await invite(ana.call, team.id, eve.user.email);
    const viewer = await member(ana.call, team.id, "viewer");
    const refused = await revoke(viewer, team.id, invitation.id);
    expect(refused.status).toBe(403);
    expect(await statusOf(invitation.token)).toBe("pending");

    const revoked = await revoke(ana, team.id, invitation.id);
    expect(revoked.status).toBe(204);
    expect(await statusOf(invitation.token)).toBe("revoked");
    const refusedAccept = await accept(eve.call, invitation.token);
    expect(refusedAccept.status).toBe(410);
    expect(refusedAccept.body.error?.code).toBe("INVITATION_REVOKED");
    for (const id of [invitation.id, crypto.randomUUID()]) {
      expect((await revoke(ana, team.id, id)).status).toBe(404);
    }
  });
});

describe("an invitation's link", () => {
  it("shows what it invites to, to anyone, and 404 for a link that names none", async () => {
    const address = uniqueEmail();
    const invitation = await invite(ana.call, team.id, address, "viewer");
    const shown = await opened(invitation.token);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toEqual({
      workspaceName: "Harbor Flips",
      email: address,
      role: "viewer",
      expiresAt: invitation.expiresAt,
      status: "pending",
    });
    for (const token of ["x".repeat(43), invitation.token.slice(0, -1)]) {
      const missing = await opened(token);
      expect(missing.status).toBe(404);
      expect(missing.body.error?.code).toBe("INVITATION_NOT_FOUND");
      const refused = await accept(ana.call, token);
      expect(refused.status).toBe(404);
      expect(refused.body.error?.code).toBe("INVITATION_NOT_FOUND");
    }
  });

  it("is accepted once, by its address's account, which then works in the workspace", async () => {
    const fay = await account();
    const gus = await account();
    const teamProject = await ana.call("/projects", {
      method: "POST",
      headers: { "X-Workspace-Id": team.id },
      json: { name: "Team fourplex", type: "buy_and_hold", status: "prospecting" },
    });
    expect(teamProject.status).toBe(201);
    const invitation = await invite(ana.call, team.id, fay.user.email.toUpperCase(), "viewer");

    const wrong = await accept(gus.call, invitation.token);
    expect(wrong.status).toBe(403);
    expect(wrong.body.error?.code).toBe("INVITATION_WRONG_ADDRESS");
    expect(await statusOf(invitation.token)).toBe("pending");
    expect((await gus.call<Answer<Workspace[]>>("/workspaces")).body.data).toHaveLength(1);

    const joined = await accept(fay.call, invitation.token);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toEqual({
      id: team.id,
      name: "Harbor Flips",
      role: "viewer",
      personal: false,
    });
    const listed = (await fay.call<Answer<Workspace[]>>("/workspaces")).body.data;
    expect(listed).toContainEqual(joined.body.data);
    // The session works in it now: no header needed.
    const projects = await fay.call<Answer<{ name: string }[]>>("/projects");
    expect(projects.body.data.map((one) => one.name)).toContain("Team fourplex");

    const again = await accept(fay.call, invitation.token);
    expect(again.status).toBe(410);
    expect(again.body.error?.code).toBe("INVITATION_USED");
    expect(await statusOf(invitation.token)).toBe("accepted");
    expect((await pending(ana.call, team.id)).body.data.map((one) => one.id)).not.toContain(
      invitation.id,
    );
  });

  it("expires after a week", async () => {
    const hal = await account();
    const invitation = await invite(ana.call, team.id, hal.user.email);
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), invitation.id)
      .run();
    const refused = await accept(hal.call, invitation.token);
    expect(refused.status).toBe(410);
    expect(refused.body.error?.code).toBe("INVITATION_EXPIRED");
    expect(await statusOf(invitation.token)).toBe("expired");
    expect((await hal.call<Answer<Workspace[]>>("/workspaces")).body.data).toHaveLength(1);
  });

  it("keeps the role of someone who became a member meanwhile, and is spent", async () => {
    const ivy = await account();
    const invitation = await invite(ana.call, team.id, ivy.user.email, "viewer");
    await joinAs(team.id, ivy.user.id, "admin");
    const joined = await accept(ivy.call, invitation.token);
    expect(joined.status).toBe(200);
    expect(joined.body.data.role).toBe("admin");
    expect(await statusOf(invitation.token)).toBe("accepted");
  });
});

describe("signing up from an invitation's link", () => {
  it("joins the workspace with the sign-up, and the first session works in it", async () => {
    const address = uniqueEmail("newcomer");
    const invitation = await invite(ana.call, team.id, address, "member");
    await ana.call("/projects", {
      method: "POST",
      headers: { "X-Workspace-Id": team.id },
      json: { name: "Welcome duplex", type: "fix_and_flip", status: "prospecting" },
    });
    const joe = await register({ email: address, invitation: invitation.token });
    expect(joe.response.status).toBe(202);
    const call = (path: string, headers: Record<string, string> = {}) =>
      api(path, { token: joe.token, headers }).then(
        async (response) => (await response.json()) as Answer<{ id: string; name: string }[]>,
      );
    expect((await call("/workspaces")).data).toEqual([
      expect.objectContaining({ id: joe.user.id, personal: true }),
      { id: team.id, name: "Harbor Flips", role: "member", personal: false },
    ]);
    const teamProjects = (await call("/projects", { "X-Workspace-Id": team.id })).data;
    expect(teamProjects.map((one) => one.name)).toContain("Welcome duplex");
    expect((await call("/projects")).data).toEqual(teamProjects);
    expect(await statusOf(invitation.token)).toBe("accepted");

    // Only the first: the next sign-in works in the account's own workspace.
    const next = await api("/auth/login", {
      method: "POST",
      json: { email: address, password: joe.body.password },
    });
    const { token } = ((await next.json()) as { data: { token: string } }).data;
    const own = await api("/projects", { token });
    expect(((await own.json()) as Answer<unknown[]>).data).toEqual([]);
  });

  it("joins nothing for another address, an address that has an account, or a spent link", async () => {
    const invited = uniqueEmail("invited");
    const invitation = await invite(ana.call, team.id, invited);
    const other = await register({ invitation: invitation.token });
    expect(other.response.status).toBe(202);
    expect(await statusOf(invitation.token)).toBe("pending");

    // The address's account exists already: the sign-up makes nothing, and joins no one.
    const kim = await account();
    const kimInvitation = await invite(ana.call, team.id, kim.user.email);
    const taken = await api("/auth/register", {
      method: "POST",
      json: {
        email: kim.user.email,
        password: "another horse battery",
        first_name: "Not",
        last_name: "Kim",
        invitation: kimInvitation.token,
      },
    });
    expect(taken.status).toBe(202);
    expect(await statusOf(kimInvitation.token)).toBe("pending");
    expect((await kim.call<Answer<Workspace[]>>("/workspaces")).body.data).toHaveLength(1);

    await revoke(ana, team.id, invitation.id);
    const late = await register({ email: invited, invitation: invitation.token });
    const lists = await api("/workspaces", { token: late.token });
    expect(((await lists.json()) as Answer<Workspace[]>).data).toHaveLength(1);
    for (const signedUp of [other, late]) {
      const projects = await api("/projects", { token: signedUp.token });
      expect(((await projects.json()) as Answer<unknown[]>).data).toEqual([]);
    }
  });
});

describe("the invitation's page", () => {
  it("shows who invites to what, and leads someone signed out to sign in or up, and back", async () => {
    const { token } = await invite(ana.call, team.id, uniqueEmail("reader"), "viewer");
    const page = await pageAt(`/invitations/${token}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Join Harbor Flips");
    expect(page.html).toMatch(/Ana Silva(<!-- -->)? invited/);
    expect(page.html).toContain("Viewer");
    const back = encodeURIComponent(`/invitations/${token}`);
    expect(page.html).toContain(`href="/sign-in?next=${back}"`);
    expect(page.html).toContain(`href="/sign-in?next=${back}&amp;mode=signup"`);
    // The login form posted without JavaScript comes back here.
    const signIn = await pageAt(`/sign-in?next=${back}`);
    expect(signIn.html).toContain(`action="/sign-in?next=${back}"`);
  });

  it("accepts with a press of its button, for the address's account, and opens the workspace", async () => {
    const lee = await register();
    const invitation = await invite(ana.call, team.id, lee.user.email, "member");
    const path = `/invitations/${invitation.token}`;
    const shown = await pageAt(path, lee.cookie);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Accept invitation");
    // Opening the page (a mail scanner does) accepts nothing.
    expect(await statusOf(invitation.token)).toBe("pending");

    // Another site's form is refused before the page runs.
    expect((await postForm(path, lee.cookie, {}, "https://evil.example")).status).toBe(403);
    expect(await statusOf(invitation.token)).toBe("pending");

    const accepted = await postForm(path, lee.cookie, {});
    expect(accepted).toMatchObject({ status: 303, location: "/home" });
    expect(await statusOf(invitation.token)).toBe("accepted");
    const projects = await api("/projects", { token: lee.token });
    const teamProjects = await api("/projects", {
      token: lee.token,
      headers: { "X-Workspace-Id": team.id },
    });
    expect(await projects.json()).toEqual(await teamProjects.json());

    const again = await pageAt(path, lee.cookie);
    expect(again.status).toBe(410);
    expect(again.html).toContain("You joined Harbor Flips");
    const refused = await postForm(path, lee.cookie, {});
    expect(refused.status).toBe(410);
  });

  it("tells the wrong account, and anyone after the link is spent, why not", async () => {
    const mia = await register();
    const ned = await register();
    const invitation = await invite(ana.call, team.id, mia.user.email);
    const path = `/invitations/${invitation.token}`;
    const wrong = await pageAt(path, ned.cookie);
    expect(wrong.status).toBe(403);
    expect(wrong.html).toContain(`This invitation is for ${mia.user.email}`);
    expect(wrong.html).not.toContain("Accept invitation");
    expect((await postForm(path, ned.cookie, {})).status).toBe(403);
    expect(await statusOf(invitation.token)).toBe("pending");

    await revoke(ana, team.id, invitation.id);
    for (const cookie of [mia.cookie, undefined]) {
      const revoked = await pageAt(path, cookie);
      expect(revoked.status).toBe(410);
      expect(revoked.html).toContain("This invitation was withdrawn");
    }
    const expiring = await invite(ana.call, team.id, mia.user.email);
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), expiring.id)
      .run();
    const expired = await pageAt(`/invitations/${expiring.token}`, mia.cookie);
    expect(expired.status).toBe(410);
    expect(expired.html).toContain("This invitation has expired");
    const used = await invite(ana.call, team.id, ned.user.email);
    await accept((await account()).call, used.token);
    await api(`/invitations/${used.token}/accept`, { method: "POST", token: ned.token });
    const spent = await pageAt(`/invitations/${used.token}`, mia.cookie);
    expect(spent.status).toBe(410);
    expect(spent.html).toContain("This invitation was already accepted");

    const missing = await pageAt(`/invitations/${"x".repeat(43)}`);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("This invitation link is not valid");
  });
});

describe("a workspace's invitations a day", () => {
  it(`stop at ${INVITATIONS_PER_DAY} in 24 hours (429, Retry-After until the oldest leaves), with nothing sent or written`, async () => {
    const owner = await account();
    const made = await owner.call<Answer<Workspace>>("/workspaces", {
      method: "POST",
      json: { name: "Busy Team" },
    });
    const id = made.body.data.id;
    const now = Date.now();
    const hour = 60 * 60 * 1000;
    // Sent earlier, as rows: one 25 hours ago (out of the window), the oldest in it 23 hours ago.
    const earlier = [
      25 * hour,
      23 * hour,
      ...Array.from({ length: INVITATIONS_PER_DAY - 2 }, () => hour),
    ];
    await env.DB.batch(
      earlier.map((ago, i) =>
        env.DB.prepare(
          "INSERT INTO workspace_invitations (id, workspace_id, email, role, token_hash, invited_by, created_at, expires_at, revoked_at) VALUES (?, ?, ?, 'member', ?, ?, ?, ?, ?)",
        ).bind(
          crypto.randomUUID(),
          id,
          `earlier-${i}@example.com`,
          `hash-${id}-${i}`,
          owner.user.id,
          new Date(now - ago).toISOString(),
          new Date(now - ago + WEEK_MS).toISOString(),
          // A revoked one was an e-mail sent all the same.
          i === 3 ? new Date(now).toISOString() : null,
        ),
      ),
    );
    // 49 in the window: one more may go.
    expect(
      (await inviting(owner.call, id, { email: uniqueEmail("fiftieth"), role: "member" })).status,
    ).toBe(201);

    const response = await api(`/workspaces/${id}/invitations`, {
      method: "POST",
      token: owner.token,
      json: { email: uniqueEmail("fifty-first"), role: "member" },
    });
    expect(response.status).toBe(429);
    const body = (await response.json()) as Answer<null> & { error: { details?: unknown } };
    expect(body.error!.code).toBe("TOO_MANY_INVITATIONS");
    // The oldest in the window (23 hours ago) leaves it in an hour.
    const retryAfter = Number(response.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(body.error!.message).toBe(
      `This workspace has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours: try again in 1 hour`,
    );
    const count = await env.DB.prepare(
      "SELECT count(*) AS n FROM workspace_invitations WHERE workspace_id = ?",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(count!.n).toBe(INVITATIONS_PER_DAY + 1);
  });
});
