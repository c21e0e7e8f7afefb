/** Deal analyses in Export Data and Import Data. */
import { DealInputSchema } from "../../app/domain/deals/inputs";
import { deals, type DealRow } from "../db/schema";
import { dealColumns } from "./deals";
import { recordKind, usersRows } from "./record-kind";

/**
 * Analyses, pointing at the property and project they are about. The export writes what was
 * entered, not what follows from it: the key figures are worked out again from the inputs.
 */
export const dealKind = recordKind({
  name: "deals",
  table: deals,
  key: deals.id,
  exportQueries: usersRows(deals),
  exportRecords: ([rows]) =>
    (rows as DealRow[]).map(
      ({ userId: _u, cashFlowMonthly: _c, capRate: _r, cashOnCash: _o, ...deal }) => deal,
    ),
  input: DealInputSchema,
  references: { propertyId: "properties", projectId: "projects" },
  build: (row, id, { userId, times }) => ({
    ...dealColumns(row.input),
    ...times(row),
    id,
    userId,
  }),
});
