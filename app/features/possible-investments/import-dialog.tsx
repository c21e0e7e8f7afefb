/**
 * Import properties: upload a CSV or paste JSON, see every row checked and what the import would
 * do (new, already here, invalid) before anything is written, choose to skip or update what is
 * already here, then import.
 */
import { CheckCircle2, FileUp } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { FormMessage } from "~/components/form";
import { ExistingChoice } from "~/components/import-preview";
import { Modal } from "~/components/ui";
import type { ParsedFile } from "~/domain/csv";
import {
  parsePropertiesCsv,
  parsePropertiesJson,
  previewProperties,
} from "~/domain/property-import";
import { describeImport } from "~/domain/validation";
import { MAX_IMPORT_ROWS } from "~/domain/workspace";
import {
  propertiesApi,
  failureText,
  type ExistingRows,
  type PropertyImportResult,
} from "~/lib/api/workspace";

const PREVIEW_LIMIT = 200;

export function ImportDialog(props: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [source, setSource] = useState<"csv" | "json">("csv");
  const [json, setJson] = useState("");
  const [fileName, setFileName] = useState("");
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [existing, setExisting] = useState<ExistingRows>("update");
  const [planned, setPlanned] = useState<PropertyImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PropertyImportResult | null>(null);
  const [failure, setFailure] = useState("");

  const preview = parsed && !parsed.error ? previewProperties(parsed.rows) : null;
  const label = (field: string) => parsed?.columnOf?.[field] ?? field;
  const reset = () => {
    setParsed(null);
    setPlanned(null);
    setResult(null);
    setFailure("");
  };
  const close = () => {
    reset();
    setJson("");
    setFileName("");
    props.onClose();
  };

  // What the import would do, asked of the server (it knows which properties are already here).
  const rowsToSend = preview && preview.valid > 0 && !preview.tooMany ? parsed!.rows : null;
  useEffect(() => {
    if (!rowsToSend) return;
    let current = true;
    setPlanned(null);
    propertiesApi.import(rowsToSend, { dryRun: true, existing }).then(
      (plan) => current && setPlanned(plan),
      (error: unknown) => current && setFailure(failureText(error)),
    );
    return () => {
      current = false;
    };
  }, [rowsToSend, existing]);

  async function readFile(file: File | undefined) {
    reset();
    if (!file) return;
    setFileName(file.name);
    setParsed(parsePropertiesCsv(await file.text()));
  }

  async function submit() {
    if (!rowsToSend) return;
    setBusy(true);
    setFailure("");
    try {
      const imported = await propertiesApi.import(rowsToSend, { existing });
      setResult(imported);
      toast.success(`Imported ${imported.created + imported.updated} properties`);
      props.onImported();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  const toWrite = planned ? planned.created + planned.updated : 0;
  return (
    <Modal open={props.open} title="Import properties" onClose={close} wide>
      {result ? (
        <div role="status" className="space-y-4">
          <p className="flex items-center gap-2 text-success">
            <CheckCircle2 aria-hidden className="size-5" /> Import finished
          </p>
          <ul className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
            <Summary value={result.created} label="new" />
            <Summary value={result.updated} label="updated" />
            <Summary value={result.skipped} label="already here, skipped" />
            <Summary value={result.failed.length} label="invalid" />
          </ul>
          <div className="flex justify-end">
            <button type="button" onClick={close} className="btn-primary">
              Done
            </button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <div role="tablist" aria-label="Import from" className="flex gap-2">
            {(["csv", "json"] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                role="tab"
                aria-selected={source === kind}
                onClick={() => {
                  setSource(kind);
                  reset();
                }}
                className={`rounded-lg px-3 py-1.5 text-sm ${source === kind ? "bg-accent/15 text-accent" : "text-muted hover:bg-raised"}`}
              >
                {kind === "csv" ? "Upload CSV" : "Paste JSON"}
              </button>
            ))}
          </div>
          {source === "csv" ? (
            <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted hover:border-accent/60">
              <FileUp aria-hidden className="size-6" />
              <span className="break-words">
                {fileName ||
                  "Choose a CSV file with a header row (Address, City, State, Zip, Beds, Baths, Sq Ft, Price, Rent, Status, APN…)"}
              </span>
              <input
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
                className="sr-only"
                onChange={(e) => void readFile(e.target.files?.[0])}
              />
            </label>
          ) : (
            <div className="space-y-2">
              <textarea
                aria-label="Properties as JSON"
                rows={6}
                value={json}
                onChange={(e) => {
                  setJson(e.target.value);
                  reset();
                }}
                placeholder='[{ "address": "12 Oak St", "city": "Dayton", "state": "OH", "listPrice": "$189,900" }]'
                className="input font-mono text-sm"
              />
              <button
                type="button"
                onClick={() => setParsed(parsePropertiesJson(json))}
                disabled={!json.trim()}
                className="btn-secondary disabled:opacity-50"
              >
                Check rows
              </button>
            </div>
          )}
          {parsed?.error && <FormMessage kind="error">{parsed.error}</FormMessage>}
          {preview && (
            <div className="space-y-3">
              <p className="text-sm" data-testid="import-summary">
                {parsed!.rows.length} rows:{" "}
                <span className="text-success">{preview.valid} ready</span>
                {preview.valid < parsed!.rows.length && (
                  <>
                    ,{" "}
                    <span className="text-danger">
                      {parsed!.rows.length - preview.valid} with problems (skipped)
                    </span>
                  </>
                )}
                {parsed!.ignoredColumns.length > 0 && (
                  <span className="text-muted">
                    {" "}
                    · ignored columns: {parsed!.ignoredColumns.join(", ")}
                  </span>
                )}
              </p>
              {preview.tooMany && (
                <FormMessage kind="error">{`At most ${MAX_IMPORT_ROWS} rows per import: split the file.`}</FormMessage>
              )}
              {rowsToSend && (
                <p
                  role="status"
                  className="rounded-xl bg-raised/60 px-3 py-2 text-sm"
                  data-testid="import-plan"
                >
                  {planned ? describeImport(planned, label) : "Checking against your properties..."}
                </p>
              )}
              {rowsToSend && <ExistingChoice value={existing} onChange={setExisting} />}
              <div className="max-h-72 overflow-auto rounded-xl border border-line">
                <table className="w-full text-left text-sm">
                  <thead className="sticky top-0 bg-raised text-xs text-muted uppercase">
                    <tr>
                      <th className="px-3 py-2">Row</th>
                      <th className="px-3 py-2">Address</th>
                      <th className="px-3 py-2">Price</th>
                      <th className="px-3 py-2">Check</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {preview.rows.slice(0, PREVIEW_LIMIT).map((r) => (
                      <tr key={r.index} className={r.errors.length ? "bg-danger/10" : ""}>
                        <td className="px-3 py-1.5 text-muted tabular-nums">{r.index + 1}</td>
                        <td className="px-3 py-1.5 break-words">{String(r.row.address ?? "—")}</td>
                        <td className="px-3 py-1.5 tabular-nums">
                          {String(r.row.listPrice ?? "—")}
                        </td>
                        <td className="px-3 py-1.5">
                          {r.errors.length ? (
                            <span className="text-danger">
                              {r.errors.map((e) => `${label(e.field)}: ${e.message}`).join("; ")}
                            </span>
                          ) : (
                            <span className="text-success">OK</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {preview.rows.length > PREVIEW_LIMIT && (
                <p className="text-xs text-muted">Showing the first {PREVIEW_LIMIT} rows.</p>
              )}
            </div>
          )}
          <FormMessage kind="error">{failure}</FormMessage>
          <div className="flex justify-end gap-3">
            <button type="button" onClick={close} className="btn-secondary">
              Cancel
            </button>
            <button
              type="button"
              onClick={() => void submit()}
              disabled={!planned || toWrite === 0 || busy}
              className="btn-primary whitespace-nowrap"
            >
              {busy ? "Importing..." : `Import ${toWrite} properties`}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function Summary(props: { value: number; label: string }) {
  return (
    <li className="rounded-xl border border-line bg-canvas p-3">
      <span className="block text-2xl font-semibold tabular-nums">{props.value}</span>
      <span className="text-sm text-muted">{props.label}</span>
    </li>
  );
}
