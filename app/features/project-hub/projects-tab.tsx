import { Link } from "@remix-run/react";
import { FolderKanban, Plus } from "lucide-react";
import { AssigneeBadge } from "~/components/assignee";
import { ListStates } from "~/components/list-states";
import { Badge } from "~/components/ui";
import { formatAddress, formatMoney } from "~/domain/format";
import { projectPath } from "~/domain/modules";
import { label, PROJECT_STATUSES, PROJECT_TYPES } from "~/domain/workspace";
import type { Page, Project } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import { useProjectsFrom } from "~/lib/stores/projects";
import { STATUS_TONE } from "./project-status";
import {
  ExportCsvLink,
  FilterBar,
  FilterSelect,
  MineFilter,
  SearchBox,
  usePageReading,
  useQueryParams,
  useSearchParam,
} from "../shared";

/**
 * The projects list as Project Hub's loader read it (project-hub.server.ts), through the projects
 * store: its search, filters and page are in the URL, so the HTML arrives with the page the URL
 * names and a change of them reads the list again through Remix. A viewer gets no New project.
 */
export function ProjectsTab(props: { projects: Page<Project> }) {
  const [params, update] = useQueryParams();
  const { loading } = usePageReading();
  const { projects, meta } = useProjectsFrom(props.projects);
  const [search, setSearch] = useSearchParam();
  const canWrite = useCanWrite();

  const q = params.get("q") ?? "";
  const type = params.get("type") ?? "";
  const status = params.get("status") ?? "";
  const assignee = params.get("assignee") ?? "";
  const filterBy = (name: "type" | "status") => (value: string) =>
    update({ [name]: value || null, page: null });

  return (
    <div>
      <div className="mb-4 flex justify-end gap-2">
        <MineFilter />
        <ExportCsvLink list="projects" query={{ q, type, status, assignee }} />
        {canWrite && (
          <Link to={projectPath("new")} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> New project
          </Link>
        )}
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
        filtered={Boolean(q || type || status || assignee)}
        empty={{
          title: "No projects yet",
          text: "A project is a deal you are working on: a flip, a rental, a wholesale assignment. Give it a status to track it through your pipeline, then link the people and documents around it.",
          action: canWrite && (
            <Link to={projectPath("new")} className="btn-primary">
              Create your first project
            </Link>
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
              <Link
                to={projectPath(project.id)}
                className="grid w-full gap-1 px-5 py-4 text-left hover:bg-raised sm:grid-cols-[minmax(0,2fr)_auto_minmax(0,1fr)_auto_1.75rem] sm:items-center sm:gap-4"
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
                  <AssigneeBadge assignee={project.assignee ?? null} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </ListStates>
    </div>
  );
}
