/**
 * Checking auction rows sent as JSON (POST /auctions/import) with the API's own rules; files
 * (county lists) are read by app/domain/imports. Pure: no I/O.
 */
import { fieldProblems, readNumbers, type RowFailure } from "../validation";
import { AuctionFieldsSchema, AuctionInputSchema, type AuctionInput } from "./auction";

/** Each row checked with the API's rules; the failures by 0-based index. */
export function checkAuctionRows(rows: unknown[]) {
  const valid: { index: number; input: AuctionInput }[] = [];
  const failed: RowFailure[] = [];
  rows.forEach((row, index) => {
    const record = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const parsed = AuctionInputSchema.safeParse(readNumbers(AuctionFieldsSchema.shape, record));
    if (parsed.success) valid.push({ index, input: parsed.data });
    else failed.push({ index, errors: fieldProblems(parsed.error, "row") });
  });
  return { valid, failed };
}
