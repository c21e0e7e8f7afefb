/**
 * Import leads from a list (CSV): every row checked with the API's own rules before anything is
 * written, the bad ones named with their problems; rows whose e-mail or phone is already a lead's
 * are skipped by the API and counted as such. Optionally into one campaign.
 */
import { CheckCircle2, FileUp } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { FormMessage } from "~/components/form";
import { Modal } from "~/components/ui";
import type { ParsedFile } from "~/domain/csv";
import { checkLeadRows, parseLeadsCsv } from "~/domain/marketing/lead-import";
import { rowProblem } from "~/domain/validation";
import { MAX_IMPORT_ROWS } from "~/domain/workspace";
import { leadsApi, type Campaign, type LeadImportResult } from "~/lib/api/marketing";
import { failureText } from "~/lib/api/workspace";

const PREVIEW_LIMIT = 200;
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
          <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted hover:border-accent/60">
            <FileUp aria-hidden className="size-6" />
            <span className="break-words">
              {fileName ||
                "Choose a CSV file with a header row (Name or First name and Last name, Phone, E-mail, Property address, Source, Status, Score, SMS opt-in, Follow up…)"}
            </span>
            <input
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              className="sr-only"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
          </label>
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
              <p className="text-sm" data-testid="import-summary">
                {parsed.rows.length} rows: <span className="text-success">{valid} ready</span>
                {checked.failed.length > 0 && (
                  <>
                    ,{" "}
                    <span className="text-danger">
                      {checked.failed.length} with problems (skipped)
                    </span>
                  </>
                )}
                {parsed.ignoredColumns.length > 0 && (
                  <span className="text-muted">
                    {" "}
                    · ignored columns: {parsed.ignoredColumns.join(", ")}
                  </span>
                )}
              </p>
              <p className="text-xs text-muted">
                A lead whose e-mail or phone you already have is skipped when imported.
              </p>
              {tooMany && (
                <FormMessage kind="error">{`At most ${MAX_IMPORT_ROWS} rows per import: split the file.`}</FormMessage>
              )}
              <div className="max-h-72 overflow-auto rounded-xl border border-line">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">The file's rows, checked</caption>
                  <thead className="sticky top-0 bg-raised text-xs text-muted uppercase">
                    <tr>
                      <th scope="col" className="px-3 py-2">
                        Row
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Name
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Phone / e-mail
                      </th>
                      <th scope="col" className="px-3 py-2">
                        Check
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {parsed.rows.slice(0, PREVIEW_LIMIT).map((row, index) => {
                      const errors = problems.get(index) ?? [];
                      return (
                        <tr key={index} className={errors.length ? "bg-danger/10" : ""}>
                          <td className="px-3 py-1.5 text-muted tabular-nums">{index + 1}</td>
                          <td className="px-3 py-1.5 break-words">
                            {[row.firstName, row.lastName].filter(Boolean).join(" ") || "—"}
                          </td>
                          <td className="px-3 py-1.5 break-words">
                            {shown(row.phone ?? row.email)}
                          </td>
                          <td className="px-3 py-1.5">
                            {errors.length ? (
                              <span className="text-danger">
                                {errors.map((e) => `${columnOf(e.field)}: ${e.message}`).join("; ")}
                              </span>
                            ) : (
                              <span className="text-success">OK</span>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
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
