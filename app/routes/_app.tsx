/**
 * The workspace: Loading..., the login screen, or the app shell (sidebar, palette, bell, toasts)
 * around the page of the path (its own route, in the shell's outlet). Reads what the app starts
 * with: the entries and the bell's counts.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, useLocation } from "@remix-run/react";
import { Suspense } from "react";
import { NotFound } from "~/components/not-found";
import { Skeleton } from "~/components/skeleton";
import { activeModuleId } from "~/domain/modules";
import { useAuth } from "~/lib/auth";
import { titled } from "~/lib/page-title";
import { preloadable, type PreloadHandle } from "~/lib/preloadable";
import { MODULES } from "~/modules";
import { loadWorkspaceStart } from "~/workspace-start.server";

const AppShell = preloadable(() => import("~/components/app-shell"));
// Signed in, a page does not download the login form; signed out, the shell.
const LoginScreen = preloadable(() =>
  import("~/components/login-screen").then((module) => ({ default: module.LoginScreen })),
);

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  loadWorkspaceStart(request, context);

/** What the app starts with is read once, with the page; navigations ask the pages' loaders. */
export const shouldRevalidate = () => false;

export const handle: PreloadHandle = {
  preload: () => Promise.all([AppShell.preload(), LoginScreen.preload()]),
  // The server rendered the shell (its <main id="main">), or the login form.
  preloadRendered: () =>
    document.getElementById("main") ? AppShell.preload() : LoginScreen.preload(),
};

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

export default function Workspace() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (status === "loading") {
    return <div className="grid min-h-dvh place-items-center text-muted">Loading...</div>;
  }
  if (status === "unauthenticated") {
    return activeModuleId(MODULES, pathname) ? (
      <Suspense fallback={null}>
        <LoginScreen />
      </Suspense>
    ) : (
      <NotFound signedIn={false} />
    );
  }
  return (
    <Suspense
      fallback={
        <div className="p-10">
          <Skeleton />
        </div>
      }
    >
      <AppShell />
    </Suspense>
  );
}
