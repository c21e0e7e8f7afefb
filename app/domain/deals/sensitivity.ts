/**
 * The what-if grid (issue 29): one metric of a deal as one or two of its inputs vary. Every cell
 * is `analyzeDeal` of the inputs with that row's and column's values put in, checked by the same
 * schema as any analysis, so a cell is exactly what analyzing those inputs answers: one code path.
 * Pure: no I/O.
 */
import { z } from "zod";
import { analyzeDeal, metricValue } from "./analyze";
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
