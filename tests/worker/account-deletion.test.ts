/**
 * Deleting one's account: confirmed with the password; refused while the person alone owns a team
 * workspace (hand it over or delete it first); then their own workspace, files, memberships,
 * sessions and tokens are gone, and the teams they were in keep working without them.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, joinAs, pageAt, postForm, register } from "./helpers";

type Answer<T> = { data: T; error?: { code: string; message: string; details?: unknown } };
type Person = Awaited<ReturnType<typeof register>>;

const inWorkspace = (id: string) => ({ "X-Workspace-Id": id });

async function call<T>(
  person: Pick<Person, "token">,
  path: string,
  init: RequestInit & { json?: unknown } = {},
) {
  const response = await api(path, { ...init, token: person.token });
  const text = await response.text();
  return { response, status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const deleteAccount = (person: Pick<Person, "token">, password: string) =>
  call<Answer<unknown>>(person, "/auth/delete-account", { method: "POST", json: { password } });

/** How many rows of the account's own, and the account itself, are left. */
const rowsOf = (userId: string) =>
  env.DB.prepare(
    "SELECT (SELECT count(*) FROM users WHERE id = ?1) + (SELECT count(*) FROM workspaces WHERE id = ?1) + (SELECT count(*) FROM workspace_members WHERE user_id = ?1 OR workspace_id = ?1) + (SELECT count(*) FROM projects WHERE user_id = ?1) + (SELECT count(*) FROM files WHERE user_id = ?1) + (SELECT count(*) FROM access_tokens WHERE user_id = ?1) AS n",
  )
    .bind(userId)
    .first<number>("n");

async function uploadFile(person: Person, projectId: string) {
  const body = new FormData();
  body.append("ownerType", "project");
  body.append("ownerId", projectId);
  body.append("file", new File(["Unit,Rent\nA,1200\n"], "rents.csv", { type: "text/csv" }));
  const response = await api("/files", { method: "POST", token: person.token, body });
  expect(response.status).toBe(201);
  const id = ((await response.json()) as Answer<{ id: string }>).data.id;
  return env.DB.prepare("SELECT object_key FROM files WHERE id = ?")
    .bind(id)
    .first<string>("object_key");
}

describe("deleting one's account", () => {
  it("waits for the teams one alone owns, then takes everything of one's own and leaves the teams", async () => {
    const olga = await register({ first_name: "Olga", last_name: "Berg" });
    const mel = await register({ first_name: "Mel" });
    const team = await call<Answer<{ id: string }>>(olga, "/workspaces", {
      method: "POST",
      json: { name: "Harbor Flips" },
    });
    const teamId = team.body.data.id;
    await joinAs(teamId, mel.user.id, "member");
    // Olga's own records, a file and a token; in the team, a lead assigned to her.
    const project = await call<Answer<{ id: string }>>(olga, "/projects", {
      method: "POST",
      json: { name: "Elm duplex", type: "fix_and_flip" },
    });
    const objectKey = await uploadFile(olga, project.body.data.id);
    expect(await env.FILES!.head(objectKey!)).not.toBeNull();
    const token = await call<Answer<{ token: string }>>(olga, "/access-tokens", {
      method: "POST",
      json: { name: "Laptop", scope: "read_write", expires_in_days: 30 },
    });
    const pat = { token: token.body.data.token };
    const lead = await call<Answer<{ id: string }>>(olga, "/marketing/leads", {
      method: "POST",
      headers: inWorkspace(teamId),
      json: { firstName: "Lee", lastName: "Park", status: "new", assigneeId: olga.user.id },
    });
    expect(lead.status).toBe(201);
    const before = await rowsOf(olga.user.id);

    // A wrong password, a token instead of a session, a blank password: refused, nothing goes.
    const wrong = await deleteAccount(olga, "not my password");
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe("WRONG_PASSWORD");
    expect((await deleteAccount(pat, olga.body.password)).status).toBe(403);
    expect((await deleteAccount(olga, "")).status).toBe(400);
    // Olga alone owns the team: hand it over or delete it first.
    const owns = await deleteAccount(olga, olga.body.password);
    expect(owns.status).toBe(409);
    expect(owns.body.error?.code).toBe("OWNS_WORKSPACES");
    expect(owns.body.error?.message).toContain("Harbor Flips");
    expect(owns.body.error?.details).toEqual([{ id: teamId, name: "Harbor Flips" }]);
    const page = await postForm("/settings/account", olga.cookie, { password: olga.body.password });
    expect(page.status).toBe(409);
    expect(page.html).toContain(`/workspaces/current?id=${teamId}`);
    expect(await rowsOf(olga.user.id)).toBe(before);
    expect(await env.FILES!.head(objectKey!)).not.toBeNull();
    expect((await call(olga, "/auth/me")).status).toBe(200);

    // Mel becomes an owner too: now Olga may go.
    const handed = await call(olga, `/workspaces/${teamId}/members/${mel.user.id}`, {
      method: "PATCH",
      json: { role: "owner" },
    });
    expect(handed.status).toBe(200);
    const deleted = await deleteAccount(olga, olga.body.password);
    expect(deleted.status).toBe(204);
    expect(deleted.response.headers.get("Set-Cookie")).toContain("Max-Age=0");

    expect(await rowsOf(olga.user.id)).toBe(0);
    expect(await env.FILES!.head(objectKey!)).toBeNull();
    // Her session and her token open nothing; her address and password sign in as no one.
    expect((await call(olga, "/auth/me")).status).toBe(401);
    const sessions = await env.SESSIONS.list({ prefix: `session:${olga.user.id}:` });
    expect(sessions.keys).toEqual([]);
    expect((await call(pat, "/projects")).status).toBe(401);
    const signIn = await api("/auth/login", {
      method: "POST",
      json: { email: olga.body.email, password: olga.body.password },
    });
    expect(signIn.status).toBe(401);
    // The team goes on with Mel, its owner now; the lead that was hers is nobody's.
    const theirs = await call<Answer<{ id: string; role: string }[]>>(mel, "/workspaces");
    expect(theirs.body.data).toContainEqual(expect.objectContaining({ id: teamId, role: "owner" }));
    const members = await call<Answer<{ userId: string }[]>>(mel, `/workspaces/${teamId}/members`);
    expect(members.body.data.map((member) => member.userId)).toEqual([mel.user.id]);
    const kept = await call<Answer<{ assigneeId: string | null }>>(
      mel,
      `/marketing/leads/${lead.body.data.id}`,
      { headers: inWorkspace(teamId) },
    );
    expect(kept.status).toBe(200);
    expect(kept.body.data.assigneeId).toBeNull();
  });

  it("from its page, without JavaScript: a form with the password, then a page saying it is done", async () => {
    const ned = await register({ first_name: "Ned" });
    const page = await pageAt("/settings/account", ned.cookie);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Delete your account");
    const refused = await postForm("/settings/account", ned.cookie, { password: "wrong one" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("That is not your password");
    expect(await rowsOf(ned.user.id)).toBeGreaterThan(0);

    const posted = await postForm("/settings/account", ned.cookie, { password: ned.body.password });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe("/settings/account?deleted");
    expect(posted.setCookie).toContain("Max-Age=0");
    expect(await rowsOf(ned.user.id)).toBe(0);
    const done = await pageAt(posted.location!);
    expect(done.html).toContain("Your account and everything in it have been deleted.");
  });
});
