/**
 * Main Agent: the saved conversations (searched by the URL's `q`) and the week ahead, read once
 * for the chat whichever conversation it shows: a new one (the index) or a saved one (its route).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { loadMainAgent } from "~/features/main-agent/main-agent.server";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadMainAgent(args) : null;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
