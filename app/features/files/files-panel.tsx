/**
 * The files of one record (a project, property, auction, contact or deal analysis): upload by
 * dropping or choosing them (a phone's camera too), each with its progress; the list, with
 * preview, download and delete. `gallery` shows the photos first, as thumbnails. The list comes
 * with the page (its loader read it); a delete goes to the page's action, after which Remix reads
 * the page again, as it is told to after each upload. A viewer gets the list, without uploads.
 */
import { Paperclip } from "lucide-react";
import { useState } from "react";
import type { FileOwner } from "~/domain/files";
import type { StoredFile } from "~/lib/api/files";
import type { PageMeta } from "~/lib/api/client";
import { useCanWrite } from "~/lib/module-data";
import { DeleteFileDialog } from "./delete-file-dialog";
import { FileList } from "./file-list";
import { FilePreview } from "./file-preview";
import { PhotoGallery } from "./photo-gallery";
import { UploadControls } from "./upload-controls";
import { UploadProgress } from "./upload-progress";
import { useUploads } from "./use-uploads";

/** A record's files as its page's loader reads them (`recordFiles`, the API's largest page). */
export type RecordFiles = { items: StoredFile[]; meta: PageMeta };

export function FilesPanel(props: {
  ownerType: FileOwner;
  ownerId: string;
  title?: string;
  gallery?: boolean;
  className?: string;
  /** The record's files as its page's loader read them. */
  files: RecordFiles;
}) {
  const { ownerType, ownerId } = props;
  const [keepOriginal, setKeepOriginal] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [previewing, setPreviewing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const { uploads, add, dismiss } = useUploads({ ownerType, ownerId });
  const canWrite = useCanWrite();

  const files = props.files.items;
  const photos = props.gallery ? files.filter((file) => file.kind === "image") : [];
  const others = props.gallery ? files.filter((file) => file.kind !== "image") : files;
  const title = props.title ?? "Files";
  const headingId = `files-${ownerType}-${ownerId}`;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="files-panel"
      onDragOver={(event) => {
        if (!canWrite || !event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        const dropped = [...event.dataTransfer.files];
        if (dropped.length > 0) add(dropped, keepOriginal);
      }}
      className={`rounded-2xl border bg-surface p-5 ${dragging ? "border-accent ring-2 ring-accent" : "border-line"} ${props.className ?? ""}`}
    >
      <h3 id={headingId} className="mb-3 flex items-center gap-2 font-medium">
        <Paperclip aria-hidden className="size-4 text-accent" /> {title}
        {props.files.meta.total > 0 && (
          <span className="text-sm font-normal text-muted">({props.files.meta.total})</span>
        )}
      </h3>
      {files.length === 0 ? (
        <p className="mb-3 rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          {canWrite ? "No files yet — drop files here or choose them." : "No files yet."}
        </p>
      ) : (
        <div className="mb-3">
          <PhotoGallery photos={photos} onOpen={setPreviewing} />
          {others.length > 0 && (
            <FileList
              files={others}
              label={`${title} of this record`}
              onPreview={setPreviewing}
              onDelete={setDeleting}
            />
          )}
        </div>
      )}
      {canWrite && (
        <>
          <UploadControls
            keepOriginal={keepOriginal}
            onKeepOriginal={setKeepOriginal}
            onFiles={(chosen) => add(chosen, keepOriginal)}
          />
          <UploadProgress uploads={uploads} onDismiss={dismiss} />
        </>
      )}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} onDelete={setDeleting} />
      <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
