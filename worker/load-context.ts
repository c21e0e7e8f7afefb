import type { Env } from "./env";
import type { PageOrigin, PageServices } from "./page-services";

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: { env: Env; ctx: Pick<ExecutionContext, "waitUntil"> };
    /** The services a page's loader reads through, scoped to `userId` (worker/page-services.ts). */
    services: (userId: string, from: PageOrigin) => Promise<PageServices>;
  }
}

export function loadContext(env: Env, ctx: Pick<ExecutionContext, "waitUntil">) {
  return {
    cloudflare: { env, ctx },
    // Evaluated on the first page that reads data, as the API is on the first /api request: the
    // login screen and the isolate's start-up never pay for the services (worker/index.ts).
    services: async (userId: string, from: PageOrigin) =>
      (await import("./page-services")).pageServices(env, userId, from),
  };
}
