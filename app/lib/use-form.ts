/**
 * A form over one zod input schema — the same schema the API validates with — so the browser and
 * the server say the same thing in the same words. Fields are bound by name; the first problem of
 * each field shows beside it, whether the browser found it or the API answered 400 with it; the
 * line under the form is only for what no field can show.
 */
import { useState, type FormEvent } from "react";
import type { z } from "zod";
import { firstPerField } from "~/domain/problems";
import { parseTyped } from "~/domain/validation";
import { ServiceError } from "./api/workspace";

type Text = Record<string, string>;

/** An empty field means "not given", as the API understands a missing value. */
const givenOnly = (record: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(record).filter(([, value]) => !(typeof value === "string" && !value.trim())),
  );

export function useForm<S extends z.ZodObject, F extends Text>(options: {
  schema: S;
  initial: F;
  /** Prefix of the fields' element ids, so two forms on a page never share one. */
  idPrefix: string;
  /** The form's text as the schema's input (tags split, …); by default the text as it is. */
  toInput?: (values: F) => Record<string, unknown>;
  onSubmit: (input: z.output<S>) => Promise<unknown>;
  onDone?: () => void;
}) {
  const [values, setValues] = useState<F>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);

  const field = (name: keyof F & string) => ({
    id: `${options.idPrefix}-${name}`,
    value: values[name]!,
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure("");
    const parsed = parseTyped(
      options.schema,
      givenOnly((options.toInput ?? ((v: F) => v))(values)),
    );
    if (!parsed.success) {
      setErrors(
        firstPerField(
          parsed.error.issues.map((issue) => ({
            field: String(issue.path[0] ?? ""),
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
      const fromServer = error instanceof ServiceError ? error.fieldErrors : {};
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

  return { values, setValues, field, submit, saving, failure };
}
