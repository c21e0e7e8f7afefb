/**
 * Imports running in the background of the page: each with its progress bar while it runs
 * (Stop ends it after the chunk being written), then what it did, with Undo for the whole file.
 * Mounted in the signed-in app shell, beside the toasts it shows them in.
 */
import { useRevalidator } from "@remix-run/react";
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { UNDO_DAYS } from "~/domain/imports/targets";
import { toast } from "~/lib/toast";
import { failureText } from "~/lib/api/workspace";
import {
  dismissImport,
  stopImport,
  undoImportJob,
  useImportJobs,
  type ImportJob,
} from "~/lib/import-runner";

const n = (value: number) => value.toLocaleString("en-US");

function outcome(job: ImportJob) {
  const parts = [
    `${n(job.created)} new`,
    `${n(job.merged)} updated`,
    `${n(job.unchanged)} unchanged`,
  ];
  if (job.failed) parts.push(`${n(job.failed)} not imported`);
  return parts.join(", ");
}

/**
 * Each import as a toast that stays until dismissed (beside the others, never over them),
 * updated as its chunks are written.
 */
export function ImportProgress() {
  const jobs = useImportJobs();
  const shown = useRef(new Set<string>());
  useEffect(() => {
    const current = new Set(jobs.map((job) => `import-${job.id}`));
    for (const id of shown.current) if (!current.has(id)) toast.dismiss(id);
    shown.current = current;
    for (const job of jobs) {
      toast.custom(() => <ImportCard job={job} />, {
        id: `import-${job.id}`,
        duration: Infinity,
        dismissible: job.state !== "running",
        onDismiss: () => dismissImport(job.id),
      });
    }
  }, [jobs]);
  return null;
}

function ImportCard({ job }: { job: ImportJob }) {
  const { revalidate } = useRevalidator();
  const percent = job.total ? Math.round((job.sent / job.total) * 100) : 100;
  const undoable =
    job.runId && (job.state === "done" || job.state === "stopped" || job.state === "failed");
  return (
    <div
      role="status"
      aria-label={`Import of ${job.fileName}`}
      data-testid="import-card"
      className="w-[min(22rem,calc(100vw-2rem))] space-y-2 rounded-xl border border-line bg-surface p-3 text-sm text-fg shadow-xl"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium wrap-anywhere">
          {job.state === "running" && `Importing ${job.fileName}`}
          {job.state === "done" && `Imported ${job.fileName}`}
          {job.state === "stopped" && `Stopped ${job.fileName}`}
          {job.state === "failed" && `Import of ${job.fileName} failed`}
          {job.state === "undone" && `Import of ${job.fileName} undone`}
        </p>
        {job.state !== "running" && (
          <button
            type="button"
            aria-label={`Dismiss ${job.fileName}`}
            onClick={() => dismissImport(job.id)}
            className="-m-1 grid size-8 shrink-0 place-items-center rounded-lg text-muted hover:bg-raised hover:text-fg"
          >
            <X aria-hidden className="size-4" />
          </button>
        )}
      </div>
      {job.state === "running" && (
        <>
          <div
            role="progressbar"
            aria-label={`Importing ${job.fileName}`}
            aria-valuemin={0}
            aria-valuemax={job.total}
            aria-valuenow={job.sent}
            className="h-2 overflow-hidden rounded-full bg-raised"
          >
            <div className="h-full bg-accent transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-muted">
            {n(job.sent)} of {n(job.total)} rows. You can keep working meanwhile.
          </p>
        </>
      )}
      {job.state !== "running" && job.state !== "undone" && (
        <p className="text-muted" data-testid="import-outcome">
          {outcome(job)}
          {job.state === "stopped" && ` (${n(job.sent)} of ${n(job.total)} rows sent)`}
        </p>
      )}
      {job.error && <p className="text-danger">{job.error}</p>}
      {undoable && (
        <p className="text-muted">
          Undo stays possible for {UNDO_DAYS} days; after that, what the import changed is no longer
          kept.
        </p>
      )}
      <div className="flex justify-end gap-2">
        {job.state === "running" && (
          <button type="button" className="btn-secondary" onClick={() => stopImport(job.id)}>
            Stop
          </button>
        )}
        {undoable && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              undoImportJob(job.id, revalidate).catch((error: unknown) =>
                toast.error(failureText(error)),
              )
            }
          >
            Undo import
          </button>
        )}
      </div>
    </div>
  );
}
