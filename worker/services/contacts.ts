/** Contacts: the one data access for the API and the agent. */
import { and, desc, eq, type SQL } from "drizzle-orm";
import { withFirstListed, type ContactInput, type ContactType } from "../../app/domain/workspace";
import type { Database } from "../db/client";
import {
  deleteOwned,
  EXPORT_CHUNK_ROWS,
  findOwned,
  keysetOrderBy,
  missedChange,
  nextVersion,
  ownedAt,
  publicRow,
  selectAll,
  selectPage,
  type IfVersion,
  type KeysetOrder,
  type PageRequest,
} from "../db/queries";
import { contacts, projectContacts, projects, type ContactRow } from "../db/schema";
import { ownedMatching, SEARCH_INDEXES } from "../db/search";

export interface ContactFilters {
  q?: string;
  type?: ContactType;
}

/** What a contact search reads: both names ("maria lo" finds Maria Lopez), e-mail, company… */
export const CONTACT_SEARCH_COLUMNS = [
  contacts.firstName,
  contacts.lastName,
  contacts.email,
  contacts.company,
  contacts.phone,
  contacts.tags,
  contacts.notes,
];

export const toContact = (row: ContactRow) => publicRow(row, "ownerKey");

function contactsWhere(userId: string, filters: ContactFilters) {
  const where: SQL[] = [
    ownedMatching(SEARCH_INDEXES.contacts, userId, filters.q, { columns: CONTACT_SEARCH_COLUMNS }),
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

/** A page of the user's contacts, by name. */
export async function listContacts(
  db: Database,
  userId: string,
  filters: ContactFilters,
  page: PageRequest,
) {
  const { rows, meta } = await selectPage(
    db,
    contacts,
    contactsWhere(userId, filters),
    keysetOrderBy(CONTACTS_BY_NAME),
    page,
  );
  return { items: rows.map(toContact), meta };
}

/** Every contact the list would show, by name, a chunk at a time (the CSV export). */
export async function* allContacts(
  db: Database,
  userId: string,
  filters: ContactFilters,
  size = EXPORT_CHUNK_ROWS,
) {
  const where = contactsWhere(userId, filters);
  const chunks = selectAll(db, contacts, where, CONTACTS_BY_NAME, size);
  for await (const rows of chunks) yield rows.map(toContact);
}

/** One contact with the projects it is linked to. */
export async function contactDetail(db: Database, userId: string, id: string) {
  const contact = await findOwned(db, contacts, userId, id, "Contact");
  const linked = await db
    .select({ project: projects })
    .from(projectContacts)
    .innerJoin(projects, eq(projects.id, projectContacts.projectId))
    .where(and(eq(projectContacts.contactId, contact.id), eq(projectContacts.userId, userId)))
    .orderBy(desc(projects.updatedAt));
  return { ...toContact(contact), projects: linked.map((row) => publicRow(row.project)) };
}

export async function createContact(db: Database, userId: string, input: ContactInput) {
  const [row] = await db
    .insert(contacts)
    .values({ ...withFirstListed(input), userId })
    .returning();
  return toContact(row!);
}

/** Replaces the contact's fields (PUT); only at one of `ifVersion` when given (else 412). */
export async function updateContact(
  db: Database,
  userId: string,
  id: string,
  input: ContactInput,
  ifVersion?: IfVersion,
) {
  const [row] = await db
    .update(contacts)
    .set({ ...withFirstListed(input), updatedAt: nextVersion(contacts.updatedAt) })
    .where(ownedAt(contacts, userId, id, ifVersion))
    .returning();
  if (!row) {
    throw await missedChange(db, contacts, userId, id, "Contact", { ifVersion, show: toContact });
  }
  return toContact(row);
}

export const deleteContact = async (
  db: Database,
  userId: string,
  id: string,
  ifVersion?: IfVersion,
) =>
  toContact(await deleteOwned(db, contacts, userId, id, "Contact", { ifVersion, show: toContact }));
