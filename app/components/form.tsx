/** Form parts shared by the account screens: labelled fields, the submit button, messages. */
import { Eye, EyeOff } from "lucide-react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
}

export function TextField(props: FieldProps & { type?: "text" | "email" }) {
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.id}
        type={props.type ?? "text"}
        required
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        className="input"
      />
    </div>
  );
}

/** A password field with a show/hide toggle named for what it does ("Show password"). */
export function PasswordField(props: FieldProps & { visible: boolean; onToggle: () => void }) {
  const what = props.label.toLowerCase();
  return (
    <div>
      <label htmlFor={props.id} className="mb-1.5 block text-sm font-medium">
        {props.label}
      </label>
      <div className="relative">
        <input
          id={props.id}
          name={props.id}
          type={props.visible ? "text" : "password"}
          required
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
          autoComplete={props.autoComplete}
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
    </div>
  );
}

/**
 * Disabled until the page is interactive as well as while busy, so a form typed into before
 * hydration is never submitted natively (which would put a password in the URL).
 */
export function SubmitButton(props: { busy: boolean; busyLabel: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={props.busy || !hydrated} className="btn-primary w-full">
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
