import { createMiddleware } from "hono/factory";
import { AppError } from "../../errors";
import { bearerToken, readCookie, SESSION_COOKIE } from "../../services/sessions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request that a browser could send on its own (no bearer token) must come from
 * our own origin. A request that carries the session cookie and no Origin is refused too; one
 * with neither cookie nor Origin (curl, a server) has no ambient credentials to abuse.
 */
export const sameOriginForCookies = createMiddleware(async (c, next) => {
  const request = c.req.raw;
  if (SAFE_METHODS.has(request.method) || bearerToken(request.headers.get("Authorization"))) {
    return next();
  }
  const origin = request.headers.get("Origin");
  const hasCookie = readCookie(request.headers.get("Cookie"), SESSION_COOKIE) !== null;
  const foreign = origin !== null && origin !== new URL(request.url).origin;
  if (foreign || (origin === null && hasCookie)) {
    throw new AppError(
      403,
      "CSRF_REJECTED",
      "Cross-site request refused: send it from AI42 itself",
    );
  }
  await next();
});
