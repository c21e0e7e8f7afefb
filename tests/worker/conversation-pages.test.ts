/**
 * A saved conversation at its own URL (/main-agent/<id>): the server HTML holds its messages in
 * the chat; another user's id, or none, is the 404 page; and a conversation is renamed and
 * deleted through the page's action, refusals changing nothing.
 */
import { describe, expect, it } from "vitest";
import { api, cookieValue, pageAt as page, postForm, postJson, register } from "./helpers";

/** What the spec has a path with nothing at it say. */
const NOT_FOUND_TEXT = "Module not implemented yet";

/** An investor with one saved conversation about `word`'s street, answered by the fake OpenAI. */
async function chatter(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const question = `Cap rate on ${word} St?`;
  const json = { messages: [{ role: "user", content: question }] };
  const response = await api("/ai/openai", { method: "POST", json, token });
  expect(response.status).toBe(200);
  const { conversationId: id } = ((await response.json()) as { data: { conversationId: string } })
    .data;
  return { cookie: cookieValue(cookie), token, id, question };
}

/** The conversation as the API reads it now: its status, and its title when it is there. */
async function stored(token: string, id: string) {
  const response = await api(`/conversations/${id}`, { token });
  const data =
    response.status === 200 ? ((await response.json()) as { data: { title: string } }).data : null;
  return { status: response.status, title: data?.title };
}

describe("a saved conversation's page", () => {
  it("arrives with the conversation in the chat, titled with it", async () => {
    const ana = await chatter("Hemlock");
    const own = await page(`/main-agent/${ana.id}`, ana.cookie);
    expect(own.status).toBe(200);
    expect(own.html).toContain(`<title>${ana.question} · AI42</title>`);
    expect(own.html).toMatch(/data-testid="chat-title"[^>]*>Cap rate on Hemlock St\?<\/h1>/);
    expect(own.html).toContain('data-testid="user-message"');
    expect(own.html).toContain("You asked: &quot;Cap rate on Hemlock St?&quot;");
    // The sidebar's active module is the first segment of the path.
    expect(own.html).toMatch(/<a aria-current="page"[^>]+href="\/main-agent"/);

    // The list links each conversation to its page, keeping the list's search.
    const list = await page("/main-agent?q=Hemlock", ana.cookie);
    expect(list.html).toContain(`href="/main-agent/${ana.id}?q=Hemlock"`);
    expect(list.html).not.toContain('data-testid="user-message"');
  });

  it("is the 404 page for another user's conversation and for an id no one has", async () => {
    const ana = await chatter("Gannet");
    const ben = await chatter("Sequoia");
    for (const path of [`/main-agent/${ben.id}`, "/main-agent/nope", "/main-agent/nope/more"]) {
      const { status, html } = await page(path, ana.cookie);
      expect(status, path).toBe(404);
      expect(html, path).toContain(NOT_FOUND_TEXT);
      expect(html, path).toContain("<title>Page not found · AI42</title>");
      expect(html, path).not.toContain("Sequoia");
    }
  });

  it("shows a visitor the login screen and no conversation", async () => {
    const ana = await chatter("Juniper");
    const { status, html } = await page(`/main-agent/${ana.id}`);
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Juniper");
  });
});

describe("a saved conversation's actions", () => {
  it("rename it, refusing an empty title and changing nothing", async () => {
    const ana = await chatter("Avocet");
    const path = `/main-agent/${ana.id}`;
    const refused = await postJson(`${path}.data`, ana.cookie, { intent: "rename", title: " " });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Give the conversation a title");
    expect((await stored(ana.token, ana.id)).title).toBe(ana.question);

    // The chat's scripts send JSON and read the action's answer (single fetch's `.data`).
    const renamed = await postJson(`${path}.data`, ana.cookie, {
      intent: "rename",
      title: "Avocet returns",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.html).toContain("Avocet returns");
    expect((await stored(ana.token, ana.id)).title).toBe("Avocet returns");

    // A form posted without JavaScript goes back to the conversation.
    const posted = await postForm(path, ana.cookie, { intent: "rename", title: "Avocet again" });
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(path);
    expect((await stored(ana.token, ana.id)).title).toBe("Avocet again");
  });

  it("refuse a change there is none of", async () => {
    const ana = await chatter("Bittern");
    const refused = await postJson(`/main-agent/${ana.id}.data`, ana.cookie, { intent: "pin" });
    expect(refused.status).toBe(400);
    expect((await stored(ana.token, ana.id)).status).toBe(200);
  });

  it("delete it, then open the list it names; never another user's", async () => {
    const ana = await chatter("Knot");
    const ben = await chatter("Heron");
    const others = await postJson(`/main-agent/${ben.id}.data`, ana.cookie, { intent: "delete" });
    expect(others.status).toBe(404);
    expect((await stored(ben.token, ben.id)).status).toBe(200);

    const deleted = await postJson(`/main-agent/${ana.id}.data`, ana.cookie, {
      intent: "delete",
      back: "/main-agent?q=Knot",
    });
    // Single fetch answers a redirect as data, for the page's scripts to follow.
    expect(deleted.status).toBe(202);
    expect(deleted.html).toContain("/main-agent?q=Knot");
    expect((await stored(ana.token, ana.id)).status).toBe(404);
  });

  it("delete one from the list with JavaScript, answered with what happened", async () => {
    const ana = await chatter("Dunlin");
    const deleted = await postJson(`/main-agent/${ana.id}.data`, ana.cookie, { intent: "delete" });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain("deleted");
    expect((await stored(ana.token, ana.id)).status).toBe(404);
  });

  it("refuse a form from another site", async () => {
    const ana = await chatter("Plover");
    const forged = await postForm(
      `/main-agent/${ana.id}`,
      ana.cookie,
      { intent: "delete" },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect((await stored(ana.token, ana.id)).status).toBe(200);
  });
});
