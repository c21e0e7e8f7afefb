/**
 * Deleting one's account (also "Delete account" in the command palette): the person confirms with
 * their password in a form posted to this route's action, so it works without JavaScript too.
 * While they alone own a team workspace nothing is deleted, and the page names the teams to hand
 * over or delete on Team first. Afterwards the page, signed out, says it is done.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthCard } from "~/components/auth-card";
import { DELETE_ACCOUNT_PATH } from "~/commands";
import { FormMessage, PasswordField } from "~/components/form";
import { modulePath } from "~/domain/modules";
import { workspaceLink } from "~/domain/teams";
import { getSession } from "~/lib/auth.server";
import { postedForm, textIn } from "~/lib/record-action.server";

const DONE = `${DELETE_ACCOUNT_PATH}?deleted`;

export const meta: MetaFunction = () => [{ title: "Delete your account · AI42" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  return {
    email: session?.user.email ?? null,
    deleted: !session && new URL(request.url).searchParams.has("deleted"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  // Signed out meanwhile: the page asks to sign in, and nothing changes.
  if (!session) throw redirect(DELETE_ACCOUNT_PATH, 303);
  const password = textIn(await postedForm(request), "password") ?? "";
  const { done: cookie, refused } = await context.deleteAccount(session, password);
  if (refused) {
    const fields = Array.isArray(refused.details)
      ? (refused.details as { field?: string; message: string }[])
      : [];
    return data(
      {
        message: refused.message,
        passwordError: fields.find((problem) => problem.field === "password")?.message,
        // The teams to hand over first, each a link to its Team page.
        teams:
          refused.code === "OWNS_WORKSPACES"
            ? (refused.details as { id: string; name: string }[])
            : [],
      },
      { status: refused.status },
    );
  }
  throw redirect(DONE, { status: 303, headers: { "Set-Cookie": cookie } });
}

const backToApp = (
  <a href={modulePath("home")} className="text-sm text-accent hover:underline">
    Back to AI42
  </a>
);

export default function DeleteAccount() {
  const { email, deleted } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);

  if (!email) {
    return (
      <AuthCard title={deleted ? "Account deleted" : "Delete your account"} footer={backToApp}>
        {deleted ? (
          <div className="mt-4">
            <FormMessage kind="success">
              Your account and everything in it have been deleted.
            </FormMessage>
          </div>
        ) : (
          <p className="mt-4 text-center text-muted">Sign in first, then come back here.</p>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Delete your account" footer={backToApp}>
      <div className="mt-4 space-y-3 text-sm text-muted">
        <p>
          Signed in as <span className="font-medium text-fg">{email}</span>. Deleting the account
          deletes your own workspace with every record and file in it, also for anyone you shared it
          with, and takes you out of the team workspaces you belong to (what was assigned to you
          there is assigned to nobody).
        </p>
        <p>
          Every device is signed out, and your access tokens, connected AI apps and Google
          connection end. It can&apos;t be undone: to keep a copy, use Export Data first.
        </p>
        <p>A team workspace you alone own must first get another owner on Team, or be deleted.</p>
      </div>
      <Form method="post" className="mt-6 space-y-4">
        <PasswordField
          id="password"
          label="Your password"
          value={password}
          onChange={setPassword}
          error={refused?.passwordError}
          visible={visible}
          onToggle={() => setVisible((shown) => !shown)}
          autoComplete="current-password"
        />
        <button type="submit" disabled={busy} className="btn-danger w-full justify-center">
          {busy ? "Deleting..." : "Delete my account"}
        </button>
        <FormMessage kind="error">{refused?.message}</FormMessage>
        {refused?.teams.length ? (
          <ul className="space-y-1 text-center text-sm">
            {refused.teams.map((team) => (
              <li key={team.id}>
                <a href={workspaceLink(team.id, "/team")} className="text-accent hover:underline">
                  Open {team.name}&apos;s Team page
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Form>
    </AuthCard>
  );
}
