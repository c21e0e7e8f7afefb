/**
 * The one error envelope of the API: `{ error: { message, code, details? } }`.
 * Handlers throw `ApiError`; `onError` in app.ts turns it (and Hono's own HTTPExceptions) into
 * JSON. Nothing else ever leaves /api on failure: no HTML, no stack trace.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
import type { FieldProblem } from "../../app/domain/problems";
import { fieldProblems } from "../../app/domain/validation";
import { etagOf } from "../../app/domain/versions";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new ApiError(404, "NOT_FOUND", `${what} not found`);
export const unauthorized = () =>
  new ApiError(401, "UNAUTHORIZED", "Sign in to continue: your session is missing or has expired");
export const notConfigured = (key: string, feature: string) =>
  new ApiError(503, "NOT_CONFIGURED", `${feature} is not configured: set ${key}`, { key });

/**
 * 412: the record changed since the version the request names in If-Match. The answer carries the
 * record as it now is (`details.current`) and its ETag, so the client can show it or overwrite it.
 */
export const versionMismatch = (what: string, current: unknown, version: string) =>
  new ApiError(
    412,
    "VERSION_MISMATCH",
    `This record was changed elsewhere (${what.toLowerCase()}, now at version ${version}): reload it, or send your change again with If-Match: ${etagOf(version)} to overwrite`,
    { current },
    { ETag: etagOf(version) },
  );

/** 400 naming each field and what is wrong with it, in the words the form shows beside it. */
export function invalidFields(details: FieldProblem[]) {
  const message = details.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
  return new ApiError(400, "VALIDATION_FAILED", message, details);
}

export const validationError = (error: ZodError) => invalidFields(fieldProblems(error));

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
  if (error instanceof ApiError) {
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
