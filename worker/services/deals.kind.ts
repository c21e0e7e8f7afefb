/** Deal analyses in Export Data and Import Data. */
import { DealInputSchema, type DealInput } from "../../app/domain/deals/inputs";
import { CRITERIA_FIGURES } from "../../app/domain/deals/criteria";
import { deals, type DealRow } from "../db/schema";
import { dealColumns } from "./deals";
import { ownFields, recordKind, usersRows } from "./record-kind";

/** The row's figures, worked out from its inputs, are not the user's fields. */
const FIGURES: string[] = CRITERIA_FIGURES;

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
    (rows as DealRow[]).map(({ userId: _u, imported: _i, ...deal }) =>
      Object.fromEntries(Object.entries(deal).filter(([field]) => !FIGURES.includes(field))),
    ),
  input: DealInputSchema,
  references: { propertyId: "properties", projectId: "projects" },
  build: (row, id, { userId, times }) => ({
    ...dealColumns(row.input),
    ...times(row),
    id,
    userId,
  }),
  merge: {
    // The strategy and its inputs merge as one: a file's flip inputs never meet a rental here.
    fields: ({ strategy, inputs, ...row }) => ({
      ...ownFields(row, FIGURES),
      analysis: { strategy, inputs },
    }),
    derive: ({ analysis, ...merged }) =>
      dealColumns({ ...merged, ...(analysis as object) } as unknown as DealInput),
  },
});
