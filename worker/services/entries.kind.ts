/** Documents (entries) in Export Data and Import Data. */
import { EntryInputSchema } from "../../app/domain/workspace";
import { entries, type EntryRow } from "../db/schema";
import { toEntry } from "./entries";
import { recordKind, usersRows } from "./record-kind";

export const entryKind = recordKind({
  name: "entries",
  table: entries,
  key: entries.id,
  exportQueries: usersRows(entries),
  exportRecords: ([rows]) => (rows as EntryRow[]).map(toEntry),
  input: EntryInputSchema,
  references: { projectId: "projects" },
});
