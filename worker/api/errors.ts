/**
 * The one error envelope of the API: `{ error: { message, code, details? } }`.
 * Handlers and services throw `AppError` (worker/errors.ts); `onError` in app.ts turns it (and
 * Hono's own HTTPExceptions) into JSON here. Nothing else ever leaves /api on failure: no HTML,
 * no stack trace.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError } from "../errors";

const CODE_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

export function errorResponse(error: unknown, c: Context) {
  if (error instanceof AppError) {
    const body = { error: { message: error.message, code: error.code, details: error.details } };
    return c.json(body, error.status, error.headers);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status as ContentfulStatusCode;
    const code = CODE_BY_STATUS[status] ?? "BAD_REQUEST";
    return c.json({ error: { message: error.message || code, code } }, status);
  }
  console.error("Unhandled API error", c.req.method, c.req.path, error);
  return c.json(
    { error: { message: "Something went wrong on our side. Please try again.", code: "INTERNAL" } },
    500,
  );
}
