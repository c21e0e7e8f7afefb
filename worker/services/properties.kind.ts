/** Properties in Export Data and Import Data: matched on their id, else on their address or APN. */
import {
  PropertyInputSchema,
  propertyDedupeKey,
  type PropertyInput,
} from "../../app/domain/workspace";
import { properties, type PropertyRow } from "../db/schema";
import { toProperty } from "../db/records";
import { propertyIdsByKey } from "./properties";
import { ownFields, recordKind, usersRows } from "./record-kind";

/** A property's own fields (what merges compare, in Import Data and the file imports). */
export const propertyFields = (row: Record<string, unknown>) => ownFields(row, ["dedupeKey"]);

export const propertyKind = recordKind({
  name: "properties",
  table: properties,
  key: properties.id,
  exportQueries: usersRows(properties),
  exportRecords: ([rows]) => (rows as PropertyRow[]).map(toProperty),
  input: PropertyInputSchema,
  match: { field: "dedupeKey", key: propertyDedupeKey, find: propertyIdsByKey },
  merge: {
    fields: propertyFields,
    derive: (merged) => ({ dedupeKey: propertyDedupeKey(merged as PropertyInput) }),
  },
});
