/**
 * How a file's row lands on a record the user already has, field by field, so that an import
 * never destroys work: a cell the file leaves empty never blanks a field, and a field the user
 * changed in AI42 since the last import (anything that no longer holds what that import wrote,
 * or that no import ever wrote) is kept unless they chose to overwrite their edits. Phones and
 * e-mails are added to, never replaced. Every import (the file imports and Import Data) merges
 * through here. Pure: no I/O.
 */
import { emailKey, phoneKey } from "../marketing/lead-terms";
import { CONTACT_FLAGS, type Listed } from "../contact-methods";

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

const isContactFlag = (field: string) => (CONTACT_FLAGS as readonly string[]).includes(field);

/** An instant as an ISO string, whatever its offset ("…T05:00:00.000Z", "…T00:00:00-05:00"). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const isListed = (value: unknown): value is Listed[] =>
  Array.isArray(value) &&
  value.every((item) => typeof item === "object" && item !== null && "value" in item);
/** A phone by its digits (without a US country code), an e-mail by its letters. */
const listedKey = (item: Listed) =>
  (item.value.includes("@") ? emailKey(item.value) : phoneKey(item.value)) ?? item.value.trim();

/**
 * A person's phones (or e-mails) and a file's, as one list: every number either has, each once,
 * those already here first. One here keeps its kind unless it had none, and a Do Not Call flag
 * either side raised stays raised: a list adds numbers and flags, it never takes one away.
 */
function unionListed(mine: Listed[], file: Listed[]): Listed[] {
  const byKey = new Map(file.map((item) => [listedKey(item), item]));
  const kept = mine.map((item) => {
    const theirs = byKey.get(listedKey(item));
    if (!theirs) return item;
    const dnc = item.dnc || theirs.dnc;
    return { value: item.value, type: item.type ?? theirs.type ?? null, ...(dnc ? { dnc } : {}) };
  });
  const here = new Set(mine.map(listedKey));
  return [...kept, ...file.filter((item) => !here.has(listedKey(item)))];
}

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
 * and the first to `phone`; both say the same. A `phone` edited apart from its list (as screens
 * once did) leads the list.
 */
function withListsFilled(record: Record<string, unknown>) {
  const filled = { ...record };
  for (const [one, list] of [
    ["phone", "phones"],
    ["email", "emails"],
  ] as const) {
    const listed = record[list];
    const alone = record[one];
    if (!isListed(listed)) continue;
    const lone: Listed | null =
      typeof alone === "string" && alone ? { value: alone, type: null } : null;
    if (lone && !listed.some((item) => listedKey(item) === listedKey(lone))) {
      filled[list] = [lone, ...listed];
    }
    if (listed.length && !alone) filled[one] = listed[0]!.value;
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
    // Phones and e-mails are added to, never replaced: a list brings numbers, it takes none away.
    if (isListed(mine) && isListed(value)) {
      const union = unionListed(mine, value);
      if (sameValue(union, mine)) continue;
      merged.values[field] = union;
      merged.changes.push({ field, from: mine, to: union });
      continue;
    }
    const untouched =
      isEmpty(mine) ||
      // A do-not-contact flag no import ever set and the user never raised: a list raising it
      // is news, not an edit to keep.
      (mine === false && isContactFlag(field) && !(imported && field in imported)) ||
      (imported !== null && field in imported && sameValue(mine, imported[field]));
    if (untouched || options.overwriteEdits) {
      merged.values[field] = value;
      merged.changes.push({ field, from: mine ?? null, to: value });
    } else {
      merged.kept.push({ field, from: mine, to: value });
    }
  }
  return merged;
}
