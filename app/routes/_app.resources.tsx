/** Resources: the glossary, the guides and the apps, the tab (and its entry or guide) in the URL. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { ResourcesPage } from "~/features/resources/resources";
import { loadResources } from "~/features/resources/resources.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadResources(args) : null;
}

export default function ResourcesRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <ResourcesPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
