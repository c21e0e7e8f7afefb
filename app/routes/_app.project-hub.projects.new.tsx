/** The form that creates a project; its action makes it and opens its page. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewProjectPage } from "~/features/project-hub/new-project-page";
import { createProject, loadNewProject } from "~/features/project-hub/project.server";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";
import { postedForm } from "~/lib/record-action.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = await pageArgs(request, context);
  return args ? loadNewProject(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createProject(args, await postedForm(request));
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "New project");

export default function NewProjectRoute() {
  const loaded = useLoaderData<typeof loader>();
  return <NewProjectPage members={loaded?.members ?? []} />;
}

export const ErrorBoundary = WorkspaceErrorBoundary;
