/**
 * The workspace: Loading..., the login screen, or the app shell (sidebar, palette, bell, toasts)
 * around the page of the path (its own route, in the shell's outlet). Reads what the app starts
 * with: the entries and the bell's counts. The shell is a plain import, in this layout's route
 * chunk (modulepreloaded with the page), so the server renders it into the HTML at once and the
 * browser has it before hydrating. The login screen is rendered by the server the same way, but
 * the browser downloads it only where it shows (signed out): until its code is in, React leaves
 * the server's form as it is, which posts to /sign-in without JavaScript (0044).
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLocation, useMatches } from "@remix-run/react";
import { lazy, Suspense } from "react";
import AppShell from "~/components/app-shell";
import { LoginScreen as ServerLoginScreen } from "~/components/login-screen";
import { NotFound } from "~/components/not-found";
import { activeModuleId } from "~/domain/modules";
import { useAuth } from "~/lib/auth";
import { titled } from "~/lib/page-title";
import { MODULES } from "~/modules";
import { loadWorkspaceStart } from "~/workspace-start.server";

// Vite makes `import.meta.env.SSR` a constant, so the browser's bundle keeps only the lazy one.
const LoginScreen = import.meta.env.SSR
  ? ServerLoginScreen
  : lazy(() =>
      import("~/components/login-screen").then((module) => ({ default: module.LoginScreen })),
    );

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadWorkspaceStart(request, context);

/** What the app starts with is read once, with the page; navigations ask the pages' loaders. */
export const shouldRevalidate = () => false;

/**
 * The page's title: the module's, or "Page not found"; a record's route names the record. The
 * rest of the root's tags (the description) stay: Remix replaces, not merges.
 */
export const meta: MetaFunction = ({ location, matches, error }) => {
  const id = activeModuleId(MODULES, location.pathname);
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const module = missing ? null : MODULES.find((m) => m.id === id);
  return titled(matches, module?.title ?? "Page not found");
};

/** app/routes/_app.$.tsx: a path no page of the workspace answers. */
const NOT_FOUND_ROUTE = "routes/_app.$";

export default function Workspace() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  const matches = useMatches();
  if (status === "loading") {
    return <div className="grid min-h-dvh place-items-center text-muted">Loading...</div>;
  }
  if (status === "unauthenticated") {
    // A page of the workspace (a module's, or one of its own such as Team), not the catch-all's.
    const page = activeModuleId(MODULES, pathname) || matches.at(-1)?.id !== NOT_FOUND_ROUTE;
    return page ? (
      <Suspense fallback={null}>
        <LoginScreen />
      </Suspense>
    ) : (
      <NotFound signedIn={false} />
    );
  }
  return <AppShell />;
}
