/** The deal analyzer: a saved analysis, or a new one (for its property when the path names one). */
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { AnalysisScreen } from "~/features/possible-investments/opened-screens";

export default AnalysisScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
