/** The form that adds a property by hand; its action adds it and opens its page. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewPropertyScreen } from "~/features/possible-investments/new-property-screen";
import { createProperty, loadNewProperty } from "~/features/possible-investments/property.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadNewProperty(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createProperty(args, request);
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "Add a property");

export default function NewPropertyRoute() {
  const loaded = useLoaderData<typeof loader>();
  return <NewPropertyScreen members={loaded?.members ?? []} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
