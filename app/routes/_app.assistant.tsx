/** The Main Agent's chat at the spec's other path, /assistant, on a new conversation. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { MainAgentScreen } from "~/features/main-agent/main-agent";
import { loadMainAgent } from "~/features/main-agent/main-agent.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadMainAgent(args) : null;
}

export default MainAgentScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
