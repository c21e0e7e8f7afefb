import { createMiddleware } from "hono/factory";
import { isCrossSite } from "../../cross-site";
import { AppError } from "../../errors";
import { bearerToken } from "../../services/sessions";

/**
 * A state-changing request that a browser could send on its own (no bearer token) must come from
 * our own origin (cross-site.ts says when it does not).
 */
export const sameOriginForCookies = createMiddleware(async (c, next) => {
  const request = c.req.raw;
  if (!bearerToken(request.headers.get("Authorization")) && isCrossSite(request)) {
    throw new AppError(
      403,
      "CSRF_REJECTED",
      "Cross-site request refused: send it from AI42 itself",
    );
  }
  await next();
});
