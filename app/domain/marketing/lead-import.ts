/**
 * Checking lead rows sent as JSON (POST /marketing/leads/import) with the API's own rules, each
 * with the keys it is matched on for duplicates; files are read by app/domain/imports. Pure: no
 * I/O.
 */
import { fieldProblems, readNumbers, type RowFailure } from "../validation";
import { duplicateKeys, LeadFieldsSchema, LeadInputSchema, type LeadInput } from "./leads";

/** Each row read as people write it and checked with the API's rules; the failures by index. */
export function checkLeadRows(rows: unknown[]) {
  const valid: { index: number; input: LeadInput; keys: string[] }[] = [];
  const failed: RowFailure[] = [];
  rows.forEach((row, index) => {
    const record = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const parsed = LeadInputSchema.safeParse(readNumbers(LeadFieldsSchema.shape, record));
    if (parsed.success) valid.push({ index, input: parsed.data, keys: duplicateKeys(parsed.data) });
    else failed.push({ index, errors: fieldProblems(parsed.error, "row") });
  });
  return { valid, failed };
}
