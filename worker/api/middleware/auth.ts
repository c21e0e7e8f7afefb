import { createMiddleware } from "hono/factory";
import { notConfigured, unauthorized } from "../../errors";
import type { AppEnv } from "../types";
import { readSession, requestTimeZone, requestToken } from "../../services/sessions";

/** Guard for routes that need a signed-in user: sets `c.var.session` or answers 401. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.env.JWT_SECRET) throw notConfigured("JWT_SECRET", "Sign-in");
  const carried = requestToken(c.req.raw);
  const session = carried && (await readSession(c.env, carried.token));
  if (!session) throw unauthorized();
  c.set("session", { ...session, timeZone: requestTimeZone(c.req.raw) ?? session.timeZone });
  await next();
});
