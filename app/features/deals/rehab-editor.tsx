/**
 * The analyzer's rehab estimator (every strategy with a rehab): lines of category, description,
 * quantity and unit cost, a contingency on top, and their total as the rehab cost. Lines come
 * from the categories a flipper expects or from the user's own saved templates; any line can be
 * saved as a template (through the page's action; the templates are the page loader's).
 */
import { BookmarkPlus, Copy, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  emptyRehabLine,
  REHAB_CATEGORIES,
  rehabLineOf,
  rehabLineTotal,
  rehabTotals,
  templateOf,
  type RehabRow,
} from "~/domain/deals/itemized-form";
import { MAX_REHAB_ITEMS } from "~/domain/deals/inputs";
import { formatMoney } from "~/domain/format";
import type { RehabTemplate } from "~/lib/api/deals";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { toast } from "~/lib/toast";
import { toastFailure } from "../shared";
import { useAnalysisChange } from "./analysis-change";
import { ItemizedPanel, ItemizedTable, RowButton, type TableColumn } from "./itemized-table";

const CATEGORY_LIST = "rehab-categories";

const COLUMNS: readonly TableColumn<RehabRow>[] = [
  { key: "category", label: "Category", kind: "text", width: "w-28", list: CATEGORY_LIST },
  { key: "description", label: "Description", kind: "text", width: "w-36" },
  { key: "quantity", label: "Quantity", kind: "number", width: "w-16" },
  { key: "unitCost", label: "Unit cost", kind: "money", width: "w-24" },
];

const cents = (value: number) => formatMoney(value, { cents: true });

/** The picker's value for a category ("category:Roof") or a template ("template:<id>"). */
const CATEGORY = "category:";
const TEMPLATE = "template:";

export function RehabEditor(props: {
  lines: RehabRow[];
  templates: RehabTemplate[];
  contingencyPct: string;
  errors: Record<string, string>;
  onChange: (lines: RehabRow[], contingencyPct: string) => void;
  onTakeOut: () => void;
}) {
  const { lines, templates } = props;
  const keep = useAnalysisChange(MESSAGES.saveRehabTemplate);
  const removal = useAnalysisChange(MESSAGES.deleteRehabTemplate);
  // Templates are the workspace's: a viewer uses them, and keeps or deletes none.
  const canWrite = useCanWrite();
  const [picked, setPicked] = useState(`${CATEGORY}Roof`);
  const totals = rehabTotals({ rehabItems: lines, rehabContingencyPct: props.contingencyPct });
  const setLines = (next: RehabRow[]) =>
    props.onChange(next.slice(0, MAX_REHAB_ITEMS), props.contingencyPct);
  const pickedTemplate = picked.startsWith(TEMPLATE)
    ? templates.find((template) => template.id === picked.slice(TEMPLATE.length))
    : undefined;

  const addPicked = () => {
    const line = pickedTemplate
      ? rehabLineOf(pickedTemplate)
      : emptyRehabLine(picked.slice(CATEGORY.length));
    // A first line still empty (no cost yet) gives way to the one added.
    const kept = lines.filter((row) => row.unitCost.trim() || row.description.trim());
    setLines([...kept, line]);
  };

  const saveTemplate = async (row: RehabRow) => {
    const template = templateOf(row);
    if (typeof template === "string") {
      toast.error(template);
      return;
    }
    try {
      const answer = await keep({ intent: "save-template", input: template });
      if (answer && "template" in answer)
        toast.success(`Template “${templateName(answer.template)}” saved`);
    } catch (error) {
      toastFailure(error);
    }
  };

  const deleteTemplate = async (template: RehabTemplate) => {
    try {
      if (!(await removal({ intent: "delete-template", templateId: template.id }))) return;
      setPicked(`${CATEGORY}Roof`);
      toast(`Template “${templateName(template)}” deleted`);
    } catch (error) {
      toastFailure(error);
    }
  };

  const contingencyError = props.errors.rehabContingencyPct;
  return (
    <ItemizedPanel
      title="Rehab estimate"
      takeOut="Use the rehab cost instead of the rehab lines"
      onTakeOut={props.onTakeOut}
    >
      <datalist id={CATEGORY_LIST}>
        {REHAB_CATEGORIES.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <ItemizedTable
        caption="Rehab lines"
        path="rehabItems"
        rowName={(index) => `line ${index + 1}`}
        columns={COLUMNS}
        rows={lines}
        errors={props.errors}
        onChange={setLines}
        newRow={() => emptyRehabLine()}
        figures={{
          heads: ["Line total"],
          cells: (row) => {
            const total = rehabLineTotal(row);
            return [total === null ? "—" : cents(total)];
          },
        }}
        actions={(row, index) => (
          <>
            {canWrite && (
              <RowButton
                label={`Save line ${index + 1} as a template`}
                onClick={() => void saveTemplate(row)}
              >
                <BookmarkPlus aria-hidden className="size-4" />
              </RowButton>
            )}
            <RowButton
              label={`Duplicate line ${index + 1}`}
              disabled={lines.length >= MAX_REHAB_ITEMS}
              onClick={() =>
                setLines([...lines.slice(0, index + 1), row, ...lines.slice(index + 1)])
              }
            >
              <Copy aria-hidden className="size-4" />
            </RowButton>
            <RowButton
              label={`Delete line ${index + 1}`}
              disabled={lines.length === 1}
              onClick={() => setLines(lines.filter((_, at) => at !== index))}
            >
              <Trash2 aria-hidden className="size-4" />
            </RowButton>
          </>
        )}
      />
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0">
          <label htmlFor="rehab-add" className="mb-1 block text-xs font-medium">
            Add a line from
          </label>
          <select
            id="rehab-add"
            value={picked}
            onChange={(event) => setPicked(event.target.value)}
            className="input max-w-full"
          >
            <optgroup label="Categories">
              {REHAB_CATEGORIES.map((category) => (
                <option key={category} value={`${CATEGORY}${category}`}>
                  {category}
                </option>
              ))}
            </optgroup>
            {templates.length > 0 && (
              <optgroup label="Your templates">
                {templates.map((template) => (
                  <option key={template.id} value={`${TEMPLATE}${template.id}`}>
                    {templateName(template)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </div>
        <button
          type="button"
          onClick={addPicked}
          disabled={lines.length >= MAX_REHAB_ITEMS}
          className="btn-secondary"
        >
          <Plus aria-hidden className="size-4" /> Add line
        </button>
        {pickedTemplate && canWrite && (
          <button
            type="button"
            onClick={() => void deleteTemplate(pickedTemplate)}
            className="btn-secondary"
          >
            <Trash2 aria-hidden className="size-4" /> Delete template
          </button>
        )}
      </div>
      <dl className="grid max-w-sm grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 tabular-nums">
        <dt>Subtotal</dt>
        <dd className="text-right">{cents(totals.subtotal)}</dd>
        <dt>
          <label htmlFor="rehab-contingency" className="flex flex-wrap items-center gap-2">
            Contingency
            <span className="flex w-20 items-center rounded-md border border-line bg-canvas focus-within:ring-2 focus-within:ring-accent">
              <input
                id="rehab-contingency"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={props.contingencyPct}
                onChange={(event) => props.onChange(lines, event.target.value)}
                aria-invalid={contingencyError ? true : undefined}
                aria-describedby={contingencyError ? "rehab-contingency-error" : undefined}
                className="w-full min-w-0 bg-transparent px-2 py-1 text-right outline-none"
              />
              <span aria-hidden className="pr-2 text-muted">
                %
              </span>
            </span>
          </label>
          {contingencyError && (
            <p id="rehab-contingency-error" className="mt-0.5 text-xs text-danger">
              {contingencyError}
            </p>
          )}
        </dt>
        <dd className="text-right">{cents(totals.contingency)}</dd>
        <dt className="font-semibold">Rehab cost</dt>
        <dd className="text-right font-semibold" aria-live="polite">
          {cents(totals.total)}
        </dd>
      </dl>
    </ItemizedPanel>
  );
}

/** "Roof · Architectural shingles · 20 × $450.00". */
function templateName(template: RehabTemplate) {
  return [
    template.category,
    template.description,
    `${template.quantity ?? 1} × ${cents(template.unitCost)}`,
  ]
    .filter(Boolean)
    .join(" · ");
}
