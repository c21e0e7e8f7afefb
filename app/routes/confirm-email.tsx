/**
 * Where the link e-mailed at sign-up lands. Confirming takes a press of the button, not the
 * opening of the page: mail scanners open every link in a message, and one opening it must not
 * confirm an address for someone who signed up with it.
 */
import type { MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { AuthCard } from "~/components/auth-card";
import { FormMessage, SubmitButton } from "~/components/form";
import { modulePath } from "~/domain/modules";
import { confirmEmail } from "~/lib/api/auth";
import { BackToSignIn } from "./forgot-password";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail · AI42" }];

export default function ConfirmEmail() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState("");
  const [error, setError] = useState("");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError("");
    setSaving(true);
    const result = await confirmEmail(token);
    setSaving(false);
    if (result.error) setError(result.error.message);
    else setDone(result.data.message);
  }

  if (!token) {
    return (
      <AuthCard title="Confirmation link missing" footer={<BackToSignIn />}>
        <p className="mt-4 text-center text-muted">
          Open the link from your e-mail, or sign in and send a new one from Connections →
          Notifications.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your e-mail" footer={<BackToSignIn />}>
      {done ? (
        <div className="mt-4 space-y-4 text-center">
          <FormMessage kind="success">{`${done} Your notifications can now be e-mailed to you.`}</FormMessage>
          <a href={modulePath("home")} className="btn-primary inline-block">
            Continue to AI42
          </a>
        </div>
      ) : (
        <form onSubmit={submit} className="mt-6 space-y-4">
          <p className="text-sm text-muted">
            Confirm that this address is yours. Until you do, AI42 keeps your reminders and daily
            brief in the app and e-mails you nothing.
          </p>
          <SubmitButton busy={saving} busyLabel="Confirming...">
            Confirm my e-mail
          </SubmitButton>
          <FormMessage kind="error">{error}</FormMessage>
        </form>
      )}
    </AuthCard>
  );
}
