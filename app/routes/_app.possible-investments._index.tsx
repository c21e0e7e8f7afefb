/** Possible Investments: the properties an investor is weighing, filtered, sorted and paged by the URL. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { PropertyList } from "~/features/possible-investments/possible-investments";
import {
  loadPropertyList,
  movedScreen,
} from "~/features/possible-investments/possible-investments.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const moved = movedScreen(new URL(request.url));
  if (moved) throw moved;
  const args = await pageArgs(request, context);
  return args ? loadPropertyList(args) : null;
}

export default function PossibleInvestmentsRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <PropertyList properties={loaded.properties} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
