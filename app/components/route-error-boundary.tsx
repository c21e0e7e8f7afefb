/**
 * What a workspace route shows in the shell when its loader or action refuses the request: a
 * record that is not there (404, the spec's "Page not found"), a query string it cannot read
 * (400, what was wrong and the module without it), or the spec's render-error page.
 */
import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { activeModuleId } from "~/domain/modules";
import { MODULES } from "~/modules";
import { ErrorFallback } from "./error-fallback";
import { NotFound } from "./not-found";

export function WorkspaceErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound signedIn />;
  if (!isRouteErrorResponse(error) || error.status !== 400) return <ErrorFallback error={error} />;
  const id = activeModuleId(MODULES, pathname);
  const module = MODULES.find((m) => m.id === id);
  return (
    <section className="mx-auto my-12 max-w-xl rounded-2xl border border-line bg-surface p-8 text-center">
      <h1 className="text-2xl font-semibold">This link can't be opened</h1>
      <p className="mt-2 text-muted">{(error.data as { message: string }).message}</p>
      <Link to={pathname} className="btn-primary mt-6 inline-block">
        {`Open ${module?.title ?? "the workspace"}`}
      </Link>
    </section>
  );
}
