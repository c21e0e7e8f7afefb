import { FileText, Plus, Trash2 } from "lucide-react";
import { MESSAGES } from "~/lib/api/messages";
import { useMemo, useState } from "react";
import { toast } from "~/lib/toast";
import { FormMessage, SelectField, SubmitButton, TextField } from "~/components/form";
import { Markdown } from "~/components/markdown";
import { RecordPicker } from "~/components/record-picker";
import { Skeleton } from "~/components/skeleton";
import { Badge, ConfirmDialog, EmptyState, ErrorNotice } from "~/components/ui";
import { formatDate } from "~/domain/format";
import { ENTRY_KINDS, label } from "~/domain/workspace";
import type { Entry } from "~/lib/api/workspace";
import { sendVersioned } from "~/lib/changed-elsewhere";
import { PROJECT_SOURCE } from "~/lib/record-sources";
import { useModuleData } from "~/lib/module-data";
import { entriesStore, useEntriesFrom, type StoredEntry } from "~/lib/stores/entries";
import { useForm } from "~/lib/use-form";
import {
  BackLink,
  deleteWithUndo,
  FilterBar,
  options,
  FilterSelect,
  SearchBox,
  splitTags,
  useQueryParams,
  useSearchParam,
} from "../shared";

/**
 * The documents render from the `$` route's loader (project-hub.server.ts), through the entries
 * store (which keeps them in local storage): every document, with the names of the projects they
 * are linked to. The search and the kind are in the URL and filter the list where it shows.
 */
export function DocumentsTab() {
  const [params, show] = useQueryParams();
  const docId = params.get("doc");
  const newFor = params.get("new");
  const { data, retry } = useModuleData("project-hub");
  const read = data?.tab === "documents" ? data : null;
  const { entries, error } = useEntriesFrom(read?.entries ?? null);
  const projects = read?.projectNames ?? [];
  const [search, setSearch] = useSearchParam();
  const kind = params.get("kind") ?? "";

  const q = params.get("q") ?? "";
  const visible = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return entries.filter(
      (e) =>
        (!kind || e.kind === kind) &&
        (!needle || `${e.title}\n${e.content}\n${e.tags.join(" ")}`.toLowerCase().includes(needle)),
    );
  }, [entries, q, kind]);

  if (docId || newFor) {
    const entry = entries.find((e) => e.id === docId);
    if (docId && !entry) {
      return (
        <div>
          <BackLink onBack={() => show({ doc: null })}>All documents</BackLink>
          {read ? (
            <ErrorNotice message={MESSAGES.documentGone} />
          ) : data === null ? (
            <ErrorNotice message={MESSAGES.fetchDocuments} onRetry={retry} />
          ) : (
            <Skeleton variant="default" />
          )}
        </div>
      );
    }
    return (
      <DocumentEditor
        key={docId ?? `new-${newFor}`}
        entry={entry}
        projectId={newFor && newFor !== "1" ? newFor : null}
        onClose={() => show({ doc: null, new: null })}
        onCreated={(id) => show({ new: null, doc: id })}
      />
    );
  }

  const projectName = (id: string | null) => projects.find((p) => p.id === id)?.name;
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button type="button" onClick={() => show({ new: "1" })} className="btn-primary">
          <Plus aria-hidden className="mr-1.5 size-4" /> New document
        </button>
      </div>
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
      {data === null ? (
        <ErrorNotice message={MESSAGES.fetchDocuments} onRetry={retry} />
      ) : (
        error && <ErrorNotice message={error} onRetry={retry} />
      )}
      {!read ? (
        data !== null && <Skeleton variant="list" />
      ) : visible.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={entries.length ? "No document matches" : "No documents yet"}
          action={
            !entries.length && (
              <button type="button" onClick={() => show({ new: "1" })} className="btn-primary">
                Write your first document
              </button>
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
              <button
                type="button"
                onClick={() => show({ doc: entry.id })}
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
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The editor's fields for an entry (or a new one, in a project). */
const entryValues = (
  entry: Omit<Entry, "createdAt" | "updatedAt"> | undefined,
  projectId = "",
) => ({
  title: entry?.title ?? "",
  kind: entry?.kind ?? "note",
  projectId: entry?.projectId ?? projectId,
  tags: entry?.tags.join(", ") ?? "",
  content: entry?.content ?? "",
});

function DocumentEditor(props: {
  entry?: StoredEntry;
  projectId: string | null;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { addEntry, updateEntry, deleteEntry, receiveEntry } = entriesStore.getState();
  // The version the text in the editor was loaded from: a save is made against it (If-Match),
  // whatever the list has learned since.
  const [version, setVersion] = useState(props.entry?.updatedAt);
  /** Reload after a 412: the document as it now is replaces the edit. */
  const reload = (current: Entry) => {
    receiveEntry(current);
    form.setValues(entryValues(current));
    setVersion(new Date(current.updatedAt));
  };
  const form = useForm({
    schema: () => import("~/domain/workspace").then((m) => m.EntryInputSchema),
    initial: entryValues(props.entry, props.projectId ?? ""),
    idPrefix: "doc",
    toInput: (values) => ({ ...values, tags: splitTags(values.tags) }),
    onSubmit: async (input) => {
      const entry = props.entry;
      const saved = entry
        ? await sendVersioned({
            what: "document",
            version,
            send: (ifMatch) => updateEntry(entry.id, input, ifMatch),
            reload,
          })
        : await addEntry(input);
      if (saved === undefined) return;
      if (!saved) throw new Error(entriesStore.getState().error ?? "Saving failed");
      setVersion(saved.updatedAt);
      toast.success(entry ? "Document saved" : "Document created");
      if (!entry) props.onCreated(saved.id);
    },
  });
  const [mode, setMode] = useState<"write" | "preview">("write");
  const [confirming, setConfirming] = useState(false);
  const content = form.field("content");

  const remove = async () => {
    setConfirming(false);
    const entry = props.entry!;
    const { id: _id, createdAt: _created, updatedAt: _updated, ...snapshot } = entry;
    const removed = await deleteWithUndo({
      what: `Document “${entry.title}”`,
      remove: async (ifMatch) => {
        if (!(await deleteEntry(entry.id, ifMatch)))
          throw new Error(entriesStore.getState().error ?? "Delete failed");
      },
      restore: async () => {
        if (!(await addEntry(snapshot)))
          throw new Error(entriesStore.getState().error ?? "Restore failed");
      },
      version: { kind: "document", updatedAt: version ?? entry.updatedAt, reload },
    });
    if (removed) props.onClose();
  };

  return (
    <form onSubmit={form.submit} onFocus={form.onFocus} noValidate>
      <BackLink onBack={props.onClose}>All documents</BackLink>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
        <TextField {...form.field("title")} label="Title" />
        <SelectField {...form.field("kind")} label="Kind" options={options(ENTRY_KINDS)} />
        <RecordPicker
          {...form.field("projectId")}
          label="Project"
          source={PROJECT_SOURCE}
          noneLabel="No project"
        />
      </div>
      <div className="mt-4">
        <TextField {...form.field("tags")} label="Tags (comma-separated)" required={false} />
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
        {mode === "write" ? (
          <textarea
            id={content.id}
            aria-label="Content (Markdown)"
            aria-invalid={content.error ? true : undefined}
            value={content.value}
            onChange={(e) => content.onChange(e.target.value)}
            rows={16}
            placeholder={"# Offer notes\n\n- Max bid: $210,000\n- Inspection contingency: 10 days"}
            className="block w-full resize-y bg-transparent p-4 font-mono text-sm outline-none"
          />
        ) : (
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
        <FormMessage kind="error">{content.error ?? form.failure}</FormMessage>
        <div className="ml-auto flex gap-3">
          {props.entry && (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="btn-secondary text-danger"
            >
              <Trash2 aria-hidden className="size-4" /> Delete
            </button>
          )}
          <SubmitButton inline busy={form.saving} busyLabel="Saving...">
            {props.entry ? "Save" : "Create document"}
          </SubmitButton>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this document?"
        message={<>“{props.entry?.title}” will be deleted.</>}
        confirmLabel="Delete document"
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
