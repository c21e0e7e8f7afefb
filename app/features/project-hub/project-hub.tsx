/**
 * Project Hub (/project-hub): projects, contacts, documents and files, one tab each. Its query
 * parameters (tab, project, doc, new) are described in `ModuleParams`.
 */
import { Link, useSearchParams } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { modulePath, type ProjectHubTab } from "~/domain/modules";
import { FilesView } from "../files/files-view";
import type { ModuleViewProps } from "../module-view";
import { ContactsTab } from "./contacts-tab";
import { DocumentsTab } from "./documents-tab";
import { ProjectsTab } from "./projects-tab";

const TABS: readonly { id: ProjectHubTab; title: string; View: () => React.ReactNode }[] = [
  { id: "projects", title: "Projects", View: ProjectsTab },
  { id: "contacts", title: "Contacts", View: ContactsTab },
  { id: "documents", title: "Documents", View: DocumentsTab },
  { id: "files", title: "Files", View: FilesView },
];

export default function ProjectHub({ module }: ModuleViewProps) {
  const [params] = useSearchParams();
  const active = TABS.find((tab) => tab.id === params.get("tab")) ?? TABS[0]!;
  return (
    <div>
      <PageHeader icon={module.icon} title={module.title} description={module.description} />
      <div role="tablist" aria-label="Project Hub" className="mb-6 flex gap-1 border-b border-line">
        {TABS.map((tab) => (
          // Links, so a tab opens without JavaScript too (the loader reads the tab the URL names).
          <Link
            key={tab.id}
            to={modulePath("project-hub", { tab: tab.id })}
            role="tab"
            aria-selected={tab.id === active.id}
            className={`-mb-px border-b-2 px-3 py-2.5 sm:px-4 text-sm font-medium transition ${tab.id === active.id ? "border-accent text-fg" : "border-transparent text-muted hover:text-fg"}`}
          >
            {tab.title}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={active.title}>
        <active.View />
      </div>
    </div>
  );
}
