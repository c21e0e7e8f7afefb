/**
 * A saved analysis's itemized inputs (units, rehab lines, comps: issue 29), as the API or the
 * agent gave them. The analyzer keeps them with every save and works its figures out from them;
 * each list can be taken out, and then the figure it stood for is typed instead.
 */
import { Trash2 } from "lucide-react";
import type { DealFormValues } from "~/domain/deals/form";
import { ItemizedTables } from "./deal-report";

type Itemized = NonNullable<DealFormValues["itemized"]>;

const LISTS = [
  { keys: ["units"], label: "units", instead: "the gross rent" },
  { keys: ["rehabItems", "rehabContingencyPct"], label: "rehab lines", instead: "the rehab cost" },
  { keys: ["comps", "subjectSquareFeet"], label: "comps", instead: "the after-repair value" },
] as const;

export function ItemizedInputs(props: {
  itemized: Itemized;
  /** Undefined once none is left. */
  onChange: (next: Itemized | undefined) => void;
}) {
  const present = LISTS.filter((list) => props.itemized[list.keys[0]] !== undefined);
  const without = (keys: readonly string[]) => {
    const left = Object.entries(props.itemized).filter(([key]) => !keys.includes(key));
    return left.length > 0 ? (Object.fromEntries(left) as Itemized) : undefined;
  };
  return (
    <section
      aria-label="Itemized inputs"
      className="mt-6 space-y-3 rounded-xl border border-line p-4 text-sm"
    >
      <h3 className="font-semibold">Itemized inputs</h3>
      <p className="text-muted">
        This analysis was given its {present.map((list) => list.label).join(", ")} through the API
        or the agent: the figures are worked out from them, and they are kept when you save.
      </p>
      <div className="overflow-x-auto">
        <ItemizedTables inputs={props.itemized} />
      </div>
      <div className="flex flex-wrap gap-2">
        {present.map((list) => (
          <button
            key={list.label}
            type="button"
            onClick={() => props.onChange(without(list.keys))}
            className="btn-secondary text-left"
          >
            <Trash2 aria-hidden className="size-4 shrink-0" /> Use {list.instead} instead of the{" "}
            {list.label}
          </button>
        ))}
      </div>
    </section>
  );
}
