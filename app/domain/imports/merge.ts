/**
 * How a file's row lands on a record the user already has, field by field, so that an import
 * never destroys work: a cell the file leaves empty never blanks a field, and a field the user
 * changed in AI42 since the last import (anything that no longer holds what that import wrote,
 * or that no import ever wrote) is kept unless they chose to overwrite their edits. Every import
 * (the file imports and Import Data) merges through here. Pure: no I/O.
 */

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface Merged {
  /** The fields to write, with the file's values. */
  values: Record<string, unknown>;
  /** What the file changes: "rent 1,650 → 1,700". */
  changes: FieldChange[];
  /** The user's edits kept over the file's value (from: theirs, to: the file's). */
  kept: FieldChange[];
  /** What this import wrote, for the next one to compare against. */
  imported: Record<string, unknown>;
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

/** An instant as an ISO string, whatever its offset ("…T05:00:00.000Z", "…T00:00:00-05:00"). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

type Listed = { value: string; type?: string | null; dnc?: boolean };
const isListed = (value: unknown): value is Listed[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === "object" && item !== null && "value" in item);
/** A phone by its digits (a US number with or without its leading 1), an e-mail by its letters. */
const listedKey = (item: Listed) => {
  const digits = item.value.replace(/\D/g, "");
  return item.value.includes("@")
    ? item.value.trim().toLowerCase()
    : digits.length === 11 && digits.startsWith("1")
      ? digits.slice(1)
      : digits;
};

/**
 * Two lists of phones or e-mails hold the same: the same numbers or addresses in any order, none
 * with a different kind or a Do Not Call flag the other lacks (a kind left blank says nothing).
 */
function sameListed(a: Listed[], b: Listed[]) {
  const byKey = new Map(a.map((item) => [listedKey(item), item]));
  if (new Set(b.map(listedKey)).size !== byKey.size) return false;
  return b.every((item) => {
    const other = byKey.get(listedKey(item));
    return (
      other !== undefined &&
      (!item.type || !other.type || item.type === other.type) &&
      Boolean(item.dnc) === Boolean(other.dnc)
    );
  });
}

/**
 * Equal in meaning: numbers to the cent's fraction, instants at the same moment however written,
 * phones and e-mails as the same set, other lists and objects by their JSON.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < 1e-9;
  if (typeof a === "string" && typeof b === "string" && INSTANT.test(a) && INSTANT.test(b))
    return Date.parse(a) === Date.parse(b);
  if (isListed(a) && isListed(b)) return sameListed(a, b);
  if (typeof a === "object" || typeof b === "object")
    return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/**
 * A person's phones and e-mails as one list each, the first also alone: a record made by hand
 * keeps its only number in `phone` (its list empty), an import writes every number to the list
 * and the first to `phone`; both say the same.
 */
function withListsFilled(record: Record<string, unknown>) {
  const filled = { ...record };
  for (const [one, list] of [
    ["phone", "phones"],
    ["email", "emails"],
  ] as const) {
    const listed = record[list];
    if (!Array.isArray(listed)) continue;
    if (!listed.length && record[one]) filled[list] = [{ value: record[one], type: null }];
    if (listed.length && !record[one]) filled[one] = (listed[0] as { value: string }).value;
  }
  return filled;
}

/**
 * The file's non-empty values merged onto a record. `current` is null for a record the import
 * creates (every value is written); `imported` is what the last import wrote (null if none).
 */
export function mergeRecord(
  current: Record<string, unknown> | null,
  imported: Record<string, unknown> | null,
  incoming: Record<string, unknown>,
  options: { overwriteEdits: boolean },
): Merged {
  const merged: Merged = { values: {}, changes: [], kept: [], imported: { ...imported } };
  const compared = current && withListsFilled(current);
  for (const [field, value] of Object.entries(incoming)) {
    if (isEmpty(value)) continue;
    merged.imported[field] = value;
    if (!current) {
      merged.values[field] = value;
      continue;
    }
    const mine = compared![field];
    if (sameValue(mine, value)) continue;
    const untouched =
      isEmpty(mine) || (imported !== null && field in imported && sameValue(mine, imported[field]));
    if (untouched || options.overwriteEdits) {
      merged.values[field] = value;
      merged.changes.push({ field, from: mine ?? null, to: value });
    } else {
      merged.kept.push({ field, from: mine, to: value });
    }
  }
  return merged;
}
