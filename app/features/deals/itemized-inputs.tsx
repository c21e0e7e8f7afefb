/**
 * The analyzer's itemized inputs: the unit table (rental, BRRRR), the rehab estimator and the comps
 * table, each started by its switch (from the figure it then stands for) and taken out again by its
 * own. They are part of the form: recalculated as they are typed, saved with it.
 */
import { Building2, Calculator, Scale } from "lucide-react";
import type { DealFormValues } from "~/domain/deals/form";
import {
  startComps,
  startRehabLines,
  startUnits,
  stopComps,
  stopRehabLines,
  stopUnits,
  type ItemizedForm,
} from "~/domain/deals/itemized-form";
import type { Strategy } from "~/domain/deals/types";
import type { RehabTemplate } from "~/lib/api/deals";
import { CompsEditor } from "./comps-editor";
import { RehabEditor } from "./rehab-editor";
import { UnitsEditor } from "./units-editor";

/** The strategies whose rent is a rent roll; every strategy has a rehab and an ARV. */
const HAS_UNITS: readonly Strategy[] = ["rental", "brrrr"];

export function ItemizedInputs(props: {
  strategy: Strategy;
  form: DealFormValues;
  /** Messages by input path ("units.1.monthlyRent"). */
  errors: Record<string, string>;
  onChange: (form: DealFormValues) => void;
  /** The user's rehab line templates, as the page's loader read them. */
  templates: RehabTemplate[];
}) {
  const { form, errors } = props;
  const itemized: ItemizedForm = form.itemized ?? {};
  const set = (change: Partial<ItemizedForm>) =>
    props.onChange({ ...form, itemized: { ...itemized, ...change } });
  const hasUnits = HAS_UNITS.includes(props.strategy);
  const switches = [
    hasUnits &&
      !itemized.units && {
        label: "Use units instead of one gross rent",
        icon: Building2,
        start: startUnits,
      },
    !itemized.rehabItems && {
      label: "Itemize the rehab",
      icon: Calculator,
      start: startRehabLines,
    },
    !itemized.comps && { label: "Work out the ARV from comps", icon: Scale, start: startComps },
  ].filter(Boolean) as { label: string; icon: typeof Scale; start: typeof startComps }[];

  return (
    <div className="mt-4 space-y-4">
      {hasUnits && itemized.units && (
        <UnitsEditor
          units={itemized.units}
          errors={errors}
          onChange={(units) => set({ units })}
          onTakeOut={() => props.onChange(stopUnits(form))}
        />
      )}
      {itemized.rehabItems && (
        <RehabEditor
          lines={itemized.rehabItems}
          templates={props.templates}
          contingencyPct={itemized.rehabContingencyPct ?? ""}
          errors={errors}
          onChange={(rehabItems, rehabContingencyPct) => set({ rehabItems, rehabContingencyPct })}
          onTakeOut={() => props.onChange(stopRehabLines(form))}
        />
      )}
      {itemized.comps && (
        <CompsEditor
          comps={itemized.comps}
          subjectSquareFeet={itemized.subjectSquareFeet ?? ""}
          typedArv={form.fields.afterRepairValue ?? ""}
          errors={errors}
          onChange={(comps, subjectSquareFeet) => set({ comps, subjectSquareFeet })}
          onUseCompsArv={() =>
            props.onChange({ ...form, fields: { ...form.fields, afterRepairValue: "" } })
          }
          onTakeOut={() => props.onChange(stopComps(form))}
        />
      )}
      {switches.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {switches.map(({ label, icon: Icon, start }) => (
            <button
              key={label}
              type="button"
              onClick={() => props.onChange(start(form))}
              className="btn-secondary"
            >
              <Icon aria-hidden className="size-4" /> {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
