/**
 * `/share/<token>`: a shared analysis's report for anyone with the link, no account needed. One
 * HTML document with no scripts at all (its CSP allows none), kept out of search engines and
 * shared caches; a token unknown, revoked or expired is 404 like any missing page.
 */
import { escapeHtml, sharedReportHtml } from "../app/domain/deals/shared-report";
import { database } from "./db/client";
import type { Env } from "./env";
import { sharedDeal } from "./services/deal-shares";
import { clientAddress } from "./services/login-throttle";
import { countRequest } from "./services/rate-limit";

/** Views of shared reports one address may make: plenty for a lender, little for a scraper. */
export const SHARE_VIEWS_LIMIT = { limit: 60, windowSeconds: 60 };

const SHARE_PREFIX = "/share/";
/** A token as made: base64url, 16 bytes and more. */
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;

const HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

const NOT_FOUND = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex,nofollow"><title>Link not found</title></head><body><h1>${escapeHtml("This link does not work")}</h1><p>It may have expired or been revoked. Ask whoever sent it for a new one.</p></body></html>`;

const TOO_MANY = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex,nofollow"><title>Too many requests</title></head><body><h1>Too many requests</h1><p>Wait a minute and open the link again.</p></body></html>`;

export async function sharePage(request: Request, env: Env): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD")
    return new Response(null, { status: 405, headers: { ...HEADERS, Allow: "GET, HEAD" } });
  const wait = await countRequest(env.DB, `share:${clientAddress(request)}`, SHARE_VIEWS_LIMIT);
  if (wait !== null)
    return new Response(TOO_MANY, {
      status: 429,
      headers: { ...HEADERS, "Retry-After": String(wait) },
    });
  const token = new URL(request.url).pathname.slice(SHARE_PREFIX.length);
  const deal = TOKEN.test(token) ? await sharedDeal(database(env.DB), token) : null;
  if (!deal) return new Response(NOT_FOUND, { status: 404, headers: HEADERS });
  return new Response(sharedReportHtml(deal), { headers: HEADERS });
}
