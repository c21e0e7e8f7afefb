/** A research report's page: read by its loader, saved to Project Hub and deleted by its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { ResearchPage } from "~/features/property-research/research-page";
import { actOnResearch, loadResearch } from "~/features/property-research/research.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadResearch(args, params.researchId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnResearch(args, params.researchId!, request, { document: context.documentRequest });
}

/** What was researched as the title; the workspace's when there is no report to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? data.research.query : null);

export default function ResearchRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <ResearchPage key={loaded.research.id} research={loaded.research} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
