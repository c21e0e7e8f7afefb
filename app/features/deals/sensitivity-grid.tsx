/**
 * The analyzer's what-if grid: one metric as two of the deal's inputs vary, each cell worked out in
 * the browser by `sensitivityGrid`, the very function behind `POST /api/deals/sensitivity`, from
 * the inputs on screen, so it follows every keystroke. Cells are marked against the user's buy box
 * when a criterion reads the metric.
 */
import { CheckCircle2, RotateCcw, XCircle } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { withDefaults } from "~/domain/deals/analyze";
import {
  CRITERIA,
  CRITERION_NAMES,
  formatCriterion,
  type DealCriteria,
} from "~/domain/deals/criteria";
import type { FieldUnit } from "~/domain/deals/form-fields";
import { metricDisplay, metricNames } from "~/domain/deals/formulas";
import {
  axisText,
  DEFAULT_METRIC,
  defaultAxes,
  defaultAxisValues,
  inputAt,
  parseAxisValues,
  sensitivityGrid,
  sensitivityInputs,
  type SensitivityChoice,
} from "~/domain/deals/sensitivity";
import type { DealInputs, Strategy } from "~/domain/deals/types";
import { formatMoney, formatPercent } from "~/domain/format";

const NONE = "";

/** An axis value as its header shows it. */
function shownValue(value: number, unit: FieldUnit) {
  if (unit === "money") return formatMoney(value);
  if (unit === "percent") return formatPercent(value, 4);
  return `${value} ${unit === "years" ? "yr" : "mo"}`;
}

/** The value the deal has for an input: as typed, else the default the math uses (ARV: the price). */
function currentValue(strategy: Strategy, inputs: DealInputs[Strategy], path: string) {
  return inputAt(inputs, path) ?? inputAt(withDefaults(strategy, inputs), path) ?? 0;
}

/** The criterion that reads the metric and applies to the strategy, if the user set one. */
function criterionFor(strategy: Strategy, metric: string, criteria: DealCriteria | null) {
  if (!criteria) return null;
  const name = CRITERION_NAMES.find(
    (candidate) =>
      CRITERIA[candidate].figure === metric &&
      criteria[candidate] !== null &&
      (CRITERIA[candidate].strategies as readonly Strategy[]).includes(strategy),
  );
  if (!name) return null;
  const { bound } = CRITERIA[name];
  const target = criteria[name]!;
  return {
    name,
    target,
    passes: (value: number | null) =>
      value !== null && (bound === "min" ? value >= target : value <= target),
  };
}

/** One axis's choice: the input, and the values typed (null: around the deal's own value). */
interface Axis {
  path: string | null;
  text: string | null;
}

function AxisPicker(props: {
  title: string;
  choices: readonly SensitivityChoice[];
  axis: Axis;
  values: number[];
  error: string | null;
  allowNone?: boolean;
  onChange: (axis: Axis) => void;
}) {
  const id = useId();
  const { axis } = props;
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-1 text-sm font-medium">{props.title}</legend>
      <select
        aria-label={`${props.title}: input`}
        value={axis.path ?? NONE}
        onChange={(event) => props.onChange({ path: event.target.value || null, text: null })}
        className="input"
      >
        {props.allowNone && <option value={NONE}>None (one column)</option>}
        {props.choices.map((choice) => (
          <option key={choice.path} value={choice.path}>
            {choice.label}
          </option>
        ))}
      </select>
      {axis.path && (
        <div>
          <label htmlFor={`${id}-values`} className="mb-1 block text-xs text-muted">
            {props.title} values, separated by ;
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-values`}
              value={axis.text ?? axisText(props.values)}
              onChange={(event) => props.onChange({ ...axis, text: event.target.value })}
              aria-invalid={props.error ? true : undefined}
              aria-describedby={props.error ? `${id}-error` : undefined}
              inputMode="decimal"
              autoComplete="off"
              className={`input min-w-0 flex-1 tabular-nums ${props.error ? "border-danger" : ""}`}
            />
            {axis.text !== null && (
              <button
                type="button"
                onClick={() => props.onChange({ ...axis, text: null })}
                aria-label={`${props.title}: back to steps around this deal's value`}
                title="Back to steps around this deal's value"
                className="btn-secondary"
              >
                <RotateCcw aria-hidden className="size-4" />
              </button>
            )}
          </div>
          {props.error && (
            <p id={`${id}-error`} className="mt-1 text-xs text-danger">
              {props.error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

export function SensitivityGrid(props: {
  strategy: Strategy;
  /** The inputs on screen, checked: every cell is these with its row's and column's values. */
  inputs: DealInputs[Strategy];
  metrics: object;
  criteria: DealCriteria | null;
}) {
  const { strategy } = props;
  // Typing stays quick: the grid follows the form a moment later when the browser is busy.
  const inputs = useDeferredValue(props.inputs);
  const choices = sensitivityInputs(strategy, inputs);
  const fallback = defaultAxes(choices);
  const [rowAxis, setRowAxis] = useState<Axis>({ path: null, text: null });
  const [columnAxis, setColumnAxis] = useState<Axis | null>(null);
  const [chosenMetric, setMetric] = useState<string | null>(null);

  const has = (path: string | null) => choices.some((choice) => choice.path === path);
  // A choice the strategy or the form no longer offers gives way to the default.
  const rowPath = has(rowAxis.path) ? rowAxis.path! : fallback.rows;
  // Untouched, the columns are the default input; the rows' own input swaps it for theirs.
  const column = columnAxis ?? {
    path: fallback.columns === rowPath ? fallback.rows : fallback.columns,
    text: null,
  };
  const columnPath =
    column.path && column.path !== rowPath && has(column.path) ? column.path : null;
  const metrics = metricNames(strategy).filter(
    (name) => (props.metrics as Record<string, unknown>)[name] !== undefined,
  );
  const metric =
    chosenMetric && metrics.includes(chosenMetric) ? chosenMetric : DEFAULT_METRIC[strategy];
  const display = metricDisplay(strategy, metric);

  const axisOf = (path: string, text: string | null) => {
    const unit = choices.find((choice) => choice.path === path)!.unit;
    const current = currentValue(strategy, inputs, path);
    const defaults = defaultAxisValues(current, unit);
    if (text === null) return { path, unit, current, values: defaults, error: null };
    const parsed = parseAxisValues(text);
    return "error" in parsed
      ? { path, unit, current, values: defaults, error: parsed.error }
      : { path, unit, current, values: parsed.values, error: null };
  };
  const rows = rowPath ? axisOf(rowPath, rowPath === rowAxis.path ? rowAxis.text : null) : null;
  const columns = columnPath ? axisOf(columnPath, column.text) : null;

  const result =
    rows && !rows.error && !columns?.error
      ? sensitivityGrid({
          strategy,
          inputs: inputs as unknown as Record<string, unknown>,
          metric,
          rows: { input: rows.path, values: rows.values },
          columns: columns ? { input: columns.path, values: columns.values } : undefined,
        })
      : null;
  const criterion = criterionFor(strategy, metric, props.criteria);
  const labelOf = (path: string) => choices.find((choice) => choice.path === path)?.label ?? path;

  if (!rows || !display) return null;
  const caption = `${display.label} by ${labelOf(rows.path).toLowerCase()}${columns ? ` and ${labelOf(columns.path).toLowerCase()}` : ""}`;
  return (
    <section
      aria-labelledby="sensitivity-title"
      className="min-w-0 rounded-2xl border border-line bg-surface p-4"
    >
      <h2 id="sensitivity-title" className="font-semibold">
        What if: sensitivity grid
      </h2>
      <p className="mb-3 text-sm text-muted">
        {display.label} as two inputs change; each cell is the whole analysis worked again with that
        row&apos;s and column&apos;s values.
      </p>
      <div className="mb-4 grid gap-4 sm:grid-cols-3">
        <AxisPicker
          title="Rows"
          choices={choices}
          axis={{ path: rows.path, text: rowPath === rowAxis.path ? rowAxis.text : null }}
          values={rows.values}
          error={rows.error}
          onChange={setRowAxis}
        />
        <AxisPicker
          title="Columns"
          choices={choices.filter((choice) => choice.path !== rows.path)}
          axis={{ path: columnPath, text: columnPath ? column.text : null }}
          values={columns?.values ?? []}
          error={columns?.error ?? null}
          allowNone
          onChange={setColumnAxis}
        />
        <div className="min-w-0">
          <label htmlFor="sensitivity-metric" className="mb-1 block text-sm font-medium">
            Metric
          </label>
          <select
            id="sensitivity-metric"
            value={metric}
            onChange={(event) => setMetric(event.target.value)}
            className="input"
          >
            {metrics.map((name) => (
              <option key={name} value={name}>
                {metricDisplay(strategy, name)?.label ?? name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Legend criterion={criterion} />
      {result?.problems ? (
        <p role="status" className="text-sm text-danger">
          These values make no valid deal: {result.problems[0]!.message}
        </p>
      ) : (
        result && (
          <div
            role="region"
            aria-label="Sensitivity grid cells"
            tabIndex={0}
            className="relative max-w-full overflow-x-auto rounded-lg border border-line focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
          >
            <table className="w-full text-sm tabular-nums">
              <caption className="sr-only">{caption}</caption>
              <thead>
                <tr className="bg-raised text-xs text-muted">
                  <th scope="col" className="px-2 py-2 text-left font-medium whitespace-nowrap">
                    {labelOf(rows.path)}
                    {columns ? ` ↓ · ${labelOf(columns.path)} →` : ""}
                  </th>
                  {(columns?.values ?? [null]).map((value, index) => (
                    <th
                      key={index}
                      scope="col"
                      className="px-2 py-2 text-right font-medium whitespace-nowrap"
                    >
                      {value === null ? display.label : shownValue(value, columns!.unit)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {result.grid.cells.map((line, rowIndex) => {
                  const rowValue = rows.values[rowIndex]!;
                  return (
                    <tr key={rowIndex}>
                      <th
                        scope="row"
                        className="bg-raised px-2 py-1.5 text-left font-medium whitespace-nowrap"
                      >
                        {shownValue(rowValue, rows.unit)}
                      </th>
                      {line.map((value, columnIndex) => {
                        const here =
                          rowValue === rows.current &&
                          (!columns || columns.values[columnIndex] === columns.current);
                        const pass = criterion ? criterion.passes(value) : null;
                        return (
                          <td
                            key={columnIndex}
                            data-pass={pass === null ? undefined : String(pass)}
                            aria-current={here ? "true" : undefined}
                            className={`px-2 py-1.5 text-right whitespace-nowrap ${pass === null ? "" : pass ? "bg-success/15" : "bg-danger/15"} ${here ? "font-bold outline-2 -outline-offset-2 outline-accent" : ""}`}
                          >
                            <span className="inline-flex items-center justify-end gap-1">
                              {pass === true && (
                                <CheckCircle2 aria-hidden className="size-3.5 text-success" />
                              )}
                              {pass === false && (
                                <XCircle aria-hidden className="size-3.5 text-danger" />
                              )}
                              {display.show(value)}
                              {here && <span aria-hidden>●</span>}
                            </span>
                            {pass !== null && (
                              <span className="sr-only">{pass ? ", meets" : ", misses"}</span>
                            )}
                            {here && <span className="sr-only">, this deal</span>}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )
      )}
    </section>
  );
}

function Legend(props: { criterion: ReturnType<typeof criterionFor> }) {
  const { criterion } = props;
  return (
    <ul aria-label="Legend" className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      {criterion ? (
        <>
          <li className="inline-flex items-center gap-1">
            <CheckCircle2 aria-hidden className="size-3.5 text-success" />
            Meets your buy box ({CRITERIA[criterion.name].label.toLowerCase()}{" "}
            {formatCriterion(criterion.name, criterion.target)})
          </li>
          <li className="inline-flex items-center gap-1">
            <XCircle aria-hidden className="size-3.5 text-danger" /> Misses it
          </li>
        </>
      ) : (
        <li>No criterion of your buy box reads this metric: cells are not marked.</li>
      )}
      <li>
        <span aria-hidden>●</span> This deal&apos;s own values
      </li>
    </ul>
  );
}
