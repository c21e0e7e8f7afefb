/**
 * Import a file of properties or leads: choose it (CSV in any encoding or separator Excel
 * writes, an .xlsx workbook, a scraper's JSON), see each column with its first values and the
 * field it goes into (the recognised source's mapping, or a guess its values confirmed, changeable;
 * why a column is left out), what the whole file lacks (a county list's one sale type), the rows' plan
 * as the server works it out (new, merged field by field, unchanged, every problem by row), then
 * import it in the background of the page, chunk by chunk, with Undo. Pages show it through
 * file-import-dialog.tsx, which downloads it when it is first opened.
 */
import { useRevalidator } from "@remix-run/react";
import { FileUp } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { SALE_TYPES, saleTypeLabel, type SaleType } from "~/domain/auctions/auction-terms";
import { formatMoney } from "~/domain/format";
import { accountedRows, type Table } from "~/domain/imports/table";
import { IGNORE, MONEY_TARGETS, TARGETS } from "~/domain/imports/targets";
import { importsApi, type FileImportKind, type FileImportResult } from "~/lib/api/imports";
import { failureText } from "~/lib/api/workspace";
import { startImport } from "~/lib/import-runner";
import { FormMessage } from "./form";
import { Modal } from "./ui";

/** Records the preview checks against the workspace; the import checks every one. */
const PREVIEW_RECORDS = 5000;

const NOUNS: Record<FileImportKind, [string, string]> = {
  properties: ["property", "properties"],
  leads: ["lead", "leads"],
  auctions: ["auction", "auctions"],
};
const count = (kind: FileImportKind, n: number) =>
  `${n.toLocaleString("en-US")} ${NOUNS[kind][n === 1 ? 0 : 1]}`;

const HOW: Record<string, string> = {
  source: "from the source",
  known: "matched by name",
  guess: "guess: check it",
  remembered: "your earlier choice",
  user: "your choice",
  none: "not imported",
};

interface ReadFile {
  name: string;
  table: Table;
  format: string;
  encoding?: string;
  sheets?: string[];
  sheet?: string;
  warnings: string[];
  bytes: Uint8Array;
}

export function FileImportDialog(props: {
  kind: FileImportKind;
  open: boolean;
  onClose: () => void;
  /** Leads: the campaigns new leads may be put in. */
  campaigns?: { id: string; name: string }[];
}) {
  const { kind } = props;
  const [file, setFile] = useState<ReadFile | null>(null);
  const [reading, setReading] = useState(false);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [overwriteEdits, setOverwriteEdits] = useState(false);
  const [remember, setRemember] = useState(true);
  const [campaignId, setCampaignId] = useState("");
  const [saleType, setSaleType] = useState<SaleType | "">("");
  const [preview, setPreview] = useState<FileImportResult | null>(null);
  const [checking, setChecking] = useState(false);
  const [failure, setFailure] = useState("");
  const latest = useRef(0);
  // The page open when the run has written (the list imported into, or wherever the user went).
  const { revalidate } = useRevalidator();

  // Each opening starts afresh (cleared on opening, so closing shows no empty state first).
  useEffect(() => {
    if (!props.open) return;
    setFile(null);
    setPreview(null);
    setChoices({});
    setFailure("");
    setOverwriteEdits(false);
    setSaleType("");
  }, [props.open]);
  const close = props.onClose;

  async function read(bytes: Uint8Array, name: string, sheet?: string) {
    setReading(true);
    setFailure("");
    setPreview(null);
    try {
      const { readFileTable } = await import("~/domain/imports/file");
      const read = await readFileTable(bytes, sheet);
      if (!read.table.headers.length) throw new Error("The file has no header row");
      setFile({ ...read, name, bytes });
    } catch (error) {
      setFile(null);
      setFailure(`${name} could not be read: ${(error as Error).message}`);
    } finally {
      setReading(false);
    }
  }

  // The plan of the first records under the current mapping, asked of the server; only the
  // answer to the newest question is shown.
  useEffect(() => {
    if (!file) return;
    const asked = ++latest.current;
    setChecking(true);
    importsApi
      .send(
        kind,
        {
          headers: file.table.headers,
          records: file.table.records.slice(0, PREVIEW_RECORDS),
          delimiter: file.table.delimiter,
        },
        {
          dryRun: true,
          mapping: choices,
          overwriteEdits,
          campaignId: campaignId || null,
          saleType: saleType || null,
        },
      )
      .then(
        (result) => {
          if (asked !== latest.current) return;
          setPreview(withFileProblems(result, file.table));
          setFailure("");
        },
        (error: unknown) => {
          if (asked !== latest.current) return;
          setPreview(null);
          setFailure(failureText(error));
        },
      )
      .finally(() => asked === latest.current && setChecking(false));
  }, [file, choices, overwriteEdits, campaignId, saleType, kind]);

  const partial = file ? file.table.records.length > PREVIEW_RECORDS : false;
  const willWrite = preview ? preview.counts.created + preview.counts.merged : 0;
  const targets = TARGETS[kind];
  const sourceName = preview?.source?.name;
  const changedMapping = Object.keys(choices).length > 0;
  const missing = preview?.missing ?? [];
  // A list that says no sale type per row gets one for all its rows, chosen here.
  const asksSaleType =
    kind === "auctions" && (saleType !== "" || missing.some((m) => m.field === "saleType"));

  function submit() {
    if (!file || !preview) return;
    startImport(
      kind,
      file.table,
      {
        fileName: file.name,
        mapping: fixedMapping(preview),
        overwriteEdits,
        remember: remember && changedMapping,
        campaignId: campaignId || null,
        saleType: saleType || null,
      },
      revalidate,
    );
    close();
  }

  return (
    <Modal open={props.open} title={`Import ${NOUNS[kind][1]}`} onClose={close} wide>
      <div className="space-y-4">
        <FilePicker
          fileName={file?.name ?? ""}
          detail={
            file
              ? `${file.format === "xlsx" ? `Sheet ${file.sheet}` : file.format.toUpperCase()}${
                  file.encoding && file.encoding !== "utf-8" ? `, read as ${file.encoding}` : ""
                }`
              : ""
          }
          busy={reading}
          onFile={async (chosen) => {
            if (!chosen) return;
            setChoices({});
            await read(new Uint8Array(await chosen.arrayBuffer()), chosen.name);
          }}
        />
        {file?.sheets && file.sheets.length > 1 && (
          <label className="flex flex-wrap items-center gap-2 text-sm">
            Sheet
            <select
              className="input w-auto max-w-full"
              value={file.sheet}
              onChange={(e) => void read(file.bytes, file.name, e.target.value)}
            >
              {file.sheets.map((sheet) => (
                <option key={sheet}>{sheet}</option>
              ))}
            </select>
          </label>
        )}
        <FormMessage kind="error">{failure}</FormMessage>
        {file && (
          <>
            <p className="text-sm" data-testid="import-source">
              {sourceName ? (
                <>
                  <strong>{sourceName}</strong> recognised: its columns are mapped as the source
                  writes them.
                </>
              ) : (
                "Columns matched by their names; check the guesses and choose for the rest."
              )}
              {preview && <MappingCounts preview={preview} />}
            </p>
            {asksSaleType && (
              <label className="flex flex-wrap items-center gap-2 text-sm">
                Sale type of every sale in this list
                <select
                  className="input w-auto max-w-full"
                  value={saleType}
                  onChange={(e) => setSaleType(e.target.value as SaleType | "")}
                >
                  <option value="">Choose…</option>
                  {SALE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {saleTypeLabel(type)}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {missing.length > 0 && (
              <ul
                data-testid="import-missing"
                className="list-disc space-y-0.5 rounded-xl bg-danger/10 py-2 pr-3 pl-8 text-sm text-danger"
              >
                {missing.map((need) => (
                  <li key={need.field}>{need.message}</li>
                ))}
              </ul>
            )}
            {file.warnings.length > 0 && (
              <ul
                data-testid="import-warnings"
                className="list-disc space-y-0.5 rounded-xl bg-accent/10 py-2 pr-3 pl-8 text-sm"
              >
                {file.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            )}
            {preview && (
              <MappingTable
                preview={preview}
                targets={targets}
                onChange={(header, target) => setChoices((old) => ({ ...old, [header]: target }))}
              />
            )}
            {preview && (
              <Summary kind={kind} preview={preview} table={file.table} partial={partial} />
            )}
            {preview && <PlanList kind={kind} preview={preview} />}
            <fieldset className="space-y-2 text-sm">
              <legend className="sr-only">Import options</legend>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  checked={overwriteEdits}
                  onChange={(e) => setOverwriteEdits(e.target.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]"
                />
                <span>
                  Overwrite my edits{" "}
                  <span className="text-muted">
                    (by default a field you changed in AI42 keeps your value; an empty cell never
                    blanks a field either way)
                  </span>
                </span>
              </label>
              {changedMapping && (
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    checked={remember}
                    onChange={(e) => setRemember(e.target.checked)}
                    className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]"
                  />
                  <span>
                    Remember my column choices for{" "}
                    {sourceName ? `${sourceName} files` : "files like this"}
                  </span>
                </label>
              )}
              {kind === "leads" && props.campaigns && props.campaigns.length > 0 && (
                <label className="flex flex-wrap items-center gap-2">
                  Campaign for new leads
                  <select
                    className="input w-auto max-w-full"
                    value={campaignId}
                    onChange={(e) => setCampaignId(e.target.value)}
                  >
                    <option value="">None</option>
                    {props.campaigns.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </fieldset>
          </>
        )}
        <div className="flex justify-end gap-3">
          <button type="button" onClick={close} className="btn-secondary">
            Cancel
          </button>
          <button
            type="button"
            onClick={submit}
            disabled={!preview || checking || missing.length > 0 || (willWrite === 0 && !partial)}
            className="btn-primary whitespace-nowrap"
          >
            {!file
              ? `Import ${NOUNS[kind][1]}`
              : checking && !preview
                ? "Checking..."
                : partial
                  ? `Import ${count(kind, file!.table.records.length)}`
                  : `Import ${count(kind, willWrite)}`}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function FilePicker(props: {
  fileName: string;
  /** What was read: "CSV", "Sheet Listings", "CSV, read as windows-1252". */
  detail: string;
  busy: boolean;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <label
      className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-line text-center text-sm text-muted hover:border-accent/60 has-[:focus-visible]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40 ${props.fileName ? "p-3" : "p-6"}`}
    >
      <FileUp aria-hidden className="size-6" />
      {props.busy ? (
        <span>Reading...</span>
      ) : props.fileName ? (
        <span className="max-w-full">
          <span className="block font-medium wrap-anywhere text-fg">{props.fileName}</span>
          <span className="block text-xs">
            {props.detail && `${props.detail} · `}choose another file
          </span>
        </span>
      ) : (
        <span>
          Choose a file: CSV from Redfin, Zillow, Realtor.com, PropStream, BatchLeads, DealMachine
          or a county list, an Excel workbook (.xlsx), or JSON
        </span>
      )}
      <input
        type="file"
        accept=".csv,.tsv,.txt,.xlsx,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label="File to import"
        className="sr-only"
        onChange={(e) => {
          props.onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
    </label>
  );
}

/** Each column of the file, its first values, and the field it goes into (changeable). */
function MappingTable(props: {
  preview: FileImportResult;
  targets: Record<string, string>;
  onChange: (header: string, target: string) => void;
}) {
  return (
    <div className="max-h-[min(22rem,40vh)] overflow-auto rounded-xl border border-line">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">The file's columns and where each goes</caption>
        <thead className="sticky top-0 bg-raised text-xs text-muted uppercase">
          <tr>
            <th scope="col" className="w-2/5 px-2 py-2 sm:w-1/4 sm:px-3">
              Column
            </th>
            <th scope="col" className="hidden w-1/3 px-3 py-2 sm:table-cell">
              First values
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3">
              Goes into
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {props.preview.columns.map((column) => (
            <tr key={column.index}>
              <th scope="row" className="px-2 py-1.5 font-medium wrap-anywhere sm:px-3">
                {column.header}
                {/* On a phone the first values sit under the column's name. */}
                <span className="block truncate text-xs font-normal text-muted sm:hidden">
                  {column.samples.join(", ") || "—"}
                </span>
              </th>
              <td
                className="hidden truncate px-3 py-1.5 text-muted sm:table-cell"
                title={column.samples.join(", ")}
              >
                {column.samples.join(", ") || "—"}
              </td>
              <td className="px-2 py-1.5 sm:px-3">
                <select
                  aria-label={`Field for column ${column.header}`}
                  className="input px-2 py-1"
                  value={column.target}
                  onChange={(e) => props.onChange(column.header, e.target.value)}
                >
                  <option value={IGNORE}>Ignore this column</option>
                  {Object.entries(props.targets).map(([target, label]) => (
                    <option key={target} value={target}>
                      {label}
                    </option>
                  ))}
                </select>
                <span
                  className={`mt-0.5 block text-xs ${column.how === "guess" ? "font-medium text-accent" : "text-muted"}`}
                >
                  {HOW[column.how]}
                </span>
                {column.note && column.how !== "user" && (
                  <span className="block text-xs text-muted">{column.note}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The mapping as the preview showed it, for every part of a big file to be read the same way,
 * never guessed again from its own rows: each column but those the recognised source maps itself
 * (the same in every part), within what a request's address can carry.
 */
const fixedMapping = (preview: FileImportResult) =>
  Object.fromEntries(
    preview.columns
      .filter((column) =>
        preview.source ? column.how !== "source" && column.how !== "none" : true,
      )
      .map((column) => [column.header, column.target]),
  );

/** " 2 guessed from their names (check them); 5 not imported (why is beside each)." */
function MappingCounts(props: { preview: FileImportResult }) {
  const guessed = props.preview.guesses.filter((guess) => guess.applied).length;
  const left = props.preview.unmapped.length;
  if (!guessed && !left) return null;
  return (
    <>
      {" "}
      {guessed > 0 && (
        <span className="text-accent">
          {guessed} guessed from {guessed === 1 ? "its name" : "their names"}: check{" "}
          {guessed === 1 ? "it" : "them"}.{" "}
        </span>
      )}
      {left > 0 &&
        `${left} ${left === 1 ? "column is" : "columns are"} not imported (why is beside each).`}
    </>
  );
}

/**
 * The server's plan of the records sent, with the rows the file itself breaks (a quote never
 * closed, a row too wide), which are never sent: every row of the file is in the counts.
 */
function withFileProblems(result: FileImportResult, table: Table): FileImportResult {
  if (!table.problems.length) return result;
  return {
    ...result,
    counts: {
      ...result.counts,
      rows: result.counts.rows + table.problems.length,
      failed: result.counts.failed + table.problems.length,
    },
    problems: [...table.problems, ...result.problems].sort((a, b) => a.row - b.row),
  };
}

/** "24 rows: 22 records (20 new, 2 to merge), 1 note, 1 blank; 2 with problems". */
function Summary(props: {
  kind: FileImportKind;
  preview: FileImportResult;
  table: Table;
  partial: boolean;
}) {
  const { counts } = props.preview;
  const lines = accountedRows(props.table);
  return (
    <div role="status" className="space-y-1 rounded-xl bg-raised/60 px-3 py-2 text-sm">
      <p data-testid="import-summary">
        {lines.toLocaleString("en-US")} rows in the file: {counts.rows.toLocaleString("en-US")}{" "}
        {props.kind}
        {props.table.notes.length > 0 &&
          (props.table.notes.length === 1
            ? ", 1 note (not a record)"
            : `, ${props.table.notes.length} notes (not records)`)}
        {props.table.blankRows > 0 && `, ${props.table.blankRows} blank`}
        {props.table.headerRow > 0 && ", the header"}.
      </p>
      {counts.flagged > 0 && (
        <p data-testid="import-flagged">
          {counts.flagged.toLocaleString("en-US")} {counts.flagged === 1 ? "is" : "are"} flagged
          do-not-contact, litigator, deceased or do-not-mail: imported with the flags, which
          follow-up sequences and mail-house exports respect.
        </p>
      )}
      <p data-testid="import-plan">
        {props.partial && `The first ${PREVIEW_RECORDS.toLocaleString("en-US")} checked: `}
        <span className={counts.created > 0 ? "text-success" : undefined}>
          {counts.created.toLocaleString("en-US")} new
        </span>
        , {counts.merged.toLocaleString("en-US")} to update,{" "}
        {counts.unchanged.toLocaleString("en-US")} unchanged
        {counts.failed > 0 && (
          <>
            ,{" "}
            <span className="text-danger">
              {counts.failed.toLocaleString("en-US")} not imported
            </span>
          </>
        )}
      </p>
    </div>
  );
}

const SHOWN = 100;

/** Every problem by row, and what each merged row changes and keeps. */
function PlanList(props: { kind: FileImportKind; preview: FileImportResult }) {
  const label = useMemo(() => fieldLabel(props.kind), [props.kind]);
  const { problems, rows } = props.preview;
  const touched = rows.filter((row) => row.changes.length || row.kept.length);
  if (!problems.length && !touched.length) return null;
  return (
    <div className="max-h-56 space-y-3 overflow-auto rounded-xl border border-line p-3 text-sm">
      {problems.length > 0 && (
        <section aria-label="Problems">
          <h3 className="font-medium text-danger">Not imported</h3>
          <ul className="list-disc pl-5">
            {problems.slice(0, SHOWN).map((problem) => (
              <li key={problem.row}>{problem.message}</li>
            ))}
            {problems.length > SHOWN && <li>…and {problems.length - SHOWN} more</li>}
          </ul>
        </section>
      )}
      {touched.length > 0 && (
        <section aria-label="Changes">
          <h3 className="font-medium">Already here</h3>
          <ul className="space-y-1">
            {touched.slice(0, SHOWN).map((row) => (
              <li key={row.row}>
                <span className="font-medium">{row.label}</span>:{" "}
                {row.changes.map((change, i) => (
                  <span key={change.field}>
                    {i > 0 && "; "}
                    {label(change.field)} {shown(change.from, change.field)} →{" "}
                    {shown(change.to, change.field)}
                  </span>
                ))}
                {row.kept.map((kept, i) => (
                  <span key={kept.field} className="text-muted">
                    {(i > 0 || row.changes.length > 0) && "; "}
                    your {label(kept.field)} {shown(kept.from, kept.field)} kept (the file says{" "}
                    {shown(kept.to, kept.field)})
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** A value as the preview shows it: "$1,650", "3", "—". */
function shown(value: unknown, field: string) {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number") {
    return MONEY_TARGETS.has(field) ? formatMoney(value) : value.toLocaleString("en-US");
  }
  if (Array.isArray(value))
    return value.map((item) => (item as { value?: string }).value ?? item).join(", ");
  return String(value);
}

/** A field as the user knows it: "list price", "owner's mailing city". */
function fieldLabel(kind: FileImportKind) {
  const targets = TARGETS[kind];
  return (field: string) => {
    const [owner, inner] = field.startsWith("owner.") ? [true, field.slice(6)] : [false, field];
    const name = (targets[inner] ?? inner.replace(/([A-Z])/g, " $1")).toLowerCase();
    return owner ? `owner's ${name}` : name;
  };
}
