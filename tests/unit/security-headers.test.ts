import { describe, expect, it } from "vitest";
import {
  BASE_HEADERS,
  originsOf,
  pageContentSecurityPolicy,
  staticHeadersFile,
} from "../../worker/security-headers";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((part) => part.startsWith(`${name} `))!
    .split(" ")
    .slice(1);

describe("the page CSP", () => {
  it("lets a form answer redirect to exactly the origin a page names, and nothing a client could smuggle in", () => {
    const formAction = (target: string | null) =>
      directive(pageContentSecurityPolicy("n", {}, false, target), "form-action");
    expect(formAction(null)).toEqual(["'self'"]);
    expect(formAction("https://claude.ai/api/mcp/auth_callback")).toEqual([
      "'self'",
      "https://claude.ai",
    ]);
    expect(formAction("http://127.0.0.1:33418/callback")).toEqual([
      "'self'",
      "http://127.0.0.1:33418",
    ]);
    expect(formAction("http://[::1]:4000/cb")).toEqual(["'self'", "http://[::1]:4000"]);
    // A wildcard, a directive or another source in the host, a scheme of its own: nothing added.
    for (const target of [
      "https://*/cb",
      "https://a;script-src*/cb",
      "https://a,b/cb",
      "javascript:alert(1)",
      "cursor://anysphere/cb",
      "not a url",
    ]) {
      expect(formAction(target), target).toEqual(["'self'"]);
    }
    const csp = pageContentSecurityPolicy("n", {}, false, "https://a;script-src*/cb");
    expect(directive(csp, "script-src")).toEqual(["'self'", "'nonce-n'"]);
  });

  it("admits exactly the configured tile host, geocoder and router, nothing wider", () => {
    const csp = pageContentSecurityPolicy("abc", {
      MAP_TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
      GEOCODER_URL: "https://nominatim.openstreetmap.org/search",
      ROUTING_URL: "https://router.project-osrm.org",
    });
    expect(directive(csp, "img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://tile.openstreetmap.org",
    ]);
    expect(directive(csp, "connect-src")).toEqual([
      "'self'",
      "https://nominatim.openstreetmap.org",
      "https://router.project-osrm.org",
    ]);
    expect(directive(csp, "script-src")).toEqual(["'self'", "'nonce-abc'"]);
  });

  it("admits nothing outside when nothing is configured, and ignores what is not a web URL", () => {
    const csp = pageContentSecurityPolicy("n", { MAP_TILE_URL: "javascript:alert(1)" });
    expect(directive(csp, "img-src")).toEqual(["'self'", "data:", "blob:"]);
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
  });

  it("admits the OpenStreetMap tile server, the map's default, when no tile URL is set", () => {
    const csp = pageContentSecurityPolicy("n", {});
    expect(directive(csp, "img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://tile.openstreetmap.org",
    ]);
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
  });

  it("expands a {s} tile template to its a, b and c hosts", () => {
    expect(originsOf("https://{s}.tile.example.org/{z}/{x}/{y}.png")).toEqual([
      "https://a.tile.example.org",
      "https://b.tile.example.org",
      "https://c.tile.example.org",
    ]);
  });
});

describe("the static files' _headers", () => {
  it("sends each header once per file, whichever rules match it", () => {
    const rules = staticHeadersFile()
      .trim()
      .split(/\n(?=\/)/)
      .map((block) => {
        const [path, ...lines] = block.split("\n");
        return { path: path!, names: lines.map((line) => line.trim().split(":")[0]!) };
      });
    const matching = (file: string) =>
      rules.filter(({ path }) =>
        new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\*/g, ".*")}$`).test(file),
      );
    for (const file of ["/landing.html", "/assets/app-abc123.js", "/favicon.svg"]) {
      const names = matching(file).flatMap((rule) => rule.names);
      expect(new Set(names).size, file).toBe(names.length);
      for (const name of Object.keys(BASE_HEADERS)) expect(names, file).toContain(name);
    }
    expect(matching("/assets/app-abc123.js").flatMap((rule) => rule.names)).toContain(
      "Cache-Control",
    );
  });
});
