/**
 * A probe of /api with personal access tokens, driven by the OpenAPI document so that a
 * new route is probed without touching this file:
 * - a read token: every signed-in operation that is not a GET is refused 403 (INSUFFICIENT_SCOPE,
 *   or SESSION_REQUIRED where only a signed-in session may act), and nothing changes;
 * - another user's records (IDOR): a read_write token of a second user, aimed at the first user's
 *   ids on every operation that takes one, never answers 2xx, never shows them, changes nothing;
 * - fuzzing: malformed JSON, wrongly typed fields, junk query values and path ids, through a
 *   read_write token, on every operation: a clear 4xx in the error shape, never a 5xx.
 */
import { describe, expect, it } from "vitest";
import committed from "../../docs/api/openapi.json";
import { account, api, RENTAL, withToken, type Caller } from "./helpers";

interface Operation {
  method: string;
  path: string;
  signedIn: boolean;
  query: string[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const OPERATIONS: Operation[] = Object.entries(
  committed.paths as Record<string, Record<string, Record<string, unknown>>>,
).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => {
    const operation = item[method]!;
    const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
    return {
      method: method.toUpperCase(),
      path,
      signedIn: Array.isArray(operation.security) && operation.security.length > 0,
      query: parameters.filter((p) => p.in === "query").map((p) => p.name),
    };
  }),
);

/** A path with its parameters filled: `{id}` and the others from `ids` by the path, else `fill`. */
function pathWith(path: string, ids: Record<string, string>, fill: string) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const prefix = path.slice(0, path.indexOf(`{${name}}`));
    return encodeURIComponent(ids[`${prefix}{${name}}`] ?? ids[name] ?? fill);
  });
}

const MARKER = "Zanzibar";

/** An account with one record of most kinds, each named with MARKER, and its ids by path. */
async function seeded() {
  const owner = await account();
  const made = async (path: string, json: unknown) => {
    const response = await owner.call<{ data: { id: string } }>(path, { method: "POST", json });
    expect(response.status, `POST ${path}: ${JSON.stringify(response.body)}`).toBe(201);
    return response.body.data.id;
  };
  await owner.call("/data/properties", {
    method: "POST",
    json: [{ address: `1 ${MARKER} Way`, city: "Dayton", state: "OH" }],
  });
  const property = (await owner.call<{ data: { id: string }[] }>("/data/properties")).body.data[0]!
    .id;
  const project = await made("/projects", { name: `${MARKER} flip` });
  const contact = await made("/contacts", { firstName: MARKER, lastName: "Seller" });
  await owner.call(`/projects/${project}/contacts`, {
    method: "POST",
    json: { contactId: contact },
  });
  const ids: Record<string, string> = {
    "/projects/{id}": project,
    "/projects/{id}/contacts/{contactId}": contact,
    "/contacts/{id}": contact,
    "/data/entries/{id}": await made("/data/entries", { title: `${MARKER} checklist` }),
    "/data/properties/{id}": property,
    "/deals/{id}": await made("/deals", {
      name: `${MARKER} rental`,
      strategy: "rental",
      propertyId: property,
      inputs: RENTAL,
    }),
    "/rehab-templates/{id}": await made("/rehab-templates", {
      category: `${MARKER} roof`,
      unitCost: 9000,
    }),
    "/auctions/{id}": await made("/auctions", {
      saleType: "sheriff",
      saleAt: new Date(Date.now() + 10 * 864e5).toISOString(),
      address: `2 ${MARKER} Way`,
      city: "Pittsburgh",
      state: "PA",
    }),
    "/routes/{id}": await made("/routes", {
      name: `${MARKER} drive-bys`,
      date: "2027-03-13",
      departAt: "2027-03-13T09:00:00-07:00",
      start: { label: "Home", address: "1 Home St", lat: 33.3, lng: -112.0 },
      returnToStart: true,
      stops: [{ id: "s1", label: `3 ${MARKER} Way`, lat: 33.2, lng: -112.0 }],
      order: ["s1"],
    }),
    "/marketing/leads/{id}": await made("/marketing/leads", {
      firstName: MARKER,
      lastName: "Lead",
    }),
    "/marketing/campaigns/{id}": await made("/marketing/campaigns", {
      name: `${MARKER} postcards`,
      channel: "direct_mail",
    }),
    "/marketing/bots/{id}": await made("/marketing/bots", {
      name: MARKER,
      persona: "Warm.",
      handOff: "Offer a call.",
      questions: [{ text: "What's your name?", field: "name" }],
    }),
    "/marketing/sequences/{id}": await made("/marketing/sequences", {
      name: `${MARKER} sellers`,
      steps: [{ day: 0, action: "call", body: `Call ${MARKER}` }],
    }),
    "/calendar/events/{id}": await made("/calendar/events", {
      summary: `${MARKER} walkthrough`,
      calendarId: "local",
      start: { dateTime: "2030-05-01T09:00:00Z" },
      end: { dateTime: "2030-05-01T10:00:00Z" },
    }),
  };
  ids["/marketing/sequences/leads/{id}"] = ids["/marketing/leads/{id}"]!;
  return { owner, ids };
}

/** What the owner sees of each seeded record: unchanged after the probe. */
async function snapshot(call: Caller, ids: Record<string, string>) {
  const seen: Record<string, unknown> = {};
  for (const [path, id] of Object.entries(ids)) {
    if (!OPERATIONS.some((op) => op.method === "GET" && op.path === path)) continue;
    const response = await call(path.replace("{id}", id));
    expect(response.status, path).toBe(200);
    seen[path] = response.body;
  }
  return seen;
}

const JSON_ERROR = expect.objectContaining({
  error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
});

describe("/api with personal access tokens", () => {
  it("a read token: every change is refused 403 and nothing changes", async () => {
    const { owner, ids } = await seeded();
    const before = await snapshot(owner.call, ids);
    const reader = await withToken("read");
    const changes = OPERATIONS.filter((op) => op.signedIn && op.method !== "GET");
    expect(changes.length).toBeGreaterThan(50);
    for (const op of changes) {
      const response = await api(pathWith(op.path, ids, crypto.randomUUID()), {
        method: op.method,
        token: reader.pat,
        json: {},
      });
      const body = (await response.json()) as { error: { code: string } };
      expect(response.status, `${op.method} ${op.path}`).toBe(403);
      expect(["INSUFFICIENT_SCOPE", "SESSION_REQUIRED"], `${op.method} ${op.path}`).toContain(
        body.error.code,
      );
    }
    expect(await snapshot(owner.call, ids)).toEqual(before);
  });

  it("another user's read_write token never reaches the first user's records", async () => {
    const { owner, ids } = await seeded();
    const before = await snapshot(owner.call, ids);
    const intruder = await withToken("read_write");
    const probed = OPERATIONS.filter((op) => op.signedIn && op.path.includes("{"));
    expect(probed.length).toBeGreaterThan(40);
    for (const op of probed) {
      const path = pathWith(op.path, ids, crypto.randomUUID());
      const response = await api(path, {
        method: op.method,
        token: intruder.pat,
        json: op.method === "GET" || op.method === "DELETE" ? undefined : {},
      });
      const text = await response.text();
      const where = `${op.method} ${op.path}`;
      expect(response.status, where).toBeGreaterThanOrEqual(400);
      expect(response.status, `${where}: ${text}`).toBeLessThan(500);
      expect(text, where).not.toContain(MARKER);
    }
    expect(await snapshot(owner.call, ids)).toEqual(before);
  });

  it("fuzzed requests get a clear 4xx in the error shape, never a 5xx", async () => {
    const { pat } = await withToken("read_write");
    const junkIds = ["..%2F..%2Fetc", "x".repeat(300), "🏚️", "' OR 1=1 --"];
    const cases: [Operation, RequestInit & { json?: unknown }, string][] = [];
    for (const op of OPERATIONS.filter((o) => o.signedIn)) {
      const path = pathWith(op.path, {}, junkIds[cases.length % junkIds.length]!);
      const junkQuery = op.query.map((name) => `${name}=${encodeURIComponent("-1e999")}`);
      cases.push([op, {}, `${path}${junkQuery.length ? `?${junkQuery.join("&")}` : ""}`]);
      if (op.method === "GET" || op.method === "DELETE") continue;
      cases.push([
        op,
        { headers: { "Content-Type": "application/json" }, body: '{"name": "unclosed' },
        path,
      ]);
      cases.push([
        op,
        { json: { name: 42, title: [], id: { $ne: null }, steps: "x", inputs: 7, page: -1 } },
        path,
      ]);
      cases.push([op, { json: [null, true, "x".repeat(10_000)] }, path]);
    }
    const failures: string[] = [];
    for (const [op, init, path] of cases) {
      const response = await api(path, { method: op.method, token: pat, ...init });
      const text = await response.text();
      const where = `${op.method} ${path.slice(0, 80)} ${String(init.body ?? JSON.stringify(init.json ?? "")).slice(0, 40)}`;
      if (response.status >= 500)
        failures.push(`${response.status} ${where}: ${text.slice(0, 200)}`);
      else if (response.status >= 400) {
        expect(response.headers.get("Content-Type"), where).toContain("application/json");
        expect(JSON.parse(text), where).toEqual(JSON_ERROR);
      }
    }
    expect(failures).toEqual([]);
    // Some 360 requests: more than the usual test's time.
  }, 240_000);
});
