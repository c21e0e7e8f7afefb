/** An auction's page: read by its loader, changed and deleted through its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { actOnAuction, loadAuction } from "~/features/auctions/auction.server";
import { AuctionPage } from "~/features/auctions/auction-page";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadAuction(args, params.auctionId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnAuction(args, params.auctionId!, request, { document: context.documentRequest });
}

/** The auction's address as the title; the workspace's when there is no auction to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? data.detail.address : null);

export default function AuctionRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <AuctionPage key={loaded.detail.id} {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
