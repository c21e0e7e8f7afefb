import { Link } from "@remix-run/react";
import {
  FileText,
  FolderKanban,
  Home,
  Pencil,
  Plus,
  Trash2,
  UserPlus,
  Users,
  X,
} from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Skeleton } from "~/components/skeleton";
import {
  Badge,
  ConfirmDialog,
  EmptyState,
  ErrorNotice,
  Modal,
  money,
  Pagination,
  shortDate,
} from "~/components/ui";
import { modulePath } from "~/domain/modules";
import {
  contactName,
  label,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  type ProjectInput,
} from "~/domain/workspace";
import {
  contactsApi,
  projectsApi,
  type Contact,
  type Project,
  type ProjectDetail,
} from "~/lib/api/workspace";
import { useProjects } from "~/lib/stores/projects";
import { ProjectForm } from "./project-form";
import {
  BackLink,
  deleteWithUndo,
  FilterBar,
  toastFailure,
  useDebounced,
  FilterSelect,
  SearchBox,
  useDialogParam,
  useQueryParams,
  withFirstPage,
} from "../shared";

const STATUS_TONE: Record<string, "neutral" | "accent" | "success" | "danger"> = {
  sold: "success",
  active: "success",
  archived: "neutral",
  under_contract: "accent",
  rehab: "accent",
};

function projectInput(project: Project): Partial<ProjectInput> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...input } = project;
  return input;
}

export function ProjectsTab() {
  const [params, update] = useQueryParams();
  const openId = params.get("project");
  const [creating, setCreating] = useDialogParam("new");
  const { projects, meta, loading, error, fetchProjects, createProject } = useProjects((s) => s);
  const [search, setSearch] = useState("");
  const [type, setType] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const toFirstPage = withFirstPage(setPage);
  const q = useDebounced(search);

  const reload = useCallback(
    () => fetchProjects({ q, type, status, page, limit: 20 }),
    [fetchProjects, q, type, status, page],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const open = (id: string | null) => update({ project: id });

  if (openId) return <ProjectDetailView id={openId} onBack={() => open(null)} onChanged={reload} />;

  const filtered = Boolean(q || type || status);
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button type="button" onClick={() => setCreating(true)} className="btn-primary">
          <Plus aria-hidden className="mr-1.5 size-4" /> New project
        </button>
      </div>
      <FilterBar>
        <SearchBox
          label="Search projects"
          placeholder="Search name, address, city…"
          value={search}
          onChange={toFirstPage(setSearch)}
        />
        <FilterSelect
          label="Filter by type"
          allLabel="All types"
          values={PROJECT_TYPES}
          value={type}
          onChange={toFirstPage(setType)}
        />
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          values={PROJECT_STATUSES}
          value={status}
          onChange={toFirstPage(setStatus)}
        />
      </FilterBar>
      {error && <ErrorNotice message={error} onRetry={reload} />}
      {loading && projects.length === 0 ? (
        <Skeleton variant="list" />
      ) : projects.length === 0 && !error ? (
        filtered ? (
          <EmptyState icon={FolderKanban} title="No project matches">
            Try another search, or clear the filters.
          </EmptyState>
        ) : (
          <EmptyState
            icon={FolderKanban}
            title="No projects yet"
            action={
              <button type="button" onClick={() => setCreating(true)} className="btn-primary">
                Create your first project
              </button>
            }
          >
            A project is a deal you are working on: a flip, a rental, a wholesale assignment. Give
            it a status to track it through your pipeline, then link the people and documents around
            it.
          </EmptyState>
        )
      ) : (
        <>
          <ul
            aria-label="Projects"
            className={`divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface ${loading ? "opacity-60" : ""}`}
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
                      {[project.address, project.city, project.state].filter(Boolean).join(", ") ||
                        label(project.type)}
                    </span>
                  </span>
                  {/* On a phone, one line under the name; from 640 px, columns of the row. */}
                  <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 sm:contents">
                    <Badge tone={STATUS_TONE[project.status] ?? "neutral"}>
                      {label(project.status)}
                    </Badge>
                    <span className="text-sm text-muted">{label(project.type)}</span>
                    <span className="text-sm tabular-nums sm:text-right">
                      {money(project.budget)}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {meta && <Pagination meta={meta} onPage={setPage} noun="projects" />}
        </>
      )}
      <Modal open={creating} title="New project" onClose={() => setCreating(false)} wide>
        <ProjectForm onSave={createProject} onDone={() => setCreating(false)} />
      </Modal>
    </div>
  );
}

function ProjectDetailView(props: { id: string; onBack: () => void; onChanged: () => void }) {
  const [detail, setDetail] = useState<ProjectDetail | null>(null);
  const [failure, setFailure] = useState("");
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [contacts, setContacts] = useState<Contact[]>([]);
  const [choice, setChoice] = useState("");
  const { updateProject, deleteProject, createProject } = useProjects((s) => s);

  const load = useCallback(async () => {
    try {
      setDetail(await projectsApi.get(props.id));
      setFailure("");
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }, [props.id]);

  useEffect(() => {
    void load();
    contactsApi.list({ limit: 100 }).then((page) => setContacts(page.items), toastFailure);
  }, [load]);

  if (failure) {
    return (
      <div>
        <BackLink onBack={props.onBack}>All projects</BackLink>
        <ErrorNotice message={failure} onRetry={load} />
      </div>
    );
  }
  if (!detail) return <Skeleton variant="default" />;

  const linkable = contacts.filter((c) => !detail.contacts.some((linked) => linked.id === c.id));
  const remove = async () => {
    setConfirming(false);
    const { contacts: linked } = detail;
    const removed = await deleteWithUndo({
      what: `Project “${detail.name}”`,
      remove: () => deleteProject(detail.id),
      restore: async () => {
        const project = await createProject(projectInput(detail));
        await Promise.all(linked.map((c) => projectsApi.linkContact(project.id, c.id)));
      },
    });
    if (removed) props.onBack();
  };

  return (
    <article>
      <BackLink onBack={props.onBack}>All projects</BackLink>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">{detail.name}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={STATUS_TONE[detail.status] ?? "neutral"}>{label(detail.status)}</Badge>
            {label(detail.type)}
            {detail.address && (
              <span>
                ·{" "}
                {[detail.address, detail.city, detail.state, detail.zip].filter(Boolean).join(", ")}
              </span>
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" onClick={() => setEditing(true)} className="btn-secondary">
            <Pencil aria-hidden className="size-4" /> Edit
          </button>
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="btn-secondary text-danger"
          >
            <Trash2 aria-hidden className="size-4" /> Delete
          </button>
        </div>
      </header>
      <dl className="mb-8 grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-4">
        <Figure term="Budget" value={money(detail.budget)} />
        <Figure term="Purchase price" value={money(detail.purchasePrice)} />
        <Figure term="Target close" value={shortDate(detail.targetCloseDate)} />
        <Figure term="Updated" value={shortDate(detail.updatedAt)} />
        {detail.description && (
          <p className="whitespace-pre-wrap text-sm text-muted sm:col-span-4">
            {detail.description}
          </p>
        )}
      </dl>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section
          aria-labelledby="project-contacts"
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h3 id="project-contacts" className="mb-3 flex items-center gap-2 font-medium">
            <Users aria-hidden className="size-4 text-accent" /> Contacts
          </h3>
          {detail.contacts.length === 0 ? (
            <p className="text-sm text-muted">
              No one linked yet: add the agent, lender or contractor on this deal.
            </p>
          ) : (
            <ul className="mb-4 divide-y divide-line">
              {detail.contacts.map((contact) => (
                <li key={contact.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">
                      {contactName(contact)}
                    </span>
                    <span className="block text-xs text-muted">{label(contact.type)}</span>
                  </span>
                  <button
                    type="button"
                    aria-label={`Unlink ${contactName(contact)}`}
                    onClick={() =>
                      projectsApi.unlinkContact(detail.id, contact.id).then(load, toastFailure)
                    }
                    className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
                  >
                    <X aria-hidden className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form
            className="mt-3 flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!choice) return;
              projectsApi.linkContact(detail.id, choice).then(() => {
                setChoice("");
                return load();
              }, toastFailure);
            }}
          >
            <select
              aria-label="Contact to link"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              className="input"
            >
              <option value="">
                {linkable.length ? "Choose a contact…" : "No other contacts"}
              </option>
              {linkable.map((c) => (
                <option key={c.id} value={c.id}>
                  {contactName(c)}
                </option>
              ))}
            </select>
            <button
              type="submit"
              disabled={!choice}
              className="btn-secondary shrink-0 disabled:opacity-50"
            >
              <UserPlus aria-hidden className="size-4" /> Link
            </button>
          </form>
        </section>

        <section
          aria-labelledby="project-documents"
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h3 id="project-documents" className="mb-3 flex items-center gap-2 font-medium">
            <FileText aria-hidden className="size-4 text-accent" /> Documents
          </h3>
          {detail.documents.length === 0 ? (
            <p className="text-sm text-muted">
              No documents yet: keep the contract, the rehab checklist or your notes here.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {detail.documents.map((doc) => (
                <li key={doc.id} className="py-2">
                  <Link
                    to={modulePath("project-hub", { tab: "documents", doc: doc.id })}
                    className="text-sm font-medium hover:text-accent"
                  >
                    {doc.title}
                  </Link>
                  <span className="ml-2 text-xs text-muted">
                    {label(doc.kind)} · {shortDate(doc.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link
            to={modulePath("project-hub", { tab: "documents", new: detail.id })}
            className="btn-secondary mt-4"
          >
            <Plus aria-hidden className="size-4" /> New document
          </Link>
        </section>

        {detail.property && (
          <section
            aria-labelledby="project-property"
            className="rounded-2xl border border-line bg-surface p-5 lg:col-span-2"
          >
            <h3 id="project-property" className="mb-2 flex items-center gap-2 font-medium">
              <Home aria-hidden className="size-4 text-accent" /> Property
            </h3>
            <p className="text-sm">
              {[detail.property.address, detail.property.city, detail.property.state]
                .filter(Boolean)
                .join(", ")}
            </p>
            <p className="mt-1 text-sm text-muted">
              List {money(detail.property.listPrice)} · ARV {money(detail.property.arv)} · Rent{" "}
              {money(detail.property.rentEstimate)}
            </p>
          </section>
        )}
      </div>

      <Modal open={editing} title="Edit project" onClose={() => setEditing(false)} wide>
        <ProjectForm
          project={detail}
          onSave={async (input) => {
            await updateProject(detail.id, input);
            await load();
            props.onChanged();
          }}
          onDone={() => setEditing(false)}
        />
      </Modal>
      <ConfirmDialog
        open={confirming}
        title="Delete this project?"
        message={
          <>“{detail.name}” will be deleted. Its documents stay in your Project Hub, unlinked.</>
        }
        confirmLabel="Delete project"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </article>
  );
}

function Figure(props: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-xs tracking-wide text-muted uppercase">{props.term}</dt>
      <dd className="mt-1 font-medium tabular-nums">{props.value}</dd>
    </div>
  );
}
