/** Two to four saved analyses side by side. */
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { CompareScreen } from "~/features/possible-investments/compare-screen";

export default CompareScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
