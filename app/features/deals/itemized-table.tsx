/**
 * The table the analyzer's itemized editors share (units, rehab lines, comps): a row per item, a
 * labelled text field per cell with its problem beside it (the form's and the API's words), the
 * row's own buttons, figures worked out per row, and a totals row. Enter in the last row adds one.
 * It scrolls sideways inside its panel on a narrow screen.
 */
import type { ClipboardEvent, KeyboardEvent, ReactNode } from "react";

export interface TableColumn<Row> {
  key: keyof Row & string;
  label: string;
  /** Money gets "$" before it; numbers sit to the right. */
  kind: "text" | "number" | "money";
  /** The cell's width class ("w-24"). */
  width: string;
  /** A datalist's id offering values ("rehab-categories"). */
  list?: string;
}

export function ItemizedTable<Row extends object>(props: {
  caption: string;
  /** "units": the paths of the form's errors ("units.1.monthlyRent") and of the cells' ids. */
  path: string;
  /** "unit 2": how a row's controls are named for a screen reader. */
  rowName: (index: number) => string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  errors: Record<string, string>;
  onChange: (rows: Row[]) => void;
  /** A new empty row for the `position`th place (1-based). */
  newRow: (position: number) => Row;
  /** Column heads and cells of figures worked out per row (a line's total). */
  figures?: { heads: readonly string[]; cells: (row: Row, index: number) => readonly ReactNode[] };
  /** The row's buttons (duplicate, delete…). */
  actions: (row: Row, index: number) => ReactNode;
  /** The totals row's cells after its first, which says "Total". */
  totals?: ReactNode;
  onPaste?: (event: ClipboardEvent<HTMLTableSectionElement>) => void;
}) {
  const { columns, rows, path } = props;
  const cellId = (index: number, key: string) => `${path}-${index}-${key}`;
  const setCell = (index: number, key: string, value: string) =>
    props.onChange(rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)));
  const addAfterLast = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key !== "Enter" || index !== rows.length - 1) return;
    event.preventDefault();
    props.onChange([...rows, props.newRow(rows.length + 1)]);
    // The new row's first cell, once it is on the page.
    requestAnimationFrame(() =>
      document.getElementById(cellId(rows.length, columns[0]!.key))?.focus(),
    );
  };
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line">
      <table className="w-full min-w-max border-collapse text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead className="bg-raised text-xs text-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-2 py-1.5 font-medium ${column.kind === "text" ? "text-left" : "text-right"}`}
              >
                {column.label}
              </th>
            ))}
            {props.figures?.heads.map((head) => (
              <th key={head} scope="col" className="px-2 py-1.5 text-right font-medium">
                {head}
              </th>
            ))}
            <th scope="col" className="px-2 py-1.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody onPaste={props.onPaste}>
          {rows.map((row, index) => (
            <tr key={index} className="border-t border-line align-top">
              {columns.map((column) => {
                const id = cellId(index, column.key);
                const error = props.errors[`${path}.${index}.${column.key}`];
                return (
                  <td key={column.key} className="px-0.5 py-1">
                    <div
                      className={`flex items-center rounded-md border bg-canvas focus-within:ring-2 focus-within:ring-accent ${column.width} ${error ? "border-danger" : "border-line"}`}
                    >
                      {column.kind === "money" && (
                        <span aria-hidden className="pl-2 text-muted">
                          $
                        </span>
                      )}
                      <input
                        id={id}
                        type="text"
                        inputMode={column.kind === "text" ? undefined : "decimal"}
                        autoComplete="off"
                        list={column.list}
                        aria-label={`${column.label}, ${props.rowName(index)}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        value={String(row[column.key])}
                        onChange={(event) => setCell(index, column.key, event.target.value)}
                        onKeyDown={(event) => addAfterLast(event, index)}
                        className={`w-full min-w-0 bg-transparent px-2 py-1.5 outline-none ${column.kind === "text" ? "" : "text-right tabular-nums"}`}
                      />
                    </div>
                    {error && (
                      <p
                        id={`${id}-error`}
                        className={`mt-0.5 text-xs text-danger ${column.width}`}
                      >
                        {error}
                      </p>
                    )}
                  </td>
                );
              })}
              {props.figures?.cells(row, index).map((cell, at) => (
                <td key={at} className="px-2 py-2.5 text-right whitespace-nowrap tabular-nums">
                  {cell}
                </td>
              ))}
              <td className="px-1 py-1 whitespace-nowrap">{props.actions(row, index)}</td>
            </tr>
          ))}
        </tbody>
        {props.totals && (
          <tfoot className="border-t-2 border-line font-semibold">
            <tr>
              <th scope="row" className="px-2 py-1.5 text-left">
                Total
              </th>
              {props.totals}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** A row's small icon button, named for screen readers. */
export function RowButton(props: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
      className="rounded-md p-1 text-muted hover:bg-raised hover:text-fg disabled:opacity-40"
    >
      {props.children}
    </button>
  );
}

/** An itemized list's panel: its title, the switch that takes it out, its body. */
export function ItemizedPanel(props: {
  title: string;
  /** "Use the gross rent instead of the units". */
  takeOut: string;
  onTakeOut: () => void;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={props.title}
      className="min-w-0 space-y-3 rounded-2xl border border-line bg-surface p-4 text-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{props.title}</h3>
        <button type="button" onClick={props.onTakeOut} className="btn-secondary text-left">
          {props.takeOut}
        </button>
      </div>
      {props.children}
    </section>
  );
}
