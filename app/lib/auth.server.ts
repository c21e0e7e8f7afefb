import type { AppLoadContext } from "@remix-run/cloudflare";
import { readSession, requestToken, type Session } from "../../worker/services/sessions";

/** One read per request: the root's loader and the module's run side by side on one context. */
const sessions = new WeakMap<AppLoadContext, Promise<Session | null>>();

/** The session the request's cookie (or bearer token) names, or null. */
export function getSession(request: Request, context: AppLoadContext) {
  let session = sessions.get(context);
  if (!session) {
    const { env } = context.cloudflare;
    const carried = env.JWT_SECRET ? requestToken(request) : null;
    session = carried ? readSession(env, carried.token) : Promise.resolve(null);
    sessions.set(context, session);
  }
  return session;
}

/** The user the request's session names, or null. */
export const getSessionUser = async (request: Request, context: AppLoadContext) =>
  (await getSession(request, context))?.user ?? null;
