/** Auctions: the sales the investor is watching, as a list or by month, filtered and paged by the URL. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { AuctionsPage } from "~/features/auctions/auctions";
import { loadAuctions, movedScreen } from "~/features/auctions/auctions.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const moved = movedScreen(new URL(request.url));
  if (moved) throw moved;
  const args = await pageArgs(request, context);
  return args ? loadAuctions(args) : null;
}

export default function AuctionsRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <AuctionsPage loaded={loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
