import { Link, useLocation } from "@remix-run/react";
import { modulePath } from "~/domain/modules";
import { AuthCard } from "./auth-card";

/** What the spec has any other path say. */
export const NOT_FOUND_TEXT = "Module not implemented yet";

/**
 * A path no module opens (answered HTTP 404, titled "Page not found"): the spec's words, what
 * happened, and a way on. Signed in it sits in the shell, the sidebar beside it with no module
 * highlighted; signed out it stands alone and offers to sign in.
 */
export function NotFound(props: { signedIn: boolean }) {
  const { pathname } = useLocation();
  const body = (
    <>
      <p className="mt-2 text-muted">
        Nothing lives at <code className="break-all text-fg">{pathname}</code>. The link may be
        mistyped, or the page may have moved.
      </p>
      <Link to={modulePath("home")} className="btn-primary mt-6">
        {props.signedIn ? "Go to the Dashboard" : "Sign in"}
      </Link>
    </>
  );
  if (!props.signedIn) {
    return (
      <AuthCard title={NOT_FOUND_TEXT}>
        <div className="text-center">{body}</div>
      </AuthCard>
    );
  }
  return (
    <section className="mx-auto my-12 max-w-xl rounded-2xl border border-line bg-surface p-8 text-center">
      <h1 className="text-2xl font-semibold">{NOT_FOUND_TEXT}</h1>
      {body}
    </section>
  );
}
