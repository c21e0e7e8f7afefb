/**
 * The modules that have no routes of their own yet: the module's view at its single-segment path
 * (its screens in the query string), read by its loader in app/modules.server.ts; any other path
 * is the spec's "Page not found" (404).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  useLocation,
  type ClientLoaderFunctionArgs,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { NotFound } from "~/components/not-found";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { isLoadedModule, moduleForPath } from "~/domain/modules";
import type { PreloadHandle } from "~/lib/preloadable";
import { notFound } from "~/lib/module-loader.server";
import { MODULES, type AppModule } from "~/modules";
import { loadModuleScreen, type LoadedModule } from "~/modules.server";

/** The module this route serves at `pathname`: null for a path it answers 404. */
const servedAt = (pathname: string) => {
  const module = moduleForPath(MODULES, pathname);
  return module?.View ? (module as AppModule & Required<Pick<AppModule, "View">>) : null;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const module = servedAt(new URL(request.url).pathname);
  // Thrown, so the workspace's title says "Page not found" too.
  if (!module) throw notFound();
  return loadModuleScreen(module.id, request, context);
}

/**
 * In the browser, a read that cannot reach the server (offline, a dropped connection) is a failed
 * read like the server's own: the module shows it with a retry, and the rest of the page stays.
 */
export async function clientLoader({ request, serverLoader }: ClientLoaderFunctionArgs) {
  try {
    return await serverLoader<typeof loader>();
  } catch (error) {
    const module = servedAt(new URL(request.url).pathname);
    if (isRouteErrorResponse(error) || !module || !isLoadedModule(module.id)) throw error;
    return { id: module.id, data: null } as LoadedModule;
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
  const module = servedAt(nextUrl.pathname);
  return Boolean(module && isLoadedModule(module.id)) && defaultShouldRevalidate;
};

export const handle: PreloadHandle = {
  preload: async (url) => servedAt(url.pathname)?.View.preload(url),
  preloadRendered: async (url) => {
    if (document.getElementById("main")) await servedAt(url.pathname)?.View.preload(url);
  },
};

export default function ModuleScreen() {
  const { pathname } = useLocation();
  const module = servedAt(pathname);
  return module ? <module.View module={module} /> : <NotFound signedIn />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
