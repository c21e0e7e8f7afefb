/**
 * Project Hub's records at their own URLs (/project-hub/projects/<id>, /contacts/<id>,
 * /documents/<id>): the server HTML holds the record; another user's id, or none, is the 404
 * page; the links the query string once opened move there for good; and a project is created, a
 * project or a document changed and deleted by forms that work without JavaScript (POST, then a
 * redirect), each change made against the version the page showed.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  api,
  cookieValue,
  fileNames,
  ORIGIN,
  pageAt as page,
  postForm as post,
  postJson,
  register,
  uploadFile,
} from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** An investor with a project, a contact linked to it and a document in it, named after `word`. */
async function investor(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const create = async (path: string, json: unknown) => {
    const response = await api(path, { method: "POST", json, token });
    expect(response.status, path).toBe(201);
    return ((await response.json()) as { data: { id: string; updatedAt: string } }).data;
  };
  const project = await create("/projects", { name: `${word} flip`, budget: 45_000 });
  const contact = await create("/contacts", {
    firstName: word,
    lastName: "Lender",
    type: "lender",
  });
  const linked = await api(`/projects/${project.id}/contacts`, {
    method: "POST",
    json: { contactId: contact.id },
    token,
  });
  expect(linked.status).toBeLessThan(300);
  const doc = await create("/data/entries", {
    title: `${word} offer notes`,
    content: `${word} max bid`,
    tags: ["offer"],
    projectId: project.id,
  });
  return { cookie: cookieValue(cookie), token, project, contact, doc };
}

/** A record as the API reads it now: its status, and its data when it is there. */
async function stored(token: string, path: string) {
  const response = await api(path, { token });
  const data =
    response.status === 200
      ? ((await response.json()) as { data: Record<string, unknown> }).data
      : null;
  return { status: response.status, data };
}

describe("Project Hub's record pages", () => {
  it("arrive with the project, the contact and the document in the HTML", async () => {
    const ana = await investor("Plover");
    const project = await page(`/project-hub/projects/${ana.project.id}`, ana.cookie);
    expect(project.status).toBe(200);
    expect(project.html).toContain("<title>Plover flip · AI42</title>");
    expect(project.html).toMatch(/<h2[^>]*>Plover flip<\/h2>/);
    expect(project.html).toContain("$45,000");
    expect(project.html).toContain("Plover Lender");
    expect(project.html).toContain(`href="/project-hub/documents/${ana.doc.id}"`);

    const contact = await page(`/project-hub/contacts/${ana.contact.id}`, ana.cookie);
    expect(contact.status).toBe(200);
    expect(contact.html).toContain("<title>Plover Lender · AI42</title>");
    expect(contact.html).toContain(`href="/project-hub/projects/${ana.project.id}"`);

    const doc = await page(`/project-hub/documents/${ana.doc.id}`, ana.cookie);
    expect(doc.status).toBe(200);
    expect(doc.html).toContain("<title>Plover offer notes · AI42</title>");
    expect(doc.html).toContain('value="Plover offer notes"');
    expect(doc.html).toContain("Plover max bid");
    // The sidebar's active module is the first segment of the path.
    for (const { html } of [project, contact, doc])
      expect(html).toMatch(/<a aria-current="page"[^>]+href="\/project-hub"/);
  });

  it("arrive with their files in the HTML, another user's never listed", async () => {
    const ana = await investor("Sanderling");
    const ben = await investor("Knot");
    await uploadFile(ana.token, "project", ana.project.id, "sanderling-comps.csv");
    await uploadFile(ana.token, "contact", ana.contact.id, "sanderling-w9.csv");
    await uploadFile(ben.token, "project", ben.project.id, "knot-comps.csv");
    const project = await page(`/project-hub/projects/${ana.project.id}`, ana.cookie);
    expect(project.html).toContain("sanderling-comps.csv");
    expect(project.html).not.toContain("sanderling-w9.csv");
    const contact = await page(`/project-hub/contacts/${ana.contact.id}`, ana.cookie);
    expect(contact.html).toContain("sanderling-w9.csv");
    for (const { html } of [project, contact]) expect(html).not.toContain("knot-comps.csv");
  });

  it("are the 404 page for another user's record and for an id no one has", async () => {
    const ana = await investor("Gannet");
    const ben = await investor("Heron");
    for (const path of [
      `/project-hub/projects/${ben.project.id}`,
      `/project-hub/contacts/${ben.contact.id}`,
      `/project-hub/documents/${ben.doc.id}`,
      "/project-hub/projects/nope",
      "/project-hub/nope",
    ]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(404);
      expect(html, path).toContain(NOT_FOUND_TEXT);
      expect(html, path).toContain("<title>Page not found · AI42</title>");
      expect(html, path).not.toContain("Heron");
    }
  });

  it("show a visitor the login screen and no record", async () => {
    const ana = await investor("Tern");
    for (const path of [
      `/project-hub/projects/${ana.project.id}`,
      `/project-hub/contacts/${ana.contact.id}`,
      `/project-hub/documents/${ana.doc.id}`,
      "/project-hub/projects/new",
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("Welcome Back");
      expect(html, path).not.toContain("Tern");
    }
  });

  it("answer the old query-string links with a permanent redirect to the record's URL", async () => {
    const { cookie } = await investor("Puffin");
    const moved = {
      "/project-hub?project=p1": "/project-hub/projects/p1",
      "/project-hub?tab=projects&project=p1": "/project-hub/projects/p1",
      "/project-hub?new=1": "/project-hub/projects/new",
      "/project-hub?tab=contacts&contact=c1": "/project-hub/contacts/c1",
      "/project-hub?tab=documents&doc=d1": "/project-hub/documents/d1",
      "/project-hub?tab=documents&new=1": "/project-hub/documents/new",
      "/project-hub?tab=documents&new=p1": "/project-hub/documents/new?project=p1",
    };
    for (const [from, to] of Object.entries(moved)) {
      const answer = await page(from, cookie);
      expect(answer.status, from).toBe(301);
      expect(answer.location, from).toBe(to);
    }
    // A new contact is still a form over the contacts list.
    expect((await page("/project-hub?tab=contacts&new=1", cookie)).status).toBe(200);
  });
});

describe("Project Hub's forms without JavaScript", () => {
  it("create a project, then open its page", async () => {
    const ana = await investor("Avocet");
    const form = await page("/project-hub/projects/new", ana.cookie);
    expect(form.status).toBe(200);
    expect(form.html).toContain("<title>New project · AI42</title>");
    expect(form.html).toMatch(/<form[^>]+method="post"/);

    const created = await post("/project-hub/projects/new", ana.cookie, {
      name: "Cedar duplex",
      type: "buy_and_hold",
      status: "prospecting",
      budget: "$45,000",
      targetCloseDate: "",
      propertyId: "",
    });
    expect(created.status).toBe(303);
    const id = created.location!.split("/").at(-1)!;
    expect(created.location).toBe(`/project-hub/projects/${id}`);
    const { data } = await stored(ana.token, `/projects/${id}`);
    expect(data).toMatchObject({
      name: "Cedar duplex",
      type: "buy_and_hold",
      budget: 45_000,
      targetCloseDate: null,
      propertyId: null,
    });
  });

  it("refuse a project with no name or a bad amount beside its field, keeping what was typed", async () => {
    const ana = await investor("Bittern");
    const before = await api("/projects", { token: ana.token });
    const total = ((await before.json()) as { meta: { total: number } }).meta.total;
    const refused = await post("/project-hub/projects/new", ana.cookie, {
      name: "  ",
      budget: "lots",
      city: "Dayton",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Give the project a name");
    expect(refused.html).toContain("“lots” is not a number");
    expect(refused.html).toMatch(/value="Dayton"/);
    const after = await api("/projects", { token: ana.token });
    expect(((await after.json()) as { meta: { total: number } }).meta.total).toBe(total);
  });

  it("link and unlink a contact, and delete a project against the version shown", async () => {
    const ana = await investor("Curlew");
    const path = `/project-hub/projects/${ana.project.id}`;
    const unlinked = await post(path, ana.cookie, {
      intent: "unlink-contact",
      contactId: ana.contact.id,
    });
    expect(unlinked.status).toBe(303);
    expect(unlinked.location).toBe(path);
    expect((await page(path, ana.cookie)).html).not.toContain("Curlew Lender");
    await post(path, ana.cookie, { intent: "link-contact", contactId: ana.contact.id });
    expect((await page(path, ana.cookie)).html).toContain("Curlew Lender");

    const stale = await post(path, ana.cookie, {
      intent: "delete",
      version: "2020-01-01T00:00:00.000Z",
    });
    expect(stale.status).toBe(412);
    expect(stale.html).toContain("changed elsewhere");
    expect((await stored(ana.token, `/projects/${ana.project.id}`)).status).toBe(200);

    const deleted = await post(path, ana.cookie, {
      intent: "delete",
      version: ana.project.updatedAt,
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/project-hub");
    expect((await stored(ana.token, `/projects/${ana.project.id}`)).status).toBe(404);
    // Its document stays, unlinked.
    const { data } = await stored(ana.token, `/data/entries/${ana.doc.id}`);
    expect(data).toMatchObject({ title: "Curlew offer notes", projectId: null });
  });

  it("save a document and delete it against the version shown", async () => {
    const ana = await investor("Dunlin");
    const path = `/project-hub/documents/${ana.doc.id}`;
    const saved = await post(path, ana.cookie, {
      intent: "save",
      version: ana.doc.updatedAt,
      title: "Dunlin offer",
      kind: "contract",
      projectId: ana.project.id,
      tags: "offer, hard money",
      content: "# Terms\n\nMax bid $210,000",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    const { data } = await stored(ana.token, `/data/entries/${ana.doc.id}`);
    expect(data).toMatchObject({
      title: "Dunlin offer",
      kind: "contract",
      tags: ["offer", "hard money"],
      content: "# Terms\n\nMax bid $210,000",
    });

    // The version the page showed before the save is out of date now.
    const stale = await post(path, ana.cookie, { intent: "delete", version: ana.doc.updatedAt });
    expect(stale.status).toBe(412);
    const deleted = await post(path, ana.cookie, {
      intent: "delete",
      version: String(data!.updatedAt),
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/project-hub?tab=documents");
    expect((await stored(ana.token, `/data/entries/${ana.doc.id}`)).status).toBe(404);
  });

  it("write a new document in a project, then open it", async () => {
    const ana = await investor("Eider");
    const form = await page(`/project-hub/documents/new?project=${ana.project.id}`, ana.cookie);
    expect(form.status).toBe(200);
    expect(form.html).toContain(`name="projectId" value="${ana.project.id}"`);
    const created = await post("/project-hub/documents/new", ana.cookie, {
      title: "Eider rehab checklist",
      kind: "checklist",
      projectId: ana.project.id,
      tags: "",
      content: "- [ ] roof",
    });
    expect(created.status).toBe(303);
    const id = created.location!.split("/").at(-1)!;
    const { data } = await stored(ana.token, `/data/entries/${id}`);
    expect(data).toMatchObject({
      title: "Eider rehab checklist",
      projectId: ana.project.id,
      tags: [],
    });
  });

  it("refuse another user's record, another site's form, a missing version and an unknown change", async () => {
    const ana = await investor("Grebe");
    const ben = await investor("Ibis");
    const theirs = `/project-hub/projects/${ben.project.id}`;
    const version = ben.project.updatedAt;
    expect((await post(theirs, ana.cookie, { intent: "delete", version })).status).toBe(404);
    expect(
      (
        await post(`/project-hub/documents/${ben.doc.id}`, ana.cookie, {
          intent: "delete",
          version: ben.doc.updatedAt,
        })
      ).status,
    ).toBe(404);
    expect(
      (await post(theirs, ben.cookie, { intent: "delete", version }, "https://evil.example"))
        .status,
    ).toBe(403);
    expect((await post(theirs, ben.cookie, { intent: "delete" })).status).toBe(400);
    expect((await post(theirs, ben.cookie, { intent: "paint", version })).status).toBe(400);
    expect((await post(theirs, ben.cookie, { intent: "link-contact" })).status).toBe(400);
    expect(
      (await post(theirs, ben.cookie, { intent: "link-contact", contactId: ana.contact.id }))
        .status,
    ).toBe(404);
    expect((await stored(ben.token, `/projects/${ben.project.id}`)).status).toBe(200);
    expect((await stored(ben.token, `/data/entries/${ben.doc.id}`)).status).toBe(200);
  });
});

describe("a contact's changes through its page's action", () => {
  const contactOf = async (token: string, id: string) => {
    const response = await api(`/contacts/${id}`, { token });
    return response.status === 200
      ? ((await response.json()) as { data: { firstName: string; updatedAt: string } }).data
      : null;
  };

  it("makes, changes and deletes a contact as the list sends them (JSON), against the version shown", async () => {
    const ana = await investor("Nutmeg");
    const made = await postJson("/project-hub/contacts/new.data", ana.cookie, {
      intent: "create",
      input: { firstName: "Olive", lastName: "Agent", type: "agent", emails: [], phones: [] },
    });
    expect(made.status).toBe(200);
    const listed = await api("/contacts?q=Olive", { token: ana.token });
    const [olive] = ((await listed.json()) as { data: { id: string; updatedAt: string }[] }).data;
    expect(olive).toBeDefined();

    const refused = await postJson(`/project-hub/contacts/${olive!.id}.data`, ana.cookie, {
      intent: "update",
      version: olive!.updatedAt,
      input: { firstName: "Olive", type: "astronaut" },
    });
    expect(refused.status).toBe(400);
    const stale = await postJson(`/project-hub/contacts/${olive!.id}.data`, ana.cookie, {
      intent: "update",
      version: "2000-01-01T00:00:00.000Z",
      input: { firstName: "Stale", type: "agent" },
    });
    expect(stale.status).toBe(412);
    expect((await contactOf(ana.token, olive!.id))!.firstName).toBe("Olive");

    const saved = await postJson(`/project-hub/contacts/${olive!.id}.data`, ana.cookie, {
      intent: "update",
      version: olive!.updatedAt,
      input: { firstName: "Olivia", type: "agent" },
    });
    expect(saved.status).toBe(200);
    const now = (await contactOf(ana.token, olive!.id))!;
    expect(now.firstName).toBe("Olivia");

    const deleted = await postJson(`/project-hub/contacts/${olive!.id}.data`, ana.cookie, {
      intent: "delete",
      version: now.updatedAt,
    });
    expect(deleted.status).toBe(200);
    expect(await contactOf(ana.token, olive!.id)).toBeNull();
  });

  it("deletes a contact from its page with a form that works without JavaScript, then goes to the list", async () => {
    const ana = await investor("Oregano");
    const path = `/project-hub/contacts/${ana.contact.id}`;
    expect((await page(path, ana.cookie)).html).toContain("Delete this contact…");
    const other = await investor("Paprika");
    const theirs = await post(`/project-hub/contacts/${other.contact.id}`, ana.cookie, {
      intent: "delete",
      version: other.contact.updatedAt,
    });
    expect(theirs.status).toBe(404);
    expect(await contactOf(other.token, other.contact.id)).not.toBeNull();
    const unsaved = await post(path, ana.cookie, { intent: "create", firstName: "Form" });
    expect(unsaved.status).toBe(400);

    const deleted = await post(path, ana.cookie, {
      intent: "delete",
      version: ana.contact.updatedAt,
    });
    expect(deleted.status).toBe(303);
    expect(deleted.location).toBe("/project-hub?tab=contacts");
    expect(await contactOf(ana.token, ana.contact.id)).toBeNull();
  });
});

describe("a file deleted from a page's files panel or the Files tab (their action)", () => {
  /** A fetcher's post of the panel's delete: the form's fields, its answer read as data. */
  const deleteFile = (path: string, cookie: string, fields: Record<string, string>) =>
    post(path, cookie, { intent: "delete-file", ...fields });

  it("deletes a file of the project's, and refuses another user's or another record's (404) and a post naming none (400), deleting nothing", async () => {
    const ana = await investor("Shrike");
    const ben = await investor("Vireo");
    const ours = await uploadFile(ana.token, "project", ana.project.id, "shrike-bid.csv");
    const kept = await uploadFile(ana.token, "project", ana.project.id, "shrike-kept.csv");
    const onContact = await uploadFile(ana.token, "contact", ana.contact.id, "shrike-w9.csv");
    const theirs = await uploadFile(ben.token, "project", ben.project.id, "vireo-bid.csv");
    const project = `/project-hub/projects/${ana.project.id}.data`;

    const deleted = await deleteFile(project, ana.cookie, { fileId: ours });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain("fileDeleted");
    expect(await fileNames(ana.token, "project", ana.project.id)).toEqual(["shrike-kept.csv"]);

    for (const fileId of [theirs, onContact, ours, "nope"]) {
      const refused = await deleteFile(project, ana.cookie, { fileId });
      expect(refused.status, fileId).toBe(404);
      expect(refused.html, fileId).toContain("File not found");
    }
    // Ben's own project is not Ana's to post to either.
    const onTheirs = await deleteFile(`/project-hub/projects/${ben.project.id}.data`, ana.cookie, {
      fileId: theirs,
    });
    expect(onTheirs.status).toBe(404);
    expect((await deleteFile(project, ana.cookie, {})).status).toBe(400);
    expect((await deleteFile(project, ana.cookie, { fileId: "x".repeat(65) })).status).toBe(400);
    expect((await post(project, ana.cookie, { intent: "shred-file", fileId: kept })).status).toBe(
      400,
    );
    expect(await fileNames(ana.token, "project", ana.project.id)).toEqual(["shrike-kept.csv"]);
    expect(await fileNames(ana.token, "contact", ana.contact.id)).toEqual(["shrike-w9.csv"]);
    expect(await fileNames(ben.token, "project", ben.project.id)).toEqual(["vireo-bid.csv"]);

    // The page read again lists what is left.
    const { html } = await page(`/project-hub/projects/${ana.project.id}`, ana.cookie);
    expect(html).toContain("shrike-kept.csv");
    expect(html).not.toContain("shrike-bid.csv");
  });

  it("deletes a file of the contact's from its page, only one of its own", async () => {
    const ana = await investor("Dunlin");
    const ours = await uploadFile(ana.token, "contact", ana.contact.id, "dunlin-w9.csv");
    const onProject = await uploadFile(ana.token, "project", ana.project.id, "dunlin-bid.csv");
    const contact = `/project-hub/contacts/${ana.contact.id}.data`;
    expect((await deleteFile(contact, ana.cookie, { fileId: onProject })).status).toBe(404);
    expect((await deleteFile(contact, ana.cookie, { fileId: ours })).status).toBe(200);
    expect(await fileNames(ana.token, "contact", ana.contact.id)).toEqual([]);
    expect(await fileNames(ana.token, "project", ana.project.id)).toEqual(["dunlin-bid.csv"]);
  });

  it("deletes any of the user's files from the Files tab, never another user's", async () => {
    const ana = await investor("Whimbrel");
    const ben = await investor("Godwit");
    const ours = await uploadFile(ana.token, "contact", ana.contact.id, "whimbrel-w9.csv");
    const theirs = await uploadFile(ben.token, "project", ben.project.id, "godwit-bid.csv");
    const filesTab = "/project-hub.data?index";
    expect((await deleteFile(filesTab, ana.cookie, { fileId: theirs })).status).toBe(404);
    expect((await post(filesTab, ana.cookie, { intent: "paint", fileId: ours })).status).toBe(400);
    // A body no form reads (plain text, or JSON naming no change here) is a client's mistake.
    for (const [type, body] of [
      ["text/plain", `intent=delete-file&fileId=${ours}`],
      ["application/json", JSON.stringify({ intent: "paint" })],
    ]) {
      const unread = await SELF.fetch(`${ORIGIN}${filesTab}`, {
        method: "POST",
        headers: { Cookie: ana.cookie, Origin: ORIGIN, "Content-Type": type! },
        body,
      });
      expect(unread.status, type).toBe(400);
    }
    expect(await fileNames(ana.token, "contact", ana.contact.id)).toEqual(["whimbrel-w9.csv"]);
    expect((await deleteFile(filesTab, ana.cookie, { fileId: ours })).status).toBe(200);
    expect(await fileNames(ana.token, "contact", ana.contact.id)).toEqual([]);
    expect(await fileNames(ben.token, "project", ben.project.id)).toEqual(["godwit-bid.csv"]);
  });
});
