/**
 * The MCP server at /mcp, driven by the official MCP TypeScript SDK's client over
 * Streamable HTTP: tools from the agent's registry, scoped by the token (a read token sees and may
 * call only the read-only ones), the user's own data and never another's, resources for a property
 * and an analysis, 401 for a revoked or expired token, the AI requests a minute counted, and every
 * call in the user's log. Then the OAuth flow a remote connector (Claude, ChatGPT) goes through:
 * dynamic registration, authorize with PKCE on AI42's consent page, the token, a call, and the
 * grant revoked from Connections.
 *
 * The OAuth provider wants an https:// resource (plain http only on a loopback address), so these
 * requests go to the Worker as an AI42 at https://ai42.example (APP_URL).
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { accessTokens, mcpCalls } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import worker from "../../worker/index";
import { runScheduled, SWEEPS_CRON } from "../../worker/scheduled";
import { toolSchemas } from "../../worker/services/agent-tools";
import { LOG_DAYS } from "../../worker/services/mcp-calls";
import { joinAs, register, RENTAL, withToken } from "./helpers";

const MCP_ORIGIN = "https://ai42.example";
const MCP_URL = `${MCP_ORIGIN}/mcp`;

/** The Worker as Cloudflare runs it, at MCP_ORIGIN, with `vars` over wrangler.toml's. */
const workerAt =
  (vars: Partial<Env> = {}) =>
  async (input: string | URL | Request, init?: RequestInit) => {
    const ctx = createExecutionContext();
    const request = new Request(input, init);
    // As a browser's or a client's request arrives (Remix compares an action's Origin with it).
    if (!request.headers.has("Host")) request.headers.set("Host", new URL(request.url).host);
    const response = await worker.fetch(
      request as Request<unknown, IncomingRequestCfProperties>,
      { ...env, APP_URL: MCP_ORIGIN, ...vars } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return response;
  };
const fetchWorker = workerAt();

/** The MCP SDK validates tool output schemas with ajv; AI42's tools declare none. */
const NO_OUTPUT_SCHEMAS = {
  getValidator: () => (input: unknown) => ({
    valid: true as const,
    data: input as never,
    errorMessage: undefined,
  }),
};

async function connect(bearer: string, fetch = fetchWorker) {
  const client = new Client(
    { name: "ai42-tests", version: "1.0.0" },
    { jsonSchemaValidator: NO_OUTPUT_SCHEMAS },
  );
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { Authorization: `Bearer ${bearer}` } },
    fetch,
  });
  await client.connect(transport);
  return client;
}

/** What `initialize` answers with a bearer, read straight off the wire. */
const initializeWith = (bearer: string | null) =>
  fetchWorker(MCP_URL, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(bearer && { Authorization: `Bearer ${bearer}` }),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "curl", version: "1" },
      },
    }),
  });

const textOf = (result: object) =>
  (result as { content: { text: string }[] }).content.map((part) => part.text).join("\n");

const READ_TOOLS = toolSchemas().filter((tool) => !tool.wrote);
const WRITE_TOOLS = toolSchemas().filter((tool) => tool.wrote);

/** A user with a property on Oak St and a rental analysis of it. */
async function investorWithProperty(call: (path: string, init?: object) => Promise<unknown>) {
  const imported = (await call("/data/properties", {
    method: "POST",
    json: [{ address: "12 Oak St", city: "Dayton", state: "OH", zip: "45402" }],
  })) as { body: { data: { created: { id: string }[] } } };
  void imported;
  const listed = (await call("/data/properties")) as { body: { data: { id: string }[] } };
  const propertyId = listed.body.data[0]!.id;
  const deal = (await call("/deals", {
    method: "POST",
    json: { name: "Oak St rental", strategy: "rental", propertyId, inputs: RENTAL },
  })) as { status: number; body: { data: { id: string } } };
  expect(deal.status).toBe(201);
  return { propertyId, dealId: deal.body.data.id };
}

describe("the MCP server at /mcp", () => {
  it("lists only the read-only tools for a read token, every tool for a read_write one", async () => {
    const reader = await connect((await withToken("read")).pat);
    expect(reader.getServerVersion()).toMatchObject({ name: "AI42" });
    const { tools } = await reader.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(READ_TOOLS.map((t) => t.name).sort());
    const search = tools.find((tool) => tool.name === "search_properties")!;
    expect(search.inputSchema).toMatchObject({ type: "object" });
    expect(search.annotations).toMatchObject({ readOnlyHint: true });

    const writer = await connect((await withToken("read_write")).pat);
    const all = (await writer.listTools()).tools.map((tool) => tool.name);
    expect(all).toHaveLength(READ_TOOLS.length + WRITE_TOOLS.length);
    expect(all).toContain("create_project");
    await Promise.all([reader.close(), writer.close()]);
  });

  it("calls a read tool over the user's own data, as text and structured content", async () => {
    const owner = await withToken("read");
    await investorWithProperty(owner.call);
    const client = await connect(owner.pat);
    const result = await client.callTool({
      name: "search_properties",
      arguments: { query: "Oak" },
    });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain("Found 1 property: 12 Oak St");
    expect(result.structuredContent).toMatchObject({
      result: [expect.objectContaining({ address: "12 Oak St", city: "Dayton" })],
    });

    const bad = await client.callTool({ name: "search_properties", arguments: { status: "x" } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("Invalid arguments (status:");
    await client.close();
  });

  it("refuses a write tool to a read token, naming the scope, and writes nothing", async () => {
    const owner = await withToken("read");
    const client = await connect(owner.pat);
    const result = await client.callTool({
      name: "create_project",
      arguments: { name: "Written through a read token" },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("create_project changes data");
    expect(textOf(result)).toContain("read scope");
    const projects = await owner.call<{ data: unknown[] }>("/projects");
    expect(projects.body.data).toEqual([]);

    const writer = await withToken("read_write");
    const writes = await connect(writer.pat);
    const made = await writes.callTool({
      name: "create_project",
      arguments: { name: "Made over MCP" },
    });
    expect(made.isError).toBeFalsy();
    const theirs = await writer.call<{ data: { name: string }[] }>("/projects");
    expect(theirs.body.data.map((project) => project.name)).toEqual(["Made over MCP"]);
    await Promise.all([client.close(), writes.close()]);
  });

  it("never shows another user's data, by tool or by resource", async () => {
    const ana = await withToken("read");
    const { propertyId, dealId } = await investorWithProperty(ana.call);
    const bo = await withToken("read_write");
    const client = await connect(bo.pat);

    const search = await client.callTool({ name: "search_properties", arguments: {} });
    expect(textOf(search)).toContain("No properties found");
    const deals = await client.callTool({ name: "list_deals", arguments: {} });
    expect(JSON.stringify(deals)).not.toContain("Oak St rental");
    const { resources } = await client.listResources();
    expect(resources).toEqual([]);
    for (const uri of [`ai42://properties/${propertyId}`, `ai42://analyses/${dealId}`]) {
      await expect(client.readResource({ uri })).rejects.toThrow(/not found/);
    }
    await client.close();
  });

  it("reads a property's report and an analysis as resources", async () => {
    const owner = await withToken("read");
    const { propertyId, dealId } = await investorWithProperty(owner.call);
    const client = await connect(owner.pat);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(
      [`ai42://analyses/${dealId}`, `ai42://properties/${propertyId}`].sort(),
    );
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      "ai42://properties/{id}",
      "ai42://analyses/{id}",
    ]);

    const report = await client.readResource({ uri: `ai42://properties/${propertyId}` });
    const property = JSON.parse((report.contents[0] as { text: string }).text);
    expect(property).toMatchObject({ address: "12 Oak St" });
    expect(property.analyses).toEqual([expect.objectContaining({ id: dealId })]);

    const analysis = await client.readResource({ uri: `ai42://analyses/${dealId}` });
    const deal = JSON.parse((analysis.contents[0] as { text: string }).text);
    // $200,000 at 6.5 % over 30 years: $1,264.14 a month.
    expect(deal).toMatchObject({ name: "Oak St rental", strategy: "rental" });
    expect(deal.metrics.monthlyPayment).toBeCloseTo(1264.14, 2);
    await expect(client.readResource({ uri: "ai42://secrets/1" })).rejects.toThrow(
      /ai42:\/\/properties\/\{id\}/,
    );
    await expect(client.readResource({ uri: "ai42://properties/%E0%A4%A" })).rejects.toThrow(
      /not a valid resource address/,
    );
    await client.close();
    const log = await owner.call<{ data: { name: string; ok: boolean; error: string | null }[] }>(
      "/mcp-calls",
    );
    expect(log.body.data.map(({ name, ok }) => ({ name, ok }))).toEqual([
      { name: "ai42://properties/%E0%A4%A", ok: false },
      { name: "ai42://secrets/1", ok: false },
      { name: `ai42://analyses/${dealId}`, ok: true },
      { name: `ai42://properties/${propertyId}`, ok: true },
    ]);
  });

  it("answers 401 with the resource's metadata without a token, and for a revoked or expired one", async () => {
    const none = await initializeWith(null);
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toContain(
      `resource_metadata="${MCP_ORIGIN}/.well-known/oauth-protected-resource/mcp"`,
    );
    const metadata = await fetchWorker(`${MCP_ORIGIN}/.well-known/oauth-protected-resource/mcp`);
    expect(await metadata.json()).toMatchObject({
      resource: MCP_URL,
      authorization_servers: [MCP_ORIGIN],
    });

    const revoked = await withToken("read");
    expect((await initializeWith(revoked.pat)).status).toBe(200);
    await revoked.call(`/access-tokens/${revoked.made.access_token.id}`, { method: "DELETE" });
    expect((await initializeWith(revoked.pat)).status).toBe(401);
    await expect(connect(revoked.pat)).rejects.toThrow();

    const expired = await withToken("read", 7);
    await database(env.DB)
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(accessTokens.id, expired.made.access_token.id));
    expect((await initializeWith(expired.pat)).status).toBe(401);
    // No server-to-client stream to open: a GET is refused, not answered with one that closes.
    const stream = await fetchWorker(MCP_URL, {
      headers: { Authorization: `Bearer ${expired.pat}`, Accept: "text/event-stream" },
    });
    expect(stream.status).toBe(401);
    const live = await withToken("read");
    const get = await fetchWorker(MCP_URL, {
      headers: { Authorization: `Bearer ${live.pat}`, Accept: "text/event-stream" },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    // A session's JWT is not an MCP credential.
    const { token: session } = await register();
    expect((await initializeWith(session)).status).toBe(401);
  });

  it("counts every call against the AI requests a minute, and logs each with its token", async () => {
    const owner = await withToken("read");
    const client = await connect(owner.pat, workerAt({ AI_REQUESTS_PER_MINUTE: "2" }));
    for (let i = 0; i < 2; i++) {
      const ok = await client.callTool({ name: "search_projects", arguments: {} });
      expect(ok.isError).toBeFalsy();
    }
    const refused = await client.callTool({ name: "search_projects", arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/AI requests a minute|requests a minute/);
    await client.callTool({ name: "create_project", arguments: { name: "x" } });
    await client.close();

    const log = await owner.call<{
      data: { kind: string; name: string; via: string; via_name: string; ok: boolean }[];
      meta: { total: number };
    }>("/mcp-calls");
    expect(log.body.meta.total).toBe(4);
    expect(
      log.body.data.map(({ name, ok, via, via_name }) => ({ name, ok, via, via_name })),
    ).toEqual([
      { name: "create_project", ok: false, via: "token", via_name: "read token" },
      { name: "search_projects", ok: false, via: "token", via_name: "read token" },
      { name: "search_projects", ok: true, via: "token", via_name: "read token" },
      { name: "search_projects", ok: true, via: "token", via_name: "read token" },
    ]);
    const stranger = await withToken("read");
    const theirs = await stranger.call<{ meta: { total: number } }>("/mcp-calls");
    expect(theirs.body.meta.total).toBe(0);

    // The five-minute sweep forgets what is older than the log keeps, and nothing newer.
    await database(env.DB)
      .update(mcpCalls)
      .set({ at: new Date(Date.now() - (LOG_DAYS + 1) * 864e5).toISOString() })
      .where(eq(mcpCalls.userId, owner.user.id));
    await database(env.DB)
      .update(mcpCalls)
      .set({ at: new Date().toISOString() })
      .where(and(eq(mcpCalls.userId, owner.user.id), eq(mcpCalls.name, "create_project")));
    await runScheduled(env, Date.now(), SWEEPS_CRON);
    const kept = await owner.call<{ data: { name: string }[] }>("/mcp-calls");
    expect(kept.body.data.map((call) => call.name)).toEqual(["create_project"]);
  });
});

describe("the writes a read_write token promises: analyses, routes, follow-up sequences", () => {
  const WRITES = ["save_deal", "save_route", "start_sequence"];
  type Caller = Awaited<ReturnType<typeof withToken>>["call"];

  /** Two properties with coordinates (no geocoding needed), as an import brings them in. */
  async function twoProperties(call: Caller) {
    const ids: string[] = [];
    for (const place of [
      { address: "3 Far Rd", latitude: 33.3, longitude: -112.0 },
      { address: "1 Near Rd", latitude: 33.1, longitude: -112.0 },
    ]) {
      const made = await call<{ data: { ids: string[] } }>("/data/properties", {
        method: "POST",
        json: place,
      });
      ids.push(made.body.data.ids[0]!);
    }
    return ids;
  }

  /** Sequences on, a two-step sequence and a lead who agreed to e-mail. */
  async function leadAndSequence(call: Caller) {
    await call("/marketing/sequences/settings", {
      method: "PUT",
      json: { enabled: true, dailyCap: 50 },
    });
    const sequence = await call<{ data: { id: string } }>("/marketing/sequences", {
      method: "POST",
      json: {
        name: "Motivated sellers",
        steps: [
          { day: 0, action: "email", subject: "Your house", body: "Hi {{first_name}}" },
          { day: 2, action: "call", body: "Call {{first_name}}" },
        ],
      },
    });
    const lead = await call<{ data: { id: string } }>("/marketing/leads", {
      method: "POST",
      json: { firstName: "Lee", lastName: "Seller", email: "lee@example.com", consentEmail: true },
    });
    return { sequenceId: sequence.body.data.id, leadId: lead.body.data.id };
  }

  const enrollmentsOf = async (call: Caller, leadId: string) =>
    (
      await call<{ data: { enrollments: { sequenceId: string; status: string }[] } }>(
        `/marketing/sequences/leads/${leadId}`,
      )
    ).body.data.enrollments;

  it("are listed for read_write only, and refused to a read token, which writes nothing", async () => {
    const reader = await withToken("read");
    const [propertyId] = await twoProperties(reader.call);
    const { sequenceId, leadId } = await leadAndSequence(reader.call);
    const client = await connect(reader.pat);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual(expect.arrayContaining(["plan_route", "list_sequences"]));
    for (const name of WRITES) expect(listed).not.toContain(name);

    const writer = await connect((await withToken("read_write")).pat);
    const all = (await writer.listTools()).tools;
    for (const name of WRITES) {
      const tool = all.find((candidate) => candidate.name === name);
      expect(tool?.annotations, name).toMatchObject({ readOnlyHint: false });
    }

    const calls = {
      save_deal: { name: "Oak", strategy: "rental", inputs: RENTAL, propertyId },
      save_route: { stops: [{ propertyId }], date: "2027-03-15" },
      start_sequence: { leadId, sequenceId },
    };
    for (const [name, args] of Object.entries(calls)) {
      const refused = await client.callTool({ name, arguments: args });
      expect(refused.isError, name).toBe(true);
      expect(textOf(refused)).toContain(`${name} changes data`);
    }
    expect((await reader.call<{ data: unknown[] }>("/deals")).body.data).toEqual([]);
    expect((await reader.call<{ data: unknown[] }>("/routes")).body.data).toEqual([]);
    expect(await enrollmentsOf(reader.call, leadId)).toEqual([]);
    // Planning writes nothing: a read token may.
    const planned = await client.callTool({ name: "plan_route", arguments: calls.save_route });
    expect(textOf(planned)).toContain("Planned 1 stop");
    expect((await reader.call<{ data: unknown[] }>("/routes")).body.data).toEqual([]);
    await Promise.all([client.close(), writer.close()]);
  });

  it("save_deal saves an analysis for a property or on its own, as the API's POST does", async () => {
    const owner = await withToken("read_write");
    const [propertyId] = await twoProperties(owner.call);
    const client = await connect(owner.pat);
    const saved = await client.callTool({
      name: "save_deal",
      arguments: { name: "Far Rd rental", strategy: "rental", inputs: RENTAL, propertyId },
    });
    expect(saved.isError).toBeFalsy();
    expect(textOf(saved)).toContain("Saved analysis Far Rd rental (Rental, primary)");
    const { id } = saved.structuredContent as { id: string };
    const deal = await owner.call<{ data: Record<string, unknown> }>(`/deals/${id}`);
    expect(deal.body.data).toMatchObject({
      name: "Far Rd rental",
      strategy: "rental",
      propertyId,
      primary: true,
      inputs: expect.objectContaining({ purchasePrice: 250000 }),
    });
    expect((deal.body.data.metrics as { monthlyPayment: number }).monthlyPayment).toBeCloseTo(
      1264.14,
      2,
    );
    const flip = {
      purchasePrice: 120000,
      rehabCost: 30000,
      afterRepairValue: 210000,
      holdingMonths: 6,
    };
    const alone = await client.callTool({
      name: "save_deal",
      arguments: { name: "A flip to weigh", strategy: "flip", inputs: flip },
    });
    expect(alone.isError, textOf(alone)).toBeFalsy();
    expect(alone.structuredContent).toMatchObject({ propertyId: null, strategy: "flip" });

    const bad: Array<[args: Record<string, unknown>, field: string]> = [
      [
        { name: "x", strategy: "rental", inputs: { ...RENTAL, purchasePrice: -5 } },
        "inputs.purchasePrice",
      ],
      [{ name: "x", inputs: RENTAL }, "strategy"],
      [{ name: " ", strategy: "rental", inputs: RENTAL }, "name"],
      [{ name: "x", strategy: "rental", inputs: RENTAL, propertyId: "not-theirs" }, "propertyId"],
    ];
    for (const [args, field] of bad) {
      const refused = await client.callTool({ name: "save_deal", arguments: args });
      expect(refused.isError, field).toBe(true);
      expect(textOf(refused)).toContain(`${field}:`);
    }
    const all = await owner.call<{ data: { name: string }[] }>("/deals");
    expect(all.body.data.map((d) => d.name).sort()).toEqual(["A flip to weigh", "Far Rd rental"]);
    await client.close();
  });

  it("save_route plans the day with the optimiser and saves it for the Route Planner", async () => {
    const owner = await withToken("read_write");
    const ids = await twoProperties(owner.call);
    const client = await connect(owner.pat);
    const saved = await client.callTool({
      name: "save_route",
      arguments: {
        stops: ids.map((propertyId) => ({ propertyId })),
        date: "2027-03-15",
        timeZone: "America/Phoenix",
        name: "Tuesday drive-bys",
      },
    });
    expect(saved.isError, textOf(saved)).toBeFalsy();
    expect(textOf(saved)).toContain("Saved route “Tuesday drive-bys”: 2 stops");
    const { routeId, openAt } = saved.structuredContent as { routeId: string; openAt: string };
    expect(openAt).toBe(`/route-planner/${routeId}`);
    const route = await owner.call<{
      data: { name: string; date: string; stops: { label: string; id: string }[]; order: string[] };
    }>(`/routes/${routeId}`);
    expect(route.body.data).toMatchObject({ name: "Tuesday drive-bys", date: "2027-03-15" });
    const labels = new Map(route.body.data.stops.map((stop) => [stop.id, stop.label]));
    // No home saved: the route starts at the first stop given.
    expect(route.body.data.order.map((id) => labels.get(id))).toEqual(["3 Far Rd", "1 Near Rd"]);

    const bad: Array<[args: Record<string, unknown>, field: string]> = [
      [{ stops: [{}] }, "stops.0"],
      [{ date: "2027-03-15" }, "stops"],
      [{ stops: [{ propertyId: ids[0] }], date: "15/03/2027" }, "date"],
      [{ stops: [{ propertyId: ids[0] }], name: "" }, "name"],
    ];
    for (const [args, field] of bad) {
      const refused = await client.callTool({ name: "save_route", arguments: args });
      expect(refused.isError, field).toBe(true);
      expect(textOf(refused)).toContain(`${field}:`);
    }
    const routes = await owner.call<{ data: unknown[] }>("/routes");
    expect(routes.body.data).toHaveLength(1);
    await client.close();
  });

  it("start_sequence starts a sequence from list_sequences on a lead, as the lead's screen does", async () => {
    const owner = await withToken("read_write");
    const { sequenceId, leadId } = await leadAndSequence(owner.call);
    const client = await connect(owner.pat);
    const sequences = await client.callTool({ name: "list_sequences", arguments: {} });
    expect(textOf(sequences)).toContain("Found 1 sequence: Motivated sellers");
    expect(sequences.structuredContent).toMatchObject({
      result: [{ id: sequenceId, name: "Motivated sellers", running: 0 }],
    });

    const bad: Array<[args: Record<string, unknown>, says: string]> = [
      [{ leadId }, "sequenceId:"],
      [{ leadId: "", sequenceId }, "leadId:"],
      [{ leadId: "no-such-lead", sequenceId }, "Lead not found"],
      [{ leadId, sequenceId: "no-such-sequence" }, "Sequence not found"],
    ];
    for (const [args, says] of bad) {
      const refused = await client.callTool({ name: "start_sequence", arguments: args });
      expect(refused.isError, says).toBe(true);
      expect(textOf(refused)).toContain(says);
    }
    expect(await enrollmentsOf(owner.call, leadId)).toEqual([]);

    const started = await client.callTool({
      name: "start_sequence",
      arguments: { leadId, sequenceId },
    });
    expect(started.isError, textOf(started)).toBeFalsy();
    expect(textOf(started)).toContain("Started Motivated sellers on Lee Seller");
    expect(await enrollmentsOf(owner.call, leadId)).toEqual([
      expect.objectContaining({ sequenceId, status: "active" }),
    ]);
    const again = await client.callTool({
      name: "start_sequence",
      arguments: { leadId, sequenceId },
    });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toContain("in a sequence already");
    expect(await enrollmentsOf(owner.call, leadId)).toHaveLength(1);
    await client.close();
  });
});

// OAuth

const base64Url = (bytes: ArrayBuffer | Uint8Array) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

async function pkce() {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64Url(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)),
  );
  return { verifier, challenge };
}

const REDIRECT_URI = "http://127.0.0.1:33418/callback";
const cookieHeader = (...cookies: (string | null)[]) =>
  cookies
    .filter((cookie): cookie is string => Boolean(cookie))
    .map((cookie) => cookie.split(";")[0])
    .join("; ");

/** Registers "Claude" and walks a signed-in user through the consent page to a code. */
async function authorize(decision: "allow" | "deny", scope: "read" | "read_write") {
  const registered = await fetchWorker(`${MCP_ORIGIN}/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_name: "Claude",
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    }),
  });
  expect(registered.status).toBe(201);
  const { client_id: clientId } = (await registered.json()) as { client_id: string };

  const user = await register();
  const session = cookieHeader(user.cookie);
  const { verifier, challenge } = await pkce();
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    scope: "read write",
    state: "state-123",
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: MCP_URL,
  });
  const signedOut = await fetchWorker(`${MCP_ORIGIN}/oauth/authorize?${query}`, {
    redirect: "manual",
  });
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("Location")).toBe(
    `/home?next=${encodeURIComponent(`/oauth/authorize?${query}`)}`,
  );

  const page = await fetchWorker(`${MCP_ORIGIN}/oauth/authorize?${query}`, {
    headers: { Cookie: session },
  });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Allow Claude to use your AI42?");
  expect(html).toContain("127.0.0.1");
  expect(html).toContain("an app on your computer");
  const handle = /name="handle" value="([^"]+)"/.exec(html)![1]!;
  const binding = page.headers.get("Set-Cookie");
  expect(binding).toContain("__Host-oauth-consent");

  const answered = await fetchWorker(`${MCP_ORIGIN}/oauth/authorize`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookieHeader(user.cookie, binding),
      Origin: MCP_ORIGIN,
    },
    body: new URLSearchParams({ handle, decision, scope }),
  });
  expect(answered.status).toBe(302);
  const back = new URL(answered.headers.get("Location")!);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  expect(back.searchParams.get("state")).toBe("state-123");
  return { clientId, verifier, back, user };
}

async function exchange(clientId: string, verifier: string, code: string) {
  const response = await fetchWorker(`${MCP_ORIGIN}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      client_id: clientId,
      code_verifier: verifier,
      resource: MCP_URL,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe("OAuth for MCP clients", () => {
  it("advertises registration, PKCE and the scopes", async () => {
    const response = await fetchWorker(`${MCP_ORIGIN}/.well-known/oauth-authorization-server`);
    expect(await response.json()).toMatchObject({
      issuer: MCP_ORIGIN,
      authorization_endpoint: `${MCP_ORIGIN}/oauth/authorize`,
      token_endpoint: `${MCP_ORIGIN}/oauth/token`,
      registration_endpoint: `${MCP_ORIGIN}/oauth/register`,
      code_challenge_methods_supported: expect.arrayContaining(["S256"]),
      scopes_supported: ["read", "write"],
    });
  });

  it("registers, authorizes with PKCE on the consent page, issues a token that calls tools, and stops when the grant is revoked", async () => {
    const { clientId, verifier, back, user } = await authorize("allow", "read_write");
    const code = back.searchParams.get("code")!;

    // PKCE: the code is worth nothing without the verifier its challenge was made from.
    const wrongVerifier = await exchange(clientId, "x".repeat(43), code);
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe("invalid_grant");
    void verifier;
    const again = await authorize("allow", "read_write");
    const issued = await exchange(
      again.clientId,
      again.verifier,
      again.back.searchParams.get("code")!,
    );
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ token_type: "bearer", scope: "read write" });

    const client = await connect(issued.body.access_token!);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain("create_project");
    const made = await client.callTool({
      name: "create_project",
      arguments: { name: "Via Claude" },
    });
    expect(made.isError).toBeFalsy();
    await client.close();

    // Refreshing, the client may narrow its token to read: the narrower scope rules.
    const refreshed = await fetchWorker(`${MCP_ORIGIN}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: issued.body.refresh_token!,
        client_id: again.clientId,
        scope: "read",
        resource: MCP_URL,
      }),
    });
    const narrowed = (await refreshed.json()) as Record<string, string>;
    expect(narrowed.scope).toBe("read");
    const reader = await connect(narrowed.access_token!);
    expect((await reader.listTools()).tools.map((tool) => tool.name)).not.toContain(
      "create_project",
    );
    await reader.close();

    const asUser = { Authorization: `Bearer ${again.user.token}` };
    const apps = (await (
      await fetchWorker(`${MCP_ORIGIN}/api/connected-apps`, { headers: asUser })
    ).json()) as { data: { id: string; client_name: string; scope: string }[] };
    expect(apps.data).toEqual([
      expect.objectContaining({ client_name: "Claude", scope: "read_write" }),
    ]);
    const log = (await (
      await fetchWorker(`${MCP_ORIGIN}/api/mcp-calls`, { headers: asUser })
    ).json()) as { data: { via: string; via_name: string; name: string }[] };
    expect(log.data[0]).toMatchObject({ via: "app", via_name: "Claude", name: "create_project" });

    // Another user cannot see or revoke the grant.
    const stranger = { Authorization: `Bearer ${user.token}` };
    const theirs = await fetchWorker(`${MCP_ORIGIN}/api/connected-apps/${apps.data[0]!.id}`, {
      method: "DELETE",
      headers: stranger,
    });
    expect(theirs.status).toBe(404);
    expect((await initializeWith(issued.body.access_token!)).status).toBe(200);

    const revoked = await fetchWorker(`${MCP_ORIGIN}/api/connected-apps/${apps.data[0]!.id}`, {
      method: "DELETE",
      headers: asUser,
    });
    expect(revoked.status).toBe(200);
    expect((await initializeWith(issued.body.access_token!)).status).toBe(401);
    const none = (await (
      await fetchWorker(`${MCP_ORIGIN}/api/connected-apps`, { headers: asUser })
    ).json()) as { data: unknown[] };
    expect(none.data).toEqual([]);
  });

  const refresh = (clientId: string, refreshToken: string) =>
    fetchWorker(`${MCP_ORIGIN}/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: refreshToken,
        client_id: clientId,
        resource: MCP_URL,
      }),
    }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, string>,
    }));
  const connectedApps = async (token: string) =>
    (
      (await (
        await fetchWorker(`${MCP_ORIGIN}/api/connected-apps`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()) as { data: unknown[] }
    ).data;

  it("a refresh token works once: presented again, it revokes the grant, and its successor fails too", async () => {
    const { clientId, verifier, back, user } = await authorize("allow", "read_write");
    const issued = await exchange(clientId, verifier, back.searchParams.get("code")!);
    const r0 = issued.body.refresh_token!;
    const rotated = await refresh(clientId, r0);
    expect(rotated.status).toBe(200);
    const r1 = rotated.body.refresh_token!;
    expect(r1).not.toBe(r0);
    expect((await initializeWith(rotated.body.access_token!)).status).toBe(200);

    // Someone else holds R0: its reuse ends the grant for both.
    const replayed = await refresh(clientId, r0);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe("invalid_grant");
    const successor = await refresh(clientId, r1);
    expect(successor.status).toBe(400);
    expect(successor.body.error).toBe("invalid_grant");
    expect((await initializeWith(rotated.body.access_token!)).status).toBe(401);
    expect(await connectedApps(user.token)).toEqual([]);
  });

  it("a new password revokes every connected app, its access and refresh tokens with it", async () => {
    const { clientId, verifier, back, user } = await authorize("allow", "read_write");
    const issued = await exchange(clientId, verifier, back.searchParams.get("code")!);
    expect(await connectedApps(user.token)).toHaveLength(1);
    const changed = await fetchWorker(`${MCP_ORIGIN}/api/auth/change-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${user.token}` },
      body: JSON.stringify({
        current_password: user.body.password,
        new_password: "a brand new password",
      }),
    });
    expect(changed.status).toBe(200);
    const { data } = (await changed.json()) as { data: { token: string } };
    expect(await connectedApps(data.token)).toEqual([]);
    expect((await initializeWith(issued.body.access_token!)).status).toBe(401);
    expect((await refresh(clientId, issued.body.refresh_token!)).body.error).toBe("invalid_grant");
  });

  it("grants read only when the user chooses it, whatever the client asked", async () => {
    const { clientId, verifier, back } = await authorize("allow", "read");
    const issued = await exchange(clientId, verifier, back.searchParams.get("code")!);
    expect(issued.body.scope).toBe("read");
    const client = await connect(issued.body.access_token!);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).not.toContain("create_project");
    const refused = await client.callTool({ name: "create_project", arguments: { name: "x" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("this connection has the read scope");
    await client.close();
  });

  it("sends the client access_denied when the user denies", async () => {
    const { back } = await authorize("deny", "read_write");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
  });
});

describe("a token made in a team's workspace", () => {
  it("acts there with its maker's role at each call, and stops when they leave", async () => {
    const owner = await withToken("read_write");
    const team = await owner.call<{ data: { id: string } }>("/workspaces", {
      method: "POST",
      json: { name: "Harbor Flips" },
    });
    const teamId = team.body.data.id;
    const inTeam = { "X-Workspace-Id": teamId };
    await owner.call("/projects", {
      method: "POST",
      headers: inTeam,
      json: { name: "Team triplex", type: "fix_and_flip", status: "prospecting" },
    });
    const viewer = await register();
    await joinAs(teamId, viewer.user.id, "viewer");
    const made = await fetchWorker(`${MCP_ORIGIN}/api/access-tokens`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${viewer.token}`,
        "Content-Type": "application/json",
        ...inTeam,
      },
      body: JSON.stringify({ name: "Team reader", scope: "read_write", expires_in_days: 30 }),
    });
    expect(made.status).toBe(201);
    const { token, access_token } = (
      (await made.json()) as {
        data: { token: string; access_token: { workspace_id: string } };
      }
    ).data;
    expect(access_token.workspace_id).toBe(teamId);

    // A viewer's read_write token offers and runs only what reads.
    const client = await connect(token);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools.sort()).toEqual(READ_TOOLS.map((tool) => tool.name).sort());
    const found = await client.callTool({ name: "search_projects", arguments: {} });
    expect(textOf(found)).toContain("Team triplex");
    const refused = await client.callTool({
      name: "create_project",
      arguments: { name: "By a viewer" },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/viewer/);
    await client.close();

    // Through the API: the team's records without naming it; another workspace is 404.
    const listed = await fetchWorker(`${MCP_ORIGIN}/api/projects`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await listed.json()) as { data: { name: string }[] }).data).toEqual([
      expect.objectContaining({ name: "Team triplex" }),
    ]);
    const elsewhere = await fetchWorker(`${MCP_ORIGIN}/api/projects`, {
      headers: { Authorization: `Bearer ${token}`, "X-Workspace-Id": viewer.user.id },
    });
    expect(elsewhere.status).toBe(404);

    // Out of the team: the token works nowhere.
    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?")
      .bind(teamId, viewer.user.id)
      .run();
    expect((await initializeWith(token)).status).toBe(401);
    const after = await fetchWorker(`${MCP_ORIGIN}/api/projects`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
  });
});
