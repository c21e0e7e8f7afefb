/** The deal analyzer: a saved analysis, or a new one (of no property), read by its loader, changed by its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { actOnAnalysis, loadAnalysis } from "~/features/possible-investments/analysis.server";
import { AnalysisScreen, shouldRevalidate } from "~/features/possible-investments/analysis-screen";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadAnalysis(args, params.analysisId!, null) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return actOnAnalysis(await requirePageArgs(request, context), params.analysisId!, request);
}

export default AnalysisScreen;

export { shouldRevalidate };

export const ErrorBoundary = WorkspaceErrorBoundary;
