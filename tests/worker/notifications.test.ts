/**
 * The background work, driven with a fixed clock: the Cron Trigger's handler
 * (`runScheduled(env, now)`) finds what is due, kind by kind, at the right local time across
 * zones and a DST change; the JOBS queue's consumer (`runQueue`) sends each e-mail once, retries a
 * failure with a growing backoff and lists it as couldn't send after its last attempt; quiet hours
 * hold an e-mail; the one-click unsubscribe turns off one kind's e-mail, without signing in. The
 * e-mails land in the fake Resend-compatible provider (tests/fakes/email-server.mjs).
 */
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import type { JobMessage } from "../../worker/jobs";
import { runQueue } from "../../worker/queue";
import { runScheduled } from "../../worker/scheduled";
import { notify, overCapMessage, updateSettings } from "../../worker/services/notifications";
import { account, outbox as allEmails, api, register, uniqueEmail, type Caller } from "./helpers";

interface Notice {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: string | null;
  email: { status: string; error: string | null; attempts: number };
}
interface SentEmail {
  to: string[];
  subject: string;
  text: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => Date.parse(iso);
const run = (iso: string | number) => runScheduled(env, typeof iso === "number" ? iso : at(iso));
const db = () => database(env.DB);

const noticesOf = async (call: Caller, filter = "all") =>
  (
    await call<{ data: Notice[]; meta: { total: number; unread: number } }>(
      `/notifications?filter=${filter}&limit=100`,
    )
  ).body;

/** The notification e-mails sent (each has an unsubscribe link), not the account's own. */
const outbox = async () =>
  ((await (await fetch(`${env.FAKE_EMAIL_URL}/outbox`)).json()) as SentEmail[]).filter(
    (email) => email.headers?.["List-Unsubscribe"],
  );
/** The e-mails to `address`, once `count` of them have arrived (the queue delivers them). */
async function emailsTo(address: string, count: number, waitMs = 8000) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const mine = (await outbox()).filter((email) => email.to.includes(address));
    if (mine.length >= count || Date.now() >= deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * How many times the provider was asked to send a notification (they carry an Idempotency-Key) to
 * `address`, repeats of a key included.
 */
const postsTo = async (address: string) =>
  (
    (await (await fetch(`${env.FAKE_EMAIL_URL}/requests`)).json()) as {
      to: string[];
      idempotencyKey?: string;
    }[]
  ).filter((request) => request.to.includes(address) && request.idempotencyKey).length;

/** Marks the address confirmed as opening the link would (for one the fake provider refuses). */
const confirmedInDb = (userId: string) =>
  env.DB.prepare("UPDATE users SET email_confirmed_at = ? WHERE id = ?")
    .bind(new Date().toISOString(), userId)
    .run();

async function settle(ms = 2500) {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

async function addAuction(call: Caller, fields: Record<string, unknown>) {
  const created = await call<{ data: { id: string } }>("/auctions", {
    method: "POST",
    json: {
      saleType: "sheriff",
      address: "12 Oak St",
      city: "Austin",
      state: "TX",
      zip: "78701",
      depositAmount: 10000,
      ...fields,
    },
  });
  expect(created.status).toBe(201);
  return created.body.data.id;
}

describe("reminders, each at its time and once", () => {
  it("a deposit: 72 hours and 24 hours before, once each, e-mailed with a one-click unsubscribe", async () => {
    const { user, call } = await account({ confirmed: true });
    // Due Monday, April 5, 2027 at 17:00 in Austin (CDT, −05:00).
    const due = at("2027-04-05T17:00:00-05:00");
    const auctionId = await addAuction(call, {
      saleAt: "2027-04-06T10:00:00-05:00",
      timeZone: "America/Chicago",
      depositDueAt: new Date(due).toISOString(),
    });

    await run(due - 72 * HOUR - MINUTE);
    expect((await noticesOf(call)).meta.total).toBe(0);
    await run(due - 72 * HOUR);
    // A run that overlaps the last, and one a minute later, find it again and make nothing new.
    await Promise.all([run(due - 72 * HOUR), run(due - 72 * HOUR + MINUTE)]);
    let notices = await noticesOf(call);
    expect(notices.data.map((n) => n.title)).toEqual(["Deposit due in 72 hours: 12 Oak St"]);
    expect(notices.data[0]!.body).toBe(
      "The $10,000 deposit for 12 Oak St, Austin, TX 78701 is due Mon, Apr 5, 2027, 5:00 PM CDT.",
    );
    expect(notices.data[0]!.link).toBe(`/auction/${auctionId}`);

    await run(due - 24 * HOUR);
    await run(due - 24 * HOUR + 5 * MINUTE);
    notices = await noticesOf(call);
    expect(notices.data.map((n) => n.title)).toEqual([
      "Deposit due in 24 hours: 12 Oak St",
      "Deposit due in 72 hours: 12 Oak St",
    ]);
    expect(notices.meta.unread).toBe(2);

    const emails = await emailsTo(user.email, 2);
    await settle(1000);
    expect((await emailsTo(user.email, 3, 0)).length).toBe(2);
    // Asked twice, not more: the claim, not the provider's Idempotency-Key, kept it to two.
    expect(await postsTo(user.email)).toBe(2);
    const [first] = emails;
    expect(first!.subject).toBe("Deposit due in 72 hours: 12 Oak St");
    expect(first!.text).toContain(`Open in AI42: http://example.com/auction/${auctionId}`);
    expect(first!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(first!.headers?.["List-Unsubscribe"]).toMatch(
      /^<http:\/\/example\.com\/api\/notifications\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(first!.idempotencyKey).toMatch(/^ai42:.+:deposit_due:72:/);
    const sent = await noticesOf(call);
    expect(sent.data.every((n) => n.email.status === "sent")).toBe(true);
  });

  it("a sale: the day before and the day of, at 7:00 where the sale is, across the DST change and in Arizona", async () => {
    const { call } = await account({ confirmed: true });
    // Daylight saving time starts on Sunday, March 14, 2027 in Austin; Phoenix keeps MST (−07:00).
    const austin = await addAuction(call, {
      saleAt: "2027-03-15T10:00:00-05:00",
      timeZone: "America/Chicago",
    });
    const phoenix = await addAuction(call, {
      address: "9 Cactus Rd",
      city: "Phoenix",
      state: "AZ",
      saleAt: "2027-03-15T10:00:00-07:00",
      timeZone: "America/Phoenix",
    });
    // (The user's daily brief, at 7:00 UTC, names the sale too: see the brief's own test.)
    const titles = async () =>
      (await noticesOf(call)).data
        .filter((n) => n.kind.startsWith("sale_"))
        .map((n) => n.title)
        .reverse();

    // 7:00 CDT on the 14th is 12:00 UTC (it was 13:00 UTC the day before, in CST).
    await run("2027-03-14T11:59:00Z");
    expect(await titles()).toEqual([]);
    await run("2027-03-14T12:00:00Z");
    expect(await titles()).toEqual(["Sale tomorrow: 12 Oak St"]);
    // 7:00 MST is 14:00 UTC.
    await run("2027-03-14T13:59:00Z");
    expect(await titles()).toHaveLength(1);
    await run("2027-03-14T14:00:00Z");
    expect(await titles()).toEqual(["Sale tomorrow: 12 Oak St", "Sale tomorrow: 9 Cactus Rd"]);

    await run("2027-03-15T12:00:00Z");
    await run("2027-03-15T14:01:00Z");
    await run("2027-03-15T14:30:00Z");
    expect(await titles()).toEqual([
      "Sale tomorrow: 12 Oak St",
      "Sale tomorrow: 9 Cactus Rd",
      "Sale today: 12 Oak St",
      "Sale today: 9 Cactus Rd",
    ]);
    const today = (await noticesOf(call)).data.find((n) => n.title === "Sale today: 12 Oak St")!;
    expect(today.body).toBe(
      "The sheriff sale of 12 Oak St, Austin, TX 78701 is today, Mon, Mar 15, 2027, 10:00 AM CDT.",
    );
    expect(today.link).toBe(`/auction/${austin}`);
    expect(phoenix).toBeTruthy();
  });

  it("follow-ups due and a project closing in 7 days, at 7:00 in the user's zone", async () => {
    const { user, call } = await account({ confirmed: true });
    // (No daily brief: it would tell the same follow-ups; see the brief's own test.)
    await updateSettings(
      db(),
      user.id,
      { timeZone: "America/Los_Angeles", briefHour: null },
      at("2027-05-01T00:00:00Z"),
    );
    for (const [firstName, followUpOn] of [
      ["Maria", "2027-05-10"],
      ["Jon", "2027-05-10"],
      ["Later", "2027-05-11"],
    ])
      expect(
        (
          await call("/marketing/leads", {
            method: "POST",
            json: { firstName, lastName: "Seller", followUpOn },
          })
        ).status,
      ).toBe(201);
    const project = await call<{ data: { id: string } }>("/projects", {
      method: "POST",
      json: {
        name: "Maple duplex",
        type: "fix_and_flip",
        status: "under_contract",
        targetCloseDate: "2027-05-17",
      },
    });
    expect(project.status).toBe(201);

    // 6:59 and 7:00 PDT (−07:00) on May 10.
    await run("2027-05-10T13:59:00Z");
    expect((await noticesOf(call)).meta.total).toBe(0);
    await run("2027-05-10T14:00:00Z");
    await run("2027-05-10T14:05:00Z");
    const notices = (await noticesOf(call)).data;
    expect(notices.map((n) => n.title).sort()).toEqual([
      "2 follow-ups due today",
      "Closing in 7 days: Maple duplex",
    ]);
    const followUps = notices.find((n) => n.kind === "follow_ups_due")!;
    expect(followUps.body).toMatch(
      /^Promised a call back today: (Maria Seller, Jon Seller|Jon Seller, Maria Seller)\.$/,
    );
    expect(notices.find((n) => n.kind === "project_close")!.link).toBe(
      `/project-hub/projects/${project.body.data.id}`,
    );
    // Follow-ups are in the app only by default: no e-mail for them, one for the closing.
    expect(followUps.email.status).toBe("none");
  });

  it("a calendar event: its own reminder minutes before it starts", async () => {
    const { call } = await account({ confirmed: true });
    const created = await call<{ data: { id: string; reminders: unknown } }>("/calendar/events", {
      method: "POST",
      json: {
        summary: "Showing at 12 Oak St",
        start: { dateTime: "2027-06-01T10:00:00-04:00", timeZone: "America/New_York" },
        end: { dateTime: "2027-06-01T11:00:00-04:00", timeZone: "America/New_York" },
        kind: "showing",
        calendarId: "local",
        reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 30 }] },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.reminders).toEqual({
      useDefault: false,
      overrides: [{ method: "popup", minutes: 30 }],
    });
    await run("2027-06-01T13:29:00Z");
    expect((await noticesOf(call)).meta.total).toBe(0);
    await run("2027-06-01T13:30:00Z");
    const [notice] = (await noticesOf(call)).data;
    expect(notice!.title).toBe("Reminder: Showing at 12 Oak St");
    expect(notice!.body).toBe("Showing at 12 Oak St: Tue, Jun 1, 2027, 10:00 AM EDT.");

    // Moved to 14:00 by a change that leaves out `reminders`: the 30 minutes stay, and move.
    const moved = await call<{ data: { reminders: unknown } }>(
      `/calendar/events/${created.body.data.id}`,
      {
        method: "PUT",
        json: {
          summary: "Showing at 12 Oak St",
          start: { dateTime: "2027-06-01T14:00:00-04:00", timeZone: "America/New_York" },
          end: { dateTime: "2027-06-01T15:00:00-04:00", timeZone: "America/New_York" },
          kind: "showing",
          calendarId: "local",
        },
      },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.data.reminders).toEqual(created.body.data.reminders);
    await run("2027-06-01T17:30:00Z");
    expect((await noticesOf(call)).data.map((n) => n.body)).toEqual([
      "Showing at 12 Oak St: Tue, Jun 1, 2027, 2:00 PM EDT.",
      "Showing at 12 Oak St: Tue, Jun 1, 2027, 10:00 AM EDT.",
    ]);
  });
});

describe("a record written after its notice's time: told once, at once", () => {
  /** The record as written at `iso` (made, or its date set, then). */
  const writtenAt = (table: "auctions" | "projects", id: string, iso: string) =>
    env.DB.prepare(`UPDATE ${table} SET updated_at = ? WHERE id = ?`).bind(iso, id).run();
  /** The notices' titles, oldest first (the daily brief, which names the same, left out). */
  const titles = async (call: Caller) =>
    (await noticesOf(call)).data
      .filter((n) => n.kind !== "daily_brief")
      .map((n) => n.title)
      .reverse();

  it("a deposit 30 hours away: a notice at once saying when, then the 24-hour one at its mark", async () => {
    const { call } = await account({ confirmed: true });
    const due = at("2027-09-10T17:00:00-05:00");
    const auctionId = await addAuction(call, {
      saleAt: "2027-09-11T10:00:00-05:00",
      timeZone: "America/Chicago",
      depositDueAt: new Date(due).toISOString(),
    });
    // Added 30 hours before the deposit is due: its 72-hour mark had passed.
    const written = due - 30 * HOUR;
    await writtenAt("auctions", auctionId, new Date(written).toISOString());

    await run(written + MINUTE);
    await run(written + 2 * MINUTE);
    expect(await titles(call)).toEqual(["Deposit due in 30 hours: 12 Oak St"]);
    expect((await noticesOf(call)).data[0]!.body).toBe(
      "The $10,000 deposit for 12 Oak St, Austin, TX 78701 is due Fri, Sep 10, 2027, 5:00 PM CDT.",
    );
    await run(due - 24 * HOUR);
    await run(due - 24 * HOUR + 5 * MINUTE);
    expect(await titles(call)).toEqual([
      "Deposit due in 30 hours: 12 Oak St",
      "Deposit due in 24 hours: 12 Oak St",
    ]);
  });

  it("a deposit 10 hours away: one notice at once, not one for each mark passed", async () => {
    const { call } = await account({ confirmed: true });
    const due = at("2027-09-14T12:00:00Z");
    const auctionId = await addAuction(call, {
      saleAt: "2027-09-15T10:00:00-05:00",
      timeZone: "America/Chicago",
      depositDueAt: new Date(due).toISOString(),
    });
    await writtenAt("auctions", auctionId, new Date(due - 10 * HOUR).toISOString());
    for (const hoursLeft of [10, 9, 5, 1]) await run(due - hoursLeft * HOUR + MINUTE);
    expect(await titles(call)).toEqual(["Deposit due in 10 hours: 12 Oak St"]);
  });

  it("a sale added after its day-before 7:00, or on its day before 7:00: one notice for each day left", async () => {
    const { call } = await account({ confirmed: true });
    const sale = { saleAt: "2027-09-21T10:00:00-05:00", timeZone: "America/Chicago" };
    const oak = await addAuction(call, sale);
    const elm = await addAuction(call, { ...sale, address: "4 Elm St" });
    // Oak: added at 16:00 CDT the day before (7:00 had passed 9 hours before).
    await writtenAt("auctions", oak, "2027-09-20T21:00:00.000Z");
    await run("2027-09-20T21:01:00Z");
    expect(await titles(call)).toEqual(["Sale tomorrow: 12 Oak St"]);
    // Elm: added at 1:00 CDT on the day: it is told as today's, and 7:00 does not tell it again.
    await writtenAt("auctions", elm, "2027-09-21T06:00:00.000Z");
    await run("2027-09-21T06:01:00Z");
    await run("2027-09-21T12:00:00Z");
    await run("2027-09-21T12:01:00Z");
    expect(await titles(call)).toEqual([
      "Sale tomorrow: 12 Oak St",
      "Sale today: 4 Elm St",
      "Sale today: 12 Oak St",
    ]);
    const elmToday = (await noticesOf(call)).data.find((n) => n.title === "Sale today: 4 Elm St");
    expect(elmToday!.body).toBe(
      "The sheriff sale of 4 Elm St, Austin, TX 78701 is today, Tue, Sep 21, 2027, 10:00 AM CDT.",
    );
  });

  it("a project added 3 days before its closing: told at once, with the days left", async () => {
    const { call } = await account({ confirmed: true });
    const project = await call<{ data: { id: string } }>("/projects", {
      method: "POST",
      json: { name: "Birch duplex", status: "under_contract", targetCloseDate: "2027-10-10" },
    });
    expect(project.status).toBe(201);
    await writtenAt("projects", project.body.data.id, "2027-10-07T10:00:00.000Z");
    await run("2027-10-07T10:01:00Z");
    await run("2027-10-07T10:05:00Z");
    await run("2027-10-08T07:00:00Z");
    expect(await titles(call)).toEqual(["Closing in 3 days: Birch duplex"]);
    const [closing] = (await noticesOf(call)).data.filter((n) => n.kind === "project_close");
    expect(closing!.body).toBe("Birch duplex is set to close on Oct 10, 2027.");
  });

  it("an event made after its reminder's time, still ahead: reminded at once, once", async () => {
    const { call } = await account({ confirmed: true });
    const startsAt = Date.now() + 2 * HOUR;
    const event = {
      summary: "Inspection at 12 Oak St",
      start: { dateTime: new Date(startsAt).toISOString() },
      end: { dateTime: new Date(startsAt + HOUR).toISOString() },
      calendarId: "local",
      // A day before: that was 22 hours ago.
      reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 24 * 60 }] },
    };
    const created = await call<{ data: { id: string } }>("/calendar/events", {
      method: "POST",
      json: event,
    });
    expect(created.status).toBe(201);
    await run(Date.now());
    await run(Date.now() + MINUTE);
    // Changed after its reminder came: found again, and nothing new.
    const changed = await call(`/calendar/events/${created.body.data.id}`, {
      method: "PUT",
      json: { ...event, location: "12 Oak St, Austin" },
    });
    expect(changed.status).toBe(200);
    await run(Date.now() + 2 * MINUTE);
    expect(await titles(call)).toEqual(["Reminder: Inspection at 12 Oak St"]);
  });
});

describe("the daily brief", () => {
  it("comes at the user's hour in their zone, with the day's sale; a day with nothing sends nothing", async () => {
    const { user, call } = await account({ confirmed: true });
    // Berlin: 6:00 CEST (+02:00) is 04:00 UTC.
    await updateSettings(
      db(),
      user.id,
      { timeZone: "Europe/Berlin", briefHour: 6 },
      at("2027-07-01T12:00:00Z"),
    );
    await run("2027-07-02T03:59:00Z");
    await run("2027-07-02T04:00:00Z");
    // Nothing that day: no brief, in the app or by e-mail.
    expect((await noticesOf(call)).meta.total).toBe(0);

    const auctionId = await addAuction(call, {
      saleAt: "2027-07-03T10:30:00+02:00",
      timeZone: "Europe/Berlin",
    });
    await run("2027-07-03T03:59:00Z");
    expect((await noticesOf(call)).meta.total).toBe(0);
    await run("2027-07-03T04:00:00Z");
    await run("2027-07-03T04:01:00Z");
    const briefs = (await noticesOf(call)).data.filter((n) => n.kind === "daily_brief");
    expect(briefs.map((n) => n.title)).toEqual(["Your day: Jul 3, 2027"]);
    expect(briefs[0]!.body).toContain(
      `**Sales today**\n- 10:30 AM GMT+2: [12 Oak St](/auction/${auctionId}) (sheriff sale)`,
    );
    const [email] = await emailsTo(user.email, 1);
    expect(email!.subject).toBe("Your day: Jul 3, 2027");
    expect(email!.text).toContain(`12 Oak St <http://example.com/auction/${auctionId}>`);
  });
});

describe("quiet hours and unsubscribing", () => {
  it("holds an e-mail until quiet hours end, while the app shows the notice at once", async () => {
    const { user, call } = await account({ confirmed: true });
    await updateSettings(
      db(),
      user.id,
      {
        timeZone: "America/New_York",
        quietHours: { start: "22:00", end: "07:00" },
        briefHour: null,
      },
      at("2027-06-01T00:00:00Z"),
    );
    await call("/calendar/events", {
      method: "POST",
      json: {
        summary: "Call the lender",
        start: { dateTime: "2027-06-02T00:00:00-04:00" },
        end: { dateTime: "2027-06-02T00:30:00-04:00" },
        calendarId: "local",
        reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 60 }] },
      },
    });
    // 23:00 EDT: in quiet hours.
    await run("2027-06-02T03:00:00Z");
    const [notice] = (await noticesOf(call)).data;
    expect(notice!.email.status).toBe("waiting");
    await run("2027-06-02T10:59:00Z");
    await settle(1500);
    expect(await emailsTo(user.email, 1, 0)).toHaveLength(0);
    // 7:00 EDT.
    await run("2027-06-02T11:00:00Z");
    expect(await emailsTo(user.email, 1)).toHaveLength(1);
  });

  it("the one-click link turns off that kind's e-mail only, without signing in", async () => {
    const { user, call, token } = await account({ confirmed: true });
    await notify(
      db(),
      env,
      [
        {
          userId: user.id,
          kind: "deposit_due",
          key: "test:unsubscribe",
          title: "Deposit due in 24 hours: 1 Elm St",
          body: "Due tomorrow.",
          link: null,
        },
      ],
      Date.now(),
    );
    const [email] = await emailsTo(user.email, 1);
    const url = /^<(.+)>$/.exec(email!.headers!["List-Unsubscribe"]!)![1]!;
    const path = url.replace("http://example.com/api", "");
    const before = (
      await call<{ data: { channels: Record<string, unknown> } }>("/notifications/settings")
    ).body.data;

    // What it stops, then the mail client's POST (RFC 8058's body), with no session at all.
    const described = await api(path);
    expect(await described.json()).toEqual({
      data: { kind: "deposit_due", label: "Auction deposit due (72 and 24 hours before)" },
    });
    const done = await api(path, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://mail.example.net",
      },
    });
    expect(done.status).toBe(200);
    const after = (
      await call<{ data: { channels: Record<string, unknown> } }>("/notifications/settings")
    ).body.data;
    expect(after.channels).toEqual({
      ...before.channels,
      deposit_due: { inApp: true, email: false },
    });

    // A token cut short, or another user's session token, changes nothing.
    for (const bad of [url.split("token=")[1]!.slice(0, -5), token]) {
      const refused = await api(`/notifications/unsubscribe?token=${bad}`, { method: "POST" });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        "INVALID_TOKEN",
      );
    }
  });
});

describe("delivery through the queue", () => {
  const message = (id: string, attempts = 1) => ({
    id: `message-${id}-${attempts}`,
    timestamp: new Date(),
    attempts,
    body: { type: "email", id } satisfies JobMessage,
  });

  it("a message delivered twice, or twice at once, sends one e-mail", async () => {
    const { user, call } = await account({ confirmed: true });
    const [made] = await notify(
      db(),
      env,
      [
        {
          userId: user.id,
          kind: "sale_today",
          key: "test:twice",
          title: "Sale today: 2 Pine St",
          body: "At 10:00.",
          link: null,
        },
      ],
      Date.now(),
    );
    const batch = createMessageBatch<JobMessage>("ai42-jobs", [
      message(made!.id),
      message(made!.id, 2),
    ]);
    await Promise.all([runQueue(batch, env), runQueue(batch, env)]);
    await emailsTo(user.email, 1);
    await settle();
    expect(await emailsTo(user.email, 2, 0)).toHaveLength(1);
    expect(await postsTo(user.email)).toBe(1);
    const [notice] = (await noticesOf(call)).data;
    expect(notice!.email).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a failure is retried with a growing backoff, then listed as couldn't send; Try again queues it afresh", async () => {
    const address = uniqueEmail("outage+fail");
    const { token, user } = await register({ email: address });
    // The provider refuses this address, the confirmation link too: confirmed in D1 instead.
    await confirmedInDb(user.id);
    // Without the queue bound, the first attempt is made at once (the notice's own request).
    const [made] = await notify(
      db(),
      { ...env, JOBS: undefined },
      [
        {
          userId: user.id,
          kind: "deposit_due",
          key: "test:fail",
          title: "Deposit due in 24 hours: 3 Ash St",
          body: "Due tomorrow.",
          link: null,
        },
      ],
      Date.now(),
    );
    const delays: number[] = [];
    for (let attempt = 2; attempt <= 5; attempt++) {
      const batch = createMessageBatch<JobMessage>("ai42-jobs", [message(made!.id, attempt)]);
      // The pool's getQueueResult names retried messages but not their delays: note them here.
      const [queued] = batch.messages;
      const retry = queued!.retry.bind(queued);
      queued!.retry = (options) => {
        delays.push(options?.delaySeconds ?? 0);
        retry(options);
      };
      const ctx = createExecutionContext();
      await runQueue(batch, env);
      const result = await getQueueResult(batch, ctx);
      expect(result.retryMessages.length + result.explicitAcks.length).toBe(1);
    }
    // Attempts 2–4 are retried after 4, 16 and 64 minutes; the fifth is the last.
    expect(delays).toEqual([240, 960, 3840]);
    const failed = await api("/notifications?filter=failed", { token });
    const body = (await failed.json()) as { data: Notice[] };
    expect(body.data.map((n) => [n.title, n.email.status, n.email.attempts])).toEqual([
      ["Deposit due in 24 hours: 3 Ash St", "failed", 5],
    ]);
    expect(body.data[0]!.email.error).toBe(
      "The e-mail provider answered 500: Something went wrong while sending",
    );
    const counts = (await (await api("/notifications/unread", { token })).json()) as {
      data: { failed: number };
    };
    expect(counts.data.failed).toBe(1);

    const again = await api(`/notifications/${made!.id}/retry`, { method: "POST", token });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: Notice }).data.email).toEqual({
      status: "queued",
      error: null,
      attempts: 0,
    });
    const twice = await api(`/notifications/${made!.id}/retry`, { method: "POST", token });
    expect(twice.status).toBe(409);
  });
});

describe("the bell's API", () => {
  it("lists, counts and marks read; preferences refuse bad values and change nothing", async () => {
    const { user, call } = await account({ confirmed: true });
    await notify(
      db(),
      env,
      ["a", "b", "c"].map((key) => ({
        userId: user.id,
        kind: "import_finished" as const,
        key: `test:${key}`,
        title: `Import finished: ${key}.csv`,
        body: "Done.",
        link: "/possible-investments",
      })),
      Date.now(),
    );
    const listed = await noticesOf(call);
    expect(listed.meta).toMatchObject({ total: 3, unread: 3 });
    const read = await call<{ data: { unread: number } }>("/notifications/read", {
      method: "POST",
      json: { ids: [listed.data[0]!.id] },
    });
    expect(read.body.data.unread).toBe(2);
    expect((await noticesOf(call, "unread")).data).toHaveLength(2);
    await call("/notifications/read", { method: "POST", json: { all: true } });
    expect((await noticesOf(call)).meta.unread).toBe(0);

    const before = (await call("/notifications/settings")).body;
    for (const [change, field] of [
      [{ timeZone: "Mars/Olympus" }, "timeZone"],
      [{ briefHour: 24 }, "briefHour"],
      [{ quietHours: { start: "22:00", end: "7am" } }, "quietHours.end"],
      [{ channels: { nonsense: { email: true } } }, "channels"],
    ] as const) {
      const refused = await call<{ error: { details: { field: string }[] } }>(
        "/notifications/settings",
        { method: "PUT", json: change },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.map((d) => d.field)).toContain(field);
    }
    expect((await call("/notifications/settings")).body).toEqual(before);

    const saved = await call<{
      data: { briefHour: number | null; quietHours: unknown; zoneChosen: boolean };
    }>("/notifications/settings", {
      method: "PUT",
      json: {
        briefHour: null,
        quietHours: { start: "21:30", end: "06:45" },
        timeZone: "America/Denver",
      },
    });
    expect(saved.body.data).toMatchObject({
      briefHour: null,
      quietHours: { start: "21:30", end: "06:45" },
      zoneChosen: true,
    });
  });

  it("the zone follows the browser's at sign-in until the user chooses one", async () => {
    const email = uniqueEmail();
    const signIn = (zone: string) =>
      api("/auth/login", {
        method: "POST",
        json: { email, password: "correct horse battery" },
        headers: { "X-Time-Zone": zone },
      });
    const { token } = await register({ email });
    await signIn("America/Chicago");
    const zone = async () =>
      (
        (await (await api("/notifications/settings", { token })).json()) as {
          data: { timeZone: string };
        }
      ).data.timeZone;
    expect(await zone()).toBe("America/Chicago");
    await api("/notifications/settings", {
      method: "PUT",
      token,
      json: { timeZone: "Asia/Tokyo" },
    });
    await signIn("Europe/Lisbon");
    expect(await zone()).toBe("Asia/Tokyo");
  });
});

describe("e-mail only to a confirmed address, at most the day's cap", () => {
  const notice = (userId: string, n: number) => ({
    userId,
    kind: "deposit_due" as const,
    key: `test:cap:${n}`,
    title: `Deposit due in 24 hours: ${n} Cap St`,
    body: "Due tomorrow.",
    link: null,
  });

  it("an unconfirmed address gets no notification e-mail: the notice is in the app, whatever the preferences", async () => {
    const { user, call } = await account();
    await updateSettings(
      db(),
      user.id,
      { channels: { deposit_due: { inApp: false, email: true } } },
      Date.now(),
    );
    const [made] = await notify(db(), env, [notice(user.id, 1)], Date.now());
    expect(made).toMatchObject({ inApp: true, emailStatus: "none" });
    const listed = await noticesOf(call);
    expect(listed.data.map((n) => [n.title, n.email.status])).toEqual([
      ["Deposit due in 24 hours: 1 Cap St", "none"],
    ]);
    await settle(1500);
    const sent = (await allEmails()).filter((email) => email.to.includes(user.email));
    expect(sent.map((email) => email.subject)).toEqual(["Confirm your e-mail for AI42"]);
  });

  it("past the cap in 24 hours, an e-mail is not sent and is listed as couldn't send, saying why", async () => {
    const { user, call } = await account({ confirmed: true });
    const capped = { ...env, JOBS: undefined, NOTIFICATION_EMAILS_PER_DAY: "2" };
    const now = Date.now();
    for (const n of [1, 2, 3]) await notify(db(), capped, [notice(user.id, n)], now + n);
    const subjects = (await outbox())
      .filter((email) => email.to.includes(user.email) && email.subject.includes("Cap St"))
      .map((email) => email.subject);
    expect(subjects).toEqual([
      "Deposit due in 24 hours: 1 Cap St",
      "Deposit due in 24 hours: 2 Cap St",
    ]);
    const failed = await noticesOf(call, "failed");
    expect(failed.data.map((n) => [n.title, n.email.error])).toEqual([
      ["Deposit due in 24 hours: 3 Cap St", overCapMessage(2)],
    ]);
    // A day later the window has room again.
    await notify(db(), capped, [notice(user.id, 4)], now + 24 * HOUR + 10);
    expect((await noticesOf(call, "failed")).meta.total).toBe(1);
  });
});
