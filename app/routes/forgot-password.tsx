import type { MetaFunction } from "@remix-run/cloudflare";
import { useState, type FormEvent } from "react";
import { AuthCard } from "~/components/auth-card";
import { FormMessage, SubmitButton, TextField } from "~/components/form";
import { modulePath } from "~/domain/modules";
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
    <AuthCard title="Forgot your password?" footer={<BackToSignIn />}>
      {sent ? (
        <div className="mt-4">
          <FormMessage kind="success">{sent}</FormMessage>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4">
          <p className="text-sm text-muted">
            Enter the e-mail of your account and we will send you a link to choose a new password.
            The link works once, for 30 minutes.
          </p>
          <TextField
            id="email"
            label="Email"
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
          />
          <SubmitButton busy={sending} busyLabel="Sending...">
            Send reset link
          </SubmitButton>
          <FormMessage kind="error">{error}</FormMessage>
        </form>
      )}
    </AuthCard>
  );
}

export function BackToSignIn() {
  return (
    <a href={modulePath("home")} className="text-sm text-accent hover:underline">
      Back to sign in
    </a>
  );
}
