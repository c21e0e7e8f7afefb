import type { MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthCard } from "~/components/auth-card";
import { FormMessage, PasswordField, SubmitButton } from "~/components/form";
import { resetPassword } from "~/lib/api/auth";
import { storeToken } from "~/lib/api/client";
import { MESSAGES } from "~/lib/api/messages";
import { BackToSignIn } from "./forgot-password";

export const meta: MetaFunction = () => [{ title: "Choose a new password · AI42" }];

const askAgain = (
  <a className="text-accent hover:underline" href="/forgot-password">
    ask for a new link
  </a>
);

export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [visible, setVisible] = useState(false);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState("");
  const [error, setError] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError("");
    if (password !== confirm) {
      setError(MESSAGES.passwordsDoNotMatch);
      return;
    }
    setSaving(true);
    const result = await resetPassword(token, password);
    setSaving(false);
    if (result.error) {
      setError(result.error.message);
      return;
    }
    storeToken(null);
    setDone(result.data.message);
  }

  if (!token) {
    return (
      <AuthCard title="Reset link missing" footer={<BackToSignIn />}>
        <p className="mt-4 text-center text-muted">
          Open the link from your e-mail, or {askAgain}.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" footer={<BackToSignIn />}>
      {done ? (
        <div className="mt-4">
          <FormMessage kind="success">{done}</FormMessage>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4">
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
            8 to 256 characters. Every device signed in to your account will be signed out, and
            every personal access token and connected AI app revoked.
          </p>
          <SubmitButton busy={saving} busyLabel="Saving...">
            Set new password
          </SubmitButton>
          <FormMessage kind="error">{error}</FormMessage>
          {error.includes("expired") && <p className="text-center text-sm">Or {askAgain}.</p>}
        </form>
      )}
    </AuthCard>
  );
}
