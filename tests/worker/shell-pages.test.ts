/**
 * What the shell and Connections' Drive panel read and change through Remix routes, not the API:
 * the bell's route (/shell/notifications) lists the user's newest notifications (a visitor gets
 * the API's 401 as data), marks some or all read and sends a failed e-mail again, refusing bad
 * input, another user's notification and another site's post with nothing changed; Connections'
 * action links a Drive file to a project, and not to another user's.
 */
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { notify } from "../../worker/services/notifications";
import { api, cookieValue, ORIGIN, postJson, register } from "./helpers";

interface Notice {
  id: string;
  title: string;
  readAt: string | null;
  email: { status: string; error: string | null; attempts: number };
}

const BELL = "/shell/notifications";
/** The bell's list as its fetcher reads it (single fetch's `.data` for the route). */
const BELL_LIST = `${BELL}.data?_routes=${encodeURIComponent("routes/shell.notifications")}`;

/** An investor with three unread notifications named after `word`, the last one's e-mail failed. */
async function investor(word: string) {
  const { cookie, token, user } = await register({ first_name: word });
  const made = await notify(
    database(env.DB),
    { ...env, JOBS: undefined },
    ["a", "b", "c"].map((key) => ({
      userId: user.id,
      kind: "import_finished" as const,
      key: `test:${word}:${key}`,
      title: `${word} import finished: ${key}.csv`,
      body: "Done.",
      link: "/possible-investments",
    })),
    Date.now(),
  );
  const failed = made[2]!.id;
  await env.DB.prepare(
    "UPDATE notifications SET email_status = 'failed', email_attempts = 5, email_error = ? WHERE id = ?",
  )
    .bind("The e-mail provider answered 422: Invalid `to`", failed)
    .run();
  return { cookie: cookieValue(cookie), token, ids: made.map((notice) => notice.id), failed };
}

/** The user's notifications as the API lists them, and how many are unread. */
async function notices(token: string) {
  const response = await api("/notifications?limit=100", { token });
  const body = (await response.json()) as { data: Notice[]; meta: { unread: number } };
  return { items: body.data, unread: body.meta.unread };
}

/** What the Worker answers at `path`, redirects not followed. */
async function fetchAt(path: string, init: RequestInit) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { ...init, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

const bellList = (cookie?: string) =>
  fetchAt(BELL_LIST, { headers: cookie ? { Cookie: cookie } : {} });

/** A change the bell's scripts send: JSON, its answer read as data. */
const act = (cookie: string, body: unknown) => postJson(`${BELL}.data`, cookie, body);

describe("the bell's route", () => {
  it("lists the user's newest notifications, none of another user's; a visitor gets a 401", async () => {
    const ana = await investor("Alder");
    await investor("Birch");
    const listed = await bellList(ana.cookie);
    expect(listed.status).toBe(200);
    for (const key of ["a", "b", "c"])
      expect(listed.text).toContain(`Alder import finished: ${key}`);
    expect(listed.text).toContain("Invalid `to`");
    expect(listed.text).not.toContain("Birch");

    const visitor = await bellList();
    expect(visitor.status).toBe(401);
    expect(visitor.text).toContain("Sign in to continue");
    expect(visitor.text).not.toContain("import finished");
    // Asked directly, not by a fetcher, the route answers JSON, with the same status.
    const direct = await fetchAt(BELL, {});
    expect(direct.status).toBe(401);
    expect(JSON.parse(direct.text)).toMatchObject({ message: expect.stringContaining("Sign in") });
    const own = await fetchAt(BELL, { headers: { Cookie: ana.cookie } });
    expect(own.status).toBe(200);
    expect((JSON.parse(own.text) as { items: Notice[] }).items).toHaveLength(3);
    const posted = await fetchAt(`${BELL}.data`, {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "read-all" }),
    });
    expect(posted.status).toBe(401);
  });

  it("marks some read, then all, answering the counts after", async () => {
    const ana = await investor("Cedar");
    const some = await act(ana.cookie, { intent: "read", ids: [ana.ids[0]] });
    expect(some.status).toBe(200);
    expect((await notices(ana.token)).unread).toBe(2);
    const read = (await notices(ana.token)).items.find((n) => n.id === ana.ids[0]);
    expect(read?.readAt).not.toBeNull();

    const all = await act(ana.cookie, { intent: "read-all" });
    expect(all.status).toBe(200);
    expect((await notices(ana.token)).unread).toBe(0);
  });

  it("sends a failed e-mail again, once", async () => {
    const ana = await investor("Damson");
    const retried = await act(ana.cookie, { intent: "retry", id: ana.failed });
    expect(retried.status).toBe(200);
    expect(retried.html).toContain("queued");
    const after = (await notices(ana.token)).items.find((n) => n.id === ana.failed);
    expect(after?.email).toEqual({ status: "queued", error: null, attempts: 0 });

    const twice = await act(ana.cookie, { intent: "retry", id: ana.failed });
    expect(twice.status).toBe(409);
    expect(twice.html).toContain("did not fail");
  });

  it("refuses bad input with the API's words, changing nothing", async () => {
    const ana = await investor("Elder");
    const before = await notices(ana.token);
    for (const body of [
      { intent: "read", ids: [] },
      { intent: "read", ids: "all" },
      { intent: "read" },
      { intent: "retry" },
      { intent: "retry", id: "x".repeat(65) },
    ]) {
      const refused = await act(ana.cookie, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await act(ana.cookie, { intent: "delete" });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("There is no change “delete” to notifications");
    expect(await notices(ana.token)).toEqual(before);
  });

  it("changes nothing of another user's: a retry of theirs is a 404, marking theirs marks none", async () => {
    const ana = await investor("Fig");
    const ben = await investor("Gorse");
    const before = await notices(ben.token);
    const retried = await act(ana.cookie, { intent: "retry", id: ben.failed });
    expect(retried.status).toBe(404);
    expect(retried.html).toContain("Notification not found");
    // As the API's: ids that are not the user's are not marked (the counts are the user's own).
    const marked = await act(ana.cookie, { intent: "read", ids: ben.ids });
    expect(marked.status).toBe(200);
    expect(await notices(ben.token)).toEqual(before);
    expect((await notices(ana.token)).unread).toBe(3);
  });

  it("refuses a post from another site", async () => {
    const ana = await investor("Hazel");
    const forged = await fetchAt(`${BELL}.data`, {
      method: "POST",
      headers: {
        Cookie: ana.cookie,
        Origin: "https://evil.example",
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ intent: "read-all" }),
    });
    expect(forged.status).toBe(403);
    const plain = await fetchAt(BELL, {
      method: "POST",
      headers: { Cookie: ana.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=read-all",
    });
    expect(plain.status).toBe(403);
    expect((await notices(ana.token)).unread).toBe(3);
  });
});

describe("Connections' Drive panel", () => {
  /** A project of `token`'s, and the Drive files the API lists on it. */
  async function project(token: string, name: string) {
    const response = await api("/projects", { method: "POST", token, json: { name } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: { id: string } }).data.id;
  }
  const files = async (token: string, id: string) =>
    (
      (await (await api(`/projects/${id}`, { token })).json()) as {
        data: { files: { driveFileId: string; name: string }[] };
      }
    ).data.files.map((file) => file.name);
  const file = {
    driveFileId: "drive-1",
    name: "Inspection.pdf",
    mimeType: "application/pdf",
    webViewLink: "https://drive.google.com/file/d/drive-1/view",
  };

  it("links a Drive file to the user's project, not to another user's", async () => {
    const ana = await investor("Juniper");
    const ben = await investor("Kapok");
    const own = await project(ana.token, "Juniper flip");
    const theirs = await project(ben.token, "Kapok rental");

    const linked = await postJson("/connections.data", ana.cookie, {
      intent: "link-drive-file",
      projectId: own,
      input: file,
    });
    expect(linked.status).toBe(200);
    expect(await files(ana.token, own)).toEqual(["Inspection.pdf"]);

    const refused = await postJson("/connections.data", ana.cookie, {
      intent: "link-drive-file",
      projectId: theirs,
      input: file,
    });
    expect(refused.status).toBe(404);
    expect(refused.html).toContain("Project not found");
    expect(await files(ben.token, theirs)).toEqual([]);
  });

  it("refuses a file the API would refuse, and a form without JavaScript", async () => {
    const ana = await investor("Larch");
    const own = await project(ana.token, "Larch duplex");
    const bad = await postJson("/connections.data", ana.cookie, {
      intent: "link-drive-file",
      projectId: own,
      input: { ...file, webViewLink: "drive-1" },
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Use the file's web address");
    const none = await postJson("/connections.data", ana.cookie, {
      intent: "link-drive-file",
      input: file,
    });
    expect(none.status).toBe(400);
    const form = await fetchAt("/connections", {
      method: "POST",
      headers: {
        Cookie: ana.cookie,
        Origin: ORIGIN,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "link-drive-file", projectId: own }).toString(),
    });
    expect(form.status).toBe(400);
    expect(await files(ana.token, own)).toEqual([]);
  });
});
