/**
 * A file shown in the page: an image large, a PDF in a frame (served inline under a sandbox CSP),
 * with "Open" and "Download" beside it (and "Delete", but for a viewer); Escape closes and focus
 * returns where it was (Modal).
 */
import { Download, ExternalLink, Trash2 } from "lucide-react";
import { downloadName } from "~/domain/file-names";
import { Modal } from "~/components/ui";
import { fileContentUrl, type StoredFile } from "~/lib/api/files";
import { useCanWrite } from "~/lib/module-data";

/** What opens in the preview: images and PDFs; any other kind only downloads. */
export const canPreview = (file: StoredFile) => file.kind === "image" || file.kind === "pdf";

export function FilePreview(props: {
  file: StoredFile | null;
  onClose: () => void;
  onDelete: (file: StoredFile) => void;
}) {
  const { file } = props;
  const canWrite = useCanWrite();
  return (
    <Modal open={file !== null} title={file?.name ?? "Preview"} onClose={props.onClose} wide>
      {file && (
        <div className="space-y-4">
          {file.kind === "image" ? (
            <img
              src={fileContentUrl(file.id, true)}
              alt={file.name}
              className="mx-auto max-h-[70vh] w-auto rounded-lg object-contain"
            />
          ) : (
            <iframe
              title={`Preview of ${file.name}`}
              src={fileContentUrl(file.id, true)}
              className="h-[70vh] w-full rounded-lg border border-line bg-white"
            />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {canWrite && (
              <button
                type="button"
                onClick={() => {
                  props.onClose();
                  props.onDelete(file);
                }}
                className="btn-secondary text-danger sm:mr-auto"
              >
                <Trash2 aria-hidden className="size-4" /> Delete
              </button>
            )}
            <a
              href={fileContentUrl(file.id, true)}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-secondary"
            >
              <ExternalLink aria-hidden className="size-4" /> Open
            </a>
            <a
              href={fileContentUrl(file.id)}
              download={downloadName(file.name, file.mimeType)}
              className="btn-primary"
            >
              <Download aria-hidden className="mr-1.5 size-4" /> Download
            </a>
          </div>
        </div>
      )}
    </Modal>
  );
}
