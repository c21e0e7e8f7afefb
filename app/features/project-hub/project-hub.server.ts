/**
 * Project Hub's first screen, read on the server: the tab the URL opens (`tab`), with its list's
 * search, filters and page as the API reads them, or the project it opens (`project`).
 */
import { PROJECT_HUB_TABS } from "~/domain/modules";
import { badQuery, tabOf, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** Rows per page of the projects and contacts lists. */
const PROJECT_HUB_PAGE_SIZE = 20;
/** The projects whose names the documents list shows beside each document. */
const PROJECT_NAMES_READ = 100;

export async function loadProjectHub({ url, services }: ModuleLoaderArgs) {
  const tab = tabOf(url, PROJECT_HUB_TABS);
  const query = { ...Object.fromEntries(url.searchParams), limit: String(PROJECT_HUB_PAGE_SIZE) };

  if (tab === "documents") {
    // Every document (the entries store holds them all); a `doc` is one of them.
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
  const id = url.searchParams.get("project");
  // An open project is read alone; null when the user has none with that id.
  if (id) return { tab, project: { id, detail: await services.projectDetail(id) } } as const;
  const projects = await services.listProjects(query);
  if (projects.problem !== null) throw badQuery(projects.problem);
  return { tab, projects: projects.page } as const;
}
