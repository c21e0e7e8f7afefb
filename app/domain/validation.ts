/**
 * How AI42 reads what people type or paste, and how it tells them what is wrong: one number
 * parser for imports and forms (the JSON API itself stays strict), and zod's messages in plain
 * words. Pure: no I/O.
 *
 * Importing this module sets zod's global message map (`config`), so every schema — in the
 * Worker's validation and in the browser's forms and import previews — says "“$125,000” is not
 * a number" rather than "expected number, received string". Messages a schema sets itself win.
 */
import { config, z } from "zod";
import { parseNumberLike } from "./format";
import type { FieldProblem } from "./problems";

/** Whether a field's schema takes a number (through optional, nullable, default and pipes). */
function takesNumber(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as z.core.$ZodTypeDef & {
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
  };
  if (def.type === "number") return true;
  if (def.type === "pipe" && def.in) return takesNumber(def.in);
  return def.innerType ? takesNumber(def.innerType) : false;
}

const numberFieldsCache = new WeakMap<object, Set<string>>();
/** The names of an object schema's number fields. */
export function numberFields(shape: Record<string, z.core.$ZodType>) {
  let fields = numberFieldsCache.get(shape);
  if (!fields) {
    fields = new Set(Object.keys(shape).filter((key) => takesNumber(shape[key]!)));
    numberFieldsCache.set(shape, fields);
  }
  return fields;
}

/**
 * A record as typed or pasted, with number-like text in the schema's number fields read as
 * numbers ("$125,000" → 125000); anything else is left for the schema to refuse in plain words.
 */
export function readNumbers(
  shape: Record<string, z.core.$ZodType>,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const fields = numberFields(shape);
  const read: Record<string, unknown> = { ...record };
  for (const field of fields) {
    const value = read[field];
    if (typeof value !== "string") continue;
    if (!value.trim()) read[field] = null;
    else read[field] = parseNumberLike(value) ?? value;
  }
  return read;
}

/** Parses a record as imported or typed in a form: number-like text is read as numbers first. */
export const parseTyped = <T extends z.ZodObject>(schema: T, record: Record<string, unknown>) =>
  schema.safeParse(readNumbers(schema.shape, record));

/** A value quoted as the user typed it, kept short. */
function quoted(value: unknown) {
  if (typeof value === "string") {
    const text = value.length > 40 ? `${value.slice(0, 37)}…` : value;
    return `“${text}”`;
  }
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return "a list";
  return value === null ? "empty" : "this value";
}

const EXPECTED: Record<string, string> = {
  number: "a number",
  int: "a whole number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>) {
  const min = Number(issue.minimum);
  if (issue.origin === "string") return min <= 1 ? "Required" : `Use at least ${min} characters`;
  if (issue.origin === "array") return `Give at least ${min}`;
  return issue.inclusive === false ? `Use more than ${min}` : `Use ${min} or more`;
}

function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>) {
  const max = Number(issue.maximum);
  if (issue.origin === "string") return `Use at most ${max} characters`;
  if (issue.origin === "array") return `Give at most ${max}`;
  return issue.inclusive === false ? `Use less than ${max}` : `Use ${max} or less`;
}

/** zod's issues in the words a person would use. Undefined leaves zod's own message. */
export function humanIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.input === null) return "Required";
      const expected = EXPECTED[issue.expected] ?? issue.expected;
      return `${quoted(issue.input)} is not ${expected}`;
    }
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_value": {
      const values = issue.values.map(String);
      const shown = values.length > 12 ? [...values.slice(0, 12), "…"] : values;
      return `${quoted(issue.input)} is not one of: ${shown.join(", ")}`;
    }
    case "invalid_format":
      if (issue.format === "email") return "Enter a valid e-mail address";
      return `${quoted(issue.input)} is not in the expected format`;
    case "unrecognized_keys":
      return `Unknown field${issue.keys.length === 1 ? "" : "s"}: ${issue.keys.join(", ")}`;
    case "invalid_union": {
      // A discriminated union names its deciding field ("strategy", "financing.type").
      const { discriminator, options } = issue as { discriminator?: string; options?: unknown };
      if (discriminator && Array.isArray(options)) {
        const value = (issue.input as Record<string, unknown> | undefined)?.[discriminator];
        if (value === undefined || value === null) return "Required";
        return `${quoted(value)} is not one of: ${options.map(String).join(", ")}`;
      }
      return `${quoted(issue.input)} is not valid here`;
    }
    default:
      return undefined;
  }
}

// jitless: zod would otherwise probe `new Function("")`, which the page CSP (rightly) refuses
// and browsers report as a security issue; workerd refuses eval too.
config({ customError: humanIssueMessage, jitless: true });

/** A zod error as one problem per field path ("price", "tags.2", or "row" for the whole). */
export function fieldProblems(error: z.ZodError, whole = "body"): FieldProblem[] {
  return error.issues.map((issue) => ({
    field: issue.path.join(".") || whole,
    message: issue.message,
  }));
}

export interface RowFailure {
  /** 0-based position in what was sent. */
  index: number;
  errors: FieldProblem[];
}

/** "row 7, price: “$12x” is not a number": a row's first problem, rows counted from 1. */
export function rowProblem(failure: RowFailure, label: (field: string) => string = (f) => f) {
  const [first] = failure.errors;
  const what = first ? `, ${label(first.field)}: ${first.message}` : "";
  return `row ${failure.index + 1}${what}`;
}

export interface ImportCounts {
  created: number;
  updated: number;
  skipped: number;
  failed: RowFailure[];
}

/**
 * What an import does (or would do), in one line: "12 new, 5 already here, 1 invalid (row 7,
 * price: “$12x” is not a number)". At most `shown` invalid rows are described.
 */
export function describeImport(counts: ImportCounts, label?: (field: string) => string, shown = 2) {
  const parts = [`${counts.created} new`];
  const here = counts.updated + counts.skipped;
  if (here) parts.push(`${here} already here`);
  if (counts.failed.length) {
    const described = counts.failed.slice(0, shown).map((failure) => rowProblem(failure, label));
    const more = counts.failed.length - described.length;
    if (more) described.push(`${more} more`);
    parts.push(`${counts.failed.length} invalid (${described.join("; ")})`);
  }
  return parts.join(", ");
}

/** How deep JSON may nest where it is free-form (a tool call's arguments): well within what is read back. */
export const MAX_JSON_DEPTH = 32;

/** How deeply a JSON value nests (an object or array is a level), measured without recursion. */
export function jsonDepth(value: unknown) {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (!item || typeof item !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** Free-form JSON that can be stored and read back: at most `maxChars` written out, and `MAX_JSON_DEPTH` deep. */
export const boundedJson = (maxChars: number) =>
  z.unknown().superRefine((value, context) => {
    if (jsonDepth(value) > MAX_JSON_DEPTH)
      context.addIssue({
        code: "custom",
        message: `Nested more than ${MAX_JSON_DEPTH} levels deep`,
      });
    else if ((JSON.stringify(value) ?? "").length > maxChars)
      context.addIssue({ code: "custom", message: `Longer than ${maxChars} characters` });
  });
