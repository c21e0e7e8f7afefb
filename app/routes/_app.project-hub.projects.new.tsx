/** The form that creates a project; its action makes it and opens its page. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewProjectPage } from "~/features/project-hub/new-project-page";
import { createProject } from "~/features/project-hub/project.server";
import { requirePageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";
import { postedForm } from "~/lib/record-action.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await requirePageArgs(request, context);
  return createProject(args, await postedForm(request));
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "New project");

export default NewProjectPage;

export const ErrorBoundary = WorkspaceErrorBoundary;
