/**
 * Contacts: the one data access for the API, the pages and the agent, through `owned` (the
 * workspace's rows, a viewer's writes refused).
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { withFirstListed, type ContactInput, type ContactType } from "../../app/domain/workspace";
import type { Database } from "../db/client";
import { owned } from "../db/owned";
import {
  EXPORT_CHUNK_ROWS,
  keysetOrderBy,
  ownedRows,
  ownerId,
  publicRow,
  selectAll,
  selectPage,
  type IfVersion,
  type KeysetOrder,
  type Owner,
  type PageRequest,
} from "../db/queries";
import { contacts, projectContacts, projects, type ContactRow } from "../db/schema";
import {
  CONTACT_SEARCH_COLUMNS,
  countedRowids,
  onlySearchWords,
  ownedMatching,
  rowidsMatching,
  SEARCH_INDEXES,
  WALK_FROM_MATCHES,
} from "../db/search";

export interface ContactFilters {
  q?: string;
  type?: ContactType;
}

export const toContact = (row: ContactRow) => publicRow(row, "ownerKey");

const ownedContacts = (db: Database, owner: Owner) => owned(db, contacts, owner, "Contact");

/** The contacts the filters select; `walk`: a search with many matches (`WALK_FROM_MATCHES`). */
function contactsWhere(userId: string, filters: ContactFilters, walk = false) {
  const where: SQL[] = [
    ownedMatching(SEARCH_INDEXES.contacts, userId, filters.q, {
      columns: CONTACT_SEARCH_COLUMNS,
      walk,
    }),
  ];
  if (filters.type) where.push(eq(contacts.type, filters.type));
  return and(...where);
}

/** By last name, then first name: the order `contacts_user_name` holds. */
export const CONTACTS_BY_NAME: KeysetOrder = {
  columns: [contacts.lastName, contacts.firstName],
  dir: "asc",
  id: contacts.id,
};

/**
 * A page of the user's contacts, by name. A search counts its matches first (in the search index
 * alone when it is the only filter): how many decides how its page is read.
 */
export async function listContacts(
  db: Database,
  owner: Owner,
  filters: ContactFilters,
  page: PageRequest,
) {
  const userId = ownerId(owner);
  const order = keysetOrderBy(CONTACTS_BY_NAME);
  if (!filters.q?.trim()) {
    const { rows, meta } = await selectPage(
      db,
      contacts,
      contactsWhere(userId, filters),
      order,
      page,
    );
    return { items: rows.map(toContact), meta };
  }
  const words = onlySearchWords(filters);
  const counted = db.select({ value: count() });
  const [total] = await (words
    ? counted.from(
        countedRowids([
          rowidsMatching(SEARCH_INDEXES.contacts, userId, words, CONTACT_SEARCH_COLUMNS),
        ]),
      )
    : counted.from(contacts).where(contactsWhere(userId, filters)));
  const rows = await db
    .select()
    .from(contacts)
    .where(contactsWhere(userId, filters, total!.value >= WALK_FROM_MATCHES))
    .orderBy(...order)
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
  return { items: rows.map(toContact), meta: { ...page, total: total!.value } };
}

/** Every contact the list would show, by name, a chunk at a time (the CSV export). */
export async function* allContacts(
  db: Database,
  owner: Owner,
  filters: ContactFilters,
  size = EXPORT_CHUNK_ROWS,
) {
  const where = contactsWhere(ownerId(owner), filters);
  const chunks = selectAll(db, contacts, where, CONTACTS_BY_NAME, size);
  for await (const rows of chunks) yield rows.map(toContact);
}

/** One contact with the projects it is linked to. */
export async function contactDetail(db: Database, owner: Owner, id: string) {
  const contact = await ownedContacts(db, owner).get(id);
  const linked = await db
    .select({ project: projects })
    .from(projectContacts)
    .innerJoin(projects, eq(projects.id, projectContacts.projectId))
    // The projects the reader may open: a member held to assigned records sees only theirs.
    .where(and(eq(projectContacts.contactId, contact.id), ownedRows(projects, owner)))
    .orderBy(desc(projects.updatedAt));
  return { ...toContact(contact), projects: linked.map((row) => publicRow(row.project)) };
}

export const createContact = async (db: Database, owner: Owner, input: ContactInput) =>
  toContact(await ownedContacts(db, owner).create(withFirstListed(input)));

/** Replaces the contact's fields (PUT); only at one of `ifVersion` when given (else 412). */
export const updateContact = async (
  db: Database,
  owner: Owner,
  id: string,
  input: ContactInput,
  ifVersion?: IfVersion,
) =>
  toContact(
    await ownedContacts(db, owner).update(id, withFirstListed(input), {
      ifVersion,
      show: toContact,
    }),
  );

export const deleteContact = async (
  db: Database,
  owner: Owner,
  id: string,
  ifVersion?: IfVersion,
) => toContact(await ownedContacts(db, owner).remove(id, { ifVersion, show: toContact }));
