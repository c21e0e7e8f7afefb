/**
 * A project's page (/project-hub/projects/:projectId), as its route's loader read it: its figures,
 * the people and documents around it, its property. Each change posts to the route's action:
 * the edit against the version shown, linking and unlinking with forms that work without
 * JavaScript too, the delete behind a confirmation. A viewer reads it all and changes none of it.
 */
import { Form, Link, useActionData } from "@remix-run/react";
import { FileText, Home, Pencil, Plus, UserPlus, Users, X } from "lucide-react";
import { useMemo, useState } from "react";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import { RecordPicker } from "~/components/record-picker";
import { Badge, ErrorNotice, Figure, Modal } from "~/components/ui";
import { formatAddress, formatDate, formatMoney } from "~/domain/format";
import { documentPath, modulePath } from "~/domain/modules";
import { contactName, label } from "~/domain/workspace";
import type { ProjectDetail } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import { refusalOf } from "~/lib/record-action";
import type { RecordHistory } from "~/lib/record-history";
import { useRecordAction } from "~/lib/use-record-action";
import { toast } from "~/lib/toast";
import { FilesPanel, type RecordFiles } from "../files/files-panel";
import { BackLink, FormActions } from "../shared";
import type { AssignableMember as Member } from "~/domain/assignees";
import type { ProjectActionData } from "./project.server";
import { ProjectFields } from "./project-form";
import { STATUS_TONE } from "./project-status";

/** A form that changes one link of the project (a contact, a Drive file): `intent` and its id. */
function LinkChange(props: {
  intent: "link-contact" | "unlink-contact" | "unlink-file";
  field: "contactId" | "fileId";
  id: string;
  label: string;
}) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name={props.field} value={props.id} />
      <button
        type="submit"
        aria-label={props.label}
        className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
      >
        <X aria-hidden className="size-4" />
      </button>
    </Form>
  );
}

export function ProjectPage({
  project,
  files,
  members,
  history,
}: {
  project: ProjectDetail;
  files: RecordFiles;
  members: Member[];
  history: RecordHistory;
}) {
  // Without JavaScript the page itself was posted: what was refused comes back with it.
  const refused = refusalOf(useActionData<ProjectActionData>());
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState("");
  const edit = useRecordAction<ProjectActionData>("project", {
    onSaved: () => {
      setEditing(false);
      toast.success("Project saved");
    },
    onReload: () => setEditing(false),
  });
  const linked = useMemo(() => new Set(project.contacts.map((contact) => contact.id)), [project]);
  const canWrite = useCanWrite();

  return (
    <article>
      <BackLink to={modulePath("project-hub")}>All projects</BackLink>
      {refused && <ErrorNotice message={refused} />}
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">{project.name}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={STATUS_TONE[project.status] ?? "neutral"}>{label(project.status)}</Badge>
            {label(project.type)}
            {project.address && <span>· {formatAddress(project)}</span>}
          </p>
        </div>
        {canWrite && (
          <button type="button" onClick={() => setEditing(true)} className="btn-secondary">
            <Pencil aria-hidden className="size-4" /> Edit
          </button>
        )}
      </header>
      <div className="mb-8 grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-4">
        {(
          [
            ["Budget", formatMoney(project.budget)],
            ["Purchase price", formatMoney(project.purchasePrice)],
            ["Target close", formatDate(project.targetCloseDate)],
            ["Updated", formatDate(project.updatedAt)],
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <Figure term={term} value={value} />
          </div>
        ))}
        {project.description && (
          <p className="whitespace-pre-wrap text-sm text-muted sm:col-span-4">
            {project.description}
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
          {project.contacts.length === 0 ? (
            <p className="text-sm text-muted">
              No one linked yet: add the agent, lender or contractor on this deal.
            </p>
          ) : (
            <ul className="mb-4 divide-y divide-line">
              {project.contacts.map((contact) => (
                <li key={contact.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">
                      {contactName(contact)}
                    </span>
                    <span className="block text-xs text-muted">{label(contact.type)}</span>
                  </span>
                  {canWrite && (
                    <LinkChange
                      intent="unlink-contact"
                      field="contactId"
                      id={contact.id}
                      label={`Unlink ${contactName(contact)}`}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          {canWrite && (
            <Form
              method="post"
              preventScrollReset
              className="mt-3 flex gap-2"
              onSubmit={(event) => {
                if (!choice) event.preventDefault();
                else setChoice("");
              }}
            >
              <input type="hidden" name="intent" value="link-contact" />
              <div className="min-w-0 flex-1">
                <RecordPicker
                  id="project-contact-link"
                  name="contactId"
                  label="Contact to link"
                  hideLabel
                  value={choice}
                  onChange={setChoice}
                  kind="contact"
                  except={linked}
                />
              </div>
              <button
                type="submit"
                disabled={!choice}
                className="btn-secondary shrink-0 disabled:opacity-50"
              >
                <UserPlus aria-hidden className="size-4" /> Link
              </button>
            </Form>
          )}
        </section>

        <section
          aria-labelledby="project-documents"
          className="rounded-2xl border border-line bg-surface p-5"
        >
          <h3 id="project-documents" className="mb-3 flex items-center gap-2 font-medium">
            <FileText aria-hidden className="size-4 text-accent" /> Documents
          </h3>
          {project.documents.length === 0 ? (
            <p className="text-sm text-muted">
              No documents yet: keep the contract, the rehab checklist or your notes here.
            </p>
          ) : (
            <ul className="divide-y divide-line">
              {project.documents.map((doc) => (
                <li key={doc.id} className="py-2">
                  <Link to={documentPath(doc.id)} className="text-sm font-medium hover:text-accent">
                    {doc.title}
                  </Link>
                  <span className="ml-2 text-xs text-muted">
                    {label(doc.kind)} · {formatDate(doc.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {project.files.length > 0 && (
            <>
              <h4 className="mt-4 text-sm font-medium text-muted">From Google Drive</h4>
              <ul className="divide-y divide-line" data-testid="project-files">
                {project.files.map((file) => (
                  <li key={file.id} className="flex items-center gap-2 py-2">
                    <a
                      href={file.webViewLink}
                      target="_blank"
                      rel="noreferrer noopener"
                      className="min-w-0 flex-1 truncate text-sm font-medium hover:text-accent"
                    >
                      {file.name}
                    </a>
                    {canWrite && (
                      <LinkChange
                        intent="unlink-file"
                        field="fileId"
                        id={file.id}
                        label={`Unlink ${file.name}`}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {canWrite && (
            <Link to={documentPath("new", { project: project.id })} className="btn-secondary mt-4">
              <Plus aria-hidden className="size-4" /> New document
            </Link>
          )}
        </section>

        <FilesPanel
          ownerType="project"
          ownerId={project.id}
          files={files}
          className="lg:col-span-2"
        />

        {project.property && (
          <section
            aria-labelledby="project-property"
            className="rounded-2xl border border-line bg-surface p-5 lg:col-span-2"
          >
            <h3 id="project-property" className="mb-2 flex items-center gap-2 font-medium">
              <Home aria-hidden className="size-4 text-accent" /> Property
            </h3>
            <p className="text-sm">{formatAddress(project.property)}</p>
            <p className="mt-1 text-sm text-muted">
              List {formatMoney(project.property.listPrice)} · ARV{" "}
              {formatMoney(project.property.arv)} · Rent{" "}
              {formatMoney(project.property.rentEstimate)}
            </p>
          </section>
        )}
      </div>

      <HistoryPanel history={history} className="mt-6" />

      <DeleteRecord
        summary="Delete this project…"
        consequence={
          <>“{project.name}” will be deleted. Its documents stay in your Project Hub, unlinked.</>
        }
        confirmLabel="Delete project"
        version={project.updatedAt}
        className="mt-6"
      />

      <Modal open={editing} title="Edit project" onClose={() => setEditing(false)} wide>
        <form method="post" onSubmit={edit.onSubmit} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="version" value={project.updatedAt} />
          <ProjectFields project={project} members={members} errors={edit.fieldErrors} />
          <FormActions
            posts
            saving={edit.busy}
            failure={edit.refusal}
            submitLabel="Save changes"
            onCancel={() => setEditing(false)}
          />
        </form>
      </Modal>
    </article>
  );
}
