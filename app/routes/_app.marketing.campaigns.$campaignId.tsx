/** A campaign's page: read by its loader, changed and deleted through its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { actOnCampaign, loadCampaign } from "~/features/marketing/campaign.server";
import { CampaignPage } from "~/features/marketing/campaign-page";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadCampaign(args, params.campaignId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnCampaign(args, params.campaignId!, request, { document: context.documentRequest });
}

/** The campaign's name as the title; the workspace's when there is no campaign to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? data.campaign.name : null);

export default function CampaignRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <CampaignPage key={loaded.campaign.id} {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
