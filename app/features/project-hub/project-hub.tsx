/**
 * Project Hub (/project-hub): projects, contacts, documents and files, one tab each, around the
 * page of the path: a tab's list (`tab` in the query) or a record of one (its own path).
 */
import { Link, Outlet, useLocation, useSearchParams } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { modulePath, PROJECT_HUB_TABS, type ProjectHubTab } from "~/domain/modules";
import { moduleOf } from "~/modules";

const MODULE = moduleOf("project-hub");

const TITLES: Record<ProjectHubTab, string> = {
  projects: "Projects",
  contacts: "Contacts",
  documents: "Documents",
  files: "Files",
};

/** The tab a path is under: a record's (`/project-hub/contacts/…`), or the list's `tab`. */
function activeTab(pathname: string, tab: string | null): ProjectHubTab {
  const [, under] = pathname.split("/").filter(Boolean);
  const named = under ?? tab ?? "projects";
  return (PROJECT_HUB_TABS as readonly string[]).includes(named)
    ? (named as ProjectHubTab)
    : "projects";
}

export function ProjectHubLayout() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const active = activeTab(pathname, params.get("tab"));
  return (
    <div>
      <PageHeader icon={MODULE.icon} title={MODULE.title} description={MODULE.description} />
      <div role="tablist" aria-label="Project Hub" className="mb-6 flex gap-1 border-b border-line">
        {PROJECT_HUB_TABS.map((tab) => (
          // Links, so a tab opens without JavaScript too (the loader reads the tab the URL names).
          <Link
            key={tab}
            to={modulePath("project-hub", { tab })}
            role="tab"
            aria-selected={tab === active}
            className={`-mb-px border-b-2 px-3 py-2.5 sm:px-4 text-sm font-medium transition ${tab === active ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
          >
            {TITLES[tab]}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={TITLES[active]}>
        <Outlet />
      </div>
    </div>
  );
}
