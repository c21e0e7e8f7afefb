/**
 * Personal access tokens on /api: made with a name, a scope and a lifetime, shown once and stored
 * only as a hash, listed with their last use, revoked at once; a read token's change is refused 403
 * naming the scope; no token manages access; an expired or revoked one is 401.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "../../worker/db/client";
import { accessTokens } from "../../worker/db/schema";
import { sha256Hex } from "../../worker/services/crypto";
import { MAX_ACCESS_TOKENS } from "../../app/domain/access";
import { account, api, withToken } from "./helpers";

const withPat = (pat: string, path: string, init: RequestInit & { json?: unknown } = {}) =>
  api(path, { ...init, token: pat });

describe("personal access tokens", () => {
  it("is shown once, stored only as its hash, and listed without its secret", async () => {
    const before = Date.now();
    const { pat, made, user, call } = await withToken("read", 7);
    expect(pat).toMatch(/^ai42_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.access_token).toMatchObject({
      name: "read token",
      scope: "read",
      last_used_at: null,
    });
    expect(made.access_token.shown).toBe(pat.slice(0, 13));
    const expires = Date.parse(made.access_token.expires_at!);
    expect(expires - before).toBeGreaterThanOrEqual(7 * 864e5 - 1000);
    expect(expires - before).toBeLessThan(7 * 864e5 + 60_000);

    const [row] = await database(env.DB)
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.userId, user.id));
    expect(row!.tokenHash).toBe(await sha256Hex(pat));
    expect(JSON.stringify(row)).not.toContain(pat);

    const listed = await call<{ data: Record<string, unknown>[] }>("/access-tokens");
    expect(listed.body.data).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(pat.slice(13));
    expect(listed.body.data[0]).not.toHaveProperty("tokenHash");
  });

  it("reads as its user, notes its last use, and a read token's change is refused naming the scope", async () => {
    const { pat, call } = await withToken("read");
    await call("/projects", { method: "POST", json: { name: "Oak Street flip" } });

    const read = await withPat(pat, "/projects");
    expect(read.status).toBe(200);
    const projects = (await read.json()) as { data: { name: string }[] };
    expect(projects.data.map((project) => project.name)).toEqual(["Oak Street flip"]);

    const write = await withPat(pat, "/projects", { method: "POST", json: { name: "Sneaky" } });
    expect(write.status).toBe(403);
    const refusal = (await write.json()) as { error: { code: string; message: string } };
    expect(refusal.error.code).toBe("INSUFFICIENT_SCOPE");
    expect(refusal.error.message).toContain("read scope");
    expect(refusal.error.message).toContain("read_write");
    const after = await call<{ data: unknown[] }>("/projects");
    expect(after.body.data).toHaveLength(1);

    const listed = await call<{ data: { last_used_at: string | null }[] }>("/access-tokens");
    expect(listed.body.data[0]!.last_used_at).not.toBeNull();
  });

  it("a read_write token changes data within its user's account", async () => {
    const { pat, call } = await withToken("read_write");
    const made = await withPat(pat, "/projects", {
      method: "POST",
      json: { name: "Maple duplex" },
    });
    expect(made.status).toBe(201);
    const listed = await call<{ data: { name: string }[] }>("/projects");
    expect(listed.body.data.map((project) => project.name)).toEqual(["Maple duplex"]);
  });

  it("cannot manage access or Google's connection, whatever its scope", async () => {
    const { pat } = await withToken("read_write");
    for (const [path, method] of [
      ["/access-tokens", "GET"],
      ["/access-tokens", "POST"],
      ["/connected-apps", "GET"],
      ["/mcp-calls", "GET"],
      ["/google/disconnect", "POST"],
    ] as const) {
      const response = await withPat(pat, path, {
        method,
        json: method === "POST" ? { name: "x", scope: "read", expires_in_days: 7 } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        "SESSION_REQUIRED",
      );
    }
  });

  it("is refused 401 once revoked, and another user's token cannot be revoked", async () => {
    const { pat, made, call } = await withToken("read");
    const stranger = await account();
    const theirs = await stranger.call(`/access-tokens/${made.access_token.id}`, {
      method: "DELETE",
    });
    expect(theirs.status).toBe(404);
    expect((await withPat(pat, "/projects")).status).toBe(200);

    const revoked = await call(`/access-tokens/${made.access_token.id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    const after = await withPat(pat, "/projects");
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { message: string } }).error.message).toContain(
      "revoked",
    );
  });

  it("is refused 401 once expired", async () => {
    const { pat, made } = await withToken("read", 7);
    await database(env.DB)
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(accessTokens.id, made.access_token.id));
    expect((await withPat(pat, "/projects")).status).toBe(401);
  });

  it("refuses a bad token form with the fields named, and makes nothing", async () => {
    const { call } = await account();
    for (const [field, json] of [
      ["name", { name: "", scope: "read", expires_in_days: 7 }],
      ["scope", { name: "CI", scope: "admin", expires_in_days: 7 }],
      ["expires_in_days", { name: "CI", scope: "read", expires_in_days: 5 }],
      ["expires_in_days", { name: "CI", scope: "read" }],
    ] as const) {
      const response = await call<{ error: { code: string; details: { field: string }[] } }>(
        "/access-tokens",
        { method: "POST", json },
      );
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(response.body.error.code).toBe("VALIDATION_FAILED");
      expect(response.body.error.details.map((problem) => problem.field)).toEqual([field]);
    }
    const listed = await call<{ data: unknown[] }>("/access-tokens");
    expect(listed.body.data).toEqual([]);
  });

  it("a token that was never made, or the bare prefix, is 401", async () => {
    expect((await withPat(`ai42_pat_${"A".repeat(43)}`, "/projects")).status).toBe(401);
    expect((await withPat("ai42_pat_", "/auth/me")).status).toBe(401);
  });

  it("holds at most 50 live tokens a user: the 51st is refused 409, an expired one makes room", async () => {
    const { call, user } = await account();
    const make = (name: string) =>
      call<{ error?: { code: string; message: string } }>("/access-tokens", {
        method: "POST",
        json: { name, scope: "read", expires_in_days: 7 },
      });
    for (let i = 0; i < MAX_ACCESS_TOKENS; i += 1) expect((await make(`t${i}`)).status).toBe(201);
    const refused = await make("one too many");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "TOO_MANY_TOKENS" });
    expect(refused.body.error!.message).toContain("revoke one");

    const [oldest] = await database(env.DB)
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(eq(accessTokens.userId, user.id))
      .limit(1);
    await database(env.DB)
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(accessTokens.id, oldest!.id));
    expect((await make("after one expired")).status).toBe(201);
  });
});
