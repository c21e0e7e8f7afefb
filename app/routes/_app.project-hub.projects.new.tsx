/** The form that creates a project; its action makes it and opens its page. */
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { NewProjectPage } from "~/features/project-hub/new-project-page";
import { createProject } from "~/features/project-hub/project.server";
import { pageArgs } from "~/lib/module-loader.server";
import { titled } from "~/lib/page-title";

export async function action({ request, context }: ActionFunctionArgs) {
  const args = await pageArgs(request, context);
  // Signed out meanwhile: the page shows the login screen.
  if (!args) throw redirect(new URL(request.url).pathname, 303);
  return createProject(args, await request.formData());
}

export const meta: MetaFunction = ({ matches }) => titled(matches, "New project");

export default NewProjectPage;

export const ErrorBoundary = WorkspaceErrorBoundary;
