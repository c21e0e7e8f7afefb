/**
 * The login form posted by a browser without JavaScript (with it, the form signs in through the
 * API): signed in, the browser goes back to the page it was on (`next`) with the session's
 * cookie; refused, the login screen again with why, beside its field or under the form.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { LoginScreen } from "~/components/login-screen";
import { pageAfterSignIn } from "~/domain/access";
import { postedForm, refusedAnswer } from "~/lib/record-action.server";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await postedForm(request);
  const email = text(form, "email");
  const { done: cookie, refused } = await context.signIn({
    email,
    password: text(form, "password"),
    remember: form.has("remember"),
  });
  // The e-mail is kept in the form shown again; the password never is.
  if (refused) return refusedAnswer(refused, { email });
  const next = pageAfterSignIn(new URL(request.url).searchParams.get("next"));
  throw redirect(next, { status: 303, headers: { "Set-Cookie": cookie } });
}

export default function SignIn() {
  return <LoginScreen refused={useActionData<typeof action>()} />;
}
