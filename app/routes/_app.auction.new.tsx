/** The form that adds an auction; its action makes it and the page opens the auction's. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { createAuction, loadNewAuction } from "~/features/auctions/auction.server";
import { NewAuctionPage } from "~/features/auctions/new-auction-page";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadNewAuction(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createAuction(args, request);
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "Add an auction");

export default function NewAuctionRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <NewAuctionPage {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
