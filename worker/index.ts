/**
 * The Worker: /api to Hono, static assets (served before us by Workers), the rest to Remix, whose
 * pages and redirects get the security headers and are never kept by a shared cache.
 */
import { createRequestHandler } from "@remix-run/cloudflare";
import * as build from "ai42:server-build";
import { api } from "./api/app";
import type { Env } from "./env";
import { loadContext } from "./load-context";
import { withPrivateHeaders } from "./security-headers";

const handleRemixRequest = createRequestHandler(build);

export default {
  async fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    return withPrivateHeaders(await handleRemixRequest(request, loadContext(env, ctx)));
  },
} satisfies ExportedHandler<Env>;
