/**
 * The Google account and the calendar inside workerd with real local D1, against the local fake
 * Google (tests/fakes/google-server.mjs) reached only through GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL and
 * GOOGLE_API_BASE_URL.
 */
import { env, SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { runTool } from "../../worker/services/agent-tools";
import { connected, consent, callback, fake, fakeLog, steer } from "./google-fake";
import { account, api, ORIGIN } from "./helpers";

type Data<T> = { data: T };
type Failure = { error: { message: string; code: string; details?: { field: string }[] } };
interface Status {
  configured: boolean;
  connected: boolean;
  email?: string;
  scopes?: string[];
  needsReconnect?: boolean;
  lastSyncAt?: string;
}
interface CalendarEvent {
  id: string;
  calendarId: string;
  source: string;
  summary: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string };
  kind: string;
  readOnly: boolean;
  projectId: string | null;
}

const connectionRow = (userId: string) =>
  env.DB.prepare("SELECT * FROM google_connections WHERE user_id = ?")
    .bind(userId)
    .first<{ access_token: string; refresh_token: string; needs_reconnect: number }>();

beforeEach(async () => {
  await fake("/__fake/reset", { method: "POST" });
});

describe("connecting Google", () => {
  it("is 'not connected' everywhere before, and Gmail and Drive say 409 GOOGLE_NOT_CONNECTED", async () => {
    const { call } = await account();
    for (const path of ["/google/gmail/status", "/google/drive/status", "/calendar/status"]) {
      const { status, body } = await call<Data<Status>>(path);
      expect(status).toBe(200);
      expect(body.data).toEqual({ configured: true, connected: false });
    }
    for (const path of ["/google/gmail/messages", "/google/drive/files"]) {
      const { status, body } = await call<Failure>(path);
      expect(status).toBe(409);
      expect(body.error.code).toBe("GOOGLE_NOT_CONNECTED");
    }
  });

  it("sends the browser to Google with PKCE, offline access and a state, then stores the account", async () => {
    const { token, user, call } = await account();
    const browser = await api("/google/connect", {
      token,
      headers: { Accept: "text/html" },
    });
    // A bearer caller gets JSON even when it accepts HTML: it is an API client.
    expect(browser.status).toBe(200);

    const { authUrl, redirect } = await consent(token, { email: "ana.google@example.com" });
    const params = authUrl.searchParams;
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(env.GOOGLE_AUTH_URL);
    expect(params.get("client_id")).toBe(env.GOOGLE_CLIENT_ID);
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}/api/google/callback`);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("access_type")).toBe("offline");
    expect(params.get("prompt")).toBe("consent");
    expect(params.get("include_granted_scopes")).toBe("true");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("state")).toMatch(/^[\w-]{40,}$/);
    expect(params.get("scope")!.split(" ")).toEqual([
      "openid",
      "email",
      "https://www.googleapis.com/auth/gmail.readonly",
      "https://www.googleapis.com/auth/drive.readonly",
      "https://www.googleapis.com/auth/calendar",
    ]);

    expect(await callback(token, redirect.search)).toBe("/connections?google=connected");

    // The code went back with the verifier whose S256 is the challenge sent to Google.
    const exchange = (await fakeLog()).requests.find((r) => r.path === "/token")!;
    expect(exchange.body!.grant_type).toBe("authorization_code");
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(exchange.body!.code_verifier),
    );
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(challenge).toBe(params.get("code_challenge"));

    const { body } = await call<Data<Status>>("/google/gmail/status");
    expect(body.data).toMatchObject({
      connected: true,
      email: "ana.google@example.com",
      needsReconnect: false,
    });
    expect(body.data.scopes).toContain("https://www.googleapis.com/auth/gmail.readonly");

    // Tokens are sealed in D1: the access token Google issued is nowhere in the row.
    await call("/google/gmail/messages?maxResults=1");
    const used = (await fakeLog()).requests.find((r) => r.path.startsWith("/gmail/"))!;
    const accessToken = used.authorization!.replace(/^Bearer /, "");
    const row = await connectionRow(user.id);
    expect(row!.access_token).toMatch(/^v1\./);
    expect(row!.refresh_token).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(accessToken);
  });

  it("refuses a missing, reused or another session's state, and stores nothing", async () => {
    const ana = await account();
    const bo = await account();
    const { redirect } = await consent(ana.token);
    const code = redirect.searchParams.get("code")!;

    expect(await callback(ana.token, `?code=${code}`)).toBe("/connections?google=expired");
    expect(await callback(bo.token, redirect.search)).toBe("/connections?google=expired");
    expect(await connectionRow(bo.user.id)).toBeNull();
    expect(await connectionRow(ana.user.id)).toBeNull();

    // A declined consent uses the state up; the same state again is refused.
    const declined = await consent(ana.token, { deny: true });
    expect(declined.redirect.searchParams.get("error")).toBe("access_denied");
    expect(await callback(ana.token, declined.redirect.search)).toBe("/connections?google=denied");
    const fresh = await consent(ana.token);
    const reused = new URLSearchParams(fresh.redirect.search);
    reused.set("state", declined.redirect.searchParams.get("state")!);
    expect(await callback(ana.token, `?${reused}`)).toBe("/connections?google=expired");
    expect(await connectionRow(ana.user.id)).toBeNull();

    // Ana's own, unused state still works (Bo's attempt did not spend it).
    expect(await callback(ana.token, redirect.search)).toBe("/connections?google=connected");
    expect(await callback(ana.token, redirect.search)).toBe("/connections?google=expired");
  });

  it("says plainly when only some permissions were given", async () => {
    const { token, call } = await account();
    const { redirect } = await consent(token, {
      grantOnly: ["openid", "email", "https://www.googleapis.com/auth/calendar"],
    });
    expect(await callback(token, redirect.search)).toBe("/connections?google=partial");
    expect((await call<Data<Status>>("/google/gmail/status")).body.data.connected).toBe(false);
    expect((await call<Data<Status>>("/calendar/status")).body.data.connected).toBe(true);
    const gmail = await call<Failure>("/google/gmail/messages");
    expect(gmail.status).toBe(409);
    expect(gmail.body.error.code).toBe("GOOGLE_NOT_CONNECTED");
  });

  it("without a session, the callback sends the browser back without storing anything", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/google/callback?state=x&code=y`, {
      redirect: "manual",
    });
    expect(response.headers.get("Location")).toBe("/connections?google=expired");
  });

  it("disconnecting revokes the grant at Google and forgets it", async () => {
    const { user, call } = await connected();
    const { status, body } = await call<Data<{ disconnected: boolean }>>("/google/disconnect", {
      method: "POST",
    });
    expect(status).toBe(200);
    expect(body.data.disconnected).toBe(true);
    expect((await fakeLog()).revocations).toBe(1);
    expect(await connectionRow(user.id)).toBeNull();
    expect((await call<Data<Status>>("/google/status")).body.data.connected).toBe(false);
  });
});

describe("Gmail and Drive", () => {
  it("lists the latest messages with sender, subject, date and unread, passing q through", async () => {
    const { call } = await connected();
    const { status, body } = await call<Data<Record<string, unknown>[]>>(
      "/google/gmail/messages?maxResults=5",
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(5);
    for (const message of body.data) {
      expect(Object.keys(message).sort()).toEqual(
        ["date", "from", "id", "snippet", "subject", "threadId", "unread"].sort(),
      );
      expect(message.from).not.toBe("");
    }
    const dates = body.data.map((m) => Date.parse(m.date as string));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const unread = await call<Data<{ unread: boolean }[]>>("/google/gmail/messages?q=is%3Aunread");
    expect(unread.body.data.length).toBeGreaterThan(0);
    expect(unread.body.data.every((m) => m.unread)).toBe(true);
    const list = (await fakeLog()).requests.filter((r) => r.path === "/gmail/v1/users/me/messages");
    expect(list.at(-1)!.query.q).toBe("is:unread");

    const tooMany = await call<Failure>("/google/gmail/messages?maxResults=500");
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details![0]!.field).toBe("maxResults");
  });

  it("searches Drive by the user's words, quotes escaped, never as Drive syntax", async () => {
    const { call } = await connected();
    const { status, body } = await call<Data<{ name: string; webViewLink: string }[]>>(
      `/google/drive/files?q=${encodeURIComponent("O'Brien")}`,
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((f) => f.name.includes("O'Brien") && f.webViewLink)).toBe(true);
    const sent = (await fakeLog()).requests.filter((r) => r.path === "/drive/v3/files").at(-1)!;
    expect(sent.query.q).toBe("name contains 'O\\'Brien' and trashed = false");

    const injection = await call<Data<unknown[]>>(
      `/google/drive/files?q=${encodeURIComponent("x' or name contains '")}`,
    );
    expect(injection.status).toBe(200);
    expect(injection.body.data).toEqual([]);
  });
});

describe("Drive files linked to projects", () => {
  const file = {
    driveFileId: "1AbC",
    name: "Purchase agreement - 12 Oak St.pdf",
    mimeType: "application/pdf",
    webViewLink: "https://drive.google.com/file/d/1AbC/view",
  };

  it("shows in the project, links once, and unlinks; another user's project is 404", async () => {
    const ana = await account();
    const bo = await account();
    const project = await ana.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Oak St flip" },
    });
    const id = project.body.data.id;
    const linked = await ana.call<Data<{ id: string; name: string }>>(`/projects/${id}/files`, {
      method: "POST",
      json: file,
    });
    expect(linked.status).toBe(201);
    await ana.call(`/projects/${id}/files`, {
      method: "POST",
      json: { ...file, name: "Renamed.pdf" },
    });
    const detail = await ana.call<
      Data<{ files: { id: string; name: string; webViewLink: string }[] }>
    >(`/projects/${id}`);
    expect(detail.body.data.files).toEqual([
      expect.objectContaining({ name: "Renamed.pdf", webViewLink: file.webViewLink }),
    ]);
    expect((await bo.call(`/projects/${id}/files`, { method: "POST", json: file })).status).toBe(
      404,
    );
    const fileId = detail.body.data.files[0]!.id;
    expect((await bo.call(`/projects/${id}/files/${fileId}`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect((await ana.call(`/projects/${id}/files/${fileId}`, { method: "DELETE" })).status).toBe(
      200,
    );
    const after = await ana.call<Data<{ files: unknown[] }>>(`/projects/${id}`);
    expect(after.body.data.files).toEqual([]);
  });

  it("refuses a link that is not a web address", async () => {
    const { call } = await account();
    const project = await call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Oak St flip" },
    });
    const bad = await call<Failure>(`/projects/${project.body.data.id}/files`, {
      method: "POST",
      json: { ...file, webViewLink: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details![0]!.field).toBe("webViewLink");
  });
});

describe("tokens", () => {
  it("refresh when five minutes or less remain, once for concurrent calls", async () => {
    await steer("/__fake/tokens", { expiresIn: 120 });
    const { call } = await connected();
    await steer("/__fake/tokens", { expiresIn: 3599 });
    await fake("/__fake/requests", { method: "DELETE" });
    const results = await Promise.all([
      call("/google/drive/files?pageSize=3"),
      call("/google/gmail/messages?maxResults=2"),
      call("/google/drive/files?pageSize=2"),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await fakeLog()).refreshes).toBe(1);
    // The refreshed token lasts an hour: the next call needs no refresh.
    await call("/google/drive/files?pageSize=1");
    expect((await fakeLog()).refreshes).toBe(1);
  });

  it("a 401 from Google triggers one refresh and one retry", async () => {
    const { call } = await connected();
    await fake("/__fake/requests", { method: "DELETE" });
    await steer("/__fake/tokens", { expireAccessTokens: true });
    const { status } = await call("/google/drive/files?pageSize=2");
    expect(status).toBe(200);
    const log = await fakeLog();
    expect(log.refreshes).toBe(1);
    expect(
      log.requests.filter((r) => r.path === "/drive/v3/files").map((r) => r.authorization),
    ).toHaveLength(2);
  });

  it("invalid_grant marks the connection 'reconnect needed'", async () => {
    const { token, user, call } = await connected();
    await steer("/__fake/tokens", { revokeAll: true });
    const failed = await call<Failure>("/google/drive/files");
    expect(failed.status).toBe(409);
    expect(failed.body.error.code).toBe("GOOGLE_RECONNECT_NEEDED");
    expect((await connectionRow(user.id))!.needs_reconnect).toBe(1);
    const { body } = await call<Data<Status>>("/google/drive/status");
    expect(body.data).toMatchObject({ connected: true, needsReconnect: true });
    // Connecting again clears it.
    const { redirect } = await consent(token);
    expect(await callback(token, redirect.search)).toBe("/connections?google=connected");
    const again = await call<Data<Status>>("/google/drive/status");
    expect(again.body.data.needsReconnect).toBe(false);
    expect((await call("/google/drive/files")).status).toBe(200);
  });
});

describe("the calendar", () => {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const tomorrow = day(1);
  const at = (day: string, time: string) => `${day}T${time}:00-05:00`;
  const meeting = (overrides: Record<string, unknown> = {}) => ({
    summary: "Walk-through at 12 Oak St",
    start: { dateTime: at(tomorrow, "10:00"), timeZone: "America/New_York" },
    end: { dateTime: at(tomorrow, "11:00"), timeZone: "America/New_York" },
    location: "12 Oak St, Dayton, OH",
    kind: "showing",
    ...overrides,
  });

  it("creates, lists, replaces and deletes an AI42 event in Google's shape", async () => {
    const { call } = await account();
    const created = await call<Data<CalendarEvent>>("/calendar/events", {
      method: "POST",
      json: meeting(),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      calendarId: "local",
      source: "local",
      summary: "Walk-through at 12 Oak St",
      kind: "showing",
      start: {
        dateTime: new Date(at(tomorrow, "10:00")).toISOString(),
        timeZone: "America/New_York",
      },
    });
    const id = created.body.data.id;

    const listed = await call<Data<CalendarEvent[]>>(
      `/calendar/events?calendarId=local&timeMin=${encodeURIComponent(at(tomorrow, "00:00"))}&timeMax=${encodeURIComponent(at(tomorrow, "23:59"))}`,
    );
    expect(listed.body.data.map((e) => e.id)).toEqual([id]);

    const moved = await call<Data<CalendarEvent>>(`/calendar/events/${id}`, {
      method: "PUT",
      json: meeting({ start: { date: tomorrow }, end: { date: day(2) } }),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ allDay: true, start: { date: tomorrow } });

    const deleted = await call<Data<{ id: string }>>(`/calendar/events/${id}`, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect((await call(`/calendar/events/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("refuses bad events and ranges with 400 naming the field, and changes nothing", async () => {
    const { call } = await account();
    const backwards = await call<Failure>("/calendar/events", {
      method: "POST",
      json: meeting({ end: { dateTime: at(tomorrow, "09:00") } }),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details![0]).toMatchObject({
      field: "end",
      message: "End after the start",
    });
    const mixed = await call<Failure>("/calendar/events", {
      method: "POST",
      json: meeting({ end: { date: tomorrow } }),
    });
    expect(mixed.status).toBe(400);
    const untitled = await call<Failure>("/calendar/events", {
      method: "POST",
      json: meeting({ summary: " " }),
    });
    expect(untitled.body.error.details![0]).toMatchObject({
      field: "summary",
      message: "Give the event a title",
    });
    const zone = await call<Failure>("/calendar/events", {
      method: "POST",
      json: meeting({ start: { dateTime: at(tomorrow, "10:00"), timeZone: "Mars/Olympus" } }),
    });
    expect(zone.body.error.details![0]!.field).toBe("start.timeZone");

    const farOff = await call<Failure>(
      "/calendar/events?timeMin=9999-12-27T00:00:00Z&timeMax=9999-12-31T00:00:00Z",
    );
    expect(farOff.status).toBe(400);
    expect(farOff.body.error.details![0]!.field).toBe("timeMin");
    const yearOne = await call<Failure>("/calendar/events", {
      method: "POST",
      json: meeting({ start: { dateTime: "0001-01-01T10:00:00Z" } }),
    });
    expect(yearOne.status).toBe(400);
    expect(yearOne.body.error.details![0]).toMatchObject({
      field: "start.dateTime",
      message: "Use a date between 1900 and 2100",
    });
    const token = await call<Failure>("/calendar/events?pageToken=made-up");
    expect(token.body.error.details![0]!.field).toBe("pageToken");
    const many = await call<Failure>("/calendar/events?maxResults=2501");
    expect(many.body.error.details![0]!.field).toBe("maxResults");
    const all = await call<Data<CalendarEvent[]>>("/calendar/events?calendarId=local");
    expect(all.body.data).toEqual([]);
  });

  it("another user's event is 404, and a link to another user's project is refused", async () => {
    const ana = await account();
    const bo = await account();
    const { body } = await ana.call<Data<CalendarEvent>>("/calendar/events", {
      method: "POST",
      json: meeting(),
    });
    const id = body.data.id;
    expect(
      (await bo.call(`/calendar/events/${id}`, { method: "PUT", json: meeting() })).status,
    ).toBe(404);
    expect((await bo.call(`/calendar/events/${id}`, { method: "DELETE" })).status).toBe(404);
    const project = await ana.call<Data<{ id: string }>>("/projects", {
      method: "POST",
      json: { name: "Oak St flip" },
    });
    const linked = await bo.call<Failure>("/calendar/events", {
      method: "POST",
      json: meeting({ projectId: project.body.data.id }),
    });
    expect(linked.status).toBe(400);
    expect(linked.body.error.details![0]!.field).toBe("projectId");
    const still = await ana.call<Data<CalendarEvent[]>>("/calendar/events?calendarId=local");
    expect(still.body.data.map((e) => e.summary)).toEqual(["Walk-through at 12 Oak St"]);
  });

  it("merges AI42 events, project closings and the selected Google calendars by start", async () => {
    const { call } = await connected();
    await call("/projects", {
      method: "POST",
      json: { name: "Maple duplex", targetCloseDate: tomorrow },
    });
    await call("/calendar/events", { method: "POST", json: meeting({ calendarId: "local" }) });
    const calendars =
      await call<Data<{ id: string; source: string; selected: boolean }[]>>("/calendar/calendars");
    expect(calendars.body.data.slice(0, 2).map((c) => c.id)).toEqual(["local", "projects"]);
    const google = calendars.body.data.filter((c) => c.source === "google");
    expect(google.length).toBe(3);

    const { status, body } = await call<
      Data<CalendarEvent[]> & { meta: { unavailable: unknown[] } }
    >("/calendar/events");
    expect(status).toBe(200);
    expect(body.meta.unavailable).toEqual([]);
    const sources = new Set(body.data.map((e) => e.source));
    expect(sources).toEqual(new Set(["local", "project", "google"]));
    const closing = body.data.find((e) => e.source === "project")!;
    expect(closing).toMatchObject({
      summary: "Closing: Maple duplex",
      kind: "closing",
      readOnly: true,
      calendarId: "projects",
      start: { date: tomorrow },
    });
    // Only selected Google calendars are merged (the holidays calendar is not selected).
    const hidden = google.filter((c) => !c.selected).map((c) => c.id);
    expect(body.data.some((e) => hidden.includes(e.calendarId))).toBe(false);
    const starts = body.data.map((e) =>
      Date.parse(e.start.dateTime ?? `${e.start.date}T00:00:00Z`),
    );
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    const closingEdit = await call<Failure>(`/calendar/events/${closing.id}`, {
      method: "PUT",
      json: meeting(),
    });
    expect(closingEdit.status).toBe(409);
    expect(closingEdit.body.error.code).toBe("READ_ONLY");
  });

  it("writes an event to a Google calendar when the body names it", async () => {
    const { call } = await connected({ email: "cal.writer@example.com" });
    const created = await call<Data<CalendarEvent>>("/calendar/events", {
      method: "POST",
      json: meeting({ calendarId: "cal.writer@example.com", kind: "auction" }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ source: "google", kind: "auction" });
    const inserted = (await fakeLog()).requests.find(
      (r) => r.method === "POST" && r.path.includes("/events"),
    )!;
    expect(inserted.body).toMatchObject({ summary: "Walk-through at 12 Oak St" });

    const listed = await call<Data<CalendarEvent[]>>(
      `/calendar/events?calendarId=${encodeURIComponent("cal.writer@example.com")}&timeMin=${encodeURIComponent(at(tomorrow, "00:00"))}&timeMax=${encodeURIComponent(at(tomorrow, "23:59"))}`,
    );
    const mine = listed.body.data.find((e) => e.id === created.body.data.id)!;
    expect(mine.kind).toBe("auction");

    const removed = await call(
      `/calendar/events/${created.body.data.id}?calendarId=${encodeURIComponent("cal.writer@example.com")}`,
      { method: "DELETE" },
    );
    expect(removed.status).toBe(200);
  });

  it("with Google connected, an event with no calendar named goes to the primary Google calendar", async () => {
    const { call } = await connected({ email: "primary.owner@example.com" });
    const created = await call<Data<CalendarEvent>>("/calendar/events", {
      method: "POST",
      json: meeting(),
    });
    expect(created.status).toBe(201);
    // Google names the primary calendar by the account's address.
    expect(created.body.data).toMatchObject({
      source: "google",
      calendarId: "primary.owner@example.com",
    });
    const local = await call<Data<CalendarEvent[]>>("/calendar/events?calendarId=local");
    expect(local.body.data).toEqual([]);
    // Naming AI42's own calendar still puts it there.
    const mine = await call<Data<CalendarEvent>>("/calendar/events", {
      method: "POST",
      json: meeting({ calendarId: "local" }),
    });
    expect(mine.body.data).toMatchObject({ source: "local", calendarId: "local" });
  });

  it("an event made with no calendar named is read, changed and deleted with none named", async () => {
    // An event of AI42's own calendar, made before Google was connected.
    const user = await account();
    const { call } = user;
    const before = await call<Data<CalendarEvent>>("/calendar/events", {
      method: "POST",
      json: meeting({ summary: "Made before Google" }),
    });
    expect(before.body.data.calendarId).toBe("local");
    const { redirect } = await consent(user.token, { email: "no.calendar@example.com" });
    expect(await callback(user.token, redirect.search)).toBe("/connections?google=connected");

    const created = await call<Data<CalendarEvent>>("/calendar/events", {
      method: "POST",
      json: meeting(),
    });
    expect(created.body.data).toMatchObject({
      source: "google",
      calendarId: "no.calendar@example.com",
    });
    const path = `/calendar/events/${created.body.data.id}`;
    const read = await call<Data<CalendarEvent>>(path);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      id: created.body.data.id,
      calendarId: "no.calendar@example.com",
      summary: "Walk-through at 12 Oak St",
    });
    const changed = await call<Data<CalendarEvent>>(path, {
      method: "PUT",
      json: meeting({ summary: "Walk-through moved" }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      calendarId: "no.calendar@example.com",
      summary: "Walk-through moved",
    });
    expect((await call<Data<CalendarEvent>>(path)).body.data.summary).toBe("Walk-through moved");
    const deleted = await call<Data<{ id: string; calendarId: string }>>(path, {
      method: "DELETE",
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({
      id: created.body.data.id,
      calendarId: "no.calendar@example.com",
    });
    expect((await call(path)).status).toBe(404);
    // Nothing of it was ever in AI42's own calendar.
    const local = await call<Data<CalendarEvent[]>>("/calendar/events?calendarId=local");
    expect(local.body.data.map((e) => e.summary)).toEqual(["Made before Google"]);

    // The event made before Google was connected is still found by its id alone.
    const older = `/calendar/events/${before.body.data.id}`;
    expect((await call<Data<CalendarEvent>>(older)).body.data).toMatchObject({
      calendarId: "local",
      summary: "Made before Google",
    });
    const renamed = await call<Data<CalendarEvent>>(older, {
      method: "PUT",
      json: meeting({ summary: "Still AI42's" }),
    });
    expect(renamed.body.data).toMatchObject({ calendarId: "local", summary: "Still AI42's" });
    const gone = await call<Data<{ calendarId: string }>>(older, { method: "DELETE" });
    expect(gone.body.data.calendarId).toBe("local");
    expect(
      (await call<Data<CalendarEvent[]>>("/calendar/events?calendarId=local")).body.data,
    ).toEqual([]);
    // Google was never asked for AI42's event.
    const asked = (await fakeLog()).requests.filter((r) => r.path.includes(before.body.data.id));
    expect(asked).toEqual([]);
  });

  it("lists any range in pages that neither repeat nor skip an event", async () => {
    const { call } = await account();
    // Seven events, five of them at the same time, and two project closings on one day.
    const at9 = {
      start: { dateTime: "2030-05-01T09:00:00Z" },
      end: { dateTime: "2030-05-01T10:00:00Z" },
    };
    for (const summary of ["A", "B", "C", "D", "E"])
      await call("/calendar/events", { method: "POST", json: { summary, ...at9 } });
    await call("/calendar/events", {
      method: "POST",
      json: { summary: "All day", start: { date: "2030-05-01" }, end: { date: "2030-05-02" } },
    });
    await call("/calendar/events", {
      method: "POST",
      json: {
        summary: "First of the century",
        start: { date: "1900-01-01" },
        end: { date: "1900-01-02" },
      },
    });
    for (const name of ["North", "South"])
      await call("/projects", { method: "POST", json: { name, targetCloseDate: "2030-05-01" } });

    const range = "timeMin=1899-12-31T00:00:00Z&timeMax=2101-01-07T00:00:00Z";
    const whole = await call<Data<CalendarEvent[]>>(`/calendar/events?${range}&maxResults=2500`);
    expect(whole.status).toBe(200);
    expect(whole.body.data).toHaveLength(9);
    const paged: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await call<Data<CalendarEvent[]> & { meta: { nextPageToken?: string } }>(
        `/calendar/events?${range}&maxResults=2${token ? `&pageToken=${token}` : ""}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.body.data.map((e) => e.id));
      token = page.body.meta.nextPageToken;
      pages += 1;
    } while (token && pages < 20);
    expect(pages).toBe(5);
    expect(paged).toEqual(whole.body.data.map((e) => e.id));
  });

  it("without Google, the calendars are AI42's own and project closings", async () => {
    const { call } = await account();
    const { body } = await call<Data<{ id: string }[]>>("/calendar/calendars");
    expect(body.data.map((c) => c.id)).toEqual(["local", "projects", "auctions"]);
  });
});

describe("the agent's calendar and Google tools", () => {
  const tool = (userId: string, name: string, args: unknown) =>
    runTool(database(env.DB), userId, name, JSON.stringify(args), {
      env,
      origin: ORIGIN,
      role: "owner" as const,
    });

  it("create an event and list it back; mail and Drive search the connected account", async () => {
    const { user, call } = await connected();
    const created = await tool(user.id, "create_event", {
      summary: "Tax sale, Greene County",
      start: { dateTime: "2027-03-31T10:00:00-04:00" },
      end: { dateTime: "2027-03-31T12:00:00-04:00" },
      kind: "auction",
    });
    expect(created.record).toMatchObject({ ok: true, wrote: true });
    const listed = await tool(user.id, "list_events", {
      timeMin: "2027-03-31T00:00:00-04:00",
      timeMax: "2027-04-01T00:00:00-04:00",
    });
    expect(listed.record.summary).toContain("Tax sale, Greene County");
    // With Google connected and no calendar named, the event went to the primary Google calendar.
    expect(created.record.summary).toMatch(/in Google Calendar$/);
    const local = await call<Data<CalendarEvent[]>>(
      "/calendar/events?calendarId=local&timeMin=2027-03-31T00:00:00Z&timeMax=2027-04-02T00:00:00Z",
    );
    expect(local.body.data).toEqual([]);

    const mail = await tool(user.id, "search_mail", { query: "is:unread" });
    expect(mail.record.ok).toBe(true);
    expect(mail.record.summary).toMatch(/^Found \d+ messages?: /);
    const drive = await tool(user.id, "search_drive", { query: "O'Brien" });
    expect(drive.record.summary).toMatch(/O'Brien/);
  });

  it("without Google, mail search fails with what to do, and a bad event writes nothing", async () => {
    const { user, call } = await account();
    const mail = await tool(user.id, "search_mail", {});
    expect(mail.record).toMatchObject({ ok: false });
    expect(mail.record.summary).toBe("Connect your Google account in Connections to use Gmail");
    const bad = await tool(user.id, "create_event", {
      summary: "Backwards",
      start: { dateTime: "2027-03-31T10:00:00Z" },
      end: { dateTime: "2027-03-31T09:00:00Z" },
    });
    expect(bad.record.ok).toBe(false);
    expect((await call<Data<unknown[]>>("/calendar/events?calendarId=local")).body.data).toEqual(
      [],
    );
  });
});
