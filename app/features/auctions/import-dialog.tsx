/**
 * Import auctions from a county list or spreadsheet (CSV): every row checked with the API's own
 * rules before anything is written, the bad ones named with their problems, then the good ones
 * imported; their dates then go to the Google calendar for auctions, when one is chosen.
 */
import { CheckCircle2 } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import { FormMessage } from "~/components/form";
import { CheckedRowsTable, CsvFilePicker, RowCheckSummary } from "~/components/import-preview";
import { Modal } from "~/components/ui";
import { MAX_AUCTION_IMPORT_ROWS, saleTypeLabel, type SaleType } from "~/domain/auctions/auction";
import { checkAuctionRows, parseAuctionsCsv } from "~/domain/auctions/import";
import { formatDateTime } from "~/domain/format";
import type { ParsedFile } from "~/domain/csv";
import { rowProblem } from "~/domain/validation";
import { auctionsApi, syncAuctionCalendar, type AuctionImportResult } from "~/lib/api/auctions";
import { failureText } from "~/lib/api/workspace";
import { auctionCount, syncOutcome, syncProgress } from "./notices";

/** A cell of the preview: the row's value as read, or a dash. */
const shown = (value: unknown) => (typeof value === "string" && value ? value : "—");

/** A sale time as read: the instant in the viewer's zone, or the text as the file had it. */
const saleText = (value: unknown) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) && value.includes("T")
    ? formatDateTime(value)
    : shown(value);

export function ImportDialog(props: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const [fileName, setFileName] = useState("");
  const [parsed, setParsed] = useState<ParsedFile | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<AuctionImportResult | null>(null);
  const [failure, setFailure] = useState("");
  const [calendarNote, setCalendarNote] = useState("");

  const checked = useMemo(
    () => (parsed && !parsed.error ? checkAuctionRows(parsed.rows) : null),
    [parsed],
  );
  const tooMany = (parsed?.rows.length ?? 0) > MAX_AUCTION_IMPORT_ROWS;
  const problems = new Map(checked?.failed.map((failure) => [failure.index, failure.errors]));
  const columnOf = (field: string) => parsed?.columnOf?.[field] ?? field;

  const reset = () => {
    setParsed(null);
    setResult(null);
    setFailure("");
    setCalendarNote("");
  };
  const close = () => {
    reset();
    setFileName("");
    props.onClose();
  };

  async function readFile(file: File | undefined) {
    reset();
    if (!file) return;
    setFileName(file.name);
    setParsed(parseAuctionsCsv(await file.text()));
  }

  async function submit() {
    if (!parsed || !checked?.valid.length || tooMany) return;
    setBusy(true);
    setFailure("");
    try {
      // Every row, so the API's failures are counted as the preview counts them.
      const imported = await auctionsApi.import(parsed.rows);
      setResult(imported);
      toast.success(`Imported ${auctionCount(imported.created)}`);
      props.onImported();
      if (imported.calendarPending > 0) {
        // The auctions are saved either way: a failure here is said beside the result.
        setCalendarNote(
          await syncAuctionCalendar((left) => setCalendarNote(syncProgress(left))).then(
            syncOutcome,
            failureText,
          ),
        );
      }
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setBusy(false);
    }
  }

  const valid = checked?.valid.length ?? 0;
  return (
    <Modal open={props.open} title="Import auctions" onClose={close} wide>
      {result ? (
        <div role="status" className="space-y-4">
          <p className="flex items-center gap-2 text-success">
            <CheckCircle2 aria-hidden className="size-5" /> Imported {result.created} of{" "}
            {auctionCount(result.received)}
          </p>
          {result.failed.length > 0 && (
            <ul className="space-y-1 text-sm text-danger">
              {result.failed.map((failed) => (
                <li key={failed.index}>Not imported: {rowProblem(failed, columnOf)}</li>
              ))}
            </ul>
          )}
          {calendarNote && <p className="text-sm text-muted">{calendarNote}</p>}
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
            hint="Choose a CSV file with a header row (Address, Sale date, Sale type, City, County, State, Case number, Opening bid, Deposit…)"
            onFile={(file) => void readFile(file)}
          />
          <p className="text-xs text-muted">
            Times are read as the clock reads where each sale is: its Time zone column, else its
            state's zone.
          </p>
          {parsed?.error && <FormMessage kind="error">{parsed.error}</FormMessage>}
          {checked && parsed && (
            <div className="space-y-3">
              <RowCheckSummary
                rows={parsed.rows.length}
                valid={valid}
                ignoredColumns={parsed.ignoredColumns}
                max={MAX_AUCTION_IMPORT_ROWS}
              />
              <CheckedRowsTable
                rows={parsed.rows.map((row, index) => ({
                  index,
                  row,
                  errors: problems.get(index) ?? [],
                }))}
                fieldName={columnOf}
                columns={[
                  { title: "Address", cell: (row) => shown(row.address) },
                  {
                    title: "Sale",
                    cell: (row, ok) => (
                      <>
                        {saleText(row.saleAt)}
                        {ok && typeof row.saleType === "string" && (
                          <span className="block text-xs text-muted">
                            {saleTypeLabel(row.saleType as SaleType)}
                          </span>
                        )}
                      </>
                    ),
                  },
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
              {busy ? "Importing..." : `Import ${auctionCount(valid)}`}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
