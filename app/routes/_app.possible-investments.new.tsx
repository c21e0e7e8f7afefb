/** The form that adds a property by hand; its action adds it and opens its page. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewPropertyScreen } from "~/features/possible-investments/new-property-screen";
import { createProperty } from "~/features/possible-investments/property.server";
import { requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createProperty(args, request);
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "Add a property");

export default NewPropertyScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
