/**
 * Import properties: upload a CSV or paste JSON, see every row checked and what the import would
 * do (new, already here, invalid) before anything is written, choose to skip or update what is
 * already here, then import.
 */
import { CheckCircle2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { FormMessage } from "~/components/form";
import {
  CheckedRowsTable,
  CsvFilePicker,
  ExistingChoice,
  RowCheckSummary,
} from "~/components/import-preview";
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
            <CsvFilePicker
              fileName={fileName}
              hint="Choose a CSV file with a header row (Address, City, State, Zip, Beds, Baths, Sq Ft, Price, Rent, Status, APN…)"
              onFile={(file) => void readFile(file)}
            />
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
              <RowCheckSummary
                rows={parsed!.rows.length}
                valid={preview.valid}
                ignoredColumns={parsed!.ignoredColumns}
                max={MAX_IMPORT_ROWS}
              />
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
              <CheckedRowsTable
                rows={preview.rows}
                fieldName={label}
                columns={[
                  { title: "Address", cell: (row) => String(row.address ?? "—") },
                  { title: "Price", cell: (row) => String(row.listPrice ?? "—") },
                ]}
              />
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
