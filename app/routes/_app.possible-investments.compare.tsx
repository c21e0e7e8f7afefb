/** Two to four saved analyses side by side, read by the loader. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { loadCompare } from "~/features/possible-investments/compare.server";
import { CompareScreen } from "~/features/possible-investments/compare-screen";
import { pageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadCompare(args) : null;
}

export default CompareScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
