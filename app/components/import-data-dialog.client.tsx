/**
 * Import Data (palette): the chosen export file previewed per kind of record — new, already here,
 * invalid — before anything is written; Import writes it, skipping or merging what is already
 * here as the user chose, and the toast that says so can undo it whole. An export .zip imports
 * its parts in order, then puts each file back on its record, and says what became of each.
 */
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { toast } from "~/lib/toast";
import { useStore } from "zustand";
import { RECORD_KINDS, type RecordKindResult } from "~/domain/record-kinds";
import { formatBytes } from "~/domain/usage";
import { describeImport } from "~/domain/validation";
import { importsApi } from "~/lib/api/imports";
import {
  failureText,
  transferApi,
  type ExistingRows,
  type WorkspaceImportResult,
} from "~/lib/api/workspace";
import { importChoice } from "~/lib/import-choice";
import {
  importExportZip,
  type ExportZip,
  type RestoreProgress,
  type ZipImportResult,
} from "~/lib/transfer-zip.client";
import { useRead } from "~/lib/use-read";
import { UploadProgress } from "~/features/files/upload-progress";
import { FormMessage } from "./form";
import { ExistingChoice } from "./import-preview";
import { Modal } from "./ui";

type Kind = RecordKindResult;

const total = (result: WorkspaceImportResult, kind: Kind) => {
  const counts = result[kind];
  return counts.created + counts.updated + counts.skipped + counts.failed.length;
};

/** Which part of a large export a document is, if it says. */
function partOf(document: unknown) {
  const part = (document as { part?: { number?: unknown; of?: unknown } } | null)?.part;
  return part && typeof part.number === "number" && typeof part.of === "number"
    ? { number: part.number, of: part.of }
    : null;
}

export function ImportDataDialog() {
  const file = useStore(importChoice, (state) => state.file);
  const [existing, setExisting] = useState<ExistingRows>("skip");
  const [overwriteEdits, setOverwriteEdits] = useState(false);
  /** Why the import itself failed; the preview's failure is the read's. */
  const [importFailure, setImportFailure] = useState("");
  const [importing, setImporting] = useState(false);
  const [restoring, setRestoring] = useState<RestoreProgress | null>(null);
  const [finished, setFinished] = useState<ZipImportResult | null>(null);
  // What an import or its undo wrote shows on the page open by then: its loaders read again.
  const { revalidate } = useRevalidator();

  // The preview is the import's own call with `dryRun`, made beside the import itself: the
  // document cannot ride in a loader's URL, and posted to an action it would make Remix read the
  // page under the dialog again after every preview, as after a write.
  const dryRun = useRead(
    file ? [file, existing, overwriteEdits] : null,
    (file, existing, overwriteEdits) =>
      transferApi.importAll(file.document, { dryRun: true, existing, overwriteEdits }),
  );
  // Each change of the options checks the file again, from "Checking..."; a failed import is
  // then not said any more either.
  const preview = dryRun.loading ? undefined : dryRun.data;
  const failure = importFailure || (dryRun.loading ? "" : dryRun.failure);

  const close = () => {
    importChoice.getState().choose(null);
    setRestoring(null);
    setFinished(null);
    setExisting("skip");
    setOverwriteEdits(false);
    setImportFailure("");
  };

  const part = partOf(file?.document);

  async function confirmZip(zip: ExportZip) {
    setImporting(true);
    setImportFailure("");
    try {
      setFinished(
        await importExportZip(
          zip,
          { existing, overwriteEdits, fileName: file!.name },
          setRestoring,
        ),
      );
    } catch (error) {
      setImportFailure(failureText(error));
    } finally {
      setImporting(false);
      setRestoring(null);
      revalidate();
    }
  }

  async function confirm() {
    if (!file) return;
    if (file.zip) return confirmZip(file.zip);
    setImporting(true);
    try {
      const result = await transferApi.importAll(file.document, {
        existing,
        overwriteEdits,
        fileName: file.name,
      });
      const written = RECORD_KINDS.reduce(
        (sum, { result: kind }) => sum + result[kind].created + result[kind].updated,
        0,
      );
      const next = part && part.number < part.of ? ` Now import part ${part.number + 1}.` : "";
      const { runId } = result;
      toast.success("Import finished", {
        description: `${written} record${written === 1 ? "" : "s"} written from ${file.name}.${next}`,
        duration: 15_000,
        // The whole import, as it was before: new records gone, merged ones as they were.
        ...(runId &&
          written > 0 && {
            action: {
              label: "Undo import",
              onClick: () =>
                importsApi.undo(runId).then(
                  () => {
                    toast.success(`Import of ${file.name} undone`);
                    revalidate();
                  },
                  (error: unknown) => toast.error(failureText(error)),
                ),
            },
          }),
      });
      close();
      revalidate();
    } catch (error) {
      setImportFailure(failureText(error));
    } finally {
      setImporting(false);
    }
  }

  const kinds = preview ? RECORD_KINDS.filter(({ result }) => total(preview, result) > 0) : [];
  const writes = preview
    ? Boolean(file?.zip?.files.length) ||
      RECORD_KINDS.some(
        ({ result: kind }) =>
          preview[kind].created > 0 || (existing === "update" && preview[kind].updated > 0),
      )
    : false;
  if (finished)
    return <ZipImportSummary name={file?.name ?? ""} result={finished} onClose={close} />;
  return (
    <Modal
      open={file !== null}
      title="Import data"
      // A .zip being imported reads from the file until its last upload: it stays open till then.
      onClose={importing && file?.zip ? () => undefined : close}
      wide
    >
      <div className="space-y-4">
        <p className="text-sm text-muted">
          From <span className="font-medium text-fg">{file?.name}</span>
          {!file?.zip && part && part.of > 1 && (
            <>
              , part {part.number} of {part.of} (import the parts in order)
            </>
          )}
          . Nothing is written until you press Import.
        </p>
        {file?.zip && (
          <p className="text-sm text-muted">
            {file.zip.parts > 1 &&
              `The export is in ${file.zip.parts} parts: the first is shown, and all are imported in order. `}
            {file.zip.files.length
              ? `Files: ${file.zip.files.length} (${formatBytes(file.zip.bytes)}), put back on their records once the records are in; a file a record has already is skipped.`
              : "It holds no files."}
          </p>
        )}
        <ExistingChoice
          value={existing}
          onChange={(value) => {
            setExisting(value);
            setImportFailure("");
          }}
          disabled={importing}
        />
        {existing === "update" && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={overwriteEdits}
              onChange={(e) => {
                setOverwriteEdits(e.target.checked);
                setImportFailure("");
              }}
              disabled={importing}
              className="size-4 accent-[var(--accent)]"
            />
            Overwrite my edits (properties, contacts and auctions changed here since the last
            import)
          </label>
        )}
        {!preview && !failure && (
          <p role="status" className="text-sm text-muted">
            Checking the file against your workspace...
          </p>
        )}
        {preview && (
          <ul
            aria-label="Import preview"
            className="divide-y divide-line rounded-xl border border-line"
          >
            {kinds.length === 0 && (
              <li className="px-4 py-3 text-sm">The file holds no records.</li>
            )}
            {kinds.map(({ result: kind, label: title }) => (
              <li key={kind} className="grid gap-1 px-4 py-3 text-sm sm:grid-cols-[9rem_1fr]">
                <span className="font-medium">{title}</span>
                <span className={preview[kind].failed.length ? "text-danger" : "text-muted"}>
                  {describeImport(preview[kind])}
                </span>
              </li>
            ))}
          </ul>
        )}
        {restoring && (
          <div role="status" aria-label="Restoring files" className="text-sm">
            <p className="text-muted">
              Restoring files: {restoring.done} of {restoring.total} done
            </p>
            <UploadProgress
              uploads={restoring.current ? [{ key: 0, ...restoring.current }] : []}
              onDismiss={() => undefined}
            />
          </div>
        )}
        <FormMessage kind="error">{failure}</FormMessage>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={close}
            disabled={importing && Boolean(file?.zip)}
            className="btn-secondary"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={!writes || importing}
            className="btn-primary"
          >
            {importing ? "Importing..." : "Import"}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** What a .zip's import did: the records written, and what became of each file. */
function ZipImportSummary(props: { name: string; result: ZipImportResult; onClose: () => void }) {
  const { written, files } = props.result;
  const count = (state: string) => files.filter((file) => file.state === state).length;
  const failed = files.filter((file) => file.state === "failed");
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return (
    <Modal open title="Import data" onClose={props.onClose} wide>
      <div className="space-y-4">
        <div role="status" aria-label="Import summary" className="space-y-1 text-sm">
          <p className="font-medium">Import of {props.name} finished</p>
          <p>{plural(written, "record")} written.</p>
          <p>
            Files: {count("restored")} restored, {count("skipped")} already here, {count("failed")}{" "}
            not restored.
          </p>
        </div>
        {failed.length > 0 && (
          <ul
            aria-label="Files not restored"
            className="divide-y divide-line rounded-xl border border-line text-sm"
          >
            {failed.map((file, index) => (
              <li key={index} className="grid gap-1 px-4 py-2 sm:grid-cols-[14rem_1fr]">
                <span className="truncate font-medium">{file.name}</span>
                <span className="text-danger">{file.reason}</span>
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end">
          <button type="button" onClick={props.onClose} className="btn-primary">
            Close
          </button>
        </div>
      </div>
    </Modal>
  );
}
