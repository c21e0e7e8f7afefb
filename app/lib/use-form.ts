/**
 * A form over one zod input schema — the same schema the API validates with — so the browser and
 * the server say the same thing in the same words. Fields are bound by name; the first problem of
 * each field shows beside it, whether the browser found it or the API answered 400 with it; the
 * line under the form is only for what no field can show.
 *
 * The schema (and zod with it) is loaded when the form is first touched, not with the page: a page
 * that shows a form downloads no validation until someone types in it, so the page's first load
 * stays small.
 */
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { firstPerField } from "~/domain/problems";
import { ServiceError } from "./api/workspace";

type Text = Record<string, string>;

/** When the form's checks could not be downloaded (offline, or a deploy replaced them). */
export const NOT_LOADED = "The form could not be checked: reload the page and try again";

/** An empty field means "not given", as the API understands a missing value. */
const givenOnly = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(record).filter(([, value]) => !(typeof value === "string" && !value.trim())),
  );

/** A schema as a form asks for it: `() => import("~/domain/…").then((m) => m.XSchema)`. */
export type SchemaLoader<S> = () => Promise<S>;

/** The schema with zod's messages in plain words (validation.ts), loading both once. */
async function loadChecker<S extends z.ZodObject>(schema: SchemaLoader<S>) {
  const [{ parseTyped }, loaded] = await Promise.all([import("~/domain/validation"), schema()]);
  return (record: Record<string, unknown>) => parseTyped(loaded, record);
}

export function useForm<S extends z.ZodObject, F extends Text>(options: {
  schema: SchemaLoader<S>;
  initial: F;
  /** Prefix of the fields' element ids, so two forms on a page never share one. */
  idPrefix: string;
  /** The form's text as the schema's input (tags split, …); by default the text as it is. */
  toInput?: (values: F) => Record<string, unknown>;
  /** Where an error about an input the form builds from another field shows (`phone` under its phones). */
  shownUnder?: Record<string, keyof F & string>;
  onSubmit: (input: z.output<S>) => Promise<unknown>;
  onDone?: () => void;
}) {
  const [values, setValues] = useState<F>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const [checker, setChecker] = useState<ReturnType<typeof loadChecker<S>> | null>(null);
  /** Starts loading the schema: on the form's first focus, and at the latest on submit. */
  const prepare = () => {
    if (checker) return checker;
    const loading = loadChecker(options.schema);
    setChecker(loading);
    return loading;
  };

  const shownAt = (name: string): string => options.shownUnder?.[name] ?? name;

  const field = (name: keyof F & string) => ({
    id: `${options.idPrefix}-${name}`,
    value: values[name]!,
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure("");
    let check: Awaited<ReturnType<typeof loadChecker<S>>>;
    try {
      check = await prepare();
    } catch {
      setChecker(null);
      setFailure(NOT_LOADED);
      return;
    }
    const parsed = check(givenOnly((options.toInput ?? ((v: F) => v))(values)));
    if (!parsed.success) {
      setErrors(
        firstPerField(
          parsed.error.issues.map((issue) => ({
            field: shownAt(String(issue.path[0] ?? "")),
            message: issue.message,
          })),
        ),
      );
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await options.onSubmit(parsed.data);
      options.onDone?.();
    } catch (error) {
      const fromServer = Object.fromEntries(
        Object.entries(error instanceof ServiceError ? error.fieldErrors : {}).map(
          ([name, message]) => [shownAt(name), message],
        ),
      );
      const shown = Object.fromEntries(
        Object.entries(fromServer).filter(([name]) => name in values),
      );
      setErrors(shown);
      if (
        Object.keys(shown).length < Object.keys(fromServer).length ||
        !Object.keys(shown).length
      ) {
        setFailure(
          error instanceof ServiceError
            ? `${error.message}: ${error.failure.message}`
            : String(error),
        );
      }
    } finally {
      setSaving(false);
    }
  }

  return {
    values,
    setValues,
    field,
    submit,
    saving,
    failure,
    /** For the form element: loads the schema as soon as someone starts filling it in. */
    onFocus: () => void prepare().catch(() => setChecker(null)),
  };
}
