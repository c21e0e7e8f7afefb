/** The form that adds a property by hand; its action adds it and opens its page. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewPropertyScreen } from "~/features/possible-investments/new-property-screen";
import { createProperty } from "~/features/possible-investments/property.server";
import { pageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await pageArgs(request, context);
  // Signed out meanwhile: the page shows the login screen.
  if (!args) throw redirect(new URL(request.url).pathname, 303);
  return createProperty(args, request);
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "Add a property");

export default NewPropertyScreen;

export const ErrorBoundary = WorkspaceErrorBoundary;
