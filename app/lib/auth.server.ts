import type { AppLoadContext } from "@remix-run/cloudflare";
import { readSession, requestToken } from "../../worker/services/sessions";

/** The user the request's session cookie (or bearer token) names, or null. */
export async function getSessionUser(request: Request, context: AppLoadContext) {
  const { env } = context.cloudflare;
  const carried = env.JWT_SECRET ? requestToken(request) : null;
  const session = carried && (await readSession(env, carried.token));
  return session?.user ?? null;
}
