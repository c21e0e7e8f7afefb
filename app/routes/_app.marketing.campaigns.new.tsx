/** The form that adds a campaign; its action makes it and opens its page. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { createCampaign } from "~/features/marketing/campaign.server";
import { NewCampaignPage } from "~/features/marketing/new-campaign-page";
import { pageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await pageArgs(request, context);
  // Signed out meanwhile: the page shows the login screen.
  if (!args) throw redirect(new URL(request.url).pathname, 303);
  return createCampaign(args, await request.formData());
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "New campaign");

export default NewCampaignPage;

export const ErrorBoundary = WorkspaceErrorBoundary;
