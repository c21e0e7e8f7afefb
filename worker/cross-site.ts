/**
 * Whether a state-changing request came from another site: what the API (middleware/csrf.ts) and
 * the pages' forms (the Worker entry) both refuse. Defined once so the two cannot drift.
 */
import { readCookie, SESSION_COOKIE } from "./cookies";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A request a browser could send on its own from another site: its Origin is not ours, or it
 * carries the session cookie and no Origin at all. A safe method changes nothing, and one with
 * neither cookie nor Origin (curl, a server) has no ambient credentials to abuse.
 */
export function isCrossSite(request: Request) {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null) return origin !== new URL(request.url).origin;
  return readCookie(request.headers.get("Cookie"), SESSION_COOKIE) !== null;
}

/** The page a form posted from another site gets: 403, saying what happened and where to go. */
export function crossSitePage() {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Refused: sent from another site · AI42</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a}a{color:#4f46e5}</style>
</head><body><main><h1>This form was sent from another site</h1>
<p>AI42 only acts on forms sent from its own pages, so nothing was changed. If you meant to do this, open AI42 and send the form from there.</p>
<p><a href="/">Open AI42</a></p></main></body></html>`;
  return new Response(html, {
    status: 403,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
  });
}
