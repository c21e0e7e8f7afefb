/**
 * Team (/team), as a browser without JavaScript uses it: the current workspace's members, an
 * owner's invitation with its link to copy, the pending list and its revoke, a member's role
 * changed and a member removed; a member sees the list and none of those controls.
 */
import { describe, expect, it } from "vitest";
import { api, pageAt, postForm, register } from "./helpers";

type Person = Awaited<ReturnType<typeof register>>;

/** An owner working in a new team workspace of theirs (the session's current). */
async function owner() {
  const ana = await register({ first_name: "Ana" });
  const made = await postForm("/workspaces/current", ana.cookie, {
    intent: "create",
    name: "Harbor Flips",
  });
  expect(made.status).toBe(303);
  const listed = await api("/workspaces", { token: ana.token });
  const team = ((await listed.json()) as { data: { id: string; name: string }[] }).data.find(
    (one) => one.name === "Harbor Flips",
  )!;
  return { ...ana, teamId: team.id };
}

/** Signs up `person`-to-be and accepts the link they were sent, through the API. */
async function joinWith(url: string, person: Person) {
  const token = url.slice(url.lastIndexOf("/") + 1);
  const accepted = await api(`/invitations/${token}/accept`, {
    method: "POST",
    token: person.token,
  });
  expect(accepted.status).toBe(200);
}

const linkIn = (html: string) =>
  /data-testid="invitation-link"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*data-testid="invitation-link"/
    .exec(html)
    ?.slice(1)
    .find(Boolean);

describe("the Team page", () => {
  it("is titled Team, and shows a visitor the login screen (not a page that does not exist)", async () => {
    const ana = await owner();
    expect((await pageAt("/team", ana.cookie)).html).toContain("<title>Team · AI42</title>");
    const visitor = await pageAt("/team");
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain("Welcome Back");
    expect(visitor.html).not.toContain("Module not implemented yet");
  });

  it("lets an owner invite, see the link and the pending invitation, and revoke it", async () => {
    const ana = await owner();
    const page = await pageAt("/team", ana.cookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Harbor Flips");
    expect(page.html).toContain("Send invitation");
    expect(page.html).toContain("No invitations waiting for an answer.");

    const sent = await postForm("/team", ana.cookie, {
      intent: "invite",
      email: "Mel.Partner@Example.com",
      role: "viewer",
    });
    expect(sent.status).toBe(200);
    const url = linkIn(sent.html);
    expect(url).toMatch(/\/invitations\/[\w-]{43,}$/);
    expect(sent.html).toContain("mel.partner@example.com");

    const refused = await postForm("/team", ana.cookie, {
      intent: "invite",
      email: "nope",
      role: "viewer",
    });
    expect(refused.status).toBe(400);

    const listed = await api(`/workspaces/${ana.teamId}/invitations`, { token: ana.token });
    const [pending] = ((await listed.json()) as { data: { id: string; role: string }[] }).data;
    expect(pending).toMatchObject({ role: "viewer" });
    expect((await pageAt("/team", ana.cookie)).html).toContain("mel.partner@example.com");

    const revoked = await postForm("/team", ana.cookie, {
      intent: "revoke-invitation",
      id: pending!.id,
    });
    expect(revoked.status).toBe(303);
    expect((await pageAt("/team", ana.cookie)).html).toContain(
      "No invitations waiting for an answer.",
    );
  });

  it("changes a member's role, removes them, and shows a member no controls", async () => {
    const ana = await owner();
    const mel = await register({ first_name: "Mel" });
    const sent = await postForm("/team", ana.cookie, {
      intent: "invite",
      email: mel.user.email,
      role: "member",
    });
    await joinWith(linkIn(sent.html)!, mel);

    // Mel, working in the team since accepting: the members, no invitation form, no changes.
    const seen = await pageAt("/team", mel.cookie);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain("Ana Silva");
    expect(seen.html).not.toContain("Send invitation");
    expect(seen.html).not.toContain("Pending invitations");
    expect(seen.html).toContain("Leave workspace");
    const notAllowed = await postForm("/team", mel.cookie, {
      intent: "invite",
      email: "x@example.com",
      role: "member",
    });
    expect(notAllowed.status).toBe(403);

    const changed = await postForm("/team", ana.cookie, {
      intent: "change-member",
      userId: mel.user.id,
      role: "viewer",
    });
    expect(changed.status).toBe(303);
    const members = await api(`/workspaces/${ana.teamId}/members`, { token: ana.token });
    const roles = ((await members.json()) as { data: { userId: string; role: string }[] }).data;
    expect(roles.find((one) => one.userId === mel.user.id)?.role).toBe("viewer");

    const removed = await postForm("/team", ana.cookie, {
      intent: "remove-member",
      userId: mel.user.id,
    });
    expect(removed.status).toBe(303);
    const after = await api("/projects", {
      token: mel.token,
      headers: { "X-Workspace-Id": ana.teamId },
    });
    expect(after.status).toBe(404);
    // Mel's Team page is their own workspace's now.
    expect((await pageAt("/team", mel.cookie)).html).not.toContain("Harbor Flips");
  });
});
