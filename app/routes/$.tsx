/** Every workspace path: the login screen, Loading..., the app shell, or Page not found. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  useLocation,
  type ClientLoaderFunctionArgs,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { Suspense } from "react";
import { ErrorFallback } from "~/components/error-fallback";
import { NotFound } from "~/components/not-found";
import { Skeleton } from "~/components/skeleton";
import { isLoadedModule, moduleForPath } from "~/domain/modules";
import { useAuth } from "~/lib/auth";
import { preloadable, type PreloadHandle } from "~/lib/preloadable";
import { MODULES } from "~/modules";
import { loadWorkspace, type WorkspaceData } from "~/modules.server";

const AppShell = preloadable(() => import("~/components/app-shell"));
// Signed in, a page does not download the login form; signed out, the shell (issue 28, item 7).
const LoginScreen = preloadable(() =>
  import("~/components/login-screen").then((module) => ({ default: module.LoginScreen })),
);

/**
 * The module's first screen for a signed-in user, and the entries when the app starts with this
 * page (app/modules.server.ts); a path no module opens is answered 404, signed in or not.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const module = moduleForPath(MODULES, new URL(request.url).pathname);
  const workspace = await loadWorkspace(module?.id ?? null, request, context);
  return module ? workspace : data(workspace, { status: 404 });
}

/**
 * In the browser, a read that cannot reach the server (offline, a dropped connection) is a failed
 * read like the server's own: the module shows it with a retry, and the rest of the page stays.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch (error) {
    const module = moduleForPath(MODULES, new URL(request.url).pathname);
    if (isRouteErrorResponse(error) || !module || !isLoadedModule(module.id)) throw error;
    return {
      module: { id: module.id, data: null },
      entries: null,
      notifications: null,
    } satisfies WorkspaceData;
  }
}

/**
 * Asks the server again only for a module whose first screen it reads, when the path or query
 * changed or the data is asked for again (a retry, an action); moving between modules that load
 * in the browser asks it nothing.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  nextUrl,
  defaultShouldRevalidate,
}) => {
  const module = moduleForPath(MODULES, nextUrl.pathname);
  return Boolean(module && isLoadedModule(module.id)) && defaultShouldRevalidate;
};

export const handle: PreloadHandle = {
  preload: async (url) => {
    const module = moduleForPath(MODULES, url.pathname);
    if (module)
      await Promise.all([AppShell.preload(), module.View.preload(url), LoginScreen.preload()]);
  },
  // The server rendered the shell with the module's view (its <main id="main">), or the login form.
  preloadRendered: async (url) => {
    const module = moduleForPath(MODULES, url.pathname);
    if (document.getElementById("main"))
      await Promise.all([AppShell.preload(), module?.View.preload(url)]);
    else if (module) await LoginScreen.preload();
  },
};

/** The page's title; the rest of the root's tags (the description) stay: Remix replaces, not merges. */
export const meta: MetaFunction = ({ location, matches }) => {
  const module = moduleForPath(MODULES, location.pathname);
  const inherited = matches.flatMap((match) => match.meta ?? []).filter((tag) => !("title" in tag));
  return [...inherited, { title: module ? `${module.title} · AI42` : "Page not found · AI42" }];
};

export default function Workspace() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  if (status === "loading") {
    return <div className="grid min-h-dvh place-items-center text-muted">Loading...</div>;
  }
  if (status === "unauthenticated") {
    return moduleForPath(MODULES, pathname) ? (
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

/** A query string the module refused (400): what was wrong, and the module without it. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (!isRouteErrorResponse(error) || error.status !== 400)
    return (
      <main className="px-4">
        <ErrorFallback error={error} />
      </main>
    );
  const module = moduleForPath(MODULES, pathname);
  return (
    <main className="mx-4 my-12 max-w-xl rounded-2xl sm:mx-auto border border-line bg-surface p-8 text-center">
      <h1 className="text-2xl font-semibold">This link can't be opened</h1>
      <p className="mt-2 text-muted">{(error.data as { message: string }).message}</p>
      <Link to={pathname} className="btn-primary mt-6 inline-block">
        {`Open ${module?.title ?? "the workspace"}`}
      </Link>
    </main>
  );
}
