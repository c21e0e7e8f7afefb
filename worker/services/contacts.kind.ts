/** Contacts in Export Data and Import Data. */
import { ContactInputSchema } from "../../app/domain/workspace";
import { contacts, type ContactRow } from "../db/schema";
import { toContact } from "./contacts";
import { ownFields, recordKind, usersRows } from "./record-kind";

/**
 * A contact's own fields (what merges compare, in Import Data and the file imports): not the owner
 * key an import works out from them.
 */
export const contactFields = (row: Record<string, unknown>) => ownFields(row, ["ownerKey"]);

export const contactKind = recordKind({
  name: "contacts",
  table: contacts,
  key: contacts.id,
  exportQueries: usersRows(contacts),
  exportRecords: ([rows]) => (rows as ContactRow[]).map(toContact),
  input: ContactInputSchema,
  merge: { fields: contactFields },
});
