/** The Main Agent's chat, on a new conversation. */
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { MainAgentScreen } from "~/features/main-agent/main-agent";

export default MainAgentScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
