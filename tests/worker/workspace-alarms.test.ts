/**
 * A moved workspace's background work runs on its object's alarm (worker/workspace-schedule.ts):
 * its sequences' steps at their time, a notice to the person in the directory, and the daily
 * upkeep; the alarm set again after each run.
 */
import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { moveWorkspace } from "../../worker/services/workspace-move";
import { UPKEEP_EVERY_MS } from "../../worker/workspace-schedule";
import { workspaceObject } from "../../worker/workspace-object";
import type { Data, Row } from "./filled-workspace";
import { account } from "./helpers";

describe("a moved workspace's alarm", () => {
  it("runs its sequences' due steps, tells the person in the directory, and is set again", async () => {
    const owner = await account();
    const workspaceId = owner.user.id;
    await moveWorkspace(env, workspaceId, { settleMs: 0 });
    const object = workspaceObject(env, workspaceId)!;

    const settings = await owner.call("/marketing/sequences/settings", {
      method: "PUT",
      json: { enabled: true, dailyCap: 50 },
    });
    expect(settings.status).toBe(200);
    const sequence = await owner.call<Data<Row>>("/marketing/sequences", {
      method: "POST",
      json: {
        name: "Callbacks",
        steps: [
          { day: 1, action: "call", body: "Call {{first_name}}" },
          { day: 4, action: "call", body: "Call {{first_name}} again" },
        ],
      },
    });
    expect(sequence.status).toBe(201);
    const lead = await owner.call<Data<Row>>("/marketing/leads", {
      method: "POST",
      json: { firstName: "Lee", lastName: "Seller", status: "new", address: "12 Elm St" },
    });
    const started = await owner.call<Data<Row>>(`/marketing/sequences/leads/${lead.body.data.id}`, {
      method: "POST",
      json: { sequenceId: sequence.body.data.id },
    });
    expect(started.status).toBe(201);
    const enrollmentId = started.body.data.id;

    // Starting it set the alarm for tomorrow's step. A day on (its time moved back here), the
    // alarm runs it.
    const firstAt = await runInDurableObject(object, async (_instance, state) => {
      const at = await state.storage.getAlarm();
      state.storage.sql.exec(
        "UPDATE sequence_enrollments SET next_at = ?",
        new Date(Date.now() - 1000).toISOString(),
      );
      return at;
    });
    expect(firstAt).toBeGreaterThan(Date.now() + UPKEEP_EVERY_MS - 60_000);
    expect(await runDurableObjectAlarm(object)).toBe(true);
    const done = await owner.call<Data<{ log: { step: number; outcome: string }[] }>>(
      `/marketing/sequences/leads/${lead.body.data.id}`,
    );
    expect(done.body.data.log.map((entry) => entry.step)).toEqual([0]);
    const notice = await env.DB.prepare("SELECT title FROM notifications WHERE key = ?")
      .bind(`seq:${enrollmentId}:0`)
      .first<{ title: string }>();
    expect(notice?.title).toContain("Lee Seller");

    // Set again at the next step, three days on, or the upkeep a day after the first work,
    // whichever is first: here the upkeep.
    const [alarm, upkeptAt, nextAt] = await runInDurableObject(object, async (_instance, state) => [
      await state.storage.getAlarm(),
      await state.storage.get<number>("upkeptAt"),
      state.storage.sql.exec<{ next_at: string }>("SELECT next_at FROM sequence_enrollments").one()
        .next_at,
    ]);
    expect(Date.parse(nextAt as string)).toBeGreaterThan(Date.now() + 2 * UPKEEP_EVERY_MS);
    expect(alarm).toBe(
      Math.min(Date.parse(nextAt as string), (upkeptAt as number) + UPKEEP_EVERY_MS),
    );
  });

  it("keeps the workspace small once a day: the activity log's entries past their year go", async () => {
    const owner = await account();
    const workspaceId = owner.user.id;
    await moveWorkspace(env, workspaceId, { settleMs: 0 });
    const object = workspaceObject(env, workspaceId)!;
    const old = new Date(Date.now() - 400 * 864e5).toISOString();
    await runInDurableObject(object, async (_instance, state) => {
      state.storage.sql.exec(
        "INSERT INTO activity (id, workspace_id, actor_id, record_type, record_id, action, at) VALUES (?, ?, ?, 'contact', 'c1', 'created', ?)",
        crypto.randomUUID(),
        workspaceId,
        workspaceId,
        old,
      );
      // The last upkeep two days ago: one is due.
      await state.storage.put("upkeptAt", Date.now() - 2 * UPKEEP_EVERY_MS);
      await state.storage.setAlarm(Date.now() + 3_600_000);
    });
    expect(await runDurableObjectAlarm(object)).toBe(true);
    const left = await runInDurableObject(object, async (_instance, state) => ({
      entries: state.storage.sql.exec("SELECT id FROM activity").toArray().length,
      upkeptAt: await state.storage.get<number>("upkeptAt"),
      alarm: await state.storage.getAlarm(),
    }));
    expect(left.entries).toBe(0);
    expect(left.upkeptAt).toBeGreaterThan(Date.now() - 60_000);
    expect(left.alarm).toBe(left.upkeptAt! + UPKEEP_EVERY_MS);
  });
});
