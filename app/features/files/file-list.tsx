/**
 * Files as rows: kind, name (opening the preview where there is one), size and date, and, in the
 * Files view, the record each belongs to and where a search found its words ("Page 2: …roof…");
 * whether its text could be read; download and delete (which the screen confirms; never for a
 * viewer).
 */
import { Link } from "@remix-run/react";
import { Download, Trash2 } from "lucide-react";
import { downloadName } from "~/domain/file-names";
import { FILE_OWNER_LABELS, fileOwnerPath } from "~/domain/file-uploads";
import { formatDate } from "~/domain/format";
import { formatBytes } from "~/domain/usage";
import { fileContentUrl, type ListedFile, type StoredFile } from "~/lib/api/files";
import { useCanWrite } from "~/lib/module-data";
import { FileKindIcon, KIND_LABELS } from "./file-kind-icon";
import { canPreview } from "./file-preview";
import { PhotoThumbnail } from "./photo-thumbnail";

const UNIT_LABELS = { page: "Page", slide: "Slide", sheet: "Sheet" } as const;

/** Where the file's text stands, when that is worth saying: being read, unreadable, or too much. */
function textNote(file: StoredFile) {
  if (file.text.status === "pending") return "Reading its text for search…";
  if (file.text.status === "failed") return `Its text can't be searched: ${file.text.error}`;
  if (file.text.status === "skipped") return `Its text was not read for search: ${file.text.error}`;
  return null;
}

export function FileList(props: {
  files: readonly (StoredFile | ListedFile)[];
  label: string;
  onPreview: (file: StoredFile) => void;
  onDelete: (file: StoredFile) => void;
  /** Name the record each file belongs to (the Files view). */
  showOwner?: boolean;
}) {
  const canWrite = useCanWrite();
  return (
    <ul aria-label={props.label} className="divide-y divide-line">
      {props.files.map((file) => {
        const ownerPath = fileOwnerPath(file.ownerType, file.ownerId);
        const owner = FILE_OWNER_LABELS[file.ownerType];
        const ownerName = "ownerName" in file ? file.ownerName : "";
        return (
          <li key={file.id} className="flex items-center gap-3 py-2">
            {file.thumbnail ? (
              <PhotoThumbnail fileId={file.id} size={32} />
            ) : (
              <FileKindIcon kind={file.kind} />
            )}
            <div className="min-w-0 flex-1">
              {canPreview(file) ? (
                <button
                  type="button"
                  onClick={() => props.onPreview(file)}
                  className="block max-w-full truncate text-left text-sm font-medium hover:text-accent"
                >
                  {file.name}
                </button>
              ) : (
                <a
                  href={fileContentUrl(file.id)}
                  download={downloadName(file.name, file.mimeType)}
                  className="block truncate text-sm font-medium hover:text-accent"
                >
                  {file.name}
                </a>
              )}
              <span className="block truncate text-xs text-muted">
                {KIND_LABELS[file.kind]} · {formatBytes(file.size)} · {formatDate(file.createdAt)}
              </span>
              {props.showOwner && (
                <span className="block truncate text-xs text-muted">
                  {ownerName ? `${owner}: ` : ""}
                  <Link to={ownerPath} className="text-accent hover:underline">
                    {ownerName || owner}
                  </Link>
                </span>
              )}
              {"match" in file && file.match && (
                <p className="mt-0.5 line-clamp-2 text-xs text-fg/80">
                  <span className="font-medium">
                    {UNIT_LABELS[file.match.unit]} {file.match.page}:
                  </span>{" "}
                  {file.match.snippet}
                </p>
              )}
              {textNote(file) && (
                <span className="block truncate text-xs text-muted">{textNote(file)}</span>
              )}
            </div>
            <a
              href={fileContentUrl(file.id)}
              download={downloadName(file.name, file.mimeType)}
              aria-label={`Download ${file.name}`}
              className="grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
            >
              <Download aria-hidden className="size-4" />
            </a>
            {canWrite && (
              <button
                type="button"
                onClick={() => props.onDelete(file)}
                aria-label={`Delete ${file.name}`}
                className="grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
              >
                <Trash2 aria-hidden className="size-4" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
