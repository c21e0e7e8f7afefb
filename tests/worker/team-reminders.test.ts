/**
 * A team's reminders reach people, not the team's account: each goes to the member its record is
 * assigned to, one assigned to nobody to the team's owners and admins (never a member or viewer it
 * is not for), named with the team, and its link opens the record in the team's workspace.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { runScheduled } from "../../worker/scheduled";
import { updateSettings } from "../../worker/services/notifications";
import { account, api, member, pageAt, register, type Caller } from "./helpers";

interface Notice {
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

const at = (iso: string) => Date.parse(iso);
const run = (iso: string) => runScheduled(env, at(iso));

/** The person's reminders (not the notices of what they were assigned). */
const noticesOf = async (call: Caller) =>
  (await call<{ data: Notice[] }>("/notifications?filter=all&limit=100")).body.data.filter(
    (notice) => notice.kind !== "assigned",
  );

/**
 * Olga's team with Adam (admin), Mel (member) and Vic (viewer); each hears at 7:00 UTC, and gets
 * a daily brief at `briefHour` (none: no brief), their preferences saved at `settingsAt`.
 */
async function team(briefHour: number | null = null, settingsAt = "2027-05-01T00:00:00Z") {
  const olga = await account();
  const made = await olga.call<{ data: { id: string } }>("/workspaces", {
    method: "POST",
    json: { name: "Harbor Flips" },
  });
  const id = made.body.data.id;
  const [adam, mel, vic] = [
    await member(olga.call, id, "admin"),
    await member(olga.call, id, "member"),
    await member(olga.call, id, "viewer"),
  ];
  for (const person of [olga, adam, mel, vic])
    await updateSettings(database(env.DB), person.user.id, { briefHour }, at(settingsAt));
  const inTeam: Caller = (path, init = {}) =>
    olga.call(path, { ...init, headers: { ...init.headers, "X-Workspace-Id": id } });
  return { id, olga, adam, mel, vic, inTeam };
}

describe("a team's reminders", () => {
  it("follow-ups due: each member their own, the ones assigned to nobody to the owners and admins", async () => {
    const { id, olga, adam, mel, vic, inTeam } = await team();
    for (const [firstName, assigneeId] of [
      ["Mara", mel.user.id],
      ["Nico", null],
    ] as const)
      expect(
        (
          await inTeam("/marketing/leads", {
            method: "POST",
            json: { firstName, lastName: "Seller", followUpOn: "2027-05-10", assigneeId },
          })
        ).status,
      ).toBe(201);

    await run("2027-05-10T07:00:00Z");
    const melsNotices = await noticesOf(mel.call);
    const olgasNotices = await noticesOf(olga.call);
    const adamsNotices = await noticesOf(adam.call);
    const vicsNotices = await noticesOf(vic.call);
    expect(melsNotices.map((n) => [n.title, n.body])).toEqual([
      ["1 follow-up due today (Harbor Flips)", "Promised a call back today: Mara Seller."],
    ]);
    for (const theirs of [olgasNotices, adamsNotices])
      expect(theirs.map((n) => [n.title, n.body])).toEqual([
        ["1 follow-up due today (Harbor Flips)", "Promised a call back today: Nico Seller."],
      ]);
    expect(vicsNotices).toEqual([]);
    const link = new URL(melsNotices[0]!.link!, "http://example.com");
    expect(link.pathname).toBe("/workspaces/current");
    expect(link.searchParams.get("id")).toBe(id);
    expect(link.searchParams.get("to")).toMatch(/^\/marketing\?/);

    // The cron again within the minute tells nobody twice.
    await run("2027-05-10T07:01:00Z");
    expect(await noticesOf(mel.call)).toHaveLength(1);
  });

  it("an event's reminder: to its assignee; one assigned to nobody, to the owners and admins", async () => {
    const { olga, adam, mel, vic, inTeam } = await team();
    const event = (summary: string, hour: number, assigneeId: string | null) =>
      inTeam("/calendar/events", {
        method: "POST",
        json: {
          summary,
          kind: "task",
          calendarId: "local",
          start: { dateTime: `2027-06-01T${hour}:00:00Z` },
          end: { dateTime: `2027-06-01T${hour}:30:00Z` },
          reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 30 }] },
          assigneeId,
        },
      });
    expect((await event("Call the roofer", 10, mel.user.id)).status).toBe(201);
    expect((await event("Order the dumpster", 12, null)).status).toBe(201);
    await run("2027-06-01T09:30:00Z");
    await run("2027-06-01T11:30:00Z");
    expect((await noticesOf(mel.call)).map((n) => n.title)).toEqual([
      "Reminder: Call the roofer (Harbor Flips)",
    ]);
    for (const person of [olga, adam])
      expect((await noticesOf(person.call)).map((n) => n.title)).toEqual([
        "Reminder: Order the dumpster (Harbor Flips)",
      ]);
    expect(await noticesOf(vic.call)).toEqual([]);
  });

  it("count a team's days in the zone of the person who made it, and give the team no brief", async () => {
    const olga = await account();
    const db = database(env.DB);
    await updateSettings(
      db,
      olga.user.id,
      { timeZone: "America/New_York", briefHour: 7 },
      at("2027-05-01T00:00:00Z"),
    );
    const made = await olga.call<{ data: { id: string } }>("/workspaces", {
      method: "POST",
      json: { name: "Eastern Flips" },
    });
    const id = made.body.data.id;
    const settings = await env.DB.prepare(
      "SELECT time_zone, brief_hour, brief_next_at, morning_next_at FROM notification_settings WHERE user_id = ?",
    )
      .bind(id)
      .first();
    expect(settings).toEqual({
      time_zone: "America/New_York",
      brief_hour: null,
      brief_next_at: null,
      morning_next_at: null,
    });
    const event = await olga.call("/calendar/events", {
      method: "POST",
      headers: { "X-Workspace-Id": id },
      json: {
        summary: "Walk the lot",
        kind: "task",
        calendarId: "local",
        start: { dateTime: "2027-06-01T14:00:00Z" },
        end: { dateTime: "2027-06-01T14:30:00Z" },
        reminders: { useDefault: false, overrides: [{ method: "popup", minutes: 30 }] },
      },
    });
    expect(event.status).toBe(201);
    await run("2027-06-01T13:30:00Z");
    const [notice] = await noticesOf(olga.call);
    expect(notice).toMatchObject({ title: "Reminder: Walk the lot (Eastern Flips)" });
    // 14:00 UTC is 10:00 in New York in June.
    expect(notice!.body).toMatch(/10:00/);
  });

  it("the daily brief: each member's share of the team's day, beside their own", async () => {
    const { id, olga, mel, vic, inTeam } = await team(8, "2027-05-10T00:00:00Z");
    for (const [firstName, assigneeId] of [
      ["Mara", mel.user.id],
      ["Nico", null],
    ] as const)
      await inTeam("/marketing/leads", {
        method: "POST",
        json: { firstName, lastName: "Seller", followUpOn: "2027-05-10", assigneeId },
      });
    await run("2027-05-10T08:00:00Z");
    const briefsOf = async (call: Caller) =>
      (await noticesOf(call)).filter((notice) => notice.kind === "daily_brief");
    const [mels] = await briefsOf(mel.call);
    expect(mels!.title).toMatch(/^Your day in Harbor Flips: /);
    expect(mels!.body).toContain("Mara Seller");
    expect(mels!.body).not.toContain("Nico Seller");
    // Its links open the team's records in the team's workspace.
    expect(mels!.body).toContain(`/workspaces/current?id=${id}&to=`);
    const [olgas, ...more] = await briefsOf(olga.call);
    expect(more).toEqual([]);
    expect(olgas!.title).toMatch(/^Your day in Harbor Flips: /);
    expect(olgas!.body).toContain("Nico Seller");
    expect(olgas!.body).not.toContain("Mara Seller");
    expect(await briefsOf(vic.call)).toEqual([]);
  });

  it("a notice's link opens its record in the team's workspace, and in no workspace one is not in", async () => {
    const olga = await register({ first_name: "Olga" });
    const made = await api("/workspaces", {
      method: "POST",
      token: olga.token,
      json: { name: "Harbor Flips" },
    });
    const { id } = ((await made.json()) as { data: { id: string } }).data;
    const to = "/team";
    const link = `/workspaces/current?${new URLSearchParams({ id, to })}`;
    // The Team page names the workspace it shows.
    const shows = "Harbor Flips: who works here";
    expect((await pageAt(to, olga.cookie)).html).not.toContain(shows);
    const opened = await pageAt(link, olga.cookie);
    expect([opened.status, opened.location]).toEqual([302, to]);
    expect((await pageAt(to, olga.cookie)).html).toContain(shows);

    // Ana is no member: the page opens in her own workspace.
    const ana = await register({ first_name: "Ana" });
    const hers = await pageAt(link, ana.cookie);
    expect([hers.status, hers.location]).toEqual([302, to]);
    expect((await pageAt(to, ana.cookie)).html).not.toContain(shows);
    // Another site is never where it leads.
    const away = await pageAt(
      `/workspaces/current?${new URLSearchParams({ id, to: "//evil.example" })}`,
      olga.cookie,
    );
    expect(away.location).toBe("/home");
  });
});
