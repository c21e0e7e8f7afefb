import { Link, useLocation } from "@remix-run/react";
import { modulePath } from "~/domain/modules";
import { AuthCard } from "./auth-card";

/**
 * A path no module opens (answered HTTP 404): said plainly, with a way on. Signed in it sits in
 * the shell, the sidebar beside it; signed out it stands alone and offers to sign in.
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
      <AuthCard title="Page not found">
        <div className="text-center">{body}</div>
      </AuthCard>
    );
  }
  return (
    <section className="mx-auto my-12 max-w-xl rounded-2xl border border-line bg-surface p-8 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      {body}
    </section>
  );
}
