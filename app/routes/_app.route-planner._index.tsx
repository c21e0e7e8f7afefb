/** Route Planner: the saved routes, paged by the URL. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { RoutePlannerPage } from "~/features/route-planner/route-planner";
import { loadSavedRoutes, movedScreen } from "~/features/route-planner/route-planner.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const moved = movedScreen(new URL(request.url));
  if (moved) throw moved;
  const args = await pageArgs(request, context);
  return args ? loadSavedRoutes(args) : null;
}

export default function RoutePlannerRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <RoutePlannerPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
