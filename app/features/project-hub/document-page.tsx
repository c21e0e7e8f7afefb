/**
 * A document's page (/project-hub/documents/:entryId), or the form that writes a new one
 * (/project-hub/documents/new): its title, kind, project and tags, and its Markdown text with a
 * preview. Saved and deleted through the route's action, with JavaScript or without. A viewer
 * reads the document as its preview shows it, and gets no form.
 */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import type { RecordHistory } from "~/lib/record-history";
import { FormMessage, SelectField, SubmitButton, TextField } from "~/components/form";
import { Markdown } from "~/components/markdown";
import { RecordPicker } from "~/components/record-picker";
import { Badge } from "~/components/ui";
import { ViewerNotice } from "~/components/viewer-notice";
import { modulePath, projectPath } from "~/domain/modules";
import { ENTRY_KINDS, label } from "~/domain/workspace";
import type { Entry } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import {
  fieldErrorsOf,
  refusalOf,
  typedIn,
  useFormFields,
  type RecordActionData,
  type Refused,
} from "~/lib/record-action";
import { useRecordAction } from "~/lib/use-record-action";
import { entriesStore } from "~/lib/stores/entries";
import { toast } from "~/lib/toast";
import { BackLink, options } from "../shared";

/** The editor's fields for a document (or a new one, linked to `projectId`). */
const entryValues = (entry: Entry | undefined, projectId = "") => ({
  title: entry?.title ?? "",
  kind: entry?.kind ?? "note",
  projectId: entry?.projectId ?? projectId,
  tags: entry?.tags.join(", ") ?? "",
  content: entry?.content ?? "",
});

const DOCUMENTS = modulePath("project-hub", { tab: "documents" });

function DocumentFields(props: {
  fields: ReturnType<typeof useFormFields<ReturnType<typeof entryValues>>>;
  failure: string;
  busy: boolean;
  submitLabel: string;
}) {
  const { field } = props.fields;
  const [mode, setMode] = useState<"write" | "preview">("write");
  const content = field("content");
  return (
    <>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
        <TextField {...field("title")} label="Title" />
        <SelectField {...field("kind")} label="Kind" options={options(ENTRY_KINDS)} />
        <RecordPicker
          {...field("projectId")}
          label="Project"
          kind="project"
          noneLabel="No project"
        />
      </div>
      <div className="mt-4">
        <TextField {...field("tags")} label="Tags (comma-separated)" required={false} />
      </div>
      <div className="mt-4 overflow-hidden rounded-2xl border border-line bg-surface">
        <div role="tablist" aria-label="Editor mode" className="flex border-b border-line">
          {(["write", "preview"] as const).map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              onClick={() => setMode(m)}
              className={`px-4 py-2 text-sm ${mode === m ? "border-b-2 border-accent text-fg" : "text-muted hover:text-fg"}`}
            >
              {m === "write" ? "Write" : "Preview"}
            </button>
          ))}
          <span className="ml-auto self-center px-4 text-xs text-muted">Markdown</span>
        </div>
        {/* Kept in the form while the preview shows, so a save sends the text. */}
        <textarea
          id={content.id}
          name={content.name}
          hidden={mode !== "write"}
          aria-label="Content (Markdown)"
          aria-invalid={content.error ? true : undefined}
          value={content.value}
          onChange={(e) => content.onChange(e.target.value)}
          rows={16}
          placeholder={"# Offer notes\n\n- Max bid: $210,000\n- Inspection contingency: 10 days"}
          className="block w-full resize-y bg-transparent p-4 font-mono text-sm outline-none"
        />
        {mode === "preview" && (
          <div className="min-h-64 p-4" data-testid="markdown-preview">
            {content.value.trim() ? (
              <Markdown>{content.value}</Markdown>
            ) : (
              <p className="text-muted">Nothing to preview yet.</p>
            )}
          </div>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <FormMessage kind="error">{content.error ?? props.failure}</FormMessage>
        <div className="ml-auto">
          <SubmitButton inline posts busy={props.busy} busyLabel="Saving...">
            {props.submitLabel}
          </SubmitButton>
        </div>
      </div>
    </>
  );
}

/** A new document, linked to `projectId` when given; its page once created. */
export function NewDocumentPage(props: { projectId: string | null }) {
  const canWrite = useCanWrite();
  return canWrite ? (
    <NewDocumentForm projectId={props.projectId} />
  ) : (
    <div>
      <BackLink to={DOCUMENTS}>All documents</BackLink>
      <ViewerNotice what="write documents" />
    </div>
  );
}

function NewDocumentForm(props: { projectId: string | null }) {
  const answer = useActionData<Refused>();
  const { state } = useNavigation();
  const fields = useFormFields(
    { ...entryValues(undefined, props.projectId ?? ""), ...typedIn(answer) },
    "doc",
    fieldErrorsOf(answer),
  );
  return (
    <Form method="post" noValidate>
      <BackLink to={DOCUMENTS}>All documents</BackLink>
      <DocumentFields
        fields={fields}
        failure={refusalOf(answer)}
        busy={state === "submitting"}
        submitLabel="Create document"
      />
    </Form>
  );
}

export function DocumentPage({ entry, history }: { entry: Entry; history: RecordHistory }) {
  const canWrite = useCanWrite();
  return canWrite ? (
    <DocumentEditor entry={entry} history={history} />
  ) : (
    <DocumentReading entry={entry} history={history} />
  );
}

/** A document as a viewer reads it: its title, kind, tags and project, and its text rendered. */
function DocumentReading({ entry, history }: { entry: Entry; history: RecordHistory }) {
  return (
    <article>
      <BackLink to={DOCUMENTS}>All documents</BackLink>
      <h2 className="text-xl font-semibold">{entry.title}</h2>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <Badge>{label(entry.kind)}</Badge>
        {entry.tags.map((tag) => (
          <Badge key={tag} tone="accent">
            {tag}
          </Badge>
        ))}
        {entry.projectId && (
          <Link to={projectPath(entry.projectId)} className="text-accent underline">
            Open its project
          </Link>
        )}
      </p>
      <div className="mt-4 rounded-2xl border border-line bg-surface p-4">
        {entry.content.trim() ? (
          <Markdown>{entry.content}</Markdown>
        ) : (
          <p className="text-muted">No text yet.</p>
        )}
      </div>
      <HistoryPanel history={history} className="mt-6" />
    </article>
  );
}

function DocumentEditor({ entry, history }: { entry: Entry; history: RecordHistory }) {
  // Without JavaScript the page itself was posted: what was refused comes back with it.
  const posted = useActionData<Refused>();
  const reloading = useRef(false);
  const save = useRecordAction<RecordActionData>("document", {
    onSaved: () => toast.success("Document saved"),
    onReload: () => (reloading.current = true),
  });
  const fields = useFormFields({ ...entryValues(entry), ...typedIn(posted) }, "doc", {
    ...fieldErrorsOf(posted),
    ...save.fieldErrors,
  });
  const { setValues } = fields;

  useEffect(() => {
    // The entries store (kept under project-hub-storage) holds the document as it now is.
    entriesStore.getState().receiveEntry(entry);
    // Reloaded after a change made elsewhere: the document as it now is replaces the edit.
    if (reloading.current) {
      reloading.current = false;
      setValues(entryValues(entry));
    }
  }, [entry, setValues]);

  return (
    <div>
      <form method="post" onSubmit={save.onSubmit} noValidate>
        <BackLink to={DOCUMENTS}>All documents</BackLink>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="version" value={entry.updatedAt} />
        <DocumentFields
          fields={fields}
          failure={save.refusal || refusalOf(posted)}
          busy={save.busy}
          submitLabel="Save"
        />
      </form>
      <HistoryPanel history={history} className="mt-6" />
      <DeleteRecord
        summary="Delete this document…"
        consequence={<>“{entry.title}” will be deleted.</>}
        confirmLabel="Delete document"
        version={entry.updatedAt}
        className="mt-6"
      />
    </div>
  );
}
