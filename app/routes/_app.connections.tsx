/**
 * Connections: the Google account, the AI providers, the usage, the notification preferences and
 * the AI clients' access, read by its loader and changed through its action.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { ConnectionsPage } from "~/features/connections/connections";
import { actOnConnections, loadConnections } from "~/features/connections/connections.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadConnections(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnConnections(args, request, { document: context.documentRequest });
}

export default function ConnectionsRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <ConnectionsPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
