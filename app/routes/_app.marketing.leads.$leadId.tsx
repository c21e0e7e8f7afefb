/** A lead's page: read by its loader, changed, put on a sequence and deleted through its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { contactName } from "~/domain/workspace-terms";
import { actOnLead, loadLead } from "~/features/marketing/lead.server";
import { LeadPage } from "~/features/marketing/lead-page";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadLead(args, params.leadId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnLead(args, params.leadId!, request, { document: context.documentRequest });
}

/** The lead's name as the title; the workspace's when there is no lead to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? contactName(data.lead) : null);

export default function LeadRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <LeadPage key={loaded.lead.id} {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
