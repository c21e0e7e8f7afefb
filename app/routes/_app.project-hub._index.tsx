/**
 * Project Hub's lists: the tab the URL names (`tab`), searched, filtered and paged by the URL; a
 * file deleted from the Files tab through its action.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { WorkspaceErrorBoundary } from "~/components/route-error-boundary";
import { FilesView } from "~/features/files/files-view";
import { ContactsTab } from "~/features/project-hub/contacts-tab";
import { DocumentsTab } from "~/features/project-hub/documents-tab";
import {
  actOnProjectHub,
  loadProjectHub,
  movedScreen,
} from "~/features/project-hub/project-hub.server";
import { ProjectsTab } from "~/features/project-hub/projects-tab";
import { pageArgs, requirePageArgs } from "~/lib/module-loader.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const moved = movedScreen(new URL(request.url));
  if (moved) throw moved;
  const args = await pageArgs(request, context);
  return args ? loadProjectHub(args) : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return actOnProjectHub(await requirePageArgs(request, context), request);
}

export default function ProjectHubListRoute() {
  const list = useLoaderData<typeof loader>();
  // Signed out, the workspace shows the login screen instead of this page.
  if (!list) return null;
  switch (list.tab) {
    case "contacts":
      return <ContactsTab contacts={list.contacts} />;
    case "documents":
      return <DocumentsTab entries={list.entries} projectNames={list.projectNames} />;
    case "files":
      return <FilesView files={list.files} />;
    default:
      return <ProjectsTab projects={list.projects} />;
  }
}

export const ErrorBoundary = WorkspaceErrorBoundary;
