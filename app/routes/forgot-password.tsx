import type { MetaFunction } from "@remix-run/cloudflare";
import { useState, type FormEvent } from "react";
import { AuthCard } from "~/components/auth-card";
import { requestPasswordReset } from "~/lib/api/auth";

export const meta: MetaFunction = () => [{ title: "Reset your password · AI42" }];

export default function ForgotPassword() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState("");
  const [error, setError] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setError("");
    const result = await requestPasswordReset(email);
    setSending(false);
    if (result.error) setError(result.error.message);
    else setSent(result.data.message);
  }

  return (
    <AuthCard title="Forgot your password?">
      {sent ? (
        <p role="status" className="mt-4 text-center text-success">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4">
          <p className="text-sm text-muted">
            Enter the e-mail of your account and we will send you a link to choose a new password.
            The link works once, for 30 minutes.
          </p>
          <div>
            <label htmlFor="email" className="mb-1.5 block text-sm font-medium">
              Email
            </label>
            <input
              id="email"
              type="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="input"
            />
          </div>
          <button
            type="submit"
            disabled={sending}
            className="w-full rounded-lg bg-accent px-4 py-2.5 font-medium text-accent-fg disabled:opacity-60"
          >
            {sending ? "Sending..." : "Send reset link"}
          </button>
          {error && (
            <p role="alert" className="text-center text-sm text-danger">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <a href="/home" className="text-accent hover:underline">
          Back to sign in
        </a>
      </p>
    </AuthCard>
  );
}
