/** Form parts: labelled fields with inline errors, the submit button, messages. */
import { Eye, EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

interface FieldProps {
  id: string;
  /** What the field is posted as (by default its id). */
  name?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  required?: boolean;
  /** An inline validation message shown under the field. */
  error?: string;
  placeholder?: string;
}

export function Label(props: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium">
      {props.label}
      {props.required === false ? (
        <span className="ml-1 font-normal text-muted">(optional)</span>
      ) : null}
    </label>
  );
}

export function FieldError(props: { id: string; error?: string }) {
  return props.error ? (
    <p id={`${props.id}-error`} className="mt-1 text-sm text-danger">
      {props.error}
    </p>
  ) : null;
}

const describedBy = (props: FieldProps) => (props.error ? `${props.id}-error` : undefined);

export function TextField(
  props: FieldProps & { type?: "text" | "email" | "tel" | "date" | "time" | "number" | "search" },
) {
  return (
    <div>
      <Label id={props.id} label={props.label} required={props.required ?? true} />
      <input
        id={props.id}
        name={props.name ?? props.id}
        // Amounts are typed as text so "45,000" is accepted; the form turns them into numbers.
        type={props.type === "number" ? "text" : (props.type ?? "text")}
        required={props.required ?? true}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props)}
        inputMode={props.type === "number" ? "decimal" : undefined}
        className="input"
      />
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

export function TextAreaField(props: FieldProps & { rows?: number; className?: string }) {
  return (
    <div>
      <Label id={props.id} label={props.label} required={props.required ?? false} />
      <textarea
        id={props.id}
        name={props.name ?? props.id}
        required={props.required}
        rows={props.rows ?? 4}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        placeholder={props.placeholder}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props)}
        className={`input ${props.className ?? ""}`}
      />
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

export function SelectField(
  props: FieldProps & { options: readonly { value: string; label: string }[] },
) {
  return (
    <div>
      <Label id={props.id} label={props.label} />
      <select
        id={props.id}
        name={props.name ?? props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props)}
        className="input"
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/** A checkbox in a form of text fields: its value is "true" or "false". */
export function CheckboxField(
  props: Pick<FieldProps, "id" | "name" | "label" | "value" | "onChange">,
) {
  return (
    <label htmlFor={props.id} className="flex w-fit cursor-pointer items-center gap-2 text-sm">
      <input
        id={props.id}
        name={props.name ?? props.id}
        type="checkbox"
        checked={props.value === "true"}
        onChange={(event) => props.onChange(String(event.target.checked))}
        className="size-4 accent-[var(--accent)]"
      />
      {props.label}
    </label>
  );
}

/** A password field with a show/hide toggle named for what it does ("Show password"). */
export function PasswordField(
  props: FieldProps & { autoComplete: string; visible: boolean; onToggle: () => void },
) {
  const what = props.label.toLowerCase();
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={props.id}
          name={props.name ?? props.id}
          type={props.visible ? "text" : "password"}
          required
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          autoComplete={props.autoComplete}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(props)}
          className="input pr-11"
        />
        <button
          type="button"
          onClick={props.onToggle}
          aria-label={`${props.visible ? "Hide" : "Show"} ${what}`}
          aria-pressed={props.visible}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-muted hover:text-fg"
        >
          {props.visible ? (
            <EyeOff aria-hidden className="size-4" />
          ) : (
            <Eye aria-hidden className="size-4" />
          )}
        </button>
      </div>
      <FieldError id={props.id} error={props.error} />
    </div>
  );
}

/**
 * What was typed into a server-rendered form before the page became interactive, by field name.
 * React keeps a controlled field's state, not what the DOM holds, so without this a user on a
 * slow phone who typed early sees the text vanish once the page hydrates.
 */
export function typedBeforeHydration(form: HTMLFormElement | null) {
  const typed: Record<string, string> = {};
  for (const element of Array.from(form?.elements ?? [])) {
    if (
      (element instanceof HTMLInputElement && !["checkbox", "radio"].includes(element.type)) ||
      element instanceof HTMLTextAreaElement
    ) {
      if (element.name && element.value) typed[element.name] = element.value;
    }
  }
  return typed;
}

/**
 * Disabled while busy and, for a form the browser alone cannot send, until the page is
 * interactive, so a form typed into before hydration is never submitted natively (which would
 * put a password in the URL). A form posted to a page's action (`posts`) works before then too.
 */
export function SubmitButton(props: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  /** Full width by default (account screens); `inline` for a form's action row. */
  inline?: boolean;
  posts?: boolean;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={props.busy || (!hydrated && !props.posts)}
      className={`btn-primary whitespace-nowrap ${props.inline ? "" : "w-full"}`}
    >
      {props.busy ? props.busyLabel : props.children}
    </button>
  );
}

/** An error (red, announced as an alert) or a success message under a form. */
export function FormMessage(props: { kind: "error" | "success"; children: ReactNode }) {
  if (!props.children) return null;
  const error = props.kind === "error";
  return (
    <p
      role={error ? "alert" : "status"}
      className={`text-center text-sm ${error ? "text-danger" : "text-success"}`}
    >
      {props.children}
    </p>
  );
}

/** A contact's mailing address (where a letter reaches an absentee owner): four fields. */
export function MailingAddressFields(props: {
  field: (
    name: "mailingAddress" | "mailingCity" | "mailingState" | "mailingZip",
  ) => Omit<FieldProps, "label">;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-[2fr_1fr_5rem_6rem]">
      <legend className="mb-1.5 text-sm font-medium">Mailing address</legend>
      <TextField {...props.field("mailingAddress")} label="Street" required={false} />
      <TextField {...props.field("mailingCity")} label="City" required={false} />
      <TextField {...props.field("mailingState")} label="State" required={false} />
      <TextField {...props.field("mailingZip")} label="ZIP" required={false} />
    </fieldset>
  );
}
