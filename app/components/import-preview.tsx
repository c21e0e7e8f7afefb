/**
 * The pieces every import dialog shares (properties, auctions, leads): the CSV picker, the count
 * of rows ready, the table of checked rows, and what to do with records that are already here.
 */
import { FileUp } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldProblem } from "~/domain/problems";
import type { ExistingRows } from "~/lib/api/workspace";
import { FormMessage } from "./form";

const CHOICES: { value: ExistingRows; label: string; hint: string }[] = [
  { value: "skip", label: "Skip existing", hint: "leave what you have as it is" },
  { value: "update", label: "Update existing", hint: "overwrite it with the file's values" },
];

/** Records already here: skip them or update them. */
export function ExistingChoice(props: {
  value: ExistingRows;
  onChange: (value: ExistingRows) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-wrap gap-x-6 gap-y-2 text-sm" disabled={props.disabled}>
      <legend className="sr-only">Records that are already here</legend>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name="existing-rows"
            value={choice.value}
            checked={props.value === choice.value}
            onChange={() => props.onChange(choice.value)}
            className="size-4 accent-[var(--accent)]"
          />
          <span>
            {choice.label} <span className="text-muted">({choice.hint})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The file picker of a CSV import: the file's name once chosen, else what the file should hold. */
export function CsvFilePicker(props: {
  fileName: string;
  hint: string;
  onFile: (file: File | undefined) => void;
}) {
  return (
    <label className="flex cursor-pointer flex-col items-center gap-2 rounded-xl border border-dashed border-line p-6 text-center text-sm text-muted hover:border-accent/60">
      <FileUp aria-hidden className="size-6" />
      <span className="break-words">{props.fileName || props.hint}</span>
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        className="sr-only"
        onChange={(e) => props.onFile(e.target.files?.[0])}
      />
    </label>
  );
}

/** "12 rows: 11 ready, 1 with problems (skipped) · ignored columns: …", and the row limit. */
export function RowCheckSummary(props: {
  rows: number;
  valid: number;
  ignoredColumns: readonly string[];
  max: number;
}) {
  const failed = props.rows - props.valid;
  return (
    <>
      <p className="text-sm" data-testid="import-summary">
        {props.rows} rows: <span className="text-success">{props.valid} ready</span>
        {failed > 0 && (
          <>
            , <span className="text-danger">{failed} with problems (skipped)</span>
          </>
        )}
        {props.ignoredColumns.length > 0 && (
          <span className="text-muted"> · ignored columns: {props.ignoredColumns.join(", ")}</span>
        )}
      </p>
      {props.rows > props.max && (
        <FormMessage kind="error">{`At most ${props.max} rows per import: split the file.`}</FormMessage>
      )}
    </>
  );
}

const PREVIEW_LIMIT = 200;

/** Each row as read, with its problems named by the file's own column names, or OK. */
export function CheckedRowsTable(props: {
  rows: readonly { index: number; row: Record<string, unknown>; errors: readonly FieldProblem[] }[];
  columns: readonly {
    title: string;
    cell: (row: Record<string, unknown>, ok: boolean) => ReactNode;
  }[];
  fieldName: (field: string) => string;
}) {
  return (
    <>
      <div className="max-h-72 overflow-auto rounded-xl border border-line">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">The file's rows, checked</caption>
          <thead className="sticky top-0 bg-raised text-xs text-muted uppercase">
            <tr>
              {["Row", ...props.columns.map((c) => c.title), "Check"].map((title) => (
                <th key={title} scope="col" className="px-3 py-2">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {props.rows.slice(0, PREVIEW_LIMIT).map(({ index, row, errors }) => (
              <tr key={index} className={errors.length ? "bg-danger/10" : ""}>
                <td className="px-3 py-1.5 text-muted tabular-nums">{index + 1}</td>
                {props.columns.map((column) => (
                  <td key={column.title} className="px-3 py-1.5 break-words">
                    {column.cell(row, errors.length === 0)}
                  </td>
                ))}
                <td className="px-3 py-1.5">
                  {errors.length ? (
                    <span className="text-danger">
                      {errors.map((e) => `${props.fieldName(e.field)}: ${e.message}`).join("; ")}
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
      {props.rows.length > PREVIEW_LIMIT && (
        <p className="text-xs text-muted">Showing the first {PREVIEW_LIMIT} rows.</p>
      )}
    </>
  );
}
