/**
 * A problem with one field of what was sent: what the API's 400 `details` list and what a form
 * shows beside the field. Pure, and free of zod, so a screen can show the API's messages without
 * downloading the schemas (the sign-in page loads them only when the form is sent).
 */

/** What a request without a session is told (the API's 401, the shell's signed-out answers). */
export const SIGN_IN_TO_CONTINUE = "Sign in to continue: your session is missing or has expired";

export interface FieldProblem {
  /** The field's path: "price", "tags.2", "start.dateTime", or "body" for the whole. */
  field: string;
  message: string;
}

/** The first problem of each field, by field name (what a form shows beside each field). */
export function firstPerField(problems: FieldProblem[]) {
  const byField: Record<string, string> = {};
  for (const { field, message } of problems) byField[field] ??= message;
  return byField;
}
