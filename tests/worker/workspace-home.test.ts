/**
 * A moved workspace answered from its own object (worker/api/middleware/workspace-home.ts): the
 * Worker signs the caller in against the directory and hands the request over; the object answers
 * as D1 did, keeps what is written, and a person's notices still reach the directory.
 */
import {
  createExecutionContext,
  env,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import { moveWorkspace } from "../../worker/services/workspace-move";
import { workspaceObject } from "../../worker/workspace-object";
import { filledWorkspace, type Data, type Row } from "./filled-workspace";
import { account, api } from "./helpers";

const READS = [
  "/contacts?page=2&limit=25",
  "/contacts?q=ann1",
  "/projects",
  "/data/properties",
  "/deals/criteria",
  "/data/entries?q=title",
  "/marketing/leads",
  "/deals",
  "/dashboard?date=2026-12-02",
];

const inD1 = async (table: string, workspaceId: string) =>
  await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE user_id = ?`)
    .bind(workspaceId)
    .first<number>("n");

const inObject = (workspaceId: string, query: string) =>
  runInDurableObject(workspaceObject(env, workspaceId)!, (_instance, state) =>
    state.storage.sql.exec(query).toArray(),
  );

describe("a workspace in its own object", () => {
  it("answers its reads as D1 did, keeps its writes, and marks it moved in the directory", async () => {
    const { owner, workspaceId } = await filledWorkspace();
    const before = await Promise.all(READS.map((path) => owner.call(path)));
    expect(await moveWorkspace(env, workspaceId, { settleMs: 0 })).toEqual({ moved: true });
    const row = await env.DB.prepare("SELECT moved_at, frozen_until FROM workspaces WHERE id = ?")
      .bind(workspaceId)
      .first<{ moved_at: string | null; frozen_until: number | null }>();
    expect(row?.moved_at).toBeTruthy();
    expect(row?.frozen_until).toBeNull();

    const after = await Promise.all(READS.map((path) => owner.call(path)));
    READS.forEach((path, n) => {
      expect(after[n]!.status, `${path} ${JSON.stringify(after[n]!.body)}`).toBe(200);
      expect(after[n]!.body, path).toEqual(before[n]!.body);
    });

    // A write lands in the object alone, and reads find it there.
    const contactsInD1 = await inD1("contacts", workspaceId);
    const made = await owner.call<Data<Row>>("/contacts", {
      method: "POST",
      json: { firstName: "Olive", type: "lender" },
    });
    expect(made.status).toBe(201);
    const found = await owner.call<Data<Row[]>>("/contacts?q=olive");
    expect(found.body.data.map((contact) => contact.id)).toEqual([made.body.data.id]);
    expect(await inD1("contacts", workspaceId)).toBe(contactsInD1);
    expect(
      await inObject(workspaceId, `SELECT id FROM contacts WHERE first_name = 'Olive'`),
    ).toHaveLength(1);

    // What is the person's is still the directory's: signing in, their workspaces.
    expect((await owner.call("/auth/me")).status).toBe(200);
    expect((await owner.call("/workspaces")).status).toBe(200);
  });

  it("keeps a member to what they may see, and tells them in the directory what is assigned to them", async () => {
    const { owner, mel, property, workspaceId } = await filledWorkspace();
    await moveWorkspace(env, workspaceId, { settleMs: 0 });
    const melCalls = (path: string, init: RequestInit & { json?: unknown } = {}) =>
      api(path, { ...init, token: mel.token, headers: { "X-Workspace-Id": workspaceId } });

    const listed = await melCalls("/data/properties");
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as Data<Row[]>).data.map((one) => one.id)).toEqual([property.id]);
    // Someone else's workspace is no one's business here either.
    const stranger = await account();
    const refused = await api("/data/properties", {
      token: stranger.token,
      headers: { "X-Workspace-Id": workspaceId },
    });
    expect(refused.status).toBe(404);

    // A lead assigned to Mel: the record in the object, the notice in D1, where her bell reads.
    const lead = await owner.call<Data<Row>>("/marketing/leads", {
      method: "POST",
      json: { firstName: "Nia", lastName: "Cole", status: "new", assigneeId: mel.user.id },
    });
    expect(lead.status).toBe(201);
    const notices = await api("/notifications", { token: mel.token });
    const bell = (await notices.json()) as Data<{ title: string; body: string }[]>;
    expect(JSON.stringify(bell.data)).toContain("Nia Cole");
  });

  it("holds writes for the last seconds of a move, and carries what changed meanwhile", async () => {
    const { owner, workspaceId } = await filledWorkspace();
    // The contacts staged whole, nothing written yet: D1 still answers, and takes a change.
    const object = workspaceObject(env, workspaceId)!;
    while (!(await object.moveProgress()).tables.contacts?.read)
      expect(await moveWorkspace(env, workspaceId, { maxPages: 1 })).toEqual({ moved: false });
    const late = await owner.call<Data<Row>>("/contacts", {
      method: "POST",
      json: { firstName: "Late", type: "lender" },
    });
    expect(late.status).toBe(201);

    // While held: reads go on, a change is refused with when to try again, nothing changed.
    const until = Date.now() + 30_000;
    await env.DB.prepare("UPDATE workspaces SET frozen_until = ? WHERE id = ?")
      .bind(until, workspaceId)
      .run();
    expect((await owner.call("/contacts")).status).toBe(200);
    const held = await api("/contacts", {
      method: "POST",
      token: owner.token,
      json: { firstName: "Refused", type: "lender" },
    });
    expect(held.status).toBe(503);
    expect(Number(held.headers.get("Retry-After"))).toBe(10);
    expect(((await held.json()) as { error: { code: string } }).error.code).toBe(
      "WORKSPACE_MOVING",
    );

    // A hold already taken (another move's) is not taken over: this move waits for its end.
    expect(await moveWorkspace(env, workspaceId, { settleMs: 0 })).toEqual({ moved: false });
    await env.DB.prepare("UPDATE workspaces SET frozen_until = NULL WHERE id = ?")
      .bind(workspaceId)
      .run();

    // The move's end compares D1 with the copy: the contact made after its page was read is in.
    expect(await moveWorkspace(env, workspaceId, { settleMs: 0 })).toEqual({ moved: true });
    const found = await owner.call<Data<Row[]>>("/contacts?q=late");
    expect(found.body.data.map((contact) => contact.id)).toEqual([late.body.data.id]);
    expect(await inD1("contacts", workspaceId)).toBe(
      (await inObject(workspaceId, "SELECT id FROM contacts")).length,
    );
    const free = await owner.call("/contacts", {
      method: "POST",
      json: { firstName: "Free", type: "lender" },
    });
    expect(free.status).toBe(201);
  });

  it("follows its members' changes, and answers its log and MCP from the object", async () => {
    const { owner, mel, property, workspaceId } = await filledWorkspace();
    await moveWorkspace(env, workspaceId, { settleMs: 0 });

    // Mel leaves: what was assigned to her there is assigned to nobody, in the object.
    const removed = await api(`/workspaces/${workspaceId}/members/${mel.user.id}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    const [row] = await inObject(
      workspaceId,
      `SELECT assignee_id FROM properties WHERE id = '${property.id}'`,
    );
    expect(row).toEqual({ assignee_id: null });
    expect(await inObject(workspaceId, "SELECT user_id FROM workspace_members")).toEqual([
      { user_id: workspaceId },
    ]);

    // The activity log of the moved workspace is its object's: the new contact is in it.
    const made = await owner.call<Data<Row>>("/contacts", {
      method: "POST",
      json: { firstName: "Logged", type: "lender" },
    });
    const log = await owner.call<Data<{ recordId: string }[]>>(
      `/workspaces/${workspaceId}/activity?recordType=contact`,
    );
    expect(log.status).toBe(200);
    expect(log.body.data.map((entry) => entry.recordId)).toContain(made.body.data.id);

    // An AI client reads the moved workspace's records through MCP.
    const token = await owner.call<Data<{ token: string }>>("/access-tokens", {
      method: "POST",
      json: { name: "claude", scope: "read", expires_in_days: 30 },
    });
    // The SDK would validate tools' output schemas with ajv, which the Worker doesn't hold.
    const client = new Client(
      { name: "ai42-tests", version: "1.0.0" },
      {
        jsonSchemaValidator: {
          getValidator: () => (input: unknown) => ({
            valid: true as const,
            data: input as never,
            errorMessage: undefined,
          }),
        },
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL("https://ai42.example/mcp"), {
        requestInit: { headers: { Authorization: `Bearer ${token.body.data.token}` } },
        // The Worker as Cloudflare runs it at an https:// origin, which MCP requires.
        fetch: async (url, init) => {
          const ctx = createExecutionContext();
          const answer = await worker.fetch(
            new Request(url, init) as Request<unknown, IncomingRequestCfProperties>,
            { ...env, APP_URL: "https://ai42.example" } as Env,
            ctx,
          );
          await waitOnExecutionContext(ctx);
          return answer;
        },
      }),
    );
    const found = await client.callTool({
      name: "search_contacts",
      arguments: { query: "Logged" },
    });
    expect(JSON.stringify(found.content)).toContain("Logged");
    await client.close();
  });

  it("deletes a moved team workspace's object with it", async () => {
    const owner = await account();
    const team = await owner.call<Data<Row>>("/workspaces", {
      method: "POST",
      json: { name: "Flip crew" },
    });
    expect(team.status).toBe(201);
    const teamId = team.body.data.id;
    await api("/contacts", {
      method: "POST",
      token: owner.token,
      headers: { "X-Workspace-Id": teamId },
      json: { firstName: "Crew", type: "lender" },
    });
    await moveWorkspace(env, teamId, { settleMs: 0 });
    expect(await inObject(teamId, "SELECT first_name FROM contacts")).toEqual([
      { first_name: "Crew" },
    ]);
    const deleted = await api(`/workspaces/${teamId}`, { method: "DELETE", token: owner.token });
    expect(deleted.status).toBe(204);
    const left = await runInDurableObject(
      workspaceObject(env, teamId)!,
      (_instance, state) =>
        state.storage.sql
          .exec<{ n: number }>(
            "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%'",
          )
          .one().n,
    );
    expect(left).toBe(0);
  });

  it("forgets a member who deletes their account, as D1 does", async () => {
    const { mel, property, workspaceId } = await filledWorkspace();
    await moveWorkspace(env, workspaceId, { settleMs: 0 });
    const gone = await api("/auth/delete-account", {
      method: "POST",
      token: mel.token,
      json: { password: "correct horse battery" },
    });
    expect(gone.status).toBe(204);
    expect(
      await inObject(workspaceId, `SELECT assignee_id FROM properties WHERE id = '${property.id}'`),
    ).toEqual([{ assignee_id: null }]);
    expect(await inObject(workspaceId, `SELECT id FROM users WHERE id = '${mel.user.id}'`)).toEqual(
      [],
    );
  });
});
