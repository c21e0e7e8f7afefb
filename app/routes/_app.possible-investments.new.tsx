/** A property added by hand. */
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewPropertyScreen } from "~/features/possible-investments/opened-screens";

export default NewPropertyScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
