import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, cookieValue, ORIGIN, register } from "./helpers";

describe("the API surface", () => {
  it("GET /api/health checks D1 and KV", async () => {
    const response = await api("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { status: "ok", checks: { db: "ok", kv: "ok" } },
    });
  });

  it("answers an unknown /api path with 404 JSON, never HTML", async () => {
    for (const path of ["/nope", "/auth/nope", "/health/deeper"]) {
      const response = await api(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    }
  });

  it("serves the OpenAPI 3.1 document and a readable page", async () => {
    const document = (await (await api("/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(
      // Relative to the document's server, `/api`.
      expect.arrayContaining([
        "/auth/register",
        "/auth/login",
        "/auth/me",
        "/auth/logout",
        "/health",
      ]),
    );
    const page = await api("/docs");
    expect(page.headers.get("Content-Type")).toContain("text/html");
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(await page.text()).toContain("/api/auth/login");
  });

  it("puts nosniff on API answers, once, and keeps them out of caches", async () => {
    const response = await api("/health");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("HTML pages", () => {
  it("carry a nonce-based CSP and the security headers", async () => {
    const response = await SELF.fetch(`${ORIGIN}/home`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy")!;
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await SELF.fetch(`${ORIGIN}/home`);
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
    // Read to the end: a page left streaming goes on loading its modules after the test file ends,
    // and the test pool crashes on a module request from a runtime it has closed.
    await second.text();
  });

  it("render the login screen for visitors and the workspace for a signed-in cookie", async () => {
    const anonymous = await (await SELF.fetch(`${ORIGIN}/home`)).text();
    expect(anonymous).toContain("Welcome Back");
    // The sign-in page describes itself to search engines (the module route keeps the root's tag).
    expect(anonymous).toMatch(/<meta name="description" content="Sign in to AI42[^"]+"/);
    expect(anonymous).toContain("<title>Dashboard · AI42</title>");
    const { cookie, user } = await register({ first_name: "Rosa" });
    const signedIn = await (
      await SELF.fetch(`${ORIGIN}/home`, { headers: { Cookie: cookieValue(cookie) } })
    ).text();
    expect(signedIn).not.toContain("Welcome Back");
    expect(signedIn).toContain(user.email);
  });

  it("redirect / to /home", async () => {
    const response = await SELF.fetch(`${ORIGIN}/`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
  });

  it("are never kept by a shared or back-button cache, and neither is the redirect", async () => {
    const { cookie } = await register();
    const headers = { Cookie: cookieValue(cookie) };
    for (const path of ["/home", "/project-hub", "/main-agent", "/possible-investments"]) {
      const response = await SELF.fetch(`${ORIGIN}${path}`, { headers });
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      await response.text(); // Rendered to the end (see the CSP test).
    }
    const redirect = await SELF.fetch(`${ORIGIN}/`, { headers, redirect: "manual" });
    expect(redirect.headers.get("Cache-Control")).toBe("no-store");
    expect(redirect.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(redirect.headers.get("X-Frame-Options")).toBe("DENY");
  });

  it("include a real robots.txt that keeps crawlers out of the workspace and the API", async () => {
    const response = await SELF.fetch(`${ORIGIN}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/plain");
    const rules = (await response.text()).split("\n");
    expect(rules).toContain("User-agent: *");
    expect(rules).toContain("Allow: /landing.html");
    for (const path of ["/api/", "/project-hub", "/main-agent", "/assistant", "/calendar"]) {
      expect(rules).toContain(`Disallow: ${path}`);
    }
  });
});
