/** Each file being sent: its progress bar, or why it was refused. */
import { X } from "lucide-react";
import type { Upload } from "./use-uploads";

export function UploadProgress(props: { uploads: Upload[]; onDismiss: (key: number) => void }) {
  if (props.uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="mt-3 space-y-2">
      {props.uploads.map((upload) => (
        <li key={upload.key} className="rounded-xl border border-line px-3 py-2 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium">{upload.name}</span>
            {upload.state === "failed" ? (
              <button
                type="button"
                onClick={() => props.onDismiss(upload.key)}
                aria-label={`Dismiss ${upload.name}`}
                className="grid size-7 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
              >
                <X aria-hidden className="size-4" />
              </button>
            ) : (
              <span className="shrink-0 text-xs text-muted tabular-nums">
                {upload.state === "preparing"
                  ? "Preparing…"
                  : `${Math.round(upload.progress * 100)} %`}
              </span>
            )}
          </div>
          {upload.state === "failed" ? (
            <p role="alert" className="mt-1 text-danger">
              Not uploaded: {upload.message}
            </p>
          ) : (
            <progress
              max={1}
              value={upload.state === "preparing" ? undefined : upload.progress}
              aria-label={`Uploading ${upload.name}`}
              className="mt-1.5 h-1.5 w-full accent-accent"
            />
          )}
        </li>
      ))}
    </ul>
  );
}
