/**
 * Import leads from a list (CSV): every row checked with the API's own rules before anything is
 * written, the bad ones named with their problems; rows whose e-mail or phone is already a lead's
 * are skipped by the API and counted as such. Optionally into one campaign.
 */
import { CheckCircle2 } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { FormMessage } from "~/components/form";
import { CheckedRowsTable, CsvFilePicker, RowCheckSummary } from "~/components/import-preview";
import { Modal } from "~/components/ui";
import type { ParsedFile } from "~/domain/csv";
import { checkLeadRows, parseLeadsCsv } from "~/domain/marketing/lead-import";
import { rowProblem } from "~/domain/validation";
import { MAX_IMPORT_ROWS } from "~/domain/workspace";
import { leadsApi, type Campaign, type LeadImportResult } from "~/lib/api/marketing";
import { failureText } from "~/lib/api/workspace";

const leadCount = (n: number) => `${n} ${n === 1 ? "lead" : "leads"}`;
const shown = (value: unknown) =>
  typeof value === "string" || typeof value === "number" ? String(value) : "—";

export function LeadImportDialog(props: {
  open: boolean;
  campaigns: Campaign[];
  onClose: () => void;
  onImported: () => void;
}) {
  const [fileName, setFileName] = useState("");
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [campaignId, setCampaignId] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<LeadImportResult | null>(null);
  const [failure, setFailure] = useState("");

  const checked = useMemo(
    () => (parsed && !parsed.error ? checkLeadRows(parsed.rows) : null),
    [parsed],
  );
  const tooMany = (parsed?.rows.length ?? 0) > MAX_IMPORT_ROWS;
  const problems = new Map(checked?.failed.map((f) => [f.index, f.errors]));
  const columnOf = (field: string) => parsed?.columnOf?.[field] ?? field;

  const close = () => {
    setParsed(null);
    setResult(null);
    setFailure("");
    setFileName("");
    props.onClose();
  };

  async function readFile(file: File | undefined) {
    setParsed(null);
    setResult(null);
    setFailure("");
    if (!file) return;
    setFileName(file.name);
    setParsed(parseLeadsCsv(await file.text()));
  }

  async function submit() {
    if (!parsed || !checked?.valid.length || tooMany) return;
    setBusy(true);
    setFailure("");
    try {
      const imported = await leadsApi.import(parsed.rows, campaignId || null);
      setResult(imported);
      toast.success(`Imported ${leadCount(imported.created)}`);
      props.onImported();
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  const valid = checked?.valid.length ?? 0;
  return (
    <Modal open={props.open} title="Import leads" onClose={close} wide>
      {result ? (
        <div role="status" className="space-y-4">
          <p className="flex items-center gap-2 text-success">
            <CheckCircle2 aria-hidden className="size-5" /> Imported {result.created} of{" "}
            {leadCount(result.received)}
          </p>
          {result.skipped.length > 0 && (
            <p className="text-sm text-muted">
              {leadCount(result.skipped.length)} already here (same e-mail or phone), skipped: row{" "}
              {result.skipped.map((s) => s.index + 1).join(", ")}
            </p>
          )}
          {result.failed.length > 0 && (
            <ul className="space-y-1 text-sm text-danger">
              {result.failed.map((failed) => (
                <li key={failed.index}>Not imported: {rowProblem(failed, columnOf)}</li>
              ))}
            </ul>
          )}
          <div className="flex justify-end">
            <button type="button" onClick={close} className="btn-primary">
              Done
            </button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          <CsvFilePicker
            fileName={fileName}
            hint="Choose a CSV file with a header row (Name or First name and Last name, Phone, E-mail, Property address, Source, Status, Score, SMS opt-in, Follow up…)"
            onFile={(file) => void readFile(file)}
          />
          <label className="block text-sm">
            <span className="mb-1.5 block font-medium">Into campaign</span>
            <select
              value={campaignId}
              onChange={(event) => setCampaignId(event.target.value)}
              className="input"
            >
              <option value="">None</option>
              {props.campaigns.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {parsed?.error && <FormMessage kind="error">{parsed.error}</FormMessage>}
          {checked && parsed && (
            <div className="space-y-3">
              <RowCheckSummary
                rows={parsed.rows.length}
                valid={valid}
                ignoredColumns={parsed.ignoredColumns}
                max={MAX_IMPORT_ROWS}
              />
              <p className="text-xs text-muted">
                A lead whose e-mail or phone you already have is skipped when imported.
              </p>
              <CheckedRowsTable
                rows={parsed.rows.map((row, index) => ({
                  index,
                  row,
                  errors: problems.get(index) ?? [],
                }))}
                fieldName={columnOf}
                columns={[
                  {
                    title: "Name",
                    cell: (row) => [row.firstName, row.lastName].filter(Boolean).join(" ") || "—",
                  },
                  { title: "Phone / e-mail", cell: (row) => shown(row.phone ?? row.email) },
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
              disabled={valid === 0 || tooMany || busy}
              className="btn-primary whitespace-nowrap"
            >
              {busy ? "Importing..." : `Import ${leadCount(valid)}`}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
