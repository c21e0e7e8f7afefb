/**
 * Team: the current workspace's members and invitations, read by its loader and changed through
 * its action.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { TeamPage } from "~/features/team/team";
import { actOnTeam, loadTeam } from "~/features/team/team.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadTeam(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return actOnTeam(await requirePageArgs(request, context), request);
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "Team");

export default function TeamRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <TeamPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
