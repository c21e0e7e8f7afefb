/** Property Research: the form that runs a new research, and the history, paged by the URL. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { PropertyResearchPage } from "~/features/property-research/property-research";
import {
  loadPropertyResearch,
  movedScreen,
} from "~/features/property-research/property-research.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const moved = movedScreen(new URL(request.url));
  if (moved) throw moved;
  const args = await pageArgs(request, context);
  return args ? loadPropertyResearch(args) : null;
}

export default function PropertyResearchRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <PropertyResearchPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
