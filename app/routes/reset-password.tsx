import type { MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthCard } from "~/components/auth-card";
import { PasswordInput } from "~/components/password-input";
import { resetPassword } from "~/lib/api/auth";
import { storeToken } from "~/lib/api/client";
import { MESSAGES } from "~/lib/api/messages";

export const meta: MetaFunction = () => [{ title: "Choose a new password · AI42" }];

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
      <AuthCard title="Reset link missing">
        <p className="mt-4 text-center text-muted">
          Open the link from your e-mail, or{" "}
          <a className="text-accent hover:underline" href="/forgot-password">
            ask for a new one
          </a>
          .
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <div className="mt-4 text-center">
          <p role="status" className="text-success">
            {done}
          </p>
          <a
            href="/home"
            className="mt-6 inline-block rounded-lg bg-accent px-5 py-2.5 font-medium text-accent-fg"
          >
            Sign in
          </a>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4">
          <PasswordInput
            id="password"
            label="New password"
            value={password}
            onChange={setPassword}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            autoComplete="new-password"
          />
          <PasswordInput
            id="confirmPassword"
            label="Confirm new password"
            value={confirm}
            onChange={setConfirm}
            visible={visible}
            onToggle={() => setVisible((v) => !v)}
            autoComplete="new-password"
          />
          <p className="text-xs text-muted">
            8 to 256 characters. Every device signed in to your account will be signed out.
          </p>
          <button
            type="submit"
            disabled={saving}
            className="w-full rounded-lg bg-accent px-4 py-2.5 font-medium text-accent-fg disabled:opacity-60"
          >
            {saving ? "Saving..." : "Set new password"}
          </button>
          {error && (
            <p role="alert" className="text-center text-sm text-danger">
              {error}
            </p>
          )}
          {error.includes("expired") && (
            <p className="text-center text-sm">
              <a href="/forgot-password" className="text-accent hover:underline">
                Ask for a new link
              </a>
            </p>
          )}
        </form>
      )}
    </AuthCard>
  );
}
