/**
 * The what-if grid: one metric of a deal as one or two of its inputs vary. Every cell is
 * `analyzeDeal` of the inputs with that row's and column's values put in, checked by the same
 * schema as any analysis, so a cell is exactly what analyzing those inputs answers: one code path.
 * Pure: no I/O.
 */
import { z } from "zod";
import { analyzeDeal, metricValue } from "./analyze";
import { parseNumberLike } from "../format";
import { FORM_GROUPS, type FieldUnit } from "./form-fields";
import { metricNames } from "./formulas";
import { DEAL_INPUT_SCHEMAS } from "./inputs";
import { DEAL_STRATEGIES, type DealInputs, type Strategy } from "./types";
import { fieldProblems } from "../validation";
import type { FieldProblem } from "../problems";

/** The most values an axis takes: a 15 × 15 grid. */
export const MAX_SENSITIVITY_VALUES = 15;

/** "purchasePrice", "financing.interestRatePct", "units.2.monthlyRent": dots between the names. */
const INPUT_PATH = /^[A-Za-z]+(\.([A-Za-z]+|\d{1,3}))*$/;

export const SensitivityAxisSchema = z.object({
  input: z.string().trim().min(1).max(100),
  values: z.array(z.number().finite()).min(1).max(MAX_SENSITIVITY_VALUES),
});

/**
 * `POST /api/deals/sensitivity`. The inputs are checked against the strategy's own schema when the
 * grid is worked out (each cell's), not here: a request's base inputs may be what a cell replaces.
 */
export const SensitivityRequestSchema = z.object({
  strategy: z.enum(DEAL_STRATEGIES),
  inputs: z.record(z.string(), z.unknown()),
  metric: z.string().trim().min(1).max(100),
  rows: SensitivityAxisSchema,
  columns: SensitivityAxisSchema.nullish().transform((axis) => axis ?? undefined),
});

export type SensitivityAxis = z.infer<typeof SensitivityAxisSchema>;
export type SensitivityRequest = z.infer<typeof SensitivityRequestSchema>;

export interface SensitivityGrid {
  metric: string;
  rows: SensitivityAxis;
  columns: SensitivityAxis | null;
  /** `cells[row][column]`; one column without `columns`; null where the metric is null or absent. */
  cells: (number | null)[][];
}

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & {
  innerType?: Schema;
  in?: Schema;
  shape?: Record<string, Schema>;
  options?: Schema[];
  element?: Schema;
};

/** The schemas a path can reach inside `schema`, through optional, nullable, pipes and unions. */
function reachable(schema: Schema, path: readonly string[]): Schema[] {
  const def = schema._zod.def as Def;
  if (def.innerType) return reachable(def.innerType, path);
  if (def.type === "pipe" && def.in) return reachable(def.in, path);
  if (def.options) return def.options.flatMap((option) => reachable(option, path));
  const [head, ...rest] = path;
  if (head === undefined) return [schema];
  if (def.type === "object" && def.shape && Object.hasOwn(def.shape, head))
    return reachable(def.shape[head]!, rest);
  if (def.type === "array" && def.element && /^\d+$/.test(head))
    return reachable(def.element, rest);
  return [];
}

/** Whether `path` names a number among the strategy's inputs (the only thing a grid varies). */
export function isInputPath(strategy: Strategy, path: string) {
  if (!INPUT_PATH.test(path)) return false;
  return reachable(DEAL_INPUT_SCHEMAS[strategy], path.split(".")).some(
    (schema) => schema._zod.def.type === "number",
  );
}

/** A copy of `inputs` with `value` at `path`, making the objects and lists on the way. */
function substituted(inputs: unknown, path: string, value: number): unknown {
  const [head, ...rest] = path.split(".");
  const key = /^\d+$/.test(head!) ? Number(head) : head!;
  const container = (Array.isArray(inputs) ? [...inputs] : { ...(inputs as object) }) as Record<
    string | number,
    unknown
  >;
  container[key] = rest.length ? substituted(container[key], rest.join("."), value) : value;
  return container;
}

/** The problems of the request the schema could not see: an unknown input path or metric. */
export function sensitivityProblems(request: SensitivityRequest): FieldProblem[] {
  const { strategy } = request;
  const problems: FieldProblem[] = [];
  const axes: [string, SensitivityAxis][] = [["rows", request.rows]];
  if (request.columns) axes.push(["columns", request.columns]);
  for (const [name, axis] of axes)
    if (!isInputPath(strategy, axis.input))
      problems.push({
        field: `${name}.input`,
        message: `"${axis.input}" is not a number among a ${strategy} deal's inputs`,
      });
  if (!metricNames(strategy).includes(request.metric))
    problems.push({
      field: "metric",
      message: `"${request.metric}" is not a metric of a ${strategy} deal`,
    });
  return problems;
}

/** The inputs a cell analyzes, checked as any analysis's are; problems name the axis value. */
function cellInputs(request: SensitivityRequest, row: number, column: number | undefined) {
  let inputs: unknown = substituted(request.inputs, request.rows.input, request.rows.values[row]!);
  if (request.columns && column !== undefined)
    inputs = substituted(inputs, request.columns.input, request.columns.values[column]!);
  return DEAL_INPUT_SCHEMAS[request.strategy].safeParse(inputs);
}

/**
 * The grid, or the problems that keep it from being worked out: an unknown path or metric, or an
 * axis value (or the base inputs) that makes a cell's inputs invalid, named as the API's 400s are.
 */
export function sensitivityGrid(
  request: SensitivityRequest,
): { grid: SensitivityGrid; problems?: undefined } | { problems: FieldProblem[] } {
  const problems = sensitivityProblems(request);
  if (problems.length) return { problems };
  const { strategy, metric, rows, columns } = request;
  const columnIndexes = columns ? columns.values.map((_, index) => index) : [undefined];
  const cells: (number | null)[][] = [];
  for (let row = 0; row < rows.values.length; row++) {
    const line: (number | null)[] = [];
    for (const column of columnIndexes) {
      const parsed = cellInputs(request, row, column);
      if (!parsed.success) return { problems: cellProblems(request, row, column, parsed.error) };
      const { metrics } = analyzeDeal(strategy, parsed.data as DealInputs[Strategy]);
      line.push(metricValue(metrics, metric));
    }
    cells.push(line);
  }
  return { grid: { metric, rows, columns: columns ?? null, cells } };
}

/**
 * Which value made a cell's inputs invalid, when the inputs as sent are valid: the row's alone,
 * else the column's; otherwise the inputs' own fields are named.
 */
function cellProblems(
  request: SensitivityRequest,
  row: number,
  column: number | undefined,
  error: z.ZodError,
): FieldProblem[] {
  const { strategy, columns } = request;
  const valid = (inputs: unknown) => DEAL_INPUT_SCHEMAS[strategy].safeParse(inputs).success;
  let field: string | null = null;
  if (valid(request.inputs)) {
    if (!cellInputs(request, row, undefined).success) field = `rows.values.${row}`;
    else if (columns && column !== undefined) field = `columns.values.${column}`;
  }
  return fieldProblems(error).map((problem) =>
    field
      ? { field, message: `inputs.${problem.field}: ${problem.message}` }
      : { field: `inputs.${problem.field}`, message: problem.message },
  );
}

/** An input a grid can vary, as the analyzer's form names it. */
export interface SensitivityChoice {
  path: string;
  label: string;
  unit: FieldUnit;
}

/** The number at `path` in the inputs ("financing.interestRatePct"), if they give one. */
export function inputAt(inputs: unknown, path: string): number | undefined {
  let value: unknown = inputs;
  for (const key of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "number" ? value : undefined;
}

/**
 * The form's fields a grid can vary for these inputs: the loan's only when financed, and not a
 * figure the itemized inputs stand for (gross rent beside units, rehab cost beside rehab lines),
 * which a cell could not be given.
 */
export function sensitivityInputs(
  strategy: Strategy,
  inputs: { financing?: unknown; units?: unknown; rehabItems?: unknown },
): SensitivityChoice[] {
  const financed = (inputs.financing as { type?: string } | undefined)?.type === "loan";
  const standIns: Record<string, unknown> = {
    grossMonthlyRent: inputs.units,
    rehabCost: inputs.rehabItems,
  };
  const seen = new Set<string>();
  return FORM_GROUPS[strategy]
    .filter((group) => financed || group.id !== "financing")
    .flatMap((group) => group.fields)
    .filter((field) => {
      if (seen.has(field.path) || standIns[field.path] !== undefined) return false;
      seen.add(field.path);
      return isInputPath(strategy, field.path);
    })
    .map(({ path, label, unit }) => ({ path, label, unit }));
}

/** The values an axis takes by default: five, the current one in the middle. */
export const DEFAULT_STEPS = 5;
/** A money figure's step: 5 % of it (so the axis spans ±10 %); from $0, $2,500 a step. */
const MONEY_STEP_PCT = 5;
const MONEY_STEP_FROM_ZERO = 2500;

/** Two steps either side of `current`, never below 0 (and never below 1 for years and months). */
export function defaultAxisValues(current: number, unit: FieldUnit): number[] {
  const step =
    unit === "money" ? (current > 0 ? (current * MONEY_STEP_PCT) / 100 : MONEY_STEP_FROM_ZERO) : 1;
  const floor = unit === "years" || unit === "months" ? 1 : 0;
  const below = Math.max(0, Math.min(2, Math.floor((current - floor) / step)));
  const round = (value: number) => (unit === "money" ? Math.round(value) : +value.toFixed(4));
  return Array.from({ length: DEFAULT_STEPS }, (_, index) => {
    const offset = index - below;
    return offset === 0 ? current : round(current + offset * step);
  });
}

/** An axis's values as the user edits them: "166,500; 175,750; 185,000". */
export const axisText = (values: readonly number[]) =>
  values.map((value) => value.toLocaleString("en-US", { maximumFractionDigits: 4 })).join("; ");

/** The values typed for an axis, separated by semicolons, or why they cannot be read. */
export function parseAxisValues(text: string): { values: number[] } | { error: string } {
  const parts = text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.length) return { error: "Type at least one value" };
  if (parts.length > MAX_SENSITIVITY_VALUES)
    return { error: `Type at most ${MAX_SENSITIVITY_VALUES} values` };
  const values = parts.map(parseNumberLike);
  const unreadable = parts.find((_, index) => values[index] === null);
  if (unreadable !== undefined)
    return { error: `“${unreadable}” is not a number: separate values with ;` };
  return { values: values as number[] };
}

/** The metric a new grid shows: the figure an investor of that strategy judges a deal by. */
export const DEFAULT_METRIC: Record<Strategy, string> = {
  rental: "cashFlowMonthly",
  brrrr: "cashFlowMonthly",
  flip: "profit",
  wholesale: "maxAllowableOffer",
};

/** The inputs a new grid varies, the first of each list the choices have. */
const ROW_PREFERENCE = ["purchasePrice", "afterRepairValue"];
const COLUMN_PREFERENCE = [
  "financing.interestRatePct",
  "grossMonthlyRent",
  "afterRepairValue",
  "rehabCost",
  "maoPct",
];

/** A new grid's rows and columns for these choices (two different inputs when there are two). */
export function defaultAxes(choices: readonly SensitivityChoice[]) {
  const pick = (preference: string[], not?: string) =>
    preference.find((path) => path !== not && choices.some((c) => c.path === path)) ??
    choices.find((c) => c.path !== not)?.path ??
    null;
  const rows = pick(ROW_PREFERENCE);
  return { rows, columns: pick(COLUMN_PREFERENCE, rows ?? undefined) };
}
