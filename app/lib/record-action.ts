/**
 * What a record page's action answers a page with JavaScript, and the form parts such a page
 * posts with. A form works the same without JavaScript: the browser posts it and the action
 * answers with a redirect, or with the page and these answers in it.
 */
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { askChangedElsewhere } from "./changed-elsewhere";

/** A change refused by the record's action. */
export type Refused =
  /** The record was changed elsewhere since the version sent: it is now at `updatedAt`. */
  | { conflict: { updatedAt: string }; message: string }
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

/**
 * A record's form sent to its page's action with JavaScript, against the version it was shown
 * at: `onSaved` once it is made; a change made elsewhere meanwhile asked about in the shell's
 * changed-elsewhere dialog (Overwrite sends it again against the version the record is at now,
 * Reload reads the page again and calls `onReload`). Without JavaScript the same form posts the
 * page itself.
 */
export function useRecordAction<T extends object>(
  what: string,
  handlers: { onSaved?: () => void; onReload?: () => void } = {},
) {
  const fetcher = useFetcher<T>();
  const { submit } = fetcher;
  const { revalidate } = useRevalidator();
  /** The form on its way, and whether the fetcher has left idle for it (its answer is then in). */
  const sent = useRef<{ form: FormData; left: boolean } | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  const send = useCallback(
    (form: FormData) => {
      sent.current = { form, left: false };
      submit(form, { method: "post" });
    },
    [submit],
  );

  useEffect(() => {
    const on = sent.current;
    if (!on) return;
    if (fetcher.state !== "idle") {
      on.left = true;
      return;
    }
    // Still idle from before this form was sent: its answer is not in yet.
    if (!on.left) return;
    sent.current = null;
    const answer = fetcher.data;
    if (answer && "conflict" in answer) {
      const { conflict } = answer as { conflict: { updatedAt: string } };
      void askChangedElsewhere(what).then((choice) => {
        if (choice === "overwrite") {
          on.form.set("version", conflict.updatedAt);
          send(on.form);
        } else if (choice === "reload") {
          revalidate();
          latest.current.onReload?.();
        }
      });
    } else if (answer && !("message" in answer)) latest.current.onSaved?.();
  }, [fetcher.state, fetcher.data, what, send, revalidate]);

  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return {
    /** For the form element: sends it through the action instead of posting the page. */
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      send(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
    },
    send,
    busy: fetcher.state !== "idle",
    fieldErrors: fieldErrorsOf(answer),
    /** Why the last change was refused, when no field shows it (not a 412: that is asked). */
    refusal: answer && "conflict" in answer ? "" : refusalOf(answer),
  };
}
