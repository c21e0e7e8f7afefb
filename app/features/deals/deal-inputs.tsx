/** The analyzer's inputs: a strategy's groups of fields, the loan's switches, errors by field. */
import {
  FORM_GROUPS,
  itemizedFigure,
  type DealFormValues,
  type FieldSpec,
} from "~/domain/deals/form";
import type { Strategy } from "~/domain/deals/types";

const ADORNMENT: Record<FieldSpec["unit"], { before?: string; after?: string }> = {
  money: { before: "$" },
  percent: { after: "%" },
  years: { after: "years" },
  months: { after: "months" },
};

const fieldId = (path: string) => `deal-${path.replace(/\./g, "-")}`;

/** The hint of a field an itemized list stands for, while it does. */
const ITEMIZED_HINTS: Record<string, string> = {
  grossMonthlyRent: "The units' rents, below",
  rehabCost: "The rehab lines' total, below",
};

function DealField(props: {
  field: FieldSpec;
  value: string;
  error?: string;
  /** The figure an itemized list gives this field: shown, not typed. */
  itemized?: number;
  onChange: (value: string) => void;
}) {
  const { error, itemized } = props;
  const field =
    itemized === undefined
      ? props.field
      : { ...props.field, hint: ITEMIZED_HINTS[props.field.path] };
  const id = fieldId(field.path);
  const { before, after } = ADORNMENT[field.unit];
  // The hint gives way to an error message, and only what is shown describes the field.
  const hintId = field.hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {field.label}
      </label>
      <div
        className={`flex items-center rounded-lg border bg-canvas focus-within:ring-2 focus-within:ring-accent ${error ? "border-danger" : "border-line"}`}
      >
        {before && (
          <span aria-hidden className="pl-3 text-sm text-muted">
            {before}
          </span>
        )}
        <input
          id={id}
          name={field.path}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          required={field.required && itemized === undefined}
          readOnly={itemized !== undefined}
          value={itemized === undefined ? props.value : String(Math.round(itemized * 100) / 100)}
          onChange={(event) => props.onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
          className={`min-w-0 flex-1 bg-transparent px-2 py-2 text-right tabular-nums outline-none ${itemized === undefined ? "" : "text-muted"}`}
        />
        {after && (
          <span aria-hidden className="pr-3 text-sm text-muted">
            {after}
          </span>
        )}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : (
        field.hint && (
          <p id={hintId} className="mt-1 text-xs text-muted">
            {field.hint}
          </p>
        )
      )}
    </div>
  );
}

/** The loan or cash choice that heads the financing group. */
function FinancingChoice(props: {
  form: DealFormValues;
  onChange: (form: DealFormValues) => void;
}) {
  const { form } = props;
  const option = (financed: boolean, label: string) => (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="radio"
        name="deal-financing"
        checked={form.financed === financed}
        onChange={() => props.onChange({ ...form, financed })}
        className="accent-[var(--accent)]"
      />
      {label}
    </label>
  );
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 sm:col-span-2">
      <div role="radiogroup" aria-label="How it is paid for" className="flex gap-5">
        {option(true, "Loan")}
        {option(false, "Cash")}
      </div>
      {form.financed && (
        <label className="flex cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.interestOnly}
            onChange={(event) => props.onChange({ ...form, interestOnly: event.target.checked })}
            className="accent-[var(--accent)]"
          />
          Interest only
        </label>
      )}
    </div>
  );
}

export function DealInputs(props: {
  strategy: Strategy;
  form: DealFormValues;
  /** Messages by input path ("financing.termYears"). */
  errors: Record<string, string>;
  onChange: (form: DealFormValues) => void;
}) {
  const { form, errors } = props;
  const setField = (path: string, value: string) =>
    props.onChange({ ...form, fields: { ...form.fields, [path]: value } });
  return (
    <div className="space-y-4">
      {FORM_GROUPS[props.strategy].map((group) => (
        <fieldset key={group.id} className="rounded-2xl border border-line bg-surface p-4">
          <legend className="px-1 text-sm font-semibold">{group.title}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {group.id === "financing" && <FinancingChoice form={form} onChange={props.onChange} />}
            {(group.id !== "financing" || form.financed) &&
              group.fields.map((field) => (
                <DealField
                  key={field.path}
                  field={field}
                  value={form.fields[field.path] ?? ""}
                  error={errors[field.path]}
                  itemized={itemizedFigure(form, field.path)}
                  onChange={(value) => setField(field.path, value)}
                />
              ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
