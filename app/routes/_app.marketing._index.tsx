/**
 * Marketing's lists: the tab the URL names (`tab`), its leads searched, filtered and paged by the
 * URL; the sequences' and the lead bots' changes go to its action.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { BotsTab } from "~/features/marketing/bots-tab";
import { CampaignsTab } from "~/features/marketing/campaigns-tab";
import { FunnelTab } from "~/features/marketing/funnel-tab";
import { LeadsTab } from "~/features/marketing/leads-tab";
import { actOnMarketing, loadMarketing, movedScreen } from "~/features/marketing/marketing.server";
import { SequencesTab } from "~/features/marketing/sequences-tab";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const moved = movedScreen(new URL(request.url));
  if (moved) throw moved;
  const args = await pageArgs(request, context);
  return args ? loadMarketing(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnMarketing(args, request);
}

export default function MarketingListRoute() {
  const list = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  if (!list) return null;
  switch (list.tab) {
    case "sequences":
      return <SequencesTab {...list} />;
    case "campaigns":
      return <CampaignsTab campaigns={list.campaigns} />;
    case "funnel":
      return <FunnelTab {...list} />;
    case "bots":
      return <BotsTab bots={list.bots} />;
    default:
      return <LeadsTab {...list} />;
  }
}

export const ErrorBoundary = WorkspaceErrorBoundary;
