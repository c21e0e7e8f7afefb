/**
 * Follow-up sequences inside workerd with real local D1, against the fake Google: each
 * step runs with a fixed clock through the queue consumer or the cron's finder, and sends once.
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import type { JobMessage } from "../../worker/jobs";
import { runQueue } from "../../worker/queue";
import { queueSequenceSteps, runSequenceStep } from "../../worker/services/sequences";
import { updateSettings } from "../../worker/services/notifications";
import { callback, connected, fakeLog, steer } from "./google-fake";
import { account, api, joinAs, register, uniqueEmail, type Caller } from "./helpers";

type Data<T> = { data: T };
type Failure = { error: { code: string; message: string; details?: { field: string }[] } };
interface Enrollment {
  id: string;
  status: string;
  stopReason: string | null;
  nextStep: number;
  nextAt: string | null;
  gmailThreadId: string | null;
}
interface LogEntry {
  step: number;
  action: string;
  outcome: string;
  detail: string;
  gmailMessageId: string | null;
  calendarEventId: string | null;
}

const DAY = 86_400_000;
/** Tuesday 4 March 2031, 15:00 UTC (10:00 in New York). */
const T0 = Date.parse("2031-03-04T15:00:00Z");
const db = () => database(env.DB);
/** The cron's runs without a queue: each due step is done in the run. */
const inline = { ...env, JOBS: undefined };

const STEPS = [
  {
    day: 0,
    action: "email",
    subject: "Your house at {{address}}",
    body: "Hi {{first_name}},\n\nWould you consider an offer on {{address}}?\n\n{{sender_name}}",
  },
  { day: 2, action: "call", body: "Call {{first_name}} about the offer" },
  { day: 5, action: "email", subject: "Following up", body: "Hi {{first_name}}, any thoughts?" },
];

/** A user connected to Google with the send permission too (the second, incremental consent). */
async function connectedWithSend() {
  const googleEmail = uniqueEmail("google");
  const user = await connected({ email: googleEmail });
  const started = await api("/google/connect?scopes=gmail.send", { token: user.token });
  const { url } = ((await started.json()) as Data<{ url: string }>).data;
  expect(new URL(url).searchParams.get("scope")).toContain(
    "https://www.googleapis.com/auth/gmail.send",
  );
  expect(new URL(url).searchParams.get("include_granted_scopes")).toBe("true");
  await steer("/__fake/consent", { email: googleEmail });
  const google = await fetch(url, { redirect: "manual" });
  const redirect = new URL(google.headers.get("Location")!);
  expect(await callback(user.token, redirect.search)).toBe("/connections?google=connected");
  return { ...user, googleEmail };
}

interface Setup {
  send?: boolean;
  dailyCap?: number;
  steps?: unknown[];
  leads?: number;
}

/** A user with sequences on, a sequence, and leads started on it at T0. */
async function sequenceOn({ send = true, dailyCap = 50, ...rest }: Setup = {}) {
  const user = send ? await connectedWithSend() : { ...(await account()), googleEmail: null };
  const { call } = user;
  const settings = await call<Data<{ gmailSending: string }>>("/marketing/sequences/settings", {
    method: "PUT",
    json: { enabled: true, dailyCap },
  });
  expect(settings.status).toBe(200);
  expect(settings.body.data.gmailSending).toBe(send ? "allowed" : "not_connected");
  const sequence = await call<Data<{ id: string }>>("/marketing/sequences", {
    method: "POST",
    json: { name: "Motivated sellers", steps: rest.steps ?? STEPS },
  });
  expect(sequence.status).toBe(201);
  const leads = [];
  for (let i = 0; i < (rest.leads ?? 1); i += 1) {
    const body = {
      firstName: "Lee",
      lastName: `Seller ${i}`,
      email: uniqueEmail("seller"),
      address: "12 Elm St",
      status: "new",
      consentEmail: true,
    };
    const lead = await call<Data<{ id: string }>>("/marketing/leads", {
      method: "POST",
      json: body,
    });
    expect(lead.status).toBe(201);
    const started = await call<Data<Enrollment>>(
      `/marketing/sequences/leads/${lead.body.data.id}`,
      {
        method: "POST",
        json: { sequenceId: sequence.body.data.id },
      },
    );
    expect(started.status).toBe(201);
    // The fixed clock: the sequence started at T0.
    await env.DB.prepare("UPDATE sequence_enrollments SET started_at = ?, next_at = ? WHERE id = ?")
      .bind(new Date(T0).toISOString(), new Date(T0).toISOString(), started.body.data.id)
      .run();
    leads.push({ id: lead.body.data.id, body, enrollmentId: started.body.data.id });
  }
  return { ...user, sequenceId: sequence.body.data.id, leads };
}

const leadSequences = async (call: Caller, leadId: string) =>
  (
    await call<Data<{ enrollments: Enrollment[]; log: LogEntry[] }>>(
      `/marketing/sequences/leads/${leadId}`,
    )
  ).body.data;

/** The messages Gmail was asked to send to `to`, decoded. */
async function sentTo(to: string) {
  const { requests } = await fakeLog();
  return requests
    .filter((r) => r.method === "POST" && r.path === "/gmail/v1/users/me/messages/send")
    .map((r) => ({
      threadId: (r.body as { threadId?: string }).threadId,
      raw: new TextDecoder().decode(
        Uint8Array.from(
          atob((r.body as { raw: string }).raw.replace(/-/g, "+").replace(/_/g, "/")),
          (c) => c.charCodeAt(0),
        ),
      ),
    }))
    .filter((message) => message.raw.includes(`To: ${to}`));
}

const bodyOf = (raw: string) => {
  const [, body] = raw.split("\r\n\r\n");
  return new TextDecoder().decode(
    Uint8Array.from(atob(body!.replace(/\s+/g, "")), (c) => c.charCodeAt(0)),
  );
};

const stepMessage = (enrollmentId: string, step: number, id: string) => ({
  id,
  timestamp: new Date(T0),
  attempts: 1,
  body: { type: "sequence-step", enrollmentId, step } as JobMessage,
});

const notices = (userId: string) =>
  env.DB.prepare("SELECT key, title FROM notifications WHERE user_id = ? AND kind = 'sequence'")
    .bind(userId)
    .all<{ key: string; title: string }>()
    .then((result) => result.results);

describe("a sequence's steps", () => {
  it("sends the day-0 e-mail from Gmail once, though the step is delivered twice", async () => {
    const { call, user, leads } = await sequenceOn();
    const [lead] = leads;
    const batch = createMessageBatch<JobMessage>("ai42-jobs", [
      stepMessage(lead!.enrollmentId, 0, "first"),
      stepMessage(lead!.enrollmentId, 0, "again"),
    ]);
    const ctx = createExecutionContext();
    await runQueue(batch, env, T0);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["again", "first"]);
    expect(result.retryMessages).toEqual([]);

    const sent = await sentTo(lead!.body.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.raw).toContain("Subject: Your house at 12 Elm St");
    expect(bodyOf(sent[0]!.raw)).toContain(
      "Hi Lee,\r\n\r\nWould you consider an offer on 12 Elm St?",
    );
    expect(bodyOf(sent[0]!.raw)).toContain("Ana Silva");

    const { enrollments, log } = await leadSequences(call, lead!.id);
    expect(enrollments[0]).toMatchObject({ status: "active", nextStep: 1 });
    expect(enrollments[0]!.gmailThreadId).toBeTruthy();
    expect(enrollments[0]!.nextAt).toBe(new Date(T0 + 2 * DAY).toISOString());
    expect(log).toEqual([
      expect.objectContaining({ step: 0, action: "email", outcome: "emailed" }),
    ]);
    expect(log[0]!.gmailMessageId).toBeTruthy();

    // Day 2: the call is a task on that day in AI42's calendar, with a notice.
    await runSequenceStep(db(), env, { enrollmentId: lead!.enrollmentId, step: 1 }, T0 + 2 * DAY);
    const task = await env.DB.prepare(
      "SELECT title, kind, start, contact_id FROM calendar_events WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ title: string; kind: string; start: string; contact_id: string }>();
    expect(task).toEqual({
      title: "Call Lee Seller 0",
      kind: "task",
      start: "2031-03-06",
      contact_id: lead!.id,
    });
    expect(await notices(user.id)).toEqual([
      { key: `seq:${lead!.enrollmentId}:1`, title: "Call Lee Seller 0" },
    ]);

    // Day 5: the second e-mail answers in the same thread, and the sequence is finished.
    await runSequenceStep(db(), env, { enrollmentId: lead!.enrollmentId, step: 2 }, T0 + 5 * DAY);
    const both = await sentTo(lead!.body.email);
    expect(both).toHaveLength(2);
    expect(both[1]!.threadId).toBe(enrollments[0]!.gmailThreadId);
    expect(both[1]!.raw).toContain("Subject: Re: Your house at 12 Elm St");
    expect(both[1]!.raw).toMatch(/In-Reply-To: <[^>]+>/);
    const after = await leadSequences(call, lead!.id);
    expect(after.enrollments[0]).toMatchObject({ status: "finished", nextAt: null });
    expect(after.log.map((entry) => entry.outcome)).toEqual(["emailed", "task", "emailed"]);
  });

  it("sends once when two cron runs overlap, and hands due steps to the queue when there is one", async () => {
    const { leads, user } = await sequenceOn();
    const [lead] = leads;
    const queued: unknown[] = [];
    const jobs = { sendBatch: async (messages: unknown[]) => void queued.push(...messages) };
    await queueSequenceSteps(db(), { ...env, JOBS: jobs as never }, T0);
    const requeueAt = T0 + 15 * 60_000;
    const message = {
      body: {
        type: "sequence-step",
        enrollmentId: lead!.enrollmentId,
        step: 0,
        // Where the queue reads the step's records: D1, or the workspace's object once moved.
        workspaceId: user.id,
        queuedUntil: new Date(requeueAt).toISOString(),
      },
    };
    expect(queued).toContainEqual(message);
    // While the queue has it, the cron does not hand it over again every minute.
    await queueSequenceSteps(db(), { ...env, JOBS: jobs as never }, T0 + 60_000);
    expect(queued).toHaveLength(1);

    // 15 minutes on, the message not yet done: two overlapping runs find it again while the
    // queue delivers it after all.
    await Promise.all([
      queueSequenceSteps(db(), inline, requeueAt),
      queueSequenceSteps(db(), inline, requeueAt),
      runSequenceStep(db(), env, message.body, requeueAt),
    ]);
    expect(await sentTo(lead!.body.email)).toHaveLength(1);
  });

  it("stops when the lead's status changes, and sends nothing more", async () => {
    const { call, user, leads } = await sequenceOn();
    const [lead] = leads;
    await runSequenceStep(db(), env, { enrollmentId: lead!.enrollmentId, step: 0 }, T0);
    const moved = await call(`/marketing/leads/${lead!.id}`, {
      method: "PUT",
      json: { ...lead!.body, status: "contacted" },
    });
    expect(moved.status).toBe(200);
    const result = await runSequenceStep(
      db(),
      env,
      { enrollmentId: lead!.enrollmentId, step: 1 },
      T0 + 2 * DAY,
    );
    expect(result).toEqual({ outcome: "stopped", reason: "status_changed" });
    const { enrollments, log } = await leadSequences(call, lead!.id);
    expect(enrollments[0]).toMatchObject({ status: "stopped", stopReason: "status_changed" });
    expect(log[0]).toMatchObject({ outcome: "stopped", detail: "The lead's status changed" });
    expect((await notices(user.id)).map((n) => n.key)).toContain(`seq:${lead!.enrollmentId}:stop`);
    await runSequenceStep(db(), env, { enrollmentId: lead!.enrollmentId, step: 2 }, T0 + 5 * DAY);
    expect(await sentTo(lead!.body.email)).toHaveLength(1);
  });

  it("stops when the lead replies in the Gmail thread", async () => {
    const { call, leads, googleEmail } = await sequenceOn();
    const [lead] = leads;
    await runSequenceStep(db(), env, { enrollmentId: lead!.enrollmentId, step: 0 }, T0);
    const { enrollments } = await leadSequences(call, lead!.id);
    const reply = await steer("/__fake/gmail/reply", {
      email: googleEmail,
      threadId: enrollments[0]!.gmailThreadId,
      from: `Lee Seller <${lead!.body.email}>`,
    });
    expect(reply.status).toBe(200);
    const result = await runSequenceStep(
      db(),
      env,
      { enrollmentId: lead!.enrollmentId, step: 1 },
      T0 + 2 * DAY,
    );
    expect(result).toEqual({ outcome: "stopped", reason: "replied" });
    const after = await leadSequences(call, lead!.id);
    expect(after.enrollments[0]).toMatchObject({ status: "stopped", stopReason: "replied" });
    const threadReads = (await fakeLog()).requests.filter((r) =>
      r.path.startsWith("/gmail/v1/users/me/threads/"),
    );
    expect(threadReads.length).toBeGreaterThan(0);
  });

  it("stops at an e-mail step when the lead withdrew e-mail consent since the start, sending nothing", async () => {
    const { call, leads } = await sequenceOn();
    const [lead] = leads;
    const withdrawn = await call(`/marketing/leads/${lead!.id}`, {
      method: "PUT",
      json: { ...lead!.body, consentEmail: false },
    });
    expect(withdrawn.status).toBe(200);
    const result = await runSequenceStep(
      db(),
      env,
      { enrollmentId: lead!.enrollmentId, step: 0 },
      T0,
    );
    expect(result).toEqual({ outcome: "stopped", reason: "no_consent" });
    expect(await sentTo(lead!.body.email)).toEqual([]);
    const { enrollments, log } = await leadSequences(call, lead!.id);
    expect(enrollments[0]).toMatchObject({ status: "stopped", stopReason: "no_consent" });
    expect(log).toEqual([expect.objectContaining({ outcome: "stopped" })]);
  });

  it("waits out the user's quiet hours, then sends", async () => {
    const { user, leads } = await sequenceOn();
    const [lead] = leads;
    await updateSettings(
      db(),
      user.id,
      { timeZone: "America/New_York", quietHours: { start: "21:00", end: "08:00" } },
      T0,
    );
    // 22:00 in New York.
    const night = Date.parse("2031-03-05T03:00:00Z");
    const result = await runSequenceStep(
      db(),
      env,
      { enrollmentId: lead!.enrollmentId, step: 0 },
      night,
    );
    expect(result).toEqual({ outcome: "waiting", until: "2031-03-05T13:00:00.000Z" });
    expect(await sentTo(lead!.body.email)).toEqual([]);
    // The cron finds nothing due until then; at 8:00 it sends.
    await queueSequenceSteps(db(), inline, night + 60_000);
    expect(await sentTo(lead!.body.email)).toEqual([]);
    await queueSequenceSteps(db(), inline, Date.parse("2031-03-05T13:00:00Z"));
    expect(await sentTo(lead!.body.email)).toHaveLength(1);
  });

  it("sends no more than the daily cap in 24 hours: the rest wait until the first leaves them", async () => {
    const { call, leads } = await sequenceOn({ dailyCap: 1, leads: 2 });
    const [first, second] = leads;
    await queueSequenceSteps(db(), inline, T0);
    expect(await sentTo(first!.body.email)).toHaveLength(1);
    expect(await sentTo(second!.body.email)).toEqual([]);
    const waiting = await leadSequences(call, second!.id);
    expect(waiting.enrollments[0]).toMatchObject({
      status: "active",
      nextStep: 0,
      nextAt: new Date(T0 + 24 * 3600_000).toISOString(),
    });
    // Local midnight is no fresh start: nine hours later the cap still holds.
    await queueSequenceSteps(db(), inline, Date.parse("2031-03-05T00:00:00Z"));
    expect(await sentTo(second!.body.email)).toEqual([]);
    await queueSequenceSteps(db(), inline, T0 + 24 * 3600_000);
    expect(await sentTo(second!.body.email)).toHaveLength(1);
  });

  it("a time zone changed mid-day opens no fresh cap", async () => {
    const { user, leads } = await sequenceOn({ dailyCap: 1, leads: 2 });
    const [first, second] = leads;
    const step = (lead: typeof first, at: number) =>
      runSequenceStep(db(), env, { enrollmentId: lead!.enrollmentId, step: 0 }, at);
    expect(await step(first, T0)).toEqual({ outcome: "emailed" });
    // 15:00 UTC on the 4th is already the 5th in Tokyo: a calendar day there would count afresh.
    await updateSettings(db(), user.id, { timeZone: "Asia/Tokyo" }, T0 + 60_000);
    expect(await step(second, T0 + 2 * 60_000)).toEqual({
      outcome: "waiting",
      until: new Date(T0 + 24 * 3600_000).toISOString(),
    });
    expect(await sentTo(second!.body.email)).toEqual([]);
  });

  it("without Gmail's send permission, an e-mail step becomes a task and a notice", async () => {
    const { call, user, leads } = await sequenceOn({ send: false });
    const [lead] = leads;
    const result = await runSequenceStep(
      db(),
      env,
      { enrollmentId: lead!.enrollmentId, step: 0 },
      T0,
    );
    expect(result).toEqual({ outcome: "task" });
    const task = await env.DB.prepare(
      "SELECT title, kind, notes FROM calendar_events WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ title: string; kind: string; notes: string }>();
    expect(task).toMatchObject({
      title: "E-mail Lee Seller 0: Your house at 12 Elm St",
      kind: "task",
    });
    expect(task!.notes).toContain("Would you consider an offer on 12 Elm St?");
    expect(task!.notes).toContain(lead!.body.email);
    expect(await notices(user.id)).toEqual([
      { key: `seq:${lead!.enrollmentId}:0`, title: "E-mail Lee Seller 0: Your house at 12 Elm St" },
    ]);
    const { log } = await leadSequences(call, lead!.id);
    expect(log[0]).toMatchObject({ outcome: "task", action: "email" });
    expect(log[0]!.calendarEventId).toBeTruthy();
  });
});

describe("the sequences API", () => {
  it("refuses to start e-mail steps a lead cannot receive, saying why; a sequence without them starts", async () => {
    const { call } = await account();
    await call("/marketing/sequences/settings", {
      method: "PUT",
      json: { enabled: true, dailyCap: 50 },
    });
    const sequence = async (json: unknown) =>
      (await call<Data<{ id: string }>>("/marketing/sequences", { method: "POST", json })).body.data
        .id;
    const emails = await sequence({ name: "Motivated sellers", steps: STEPS });
    const calls = await sequence({
      name: "Calls only",
      steps: [{ day: 0, action: "call", body: "Call {{first_name}}" }],
    });
    const dana = {
      firstName: "Dana",
      lastName: "Reyes",
      email: uniqueEmail("dana"),
      consentEmail: false,
    };
    const lead = async (json: unknown) =>
      (await call<Data<{ id: string }>>("/marketing/leads", { method: "POST", json })).body.data.id;
    const danaId = await lead(dana);
    const samId = await lead({ firstName: "Sam", lastName: "Ortiz", consentEmail: true });
    const start = (leadId: string, sequenceId: string) =>
      call<Failure & Data<Enrollment>>(`/marketing/sequences/leads/${leadId}`, {
        method: "POST",
        json: { sequenceId },
      });

    const noConsent = await start(danaId, emails);
    expect(noConsent.status).toBe(409);
    expect(noConsent.body.error).toEqual({
      code: "NO_EMAIL_CONSENT",
      message:
        "Dana Reyes has not agreed to e-mail: this sequence's 2 e-mail steps would not be sent",
      details: { reason: "no_consent", emailSteps: 2 },
    });
    const noAddress = await start(samId, emails);
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.error).toMatchObject({
      code: "NO_EMAIL_ADDRESS",
      message: "Sam Ortiz has no e-mail address: this sequence's 2 e-mail steps would not be sent",
    });
    // Nothing started, nothing logged.
    expect(await leadSequences(call, danaId)).toEqual({ enrollments: [], log: [] });
    expect(await leadSequences(call, samId)).toEqual({ enrollments: [], log: [] });

    // A sequence without e-mail steps starts on either.
    const callsOnly = await start(samId, calls);
    expect(callsOnly.status).toBe(201);
    expect(callsOnly.body.data).toMatchObject({ status: "active", nextStep: 0 });
    // With consent recorded, the e-mail sequence starts.
    await call(`/marketing/leads/${danaId}`, {
      method: "PUT",
      json: { ...dana, consentEmail: true },
    });
    expect((await start(danaId, emails)).status).toBe(201);
  });

  it("checks what it is sent, and scopes everything to its user", async () => {
    const { call } = await account();
    const bad = await call<Failure>("/marketing/sequences", {
      method: "POST",
      json: { name: "", steps: [{ day: 0, action: "email", body: "Hi" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details!.map((d) => d.field).sort()).toEqual(["name", "steps.0.subject"]);
    const junk = await call<Failure>("/marketing/sequences", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(junk.status).toBe(400);

    const { call: other, leads, sequenceId } = await sequenceOn({ send: false });
    expect((await call(`/marketing/sequences/${sequenceId}`)).status).toBe(404);
    expect((await call(`/marketing/sequences/leads/${leads[0]!.id}`)).status).toBe(404);

    const again = await other<Failure>(`/marketing/sequences/leads/${leads[0]!.id}`, {
      method: "POST",
      json: { sequenceId },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ALREADY_IN_SEQUENCE");

    const stopped = await other<Data<Enrollment>>(
      `/marketing/sequences/enrollments/${leads[0]!.enrollmentId}/stop`,
      { method: "POST" },
    );
    expect(stopped.body.data).toMatchObject({ status: "stopped", stopReason: "by_user" });

    const off = await call<Failure>("/marketing/sequences", {
      method: "POST",
      json: { name: "Off", steps: [{ day: 0, action: "call", body: "Call" }] },
    });
    const lead = await call<Data<{ id: string }>>("/marketing/leads", {
      method: "POST",
      json: { firstName: "Bo", lastName: "Lee" },
    });
    const refused = await call<Failure>(`/marketing/sequences/leads/${lead.body.data.id}`, {
      method: "POST",
      json: { sequenceId: (off.body as unknown as Data<{ id: string }>).data.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("SEQUENCES_OFF");
  });
});

describe("a team's sequences", () => {
  it("e-mail from the Gmail of the member who started them, with their name, until they leave", async () => {
    const mel = await connectedWithSend();
    const olga = await register({ first_name: "Olga", last_name: "Berg" });
    const team = await api("/workspaces", {
      method: "POST",
      token: olga.token,
      json: { name: "Harbor Flips" },
    });
    const teamId = ((await team.json()) as Data<{ id: string }>).data.id;
    await joinAs(teamId, mel.user.id, "member");
    /** A call in the team's workspace as `token`'s person. */
    const inTeam =
      (token: string): Caller =>
      async <T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}) => {
        const response = await api(path, {
          ...init,
          token,
          headers: { "X-Workspace-Id": teamId },
        });
        return { status: response.status, body: (await response.json()) as T };
      };
    const [asOlga, asMel] = [inTeam(olga.token), inTeam(mel.token)];

    const settings = await asOlga<Data<{ gmailSending: string }>>("/marketing/sequences/settings", {
      method: "PUT",
      json: { enabled: true, dailyCap: 50 },
    });
    // Olga has no Gmail; what Mel starts goes from Mel's.
    expect(settings.body.data.gmailSending).toBe("not_connected");
    const melsView = await asMel<Data<{ gmailSending: string }>>("/marketing/sequences/settings");
    expect(melsView.body.data).toMatchObject({ enabled: true, gmailSending: "allowed" });

    const sequence = await asOlga<Data<{ id: string }>>("/marketing/sequences", {
      method: "POST",
      json: { name: "Team follow-up", steps: STEPS },
    });
    const email = uniqueEmail("seller");
    const lead = await asOlga<Data<{ id: string }>>("/marketing/leads", {
      method: "POST",
      json: { firstName: "Lee", lastName: "Team", email, address: "12 Elm St", consentEmail: true },
    });
    const started = await asMel<Data<Enrollment>>(
      `/marketing/sequences/leads/${lead.body.data.id}`,
      { method: "POST", json: { sequenceId: sequence.body.data.id } },
    );
    expect(started.status).toBe(201);
    const enrollmentId = started.body.data.id;

    expect(await runSequenceStep(db(), env, { enrollmentId, step: 0 }, T0)).toEqual({
      outcome: "emailed",
    });
    const sent = await sentTo(email);
    expect(sent).toHaveLength(1);
    expect(bodyOf(sent[0]!.raw)).toContain("Ana Silva");
    expect(bodyOf(sent[0]!.raw)).not.toContain("Harbor Flips");

    // Mel leaves the team: the day-5 e-mail becomes a task of the team's, not a send from Mel's Gmail.
    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
      .bind(teamId, mel.user.id)
      .run();
    await runSequenceStep(db(), env, { enrollmentId, step: 1 }, T0 + 2 * DAY);
    expect(await runSequenceStep(db(), env, { enrollmentId, step: 2 }, T0 + 5 * DAY)).toEqual({
      outcome: "task",
    });
    expect(await sentTo(email)).toHaveLength(1);
    const { log } = await leadSequences(asOlga, lead.body.data.id);
    // Newest first.
    expect(log.map((entry) => [entry.step, entry.outcome])).toEqual([
      [2, "task"],
      [1, "task"],
      [0, "emailed"],
    ]);
  });
});
