/**
 * The failures every door answers in its own way: a service throws an `AppError` (a status, a
 * code, a message in the user's words, details), and each door answers it its own way (the API
 * with its JSON envelope: `errorResponse` in api/errors.ts). It sits below the HTTP layer, so
 * services and data access depend on nothing of it.
 */
import type { ZodError } from "zod";
import { SIGN_IN_TO_CONTINUE, type FieldProblem } from "../app/domain/problems";
import { fieldProblems } from "../app/domain/validation";
import { etagOf } from "../app/domain/versions";

/** The statuses a failure of the user's request (4xx) or of a service we depend on (5xx) takes. */
export type FailureStatus =
  400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504;

export class AppError extends Error {
  constructor(
    readonly status: FailureStatus,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = "Resource") => new AppError(404, "NOT_FOUND", `${what} not found`);
export const unauthorized = () => new AppError(401, "UNAUTHORIZED", SIGN_IN_TO_CONTINUE);
/** 403: the caller's role in the workspace does not allow this (a viewer's write). */
export const forbiddenRole = (message: string, role: string) =>
  new AppError(403, "FORBIDDEN_ROLE", message, { role });
export const notConfigured = (key: string, feature: string) =>
  new AppError(503, "NOT_CONFIGURED", `${feature} is not configured: set ${key}`, { key });

/**
 * 412: the record changed since the version the request names in If-Match. The answer carries the
 * record as it now is (`details.current`) and its ETag, so the client can show it or overwrite it.
 */
export const versionMismatch = (what: string, current: unknown, version: string) =>
  new AppError(
    412,
    "VERSION_MISMATCH",
    `This record was changed elsewhere (${what.toLowerCase()}, now at version ${version}): reload it, or send your change again with If-Match: ${etagOf(version)} to overwrite`,
    { current },
    { ETag: etagOf(version) },
  );

/** 400 naming each field and what is wrong with it, in the words the form shows beside it. */
export function invalidFields(details: FieldProblem[]) {
  const message = details.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
  return new AppError(400, "VALIDATION_FAILED", message, details);
}

export const validationError = (error: ZodError) => invalidFields(fieldProblems(error));

/** Why a page's write was refused, as the API would answer it (its status, code and words). */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  /** A 400's problem per field; a 412's record as it now is (`{ current }`). */
  details?: unknown;
}

/**
 * A page's write: what it made, or why it was refused (a client's mistake, or a service we depend
 * on failing, such as Google: never thrown). A page's read that the API may refuse the same way
 * (a query it cannot read, the road service down) is told with it too.
 */
export type Written<T> = { done: T; refused: null } | { done: null; refused: Refusal };

/**
 * Runs `write` (a check that throws the API's 400 included) and tells what it made or why not, as
 * the API answers it; only a failure of our own (500) is thrown, to the error page.
 */
export async function written<T>(write: () => Promise<T>): Promise<Written<T>> {
  try {
    return { done: await write(), refused: null };
  } catch (error) {
    if (!(error instanceof AppError) || error.status === 500) throw error;
    const { status, code, message, details } = error;
    return { done: null, refused: { status, code, message, details } };
  }
}
