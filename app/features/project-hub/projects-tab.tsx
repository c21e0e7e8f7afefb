import { FolderKanban, Plus } from "lucide-react";

import { ListStates } from "~/components/list-states";
import { Badge, Modal } from "~/components/ui";
import { formatAddress, formatMoney } from "~/domain/format";
import { label, PROJECT_STATUSES, PROJECT_TYPES } from "~/domain/workspace";
import { MESSAGES } from "~/lib/api/messages";
import { useModuleData } from "~/lib/module-data";
import { useProjects, useProjectsFrom } from "~/lib/stores/projects";
import { ProjectDetailView, STATUS_TONE } from "./project-detail";
import { ProjectForm } from "./project-form";
import {
  ExportCsvLink,
  FilterBar,
  FilterSelect,
  SearchBox,
  useDialogParam,
  useQueryParams,
  useSearchParam,
} from "../shared";

/**
 * The projects list renders from the `$` route's loader (project-hub.server.ts), through the
 * projects store: its search, filters and page are in the URL, so the HTML arrives with the page
 * the URL names and a change of them reads the list again through Remix.
 */
export function ProjectsTab() {
  const [params, update] = useQueryParams();
  const openId = params.get("project");
  const [creating, setCreating] = useDialogParam("new");
  const { data, retry, loading: reading } = useModuleData("project-hub");
  const page = (data?.tab === "projects" && data.projects) || null;
  const { projects, meta } = useProjectsFrom(page);
  const createProject = useProjects((s) => s.createProject);
  const [search, setSearch] = useSearchParam();
  const loading = (data !== null && !page) || reading;

  const q = params.get("q") ?? "";
  const type = params.get("type") ?? "";
  const status = params.get("status") ?? "";
  const filterBy = (name: "type" | "status") => (value: string) =>
    update({ [name]: value || null, page: null });
  const open = (id: string | null) => update({ project: id });

  if (openId) return <ProjectDetailView id={openId} onBack={() => open(null)} />;

  return (
    <div>
      <div className="mb-4 flex justify-end gap-2">
        <ExportCsvLink list="projects" query={{ q, type, status }} />
        <button type="button" onClick={() => setCreating(true)} className="btn-primary">
          <Plus aria-hidden className="mr-1.5 size-4" /> New project
        </button>
      </div>
      <FilterBar>
        <SearchBox
          label="Search projects"
          placeholder="Search name, address, city…"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          label="Filter by type"
          allLabel="All types"
          values={PROJECT_TYPES}
          value={type}
          onChange={filterBy("type")}
        />
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          values={PROJECT_STATUSES}
          value={status}
          onChange={filterBy("status")}
        />
      </FilterBar>
      <ListStates
        noun={{ one: "project", many: "projects" }}
        icon={FolderKanban}
        skeleton="list"
        count={projects.length}
        loading={loading}
        failure={data ? null : MESSAGES.fetchProjects}
        onRetry={retry}
        filtered={Boolean(q || type || status)}
        empty={{
          title: "No projects yet",
          text: "A project is a deal you are working on: a flip, a rental, a wholesale assignment. Give it a status to track it through your pipeline, then link the people and documents around it.",
          action: (
            <button type="button" onClick={() => setCreating(true)} className="btn-primary">
              Create your first project
            </button>
          ),
        }}
        meta={meta}
        onPage={(next) => update({ page: next > 1 ? String(next) : null })}
      >
        <ul
          aria-label="Projects"
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
        >
          {projects.map((project) => (
            <li key={project.id}>
              <button
                type="button"
                onClick={() => open(project.id)}
                className="grid w-full gap-1 px-5 py-4 text-left hover:bg-raised sm:grid-cols-[minmax(0,2fr)_auto_minmax(0,1fr)_auto] sm:items-center sm:gap-4"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{project.name}</span>
                  <span className="block truncate text-sm text-muted">
                    {formatAddress(project) || label(project.type)}
                  </span>
                </span>
                {/* On a phone, one line under the name; from 640 px, columns of the row. */}
                <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 sm:contents">
                  <Badge tone={STATUS_TONE[project.status] ?? "neutral"}>
                    {label(project.status)}
                  </Badge>
                  <span className="text-sm text-muted">{label(project.type)}</span>
                  <span className="text-sm tabular-nums sm:text-right">
                    {formatMoney(project.budget)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </ListStates>
      <Modal open={creating} title="New project" onClose={() => setCreating(false)} wide>
        {/* The store appends the new project at once; closing the form reads the list again. */}
        <ProjectForm onSave={createProject} onDone={() => setCreating(false)} />
      </Modal>
    </div>
  );
}
