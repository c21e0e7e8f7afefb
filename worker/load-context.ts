import type { Env } from "./env";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> };
  }
}

export function loadContext(env: Env, ctx: Pick<ExecutionContext, "waitUntil">) {
  return { cloudflare: { env, ctx } };
}
