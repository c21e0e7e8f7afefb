/**
 * Connections at its own route (/connections): the server HTML holds the user's access tokens and
 * notification preferences (and none of another user's); a Google outcome it cannot read is a 400
 * page; and its changes go through the route's action: a token made (its secret in the answer)
 * and revoked, the notification preferences saved by a plain form (no JavaScript), Google
 * disconnected. Refusals change nothing, and another site's form is refused.
 */
import { describe, expect, it } from "vitest";
import { api, cookieValue, pageAt as page, postForm, postJson, register } from "./helpers";

/** An investor with one access token, named after `word`. */
async function investor(word: string) {
  const { cookie, token } = await register({ first_name: word });
  const made = await api("/access-tokens", {
    method: "POST",
    token,
    json: { name: `${word} script`, scope: "read", expires_in_days: 30 },
  });
  expect(made.status).toBe(201);
  const { access_token } = ((await made.json()) as { data: { access_token: { id: string } } }).data;
  return { cookie: cookieValue(cookie), token, tokenId: access_token.id };
}

/** The names of the user's access tokens, as the API lists them. */
async function tokenNames(token: string) {
  const response = await api("/access-tokens", { token });
  return ((await response.json()) as { data: { name: string }[] }).data.map((t) => t.name);
}

/** The notification preferences, as the API reads them. */
async function preferences(token: string) {
  const response = await api("/notifications/settings", { token });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe("the Connections page", () => {
  it("arrives with the user's tokens and preferences, and none of another user's", async () => {
    const ana = await investor("Marram");
    await investor("Sedge");
    const { status, html } = await page("/connections", ana.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Connections · AI42</title>");
    expect(html).toMatch(/<a aria-current="page"[^>]+href="\/connections"/);
    expect(html).toContain("Marram script");
    expect(html).toContain('aria-label="Notification preferences"');
    expect(html).toContain('name="channels.deposit_due.inApp"');
    expect(html).not.toContain("Sedge");
  });

  it("shows a visitor the login screen and reads no data", async () => {
    const { status, html } = await page("/connections");
    expect(status).toBe(200);
    expect(html).toContain("Welcome Back");
    expect(html).not.toContain("Notification preferences");
  });

  it("answers a Google outcome it cannot read with a 400 page and a way back", async () => {
    const { cookie } = await investor("Bulrush");
    const { status, html } = await page("/connections?google=maybe", cookie);
    expect(status).toBe(400);
    expect(html).toContain("The Google connect flow has no outcome “maybe”");
    expect(html).toMatch(/<a[^>]+href="\/connections"[^>]*>Open Connections<\/a>/);
  });
});

describe("Connections' action", () => {
  it("makes a token, its secret in the answer, refusing one the API would refuse", async () => {
    const ana = await investor("Rush");
    const refused = await postJson("/connections", ana.cookie, {
      intent: "create-token",
      input: { name: "  ", scope: "read", expires_in_days: 30 },
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Name the token");
    expect(await tokenNames(ana.token)).toEqual(["Rush script"]);

    const made = await postJson("/connections", ana.cookie, {
      intent: "create-token",
      input: { name: "Cursor", scope: "read_write", expires_in_days: null },
    });
    expect(made.status).toBe(200);
    expect(made.html).toMatch(/ai42_pat_\w+/);
    expect(await tokenNames(ana.token)).toEqual(["Cursor", "Rush script"]);
  });

  it("needs JavaScript to make a token: a form's post is refused", async () => {
    const ana = await investor("Reed");
    const refused = await postForm("/connections", ana.cookie, {
      intent: "create-token",
      name: "By a form",
    });
    expect(refused.status).toBe(400);
    expect(await tokenNames(ana.token)).toEqual(["Reed script"]);
  });

  it("revokes a token without JavaScript, and not another user's", async () => {
    const ana = await investor("Tansy");
    const ben = await investor("Yarrow");
    const others = await postForm("/connections", ana.cookie, {
      intent: "revoke-token",
      id: ben.tokenId,
    });
    expect(others.status).toBe(404);
    expect(await tokenNames(ben.token)).toEqual(["Yarrow script"]);

    const revoked = await postForm("/connections", ana.cookie, {
      intent: "revoke-token",
      id: ana.tokenId,
    });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe("/connections?section=ai-clients");
    expect(await tokenNames(ana.token)).toEqual([]);
  });

  it("saves the notification preferences from a plain form; a refused one changes nothing", async () => {
    const ana = await investor("Vetch");
    const saved = await postForm("/connections?section=notifications", ana.cookie, {
      intent: "save-preferences",
      timeZone: "America/Chicago",
      briefHour: "6",
      quiet: "on",
      quietStart: "21:30",
      quietEnd: "06:45",
      "channels.sale_tomorrow.inApp": "on",
      "channels.deposit_due.email": "on",
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/connections?section=notifications");
    const after = await preferences(ana.token);
    expect(after).toMatchObject({
      timeZone: "America/Chicago",
      zoneChosen: true,
      briefHour: 6,
      quietHours: { start: "21:30", end: "06:45" },
    });
    const channels = after.channels as Record<string, unknown>;
    expect(channels.sale_tomorrow).toEqual({ inApp: true, email: false });
    expect(channels.deposit_due).toEqual({ inApp: false, email: true });
    expect(channels.follow_ups_due).toEqual({ inApp: false, email: false });

    const refused = await postForm("/connections", ana.cookie, {
      intent: "save-preferences",
      timeZone: "America/Denver",
      briefHour: "",
      quiet: "on",
      quietStart: "21:30",
      quietEnd: "21:30",
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Quiet hours start and end at different times");
    expect(await preferences(ana.token)).toEqual(after);
  });

  it("disconnects Google without JavaScript, when none is connected too", async () => {
    const ana = await investor("Teasel");
    const answer = await postForm("/connections", ana.cookie, { intent: "disconnect-google" });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/connections");
  });

  it("refuses a change it does not know, and a form from another site", async () => {
    const ana = await investor("Sorrel");
    const unknown = await postForm("/connections", ana.cookie, { intent: "rename" });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("There is no change “rename” in Connections");

    const forged = await postForm(
      "/connections",
      ana.cookie,
      { intent: "revoke-token", id: ana.tokenId },
      "https://evil.example",
    );
    expect(forged.status).toBe(403);
    expect(await tokenNames(ana.token)).toEqual(["Sorrel script"]);
  });
});
