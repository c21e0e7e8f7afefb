/**
 * The security headers of every response AI42 sends, defined once: the API (middleware), the
 * server-rendered pages and their redirects (the Worker entry and entry.server.tsx), and the
 * static files, whose `_headers` file the build writes from this module (vite.config.ts).
 */

/** On every response: no sniffing, no framing, a short referrer, no camera. */
export const BASE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), geolocation=(self), microphone=(self)",
} as const;

/** API answers and pages carry one user's data: no cache (shared or back-button) may keep them. */
export const PRIVATE_CACHE = "no-store";

/** Hashed build files never change under their name. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/** Where the maps and routes screens may reach: the configured services, nothing wider. */
export interface OutsideServices {
  /** A tile URL template, e.g. `https://tile.openstreetmap.org/{z}/{x}/{y}.png`. */
  MAP_TILE_URL?: string;
  GEOCODER_URL?: string;
  ROUTING_URL?: string;
}

/** Where the map's tiles come from when MAP_TILE_URL is not set (the CSP admits its host). */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** The origins a URL (template) names; `{s}` subdomains expand to Leaflet's a, b and c. */
export function originsOf(template: string | undefined): string[] {
  if (!template) return [];
  const hosts = template.includes("{s}")
    ? ["a", "b", "c"].map((s) => template.replace("{s}", s))
    : [template];
  return hosts.flatMap((url) => {
    try {
      const { origin, protocol } = new URL(url.replace(/\{[^}]+\}/g, "0"));
      return protocol === "https:" || protocol === "http:" ? [origin] : [];
    } catch {
      return [];
    }
  });
}

/**
 * A page whose form is answered with a redirect to another origin (the OAuth consent page sends
 * the investor back to the AI client) names that target in this response header; the page's CSP
 * admits it in `form-action`, and the header itself is not sent.
 */
export const FORM_ACTION_HEADER = "AI42-Form-Action";

/**
 * The CSP source for a URL a form's answer may redirect to: its origin, when its host is a plain
 * name or address (a client registers the URL: nothing in it may widen or add to the policy).
 */
export function formActionSource(url: string): string | null {
  try {
    const { origin, protocol, hostname } = new URL(url);
    const plainHost = /^[a-z0-9.-]+$/.test(hostname) || /^\[[0-9a-f:.]+\]$/.test(hostname);
    return (protocol === "https:" || protocol === "http:") && plainHost ? origin : null;
  } catch {
    return null;
  }
}

const policies = new Map<string, (nonce: string) => string>();

/**
 * The page CSP: scripts only with this response's nonce; tiles, geocoder, routing as configured.
 * The configured origins are worked out once per isolate, not on every page.
 */
export function pageContentSecurityPolicy(
  nonce: string,
  services: OutsideServices,
  dev = false,
  formTarget: string | null = null,
) {
  const key = [services.MAP_TILE_URL, services.GEOCODER_URL, services.ROUTING_URL, dev].join("\n");
  let policy = policies.get(key);
  if (!policy) {
    const tiles = originsOf(services.MAP_TILE_URL || DEFAULT_MAP_TILE_URL);
    const apis = [...originsOf(services.GEOCODER_URL), ...originsOf(services.ROUTING_URL)];
    policy = (pageNonce) =>
      [
        "default-src 'self'",
        dev ? "script-src 'self' 'unsafe-inline'" : `script-src 'self' 'nonce-${pageNonce}'`,
        "style-src 'self' 'unsafe-inline'",
        ["img-src 'self' data: blob:", ...tiles].join(" "),
        "font-src 'self'",
        ["connect-src 'self'", ...(dev ? ["ws:", "wss:"] : []), ...apis].join(" "),
        "media-src 'self' blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; ");
    policies.set(key, policy);
  }
  const page = policy(nonce);
  const target = formTarget && formActionSource(formTarget);
  return target ? page.replace("form-action 'self'", `form-action 'self' ${target}`) : page;
}

/** The marketing page is static HTML with its own script file: no nonce, nothing inline. */
const STATIC_PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/** The API's own HTML page (/api/docs): no script at all, its styles inline. */
export const DOCS_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The headers of every API answer and page: the base ones, and no caching by others. */
export const PRIVATE_RESPONSE_HEADERS: Record<string, string> = {
  ...BASE_HEADERS,
  "Cache-Control": PRIVATE_CACHE,
};

/** Sets those headers on a response (replacing what is there: a header is never sent twice). */
export function withPrivateHeaders(response: Response) {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(PRIVATE_RESPONSE_HEADERS)) {
    copy.headers.set(name, value);
  }
  return copy;
}

/** A fresh nonce for one page's scripts. */
export function createNonce() {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The static files' `_headers` (Workers static assets): base headers everywhere, the marketing
 * page's CSP, hashed assets cached for good. Each header appears under one rule per path only,
 * because Workers joins the values of every rule that matches.
 */
export function staticHeadersFile() {
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  return `${[
    block("/*", BASE_HEADERS),
    block("/landing.html", { "Content-Security-Policy": STATIC_PAGE_CSP }),
    block("/assets/*", { "Cache-Control": IMMUTABLE_CACHE }),
  ].join("\n")}\n`;
}
