/**
 * What a record page's action answers a page with JavaScript, and the form parts such a page
 * posts with. A form works the same without JavaScript: the browser posts it and the action
 * answers with a redirect, or with the page and these answers in it.
 */
import { useState } from "react";
import type { Actor } from "~/domain/activity";

/** A change refused by the record's action. */
export type Refused =
  /**
   * The record was changed elsewhere since the version sent: it is now at `updatedAt`, its latest
   * change made by `changedBy` (null when unknown).
   */
  | { conflict: { updatedAt: string; changedBy: Actor | null }; message: string }
  /**
   * Refused (400): why, and for each field it names what is wrong with it; `typed`, the fields
   * as sent, when the page is rendered again with them (a form posted without JavaScript).
   */
  | { message: string; fieldErrors: Record<string, string>; typed?: Record<string, string> };

/** A change of a record, made (its new version) or refused. */
export type RecordActionData = { saved: { updatedAt: string } } | Refused;

/** Each field's problem, when the answer is a refusal that names fields. */
export const fieldErrorsOf = (answer: unknown): Record<string, string> =>
  answer && typeof answer === "object" && "fieldErrors" in answer
    ? (answer as { fieldErrors: Record<string, string> }).fieldErrors
    : {};

/** The fields as a refused form sent them, for the form rendered again. */
export const typedIn = (answer: unknown): Record<string, string> | undefined =>
  answer && typeof answer === "object" && "typed" in answer
    ? (answer as { typed: Record<string, string> }).typed
    : undefined;

/** Why a change was refused, when no field shows it (a 412's words, or a whole-form problem). */
export function refusalOf(answer: unknown): string {
  if (!answer || typeof answer !== "object" || !("message" in answer)) return "";
  const fieldErrors = fieldErrorsOf(answer);
  return Object.keys(fieldErrors).length ? "" : String((answer as { message: string }).message);
}

/**
 * The text fields of a form posted to an action: named as the action reads them, typed into
 * React's state so the page can show what it sends, each with the problem the action named.
 */
export function useFormFields<F extends Record<string, string>>(
  initial: F,
  idPrefix: string,
  errors: Record<string, string>,
) {
  const [values, setValues] = useState<F>(initial);
  const field = (name: keyof F & string) => ({
    id: `${idPrefix}-${name}`,
    name,
    value: values[name]!,
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });
  return { values, setValues, field };
}
