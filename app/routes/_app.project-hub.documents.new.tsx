/** The form that writes a new document (linked to `project` when given); its action saves it. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { createDocument } from "~/features/project-hub/document.server";
import { NewDocumentPage } from "~/features/project-hub/document-page";
import { requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";
import { postedForm } from "~/lib/record-action.server";

export const loader = ({ request }: LoaderFunctionArgs) => ({
  projectId: new URL(request.url).searchParams.get("project"),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createDocument(args, await postedForm(request));
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "New document");

export default function NewDocumentRoute() {
  const { projectId } = useLoaderData<typeof loader>();
  return <NewDocumentPage key={projectId} projectId={projectId} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
