/**
 * The analyzer's unit table (rental, BRRRR): a rent roll whose rents are the gross rent. Add,
 * duplicate and delete units, or paste rows from a spreadsheet (all of them or, when a cell is
 * wrong, none, with each problem said).
 */
import { Copy, Plus, Trash2 } from "lucide-react";
import { useState, type ClipboardEvent } from "react";
import {
  emptyUnit,
  parsePastedRows,
  UNIT_COLUMNS,
  unitTotals,
  type UnitRow,
} from "~/domain/deals/itemized-form";
import { MAX_UNITS } from "~/domain/deals/inputs";
import { formatMoney } from "~/domain/format";
import { ItemizedPanel, ItemizedTable, RowButton, type TableColumn } from "./itemized-table";

const COLUMNS: readonly TableColumn<UnitRow>[] = [
  { key: "name", label: "Unit", kind: "text", width: "w-20" },
  { key: "beds", label: "Beds", kind: "number", width: "w-12" },
  { key: "baths", label: "Baths", kind: "number", width: "w-12" },
  { key: "monthlyRent", label: "Rent / month", kind: "money", width: "w-24" },
  { key: "marketRent", label: "Market rent", kind: "money", width: "w-24" },
];

const money = (value: number) => formatMoney(value, { cents: !Number.isInteger(value) });

export function UnitsEditor(props: {
  units: UnitRow[];
  errors: Record<string, string>;
  onChange: (units: UnitRow[]) => void;
  onTakeOut: () => void;
}) {
  const { units } = props;
  const [pasteProblems, setPasteProblems] = useState<string[]>([]);
  const totals = unitTotals(units);
  const change = (next: UnitRow[]) => {
    setPasteProblems([]);
    props.onChange(next.slice(0, MAX_UNITS));
  };

  const paste = (event: ClipboardEvent<HTMLTableSectionElement>) => {
    const text = event.clipboardData.getData("text/plain");
    // One value typed over a cell is the cell's own; rows of cells are the table's.
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    const read = parsePastedRows(
      text,
      UNIT_COLUMNS,
      (position) => emptyUnit(units.length + position),
      ["name", "monthlyRent"],
    );
    if (!read.ok) {
      setPasteProblems(read.problems);
      return;
    }
    if (units.length + read.rows.length > MAX_UNITS) {
      setPasteProblems([`At most ${MAX_UNITS} units: paste fewer rows`]);
      return;
    }
    // An untouched first unit (no rent yet) is replaced rather than kept empty.
    const kept = units.filter((unit) => unit.monthlyRent.trim() || unit.marketRent.trim());
    props.onChange([...kept, ...read.rows]);
    setPasteProblems([]);
  };

  return (
    <ItemizedPanel
      title="Units"
      takeOut="Use the gross rent instead of the units"
      onTakeOut={props.onTakeOut}
    >
      <p className="text-muted">
        The gross rent is the sum of the units' rents. Paste rows from a spreadsheet into the table
        (unit, beds, baths, rent, market rent; a header row is welcome) to add them.
      </p>
      <ItemizedTable
        caption="Units"
        path="units"
        rowName={(index) => `unit ${index + 1}`}
        columns={COLUMNS}
        rows={units}
        errors={props.errors}
        onChange={change}
        newRow={emptyUnit}
        onPaste={paste}
        actions={(unit, index) => (
          <>
            <RowButton
              label={`Duplicate unit ${index + 1}`}
              disabled={units.length >= MAX_UNITS}
              onClick={() =>
                change([
                  ...units.slice(0, index + 1),
                  { ...unit, name: `${unit.name} (copy)` },
                  ...units.slice(index + 1),
                ])
              }
            >
              <Copy aria-hidden className="size-4" />
            </RowButton>
            <RowButton
              label={`Delete unit ${index + 1}`}
              disabled={units.length === 1}
              onClick={() => change(units.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden className="size-4" />
            </RowButton>
          </>
        )}
        totals={
          <>
            <td className="px-2 py-1.5 text-right" colSpan={2}>
              {totals.unitCount} unit{totals.unitCount === 1 ? "" : "s"}
            </td>
            <td className="px-2 py-1.5 text-right tabular-nums">{money(totals.totalRent)}</td>
            <td className="px-2 py-1.5 text-right text-xs font-normal text-muted" colSpan={2}>
              average {money(totals.averageRent)}, loss to lease {money(totals.lossToLease)}
            </td>
          </>
        }
      />
      <p className="sr-only" aria-live="polite">
        {totals.unitCount} units, gross rent {money(totals.totalRent)} a month
      </p>
      {pasteProblems.length > 0 && (
        <div role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2">
          <p className="font-medium">Nothing was pasted:</p>
          <ul className="list-disc pl-5">
            {pasteProblems.slice(0, 10).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <button
        type="button"
        onClick={() => change([...units, emptyUnit(units.length + 1)])}
        disabled={units.length >= MAX_UNITS}
        className="btn-secondary"
      >
        <Plus aria-hidden className="size-4" /> Add a unit
      </button>
    </ItemizedPanel>
  );
}
