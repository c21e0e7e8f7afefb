/** A project's page: read by its loader, changed, linked and deleted through its action. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { ProjectPage } from "~/features/project-hub/project-page";
import { actOnProject, loadProject } from "~/features/project-hub/project.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";
import { postedForm } from "~/lib/record-action.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadProject(args, params.projectId!) : null;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return actOnProject(args, params.projectId!, await postedForm(request), {
    document: context.documentRequest,
  });
}

/** The project's name as the title; the workspace's when there is no project to name. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  titled(matches, data ? data.project.name : null);

export default function ProjectRoute() {
  const loaded = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  return loaded && <ProjectPage key={loaded.project.id} {...loaded} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
