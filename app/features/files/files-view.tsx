/**
 * Project Hub's Files tab: every file the user stored, whatever record it is on, with a search of
 * names and text (each hit says on which page), and filters by kind of file and of record, in the
 * URL, as Project Hub's loader read them (project-hub.server.ts); a file deleted through its
 * action.
 */
import { Paperclip } from "lucide-react";
import { useState } from "react";
import { ListStates } from "~/components/list-states";
import { FILE_OWNER_LABELS } from "~/domain/file-uploads";
import { FILE_OWNERS, type FileKind } from "~/domain/files";
import type { StoredFile } from "~/lib/api/files";
import type { Page } from "~/lib/api/workspace";
import { FilterBar, SearchBox, usePageReading, useQueryParams, useSearchParam } from "../shared";
import { DeleteFileDialog } from "./delete-file-dialog";
import { KIND_LABELS } from "./file-kind-icon";
import { FileList } from "./file-list";
import { FilePreview } from "./file-preview";

export function FilesView(props: { files: Page<StoredFile> }) {
  const { loading } = usePageReading();
  const list = props.files;
  const items = list.items;
  const [params, update] = useQueryParams();
  const [search, setSearch] = useSearchParam();
  const q = params.get("q") ?? "";
  const kind = params.get("kind") ?? "";
  const ownerType = params.get("ownerType") ?? "";
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);

  return (
    <div>
      <FilterBar>
        <SearchBox
          label="Search files"
          placeholder="Search names and text…"
          value={search}
          onChange={setSearch}
        />
        <select
          aria-label="Filter by kind of file"
          value={kind}
          onChange={(event) => update({ kind: event.target.value || null, page: null })}
          className="input"
        >
          <option value="">All kinds</option>
          {(Object.entries(KIND_LABELS) as [FileKind, string][]).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
        <select
          aria-label="Filter by kind of record"
          value={ownerType}
          onChange={(event) => update({ ownerType: event.target.value || null, page: null })}
          className="input"
        >
          <option value="">All records</option>
          {FILE_OWNERS.map((value) => (
            <option key={value} value={value}>
              {FILE_OWNER_LABELS[value]}
            </option>
          ))}
        </select>
      </FilterBar>
      <ListStates
        noun={{ one: "file", many: "files" }}
        icon={Paperclip}
        skeleton="list"
        count={items.length}
        loading={loading}
        filtered={Boolean(q || kind || ownerType)}
        empty={{
          title: "No files yet",
          text: "Upload contracts, inspection reports and photos on a project, a property, an auction, a contact or a deal analysis: they are all listed here.",
        }}
        meta={list.meta}
        onPage={(page) => update({ page: page > 1 ? String(page) : null })}
      >
        <div className="rounded-2xl border border-line bg-surface px-4 sm:px-5">
          <FileList
            files={items}
            label="All files"
            showOwner
            onPreview={setPreviewing}
            onDelete={setDeleting}
          />
        </div>
      </ListStates>
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} onDelete={setDeleting} />
      <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
