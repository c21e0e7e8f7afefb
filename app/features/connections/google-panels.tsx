/**
 * The Inbox and Drive panels of Connections: the latest mail (search, unread marked, open in
 * Gmail) and Drive files (search, open, Link to project), read-only, from the connected account.
 * Both ask Google as the user searches, so they read from the browser; linking a file to a project
 * is a change, sent to Connections' action.
 */
import { ExternalLink, FileText, Inbox, Link2, Search } from "lucide-react";
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from "react";
import { toast } from "~/lib/toast";
import { RecordPicker } from "~/components/record-picker";
import { Modal } from "~/components/ui";
import { formatDate } from "~/domain/format";
import { gmailLink } from "~/domain/google";
import { googleApi, type DriveFile, type GmailMessage } from "~/lib/api/google";
import { MESSAGES } from "~/lib/api/messages";
import { projectsApi } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import type { Refused } from "~/lib/record-action";
import { useActionCall } from "~/lib/use-action-call";
import { toastFailure } from "../shared";
import type { ConnectionsActionAnswer } from "./connections.server";

/**
 * A panel's list: loaded on open and on each search, with its loading, empty and failed states.
 * `onSettled` runs after each answer from Google (the card's "last sync" and status follow it).
 */
function useSearchList<T>(load: (q: string) => Promise<T[]>, onSettled: () => void) {
  const [items, setItems] = useState<T[] | null>(null);
  const [failure, setFailure] = useState("");
  const [query, setQuery] = useState("");
  const run = useCallback(
    (q: string) => {
      setFailure("");
      setItems(null);
      load(q)
        .then(setItems, (error: Error) => setFailure(error.message))
        .finally(onSettled);
    },
    [load, onSettled],
  );
  useEffect(() => run(""), [run]);
  return { items, failure, query, setQuery, search: () => run(query.trim()) };
}

type SearchList<T> = ReturnType<typeof useSearchList<T>>;

function Panel<T>(props: {
  title: string;
  icon: typeof Inbox;
  label: string;
  placeholder: string;
  list: SearchList<T>;
  empty: string;
  children: ReactNode;
}) {
  const Icon = props.icon;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.list.search();
  };
  return (
    <section className="rounded-2xl border border-line bg-surface p-5" aria-label={props.title}>
      <h2 className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden className="size-5 text-accent" /> {props.title}
      </h2>
      <form onSubmit={submit} role="search" className="mt-3 flex gap-2">
        <label className="sr-only" htmlFor={`${props.title}-search`}>
          {props.label}
        </label>
        <input
          id={`${props.title}-search`}
          type="search"
          value={props.list.query}
          onChange={(event) => props.list.setQuery(event.target.value)}
          placeholder={props.placeholder}
          className="input min-w-0 flex-1"
        />
        <button type="submit" className="btn-secondary" aria-label={`Search ${props.title}`}>
          <Search aria-hidden className="size-4" />
        </button>
      </form>
      <div className="mt-3" aria-live="polite" aria-busy={props.list.items === null}>
        {props.list.failure ? (
          <p role="alert" className="text-sm text-danger">
            {props.list.failure}
          </p>
        ) : props.list.items === null ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="skeleton h-12 rounded-xl" />
            ))}
          </div>
        ) : props.list.items.length === 0 ? (
          <p className="text-sm text-muted">{props.empty}</p>
        ) : (
          props.children
        )}
      </div>
    </section>
  );
}

export function InboxPanel(props: { onSettled: () => void }) {
  const list = useSearchList<GmailMessage>(
    useCallback((q: string) => googleApi.messages({ q: q || undefined, maxResults: 15 }), []),
    props.onSettled,
  );
  return (
    <Panel
      title="Inbox"
      icon={Inbox}
      label="Search mail (Gmail's search: from:, subject:, is:unread…)"
      placeholder="Search mail"
      list={list}
      empty={list.query ? "No message matches." : "No messages."}
    >
      <ul className="divide-y divide-line/60" data-testid="inbox">
        {(list.items ?? []).map((message) => (
          <li key={message.id} className="flex items-start gap-3 py-2">
            <span
              aria-hidden
              className={`mt-2 size-2 shrink-0 rounded-full ${message.unread ? "bg-accent" : "bg-transparent"}`}
            />
            <div className="min-w-0 flex-1">
              <p
                className={`truncate text-sm ${message.unread ? "font-semibold" : ""}`}
                title={message.subject || undefined}
              >
                {message.unread && <span className="sr-only">Unread: </span>}
                {message.subject || "(no subject)"}
              </p>
              {/* A long sender is shortened, never the date beside it. */}
              <p className="flex gap-1 text-xs text-muted">
                <span className="truncate" title={message.from}>
                  {message.from}
                </span>
                {message.date && <span className="shrink-0">· {formatDate(message.date)}</span>}
              </p>
              <p className="line-clamp-1 text-xs text-muted">{decodeEntities(message.snippet)}</p>
            </div>
            <a
              href={gmailLink(message)}
              target="_blank"
              rel="noreferrer noopener"
              className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
              aria-label={`Open “${message.subject || "(no subject)"}” in Gmail`}
            >
              <ExternalLink aria-hidden className="size-4" />
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** Gmail's snippets come HTML-escaped (`O&#39;Brien`); shown as text, never as HTML. */
function decodeEntities(text: string) {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function DrivePanel(props: { onSettled: () => void }) {
  const list = useSearchList<DriveFile>(
    useCallback((q: string) => googleApi.driveFiles({ q: q || undefined, pageSize: 15 }), []),
    props.onSettled,
  );
  const [linking, setLinking] = useState<DriveFile | null>(null);
  // Linking changes a project of the workspace: not offered to a viewer.
  const canWrite = useCanWrite();
  return (
    <Panel
      title="Drive"
      icon={FileText}
      label="Search Drive files by name"
      placeholder="Search files by name"
      list={list}
      empty={list.query ? "No file name holds those words." : "No files."}
    >
      <ul className="divide-y divide-line/60" data-testid="drive">
        {(list.items ?? []).map((file) => (
          <li key={file.id} className="flex items-center gap-3 py-2">
            <FileText aria-hidden className="size-4 shrink-0 text-muted" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm" title={file.name}>
                {file.name}
              </p>
              <p className="text-xs text-muted">
                {file.modifiedTime ? `Changed ${formatDate(file.modifiedTime)}` : ""}
              </p>
            </div>
            {canWrite && (
              <button
                type="button"
                onClick={() => setLinking(file)}
                className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                aria-label={`Link “${file.name}” to a project`}
              >
                <Link2 aria-hidden className="size-4" />
              </button>
            )}
            {file.webViewLink && (
              <a
                href={file.webViewLink}
                target="_blank"
                rel="noreferrer noopener"
                className="grid size-9 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
                aria-label={`Open “${file.name}” in Drive`}
              >
                <ExternalLink aria-hidden className="size-4" />
              </a>
            )}
          </li>
        ))}
      </ul>
      <LinkToProject file={linking} onClose={() => setLinking(null)} />
    </Panel>
  );
}

/** Chooses the project a Drive file is linked to; the project's detail then lists it. */
function LinkToProject(props: { file: DriveFile | null; onClose: () => void }) {
  /** Whether the user has a project; undefined until known. */
  const [anyProject, setAnyProject] = useState<boolean>();
  const [project, setProject] = useState({ id: "", name: "" });
  // Sent to Connections' action; the page is read again after it, as after any change.
  const { call, busy: saving } = useActionCall<ConnectionsActionAnswer | Refused>();
  const open = Boolean(props.file);
  // The most recently changed project is chosen to start with.
  useEffect(() => {
    if (!open) return;
    projectsApi.list({ limit: 1 }).then(({ items: [first] }) => {
      setAnyProject(Boolean(first));
      setProject({ id: first?.id ?? "", name: first?.name ?? "" });
    }, toastFailure);
  }, [open]);

  async function link(event: FormEvent) {
    event.preventDefault();
    const file = props.file;
    if (!file || !project.id) return;
    const answer = await call({
      intent: "link-drive-file",
      projectId: project.id,
      input: {
        driveFileId: file.id,
        name: file.name,
        mimeType: file.mimeType,
        webViewLink: file.webViewLink ?? `https://drive.google.com/file/d/${file.id}/view`,
        iconLink: file.iconLink,
      },
    });
    if (!answer) return;
    if ("message" in answer) {
      toast.error(MESSAGES.linkDriveFile, { description: answer.message });
      return;
    }
    toast.success(`“${file.name}” is linked to ${project.name}`);
    props.onClose();
  }

  return (
    <Modal open={open} title="Link to project" onClose={props.onClose}>
      {anyProject === false ? (
        <p className="text-muted">Create a project in the Project Hub first.</p>
      ) : (
        <form onSubmit={(event) => void link(event)} className="space-y-4">
          <p className="text-sm text-muted">{props.file?.name}</p>
          <RecordPicker
            id="drive-file-project"
            label="Project"
            value={project.id}
            onChange={(id, name) => setProject({ id, name })}
            kind="project"
          />
          <div className="flex justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={props.onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={saving || !project.id}>
              Link
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
