/**
 * Project Hub's lists, read on the server: the tab the URL opens (`tab`), with its list's search,
 * filters and page as the API reads them; and the Files tab's delete.
 */
import { redirect } from "@remix-run/cloudflare";
import { contactPath, documentPath, PROJECT_HUB_TABS, projectPath } from "~/domain/modules";
import { badQuery, tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { postedBody, refusedForm } from "~/lib/record-action.server";
import { actOnFile } from "../files/files.server";

/** Rows per page of the projects and contacts lists. */
const PROJECT_HUB_PAGE_SIZE = 20;
/** The projects whose names the documents list shows beside each document. */
const PROJECT_NAMES_READ = 100;

/**
 * Where a link to a record the query string once opened now lives (`?project=`, `?new=1`,
 * `?tab=contacts&contact=`, `?tab=documents&doc=` or `&new=`): answered with a permanent redirect.
 */
export function movedScreen(url: URL) {
  const query = url.searchParams;
  const tab = query.get("tab") ?? "projects";
  const [project, contact, doc, created] = ["project", "contact", "doc", "new"].map((name) =>
    query.get(name),
  );
  let moved: string | null = null;
  if (tab === "projects" && project) moved = projectPath(project);
  else if (tab === "projects" && created) moved = projectPath("new");
  else if (tab === "contacts" && contact) moved = contactPath(contact);
  else if (tab === "documents" && doc) moved = documentPath(doc);
  else if (tab === "documents" && created)
    moved = documentPath("new", created === "1" ? undefined : { project: created });
  return moved && redirect(moved, 301);
}

export async function loadProjectHub({ url, services }: ModuleLoaderArgs) {
  const tab = tabOf(url, PROJECT_HUB_TABS);
  const query = { ...Object.fromEntries(url.searchParams), limit: String(PROJECT_HUB_PAGE_SIZE) };

  if (tab === "documents") {
    // Every document (the entries store holds them all).
    const [entries, projects] = await Promise.all([
      services.listEntries(),
      services.listProjects({ limit: String(PROJECT_NAMES_READ) }),
    ]);
    const projectNames = (projects.page?.items ?? []).map(({ id, name }) => ({ id, name }));
    return { tab, entries, projectNames } as const;
  }
  if (tab === "files") {
    const files = await services.listFiles(query);
    if (files.problem !== null) throw badQuery(files.problem);
    return { tab, files: files.page } as const;
  }
  if (tab === "contacts") {
    const contacts = await services.listContacts(query);
    if (contacts.problem !== null) throw badQuery(contacts.problem);
    return { tab, contacts: contacts.page } as const;
  }
  const projects = await services.listProjects(query);
  if (projects.problem !== null) throw badQuery(projects.problem);
  return { tab, projects: projects.page } as const;
}

export type ProjectHubList = Awaited<ReturnType<typeof loadProjectHub>>;

/** A change from Project Hub's lists: the Files tab's "delete-file" (`fileId`, any of the user's). */
export async function actOnProjectHub({ services }: ModuleLoaderArgs, request: Request) {
  const { form } = await postedBody(request);
  const intent = form.intent;
  if (intent !== "delete-file")
    return refusedForm(`There is no change “${String(intent)}” from Project Hub's lists`);
  return actOnFile(services, null, form);
}
