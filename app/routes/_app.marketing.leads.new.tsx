/** The form that adds a lead; its action makes it and the page opens the lead's. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { createLead, loadNewLead } from "~/features/marketing/lead.server";
import { NewLeadPage } from "~/features/marketing/new-lead-page";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadNewLead(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createLead(args, request);
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "New lead");

export default function NewLeadRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <NewLeadPage {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
