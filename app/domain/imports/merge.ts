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

/** Equal as stored: numbers to the cent's fraction, lists and objects by their JSON. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) < 1e-9;
  if (typeof a === "object" || typeof b === "object")
    return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
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
  for (const [field, value] of Object.entries(incoming)) {
    if (isEmpty(value)) continue;
    merged.imported[field] = value;
    if (!current) {
      merged.values[field] = value;
      continue;
    }
    const mine = current[field];
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
