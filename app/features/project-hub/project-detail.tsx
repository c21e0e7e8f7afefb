/** One project: its figures, the people and documents around it, its property; edit, delete. */
import { Link } from "@remix-run/react";
import { FileText, Home, Pencil, Plus, Trash2, UserPlus, Users, X } from "lucide-react";
import { useMemo, useState } from "react";
import { RecordPicker } from "~/components/record-picker";
import { Skeleton } from "~/components/skeleton";
import { Badge, ConfirmDialog, ErrorNotice, Figure, Modal } from "~/components/ui";
import { formatAddress, formatDate, formatMoney } from "~/domain/format";
import { modulePath } from "~/domain/modules";
import { contactName, label, type ProjectInput } from "~/domain/workspace";
import { projectsApi, type Project } from "~/lib/api/workspace";
import { MESSAGES } from "~/lib/api/messages";
import { sendVersioned } from "~/lib/changed-elsewhere";
import { useModuleData } from "~/lib/module-data";
import { contactSource } from "~/lib/record-sources";
import { useProjects } from "~/lib/stores/projects";
import { FilesPanel } from "../files/files-panel";
import { ProjectForm } from "./project-form";
import { BackLink, deleteWithUndo, toastFailure } from "../shared";

export const STATUS_TONE: Record<string, "neutral" | "accent" | "success" | "danger"> = {
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

/**
 * The project the URL opens (`project`), as the `$` route's loader read it; after a change it is
 * read again through Remix (`load`).
 */
export function ProjectDetailView(props: { id: string; onBack: () => void }) {
  const { data, retry: load } = useModuleData("project-hub");
  const read = data?.tab === "projects" && data.project?.id === props.id ? data.project : null;
  /** Undefined while it is being read; null when the user has no project with this id. */
  const detail = read ? read.detail : undefined;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [choice, setChoice] = useState("");
  const { updateProject, deleteProject, createProject } = useProjects((s) => s);

  const linkable = useMemo(
    () => contactSource(new Set(detail?.contacts.map((contact) => contact.id))),
    [detail],
  );

  if (data === null || detail === null) {
    return (
      <div>
        <BackLink onBack={props.onBack}>All projects</BackLink>
        <ErrorNotice message={MESSAGES.fetchProject} onRetry={load} />
      </div>
    );
  }
  if (!detail) return <Skeleton variant="default" />;

  const remove = async () => {
    setConfirming(false);
    const { contacts: linked } = detail;
    const removed = await deleteWithUndo({
      what: `Project “${detail.name}”`,
      remove: (ifMatch) => deleteProject(detail.id, ifMatch),
      version: { kind: "project", updatedAt: detail.updatedAt, reload: load },
      restore: async () => {
        const project = await createProject(projectInput(detail));
        await Promise.all(linked.map((c) => projectsApi.linkContact(project.id, c.id)));
        load();
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
            {detail.address && <span>· {formatAddress(detail)}</span>}
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
      <div className="mb-8 grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-4">
        {(
          [
            ["Budget", formatMoney(detail.budget)],
            ["Purchase price", formatMoney(detail.purchasePrice)],
            ["Target close", formatDate(detail.targetCloseDate)],
            ["Updated", formatDate(detail.updatedAt)],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <Figure term={term} value={value} />
          </div>
        ))}
        {detail.description && (
          <p className="whitespace-pre-wrap text-sm text-muted sm:col-span-4">
            {detail.description}
          </p>
        )}
      </div>

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
            <div className="min-w-0 flex-1">
              <RecordPicker
                id="project-contact-link"
                label="Contact to link"
                hideLabel
                value={choice}
                onChange={setChoice}
                source={linkable}
              />
            </div>
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
                    {label(doc.kind)} · {formatDate(doc.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {detail.files.length > 0 && (
            <>
              <h4 className="mt-4 text-sm font-medium text-muted">From Google Drive</h4>
              <ul className="divide-y divide-line" data-testid="project-files">
                {detail.files.map((file) => (
                  <li key={file.id} className="flex items-center gap-2 py-2">
                    <a
                      href={file.webViewLink}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="min-w-0 flex-1 truncate text-sm font-medium hover:text-accent"
                    >
                      {file.name}
                    </a>
                    <button
                      type="button"
                      onClick={() =>
                        void projectsApi.unlinkFile(detail.id, file.id).then(load, toastFailure)
                      }
                      aria-label={`Unlink ${file.name}`}
                      className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                    >
                      <X aria-hidden className="size-4" />
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Link
            to={modulePath("project-hub", { tab: "documents", new: detail.id })}
            className="btn-secondary mt-4"
          >
            <Plus aria-hidden className="size-4" /> New document
          </Link>
        </section>

        <FilesPanel ownerType="project" ownerId={detail.id} className="lg:col-span-2" />

        {detail.property && (
          <section
            aria-labelledby="project-property"
            className="rounded-2xl border border-line bg-surface p-5 lg:col-span-2"
          >
            <h3 id="project-property" className="mb-2 flex items-center gap-2 font-medium">
              <Home aria-hidden className="size-4 text-accent" /> Property
            </h3>
            <p className="text-sm">{formatAddress(detail.property)}</p>
            <p className="mt-1 text-sm text-muted">
              List {formatMoney(detail.property.listPrice)} · ARV {formatMoney(detail.property.arv)}{" "}
              · Rent {formatMoney(detail.property.rentEstimate)}
            </p>
          </section>
        )}
      </div>

      <Modal open={editing} title="Edit project" onClose={() => setEditing(false)} wide>
        <ProjectForm
          project={detail}
          onSave={async (input) => {
            // Reloaded after a 412 or saved, the detail shows the project as it now is.
            await sendVersioned({
              what: "project",
              version: detail.updatedAt,
              send: (ifMatch) => updateProject(detail.id, input, ifMatch),
              reload: () => undefined,
            });
            load();
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
