/**
 * The Worker: /api to Hono, static assets (served before us by Workers), the rest to Remix, whose
 * pages and redirects get the security headers and are never kept by a shared cache.
 */
// First: @hono/zod-openapi adds `.openapi()` to zod's schemas as they are made, so it must load
// before any schema is (the pages' own, here, and the API's, which is loaded on first use).
import "@hono/zod-openapi";
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "ai42:server-build";
import { servedByOAuthProvider } from "../app/domain/access";
import { crossSitePage, isCrossSite } from "./cross-site";
import type { Env } from "./env";
import { answered } from "./giving-way";
import type { JobMessage } from "./jobs";
import { loadContext } from "./load-context";
import { withPrivateHeaders } from "./security-headers";

const handleRemixRequest = createRequestHandler(build);

/**
 * The API (its routes, schemas, OpenAPI document and the agent's tools) is evaluated on the first
 * /api request, not when the isolate starts: a page never needs it, and Workers count start-up
 * against a limit (bench/RESULTS.md, "Worker start-up").
 */
let api: (typeof import("./api/app"))["api"] | undefined;
// The module, not a promise, is what is kept: a promise made in one request and awaited in
// another is tied to the first, and workerd cancels the second as hung if the first goes away.
const loadApi = async () => (api ??= (await import("./api/app")).api);

/** The answer to a request: the API's, MCP's and its OAuth provider's, or a page. */
async function respond(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === "/api" || pathname.startsWith("/api/"))
    return (await loadApi()).fetch(request, env, ctx);
  // MCP and its OAuth endpoints, loaded on first use like the API.
  if (servedByOAuthProvider(pathname)) {
    const { serveOAuth } = await import("./mcp/oauth");
    return withPrivateHeaders(await serveOAuth(request, env, ctx));
  }
  // A page's form sent from another site is refused here, as a page, before Remix would end it
  // with an error of its own.
  if (isCrossSite(request)) return withPrivateHeaders(crossSitePage());
  const page = withHost(request);
  return withPrivateHeaders(await handleRemixRequest(page, loadContext(env, ctx, page)));
}

/**
 * The request with the host it was sent to named, for Remix, which refuses a form whose Origin it
 * cannot compare with a Host header. A request handed over inside workerd (a service binding's
 * fetch) has none; its URL's host is the one `isCrossSite` has just checked Origin against.
 */
function withHost(request: Request) {
  if (request.headers.has("Host")) return request;
  const headers = new Headers(request.headers);
  headers.set("X-Forwarded-Host", new URL(request.url).host);
  return new Request(request, { headers });
}

export { Workspace } from "./workspace-object";

export default {
  // Counted while being answered, so that an export streaming meanwhile gives way to it.
  fetch: (request, env, ctx) => answered(() => respond(request, env, ctx)),
  // Awaited rather than handed to waitUntil: the run counts as the invocation's own work, and
  // `/__scheduled` (wrangler dev --test-scheduled) answers when it is done.
  async scheduled(controller, env) {
    const { runScheduled } = await import("./scheduled");
    await runScheduled(env, controller.scheduledTime, controller.cron);
  },
  async queue(batch, env) {
    const { runQueue } = await import("./queue");
    await runQueue(batch, env);
  },
} satisfies ExportedHandler<Env, JobMessage>;
