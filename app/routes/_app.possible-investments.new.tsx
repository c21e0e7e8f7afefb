/** A property added by hand. */
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewPropertyScreen } from "~/features/possible-investments/new-property-screen";

export default NewPropertyScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
