/**
 * The analyzer's comps table (flip, BRRRR, wholesale, rental): the subject's square feet and the
 * comps' sales, each comp's adjusted $/sq ft and the value it implies, the ARV they give and its
 * range drawn. An ARV typed in the form wins; the comps' can replace it in one click.
 */
import { Copy, Plus, Trash2 } from "lucide-react";
import { compPricePerSqFt, compsArv, emptyComp, type CompRow } from "~/domain/deals/itemized-form";
import { MAX_COMPS } from "~/domain/deals/inputs";
import { formatMoney, parseNumberLike } from "~/domain/format";
import { ArvRange } from "./arv-range";
import { ItemizedPanel, ItemizedTable, RowButton, type TableColumn } from "./itemized-table";

const COLUMNS: readonly TableColumn<CompRow>[] = [
  { key: "address", label: "Address", kind: "text", width: "w-36" },
  { key: "salePrice", label: "Sale price", kind: "money", width: "w-28" },
  { key: "squareFeet", label: "Sq ft", kind: "number", width: "w-16" },
  { key: "adjustments", label: "Adjustments", kind: "money", width: "w-24" },
];

export function CompsEditor(props: {
  comps: CompRow[];
  subjectSquareFeet: string;
  /** The ARV field's text: typed, it wins over the comps'. */
  typedArv: string;
  errors: Record<string, string>;
  onChange: (comps: CompRow[], subjectSquareFeet: string) => void;
  /** Empties the ARV field, so the comps' ARV is the one used. */
  onUseCompsArv: () => void;
  onTakeOut: () => void;
}) {
  const { comps, subjectSquareFeet } = props;
  const arv = compsArv({ comps, subjectSquareFeet });
  const typed = props.typedArv.trim() ? (parseNumberLike(props.typedArv) ?? undefined) : undefined;
  const setComps = (next: CompRow[]) => props.onChange(next.slice(0, MAX_COMPS), subjectSquareFeet);
  const subjectError = props.errors.subjectSquareFeet;
  return (
    <ItemizedPanel
      title="Comps"
      takeOut="Use the typed ARV instead of the comps"
      onTakeOut={props.onTakeOut}
    >
      <div>
        <label htmlFor="comps-subject" className="mb-1 block text-xs font-medium">
          Subject square feet
        </label>
        <input
          id="comps-subject"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={subjectSquareFeet}
          onChange={(event) => props.onChange(comps, event.target.value)}
          aria-invalid={subjectError ? true : undefined}
          aria-describedby={subjectError ? "comps-subject-error" : undefined}
          className={`input w-32 text-right tabular-nums ${subjectError ? "border-danger" : ""}`}
        />
        {subjectError && (
          <p id="comps-subject-error" className="mt-1 text-xs text-danger">
            {subjectError}
          </p>
        )}
      </div>
      <ItemizedTable
        caption="Comps"
        path="comps"
        rowName={(index) => `comp ${index + 1}`}
        columns={COLUMNS}
        rows={comps}
        errors={props.errors}
        onChange={setComps}
        newRow={emptyComp}
        figures={{
          heads: ["Adjusted $/sq ft", "Implied value"],
          cells: (comp) => {
            const perSqFt = compPricePerSqFt(comp);
            if (perSqFt === null) return ["—", "—"];
            return [
              formatMoney(perSqFt, { cents: true }),
              arv ? formatMoney(arv.subjectSquareFeet * perSqFt) : "—",
            ];
          },
        }}
        actions={(comp, index) => (
          <>
            <RowButton
              label={`Duplicate comp ${index + 1}`}
              disabled={comps.length >= MAX_COMPS}
              onClick={() =>
                setComps([...comps.slice(0, index + 1), comp, ...comps.slice(index + 1)])
              }
            >
              <Copy aria-hidden className="size-4" />
            </RowButton>
            <RowButton
              label={`Delete comp ${index + 1}`}
              disabled={comps.length === 1}
              onClick={() => setComps(comps.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden className="size-4" />
            </RowButton>
          </>
        )}
      />
      <button
        type="button"
        onClick={() => setComps([...comps, emptyComp()])}
        disabled={comps.length >= MAX_COMPS}
        className="btn-secondary"
      >
        <Plus aria-hidden className="size-4" /> Add a comp
      </button>
      {arv ? (
        <div className="space-y-2" aria-live="polite">
          <p>
            <span className="font-semibold">ARV from comps {formatMoney(arv.arvFromComps)}</span>
            <span className="text-muted">
              {" "}
              = {arv.subjectSquareFeet.toLocaleString("en-US")} sq ft ×{" "}
              {formatMoney(arv.compsPricePerSqFt, { cents: true })} (the comps' mean adjusted $/sq
              ft); range {formatMoney(arv.arvLow)} – {formatMoney(arv.arvHigh)}
            </span>
          </p>
          <ArvRange
            low={arv.arvLow}
            high={arv.arvHigh}
            arv={arv.arvFromComps}
            implied={arv.perSqFt
              .filter((value): value is number => value !== null && value > 0)
              .map((value) => value * arv.subjectSquareFeet)}
            typed={typed}
          />
          {typed !== undefined && (
            <div className="flex flex-wrap items-center gap-2">
              <p>
                The analysis uses the ARV typed above, {formatMoney(typed)}; the comps give{" "}
                {formatMoney(arv.arvFromComps)}.
              </p>
              <button type="button" onClick={props.onUseCompsArv} className="btn-secondary">
                Use the comps' ARV
              </button>
            </div>
          )}
        </div>
      ) : (
        <p className="text-muted">
          The ARV appears once the subject's square feet and a comp's sale price and square feet are
          in.
        </p>
      )}
    </ItemizedPanel>
  );
}
