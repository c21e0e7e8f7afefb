/** Project Hub's documents tab: every document, searched and filtered by kind in the URL. */
import { Link } from "@remix-run/react";
import { FileText, Plus } from "lucide-react";
import { useMemo } from "react";
import { Badge, EmptyState, ErrorNotice } from "~/components/ui";
import { formatDate } from "~/domain/format";
import { documentPath } from "~/domain/modules";
import { ENTRY_KINDS, label } from "~/domain/workspace";
import type { Entry } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import { useEntriesFrom } from "~/lib/stores/entries";
import {
  FilterBar,
  FilterSelect,
  SearchBox,
  usePageReading,
  useQueryParams,
  useSearchParam,
} from "../shared";

/** A project a document may be linked to, by name. */
export interface ProjectName {
  id: string;
  name: string;
}

/**
 * The documents as Project Hub's loader read them (project-hub.server.ts), through the entries
 * store (which keeps them in local storage): every document, with the names of the projects they
 * are linked to. The search and the kind are in the URL and filter the list where it shows.
 */
export function DocumentsTab(props: { entries: Entry[]; projectNames: ProjectName[] }) {
  const [params, show] = useQueryParams();
  const { retry } = usePageReading();
  const { entries, error } = useEntriesFrom(props.entries);
  const projects = props.projectNames;
  const [search, setSearch] = useSearchParam();
  const kind = params.get("kind") ?? "";
  const canWrite = useCanWrite();

  const q = params.get("q") ?? "";
  const visible = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return entries.filter(
      (e) =>
        (!kind || e.kind === kind) &&
        (!needle || `${e.title}\n${e.content}\n${e.tags.join(" ")}`.toLowerCase().includes(needle)),
    );
  }, [entries, q, kind]);

  const projectName = (id: string | null) => projects.find((p) => p.id === id)?.name;
  return (
    <div>
      {canWrite && (
        <div className="mb-4 flex justify-end">
          <Link to={documentPath("new")} className="btn-primary">
            <Plus aria-hidden className="mr-1.5 size-4" /> New document
          </Link>
        </div>
      )}
      <FilterBar>
        <SearchBox
          label="Search documents"
          placeholder="Search title, text, tag…"
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          label="Filter by kind"
          allLabel="All kinds"
          values={ENTRY_KINDS}
          value={kind}
          onChange={(value) => show({ kind: value || null })}
        />
      </FilterBar>
      {error && <ErrorNotice message={error} onRetry={retry} />}
      {visible.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={entries.length ? "No document matches" : "No documents yet"}
          action={
            !entries.length &&
            canWrite && (
              <Link to={documentPath("new")} className="btn-primary">
                Write your first document
              </Link>
            )
          }
        >
          {entries.length
            ? "Try another search, or clear the filter."
            : "Keep contracts, rehab checklists, offer notes and market reports here, in Markdown, linked to their project."}
        </EmptyState>
      ) : (
        <ul
          aria-label="Documents"
          className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
        >
          {visible.map((entry) => (
            <li key={entry.id}>
              <Link
                to={documentPath(entry.id)}
                className="flex w-full flex-wrap items-center gap-3 px-5 py-3 text-left hover:bg-raised"
              >
                <FileText aria-hidden className="size-4 shrink-0 text-accent" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{entry.title}</span>
                  <span className="block truncate text-sm text-muted">
                    {entry.projectId
                      ? (projectName(entry.projectId) ?? "In a project")
                      : "No project"}{" "}
                    · updated {formatDate(entry.updatedAt)}
                  </span>
                </span>
                <Badge>{label(entry.kind)}</Badge>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
