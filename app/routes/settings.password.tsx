/**
 * Changing the password while signed in (also "Change password" in the command palette). Like a
 * reset, it ends every other session and revokes every access token and connected AI app: this
 * device stays signed in with a new session.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { useState, type FormEvent } from "react";
import { AuthCard } from "~/components/auth-card";
import { FormMessage, PasswordField, SubmitButton } from "~/components/form";
import { DELETE_ACCOUNT_PATH } from "~/commands";
import { modulePath } from "~/domain/modules";
import { changePassword } from "~/lib/api/auth";
import { MESSAGES } from "~/lib/api/messages";
import { useAuth } from "~/lib/auth";

export const meta: MetaFunction = () => [{ title: "Change your password · AI42" }];

const backToApp = (
  <p className="flex justify-center gap-6 text-sm">
    <a href={modulePath("home")} className="text-accent hover:underline">
      Back to AI42
    </a>
    <a href={DELETE_ACCOUNT_PATH} className="text-muted hover:text-danger hover:underline">
      Delete your account
    </a>
  </p>
);

export default function ChangePassword() {
  const { status } = useAuth();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [visible, setVisible] = useState(false);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState("");
  const [error, setError] = useState("");
  const [fieldError, setFieldError] = useState<string>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError("");
    setFieldError(undefined);
    if (password !== confirm) {
      setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    setSaving(true);
    const result = await changePassword(current, password);
    setSaving(false);
    if (result.error) {
      const details = Array.isArray(result.error.details)
        ? (result.error.details as { field: string; message: string }[])
        : [];
      setFieldError(details.find((detail) => detail.field === "current_password")?.message);
      setError(result.error.message);
      return;
    }
    setDone(result.data.message);
  }

  if (status === "unauthenticated") {
    return (
      <AuthCard title="Change your password" footer={backToApp}>
        <p className="mt-4 text-center text-muted">
          Sign in first, then come back here. Forgot it?{" "}
          <a className="text-accent hover:underline" href="/forgot-password">
            Reset it by e-mail
          </a>
          .
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Change your password" footer={backToApp}>
      {done ? (
        <div className="mt-4">
          <FormMessage kind="success">{done}</FormMessage>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4">
          <PasswordField
            id="currentPassword"
            label="Current password"
            value={current}
            onChange={setCurrent}
            error={fieldError}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            autoComplete="current-password"
          />
          <PasswordField
            id="password"
            label="New password"
            value={password}
            onChange={setPassword}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            autoComplete="new-password"
          />
          <PasswordField
            id="confirmPassword"
            label="Confirm new password"
            value={confirm}
            onChange={setConfirm}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            autoComplete="new-password"
          />
          <p className="text-xs text-muted">
            8 to 256 characters. Every other device signed in to your account will be signed out,
            and every personal access token and connected AI app revoked; this one stays signed in.
          </p>
          <SubmitButton busy={saving} busyLabel="Saving...">
            Change password
          </SubmitButton>
          <FormMessage kind="error">{error}</FormMessage>
        </form>
      )}
    </AuthCard>
  );
}
