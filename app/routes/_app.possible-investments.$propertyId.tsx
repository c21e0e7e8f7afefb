/** A property's page: read by its loader, its facts changed and the property deleted by its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";
import { actOnProperty, loadProperty } from "~/features/possible-investments/property.server";
import { PropertyPage } from "~/features/possible-investments/property-page";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadProperty(args, params.propertyId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  const { pathname, search } = new URL(request.url);
  return actOnProperty(args, params.propertyId!, request, {
    document: context.documentRequest,
    from: pathname + search,
  });
}

/** The property's address as the title; the workspace's title when there is no property to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? data.property.address : null);

export default function PropertyRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <PropertyPage key={loaded.property.id} {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
