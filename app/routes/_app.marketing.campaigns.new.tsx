/** The form that adds a campaign; its action makes it and opens its page. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { createCampaign } from "~/features/marketing/campaign.server";
import { NewCampaignPage } from "~/features/marketing/new-campaign-page";
import { requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";
import { postedForm } from "~/lib/record-action.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createCampaign(args, await postedForm(request));
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "New campaign");

export default NewCampaignPage;

export const ErrorBoundary = WorkspaceErrorBoundary;
