/**
 * Checking property rows sent as JSON (POST /data/properties) with the same rules as the API's
 * forms; files are read by app/domain/imports. Pure: no I/O.
 */
import { fieldProblems, parseTyped, type RowFailure } from "./validation";
import { PropertyInputSchema, propertyDedupeKey, type PropertyInput } from "./workspace";

/**
 * Each row read as people write it ("$125,000" is a number) and checked with the API's rules,
 * with the key it is matched on; the failures by index.
 */
export function checkPropertyRows(rows: unknown[]) {
  const valid: { index: number; input: PropertyInput; key: string }[] = [];
  const failed: RowFailure[] = [];
  rows.forEach((row, index) => {
    const record = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const parsed = parseTyped(PropertyInputSchema, record);
    if (parsed.success) {
      valid.push({ index, input: parsed.data, key: propertyDedupeKey(parsed.data) });
    } else {
      failed.push({ index, errors: fieldProblems(parsed.error, "row") });
    }
  });
  return { valid, failed };
}
