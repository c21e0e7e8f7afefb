/** A document's page: read by its loader, saved and deleted through its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { actOnDocument, loadDocument } from "~/features/project-hub/document.server";
import { DocumentPage } from "~/features/project-hub/document-page";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";
import { postedForm } from "~/lib/record-action.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadDocument(args, params.entryId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnDocument(args, params.entryId!, await postedForm(request), {
    document: context.documentRequest,
  });
}

/** The document's title as the page's; the workspace's when there is no document to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? data.entry.title : null);

export default function DocumentRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <DocumentPage key={loaded.entry.id} {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
