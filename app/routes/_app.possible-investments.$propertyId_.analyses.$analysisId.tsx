/** The deal analyzer: a saved analysis, or a new one for the property of the path, read by its loader. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { loadAnalysis } from "~/features/possible-investments/analysis.server";
import { AnalysisScreen } from "~/features/possible-investments/analysis-screen";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadAnalysis(args, params.analysisId!, params.propertyId!) : null;
}

export default AnalysisScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
