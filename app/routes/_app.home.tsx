/** The dashboard: the workspace figures, the day and each module's card, read by its loader. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { DashboardPage } from "~/features/dashboard/dashboard";
import { loadDashboard } from "~/features/dashboard/dashboard.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadDashboard(args) : null;
}

export default function DashboardRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <DashboardPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
