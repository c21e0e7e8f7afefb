/**
 * Search: what a user types, matched through the SQLite FTS5 indexes of migration 0033, which
 * triggers keep in step with their tables (docs/decisions/0043-search-fts5.md). Every word typed
 * must begin a word of the record, in any of the columns searched, in any case and with or without
 * accents: "mai" finds "Main St", "jose" finds "José". A search reads the user's matches through
 * the index, never all their rows.
 */
import { and, eq, getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  auctions,
  contacts,
  conversations,
  deals,
  entries,
  filePages,
  files,
  leads,
  projects,
  properties,
  researchReports,
  routes,
} from "./schema";

/** A search reads this many of its words at most (the rest would only narrow it further). */
export const MAX_SEARCH_WORDS = 10;

type SearchedTable = SQLiteTable & { userId: SQLiteColumn };

/** An FTS5 index over some text columns of a table (`<table>_search` in migration 0033). */
export interface SearchIndex<T extends SearchedTable = SearchedTable> {
  table: T;
  /** The columns it holds, under their own names; a search may read only some of them. */
  columns: readonly SQLiteColumn[];
}

const searchIndex = <T extends SearchedTable>(
  table: T,
  columns: SQLiteColumn[],
): SearchIndex<T> => ({ table, columns });

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

/** Every index, as the migration creates them (a test checks that each column is there). */
export const SEARCH_INDEXES = {
  properties: searchIndex(properties, [
    properties.address,
    properties.city,
    properties.state,
    properties.zip,
    properties.externalId,
    properties.notes,
  ]),
  contacts: searchIndex(contacts, [
    contacts.firstName,
    contacts.lastName,
    contacts.email,
    contacts.phone,
    contacts.company,
    contacts.address,
    contacts.tags,
    contacts.notes,
  ]),
  // A lead is found by its contact's words as well as its own: one index holds both (its
  // contact's written in by triggers), so a search reads one set of matches and counts them there.
  leads: searchIndex(leads, [leads.source, ...CONTACT_SEARCH_COLUMNS]),
  projects: searchIndex(projects, [
    projects.name,
    projects.address,
    projects.city,
    projects.description,
  ]),
  auctions: searchIndex(auctions, [
    auctions.address,
    auctions.city,
    auctions.county,
    auctions.caseNumber,
    auctions.apn,
    auctions.notes,
  ]),
  entries: searchIndex(entries, [entries.title, entries.content, entries.tags]),
  deals: searchIndex(deals, [deals.name]),
  routes: searchIndex(routes, [routes.name]),
  conversations: searchIndex(conversations, [conversations.title]),
  researchReports: searchIndex(researchReports, [researchReports.query]),
  files: searchIndex(files, [files.name]),
  filePages: searchIndex(filePages, [filePages.text]),
};

/** The FTS5 table of an index. */
export const searchTableOf = (index: SearchIndex) => `${getTableName(index.table)}_search`;

/**
 * The words of a search: what is typed between spaces, where it holds a letter or a digit (a
 * lone "-" or "%" can begin no word), at most MAX_SEARCH_WORDS of them.
 */
export const searchWords = (q: string) =>
  q
    .normalize("NFC")
    // A control character (a NUL would end FTS5's reading of the string) separates words.
    .replace(/\p{Cc}/gu, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_SEARCH_WORDS);

/**
 * Text as an FTS5 string: in double quotes, its own doubled, so that nothing typed is read as an
 * operator (AND, NEAR, a column filter, `*`, `^`…). The tokenizer reads the string as the words
 * of the records were read: "o'brien" is the phrase "o brien", as "555-0100" is "555 0100".
 */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** The owner as the index holds them: their id as one token (a UUID without its dashes). */
const userKey = (userId: string) => userId.replaceAll("-", "");

/**
 * The MATCH expression for the user's rows whose `columns` hold every word, each as the beginning
 * of a word (its last token a prefix).
 */
export function matchExpression(
  userId: string,
  words: readonly string[],
  columns: readonly SQLiteColumn[],
) {
  const terms = words.map((word) => `${ftsString(word)}*`).join(" AND ");
  const within = columns.map((column) => column.name).join(" ");
  return `user_key : ${ftsString(userKey(userId))} AND {${within}} : (${terms})`;
}

/** The rowids of the user's rows of an index's table whose `columns` hold every word. */
export function rowidsMatching(
  index: SearchIndex,
  userId: string,
  words: readonly string[],
  columns: readonly SQLiteColumn[] = index.columns,
): SQL {
  const fts = sql.identifier(searchTableOf(index));
  return sql`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ${matchExpression(userId, words, columns)}`;
}

/**
 * A condition on a row of an index's table: it is one of the user's whose `columns` hold every
 * word. SQLite answers it from the index (the table's rows by rowid).
 */
export function rowsMatching(
  index: SearchIndex,
  userId: string,
  words: readonly string[],
  columns: readonly SQLiteColumn[] = index.columns,
): SQL {
  const table = sql.identifier(getTableName(index.table));
  return sql`${table}.rowid IN (${rowidsMatching(index, userId, words, columns)})`;
}

/**
 * A subquery of `column` of the user's rows of an index's table whose `columns` hold every word:
 * to find records through others (a property through its owner's name, a file through its pages).
 */
export function valuesMatching(
  index: SearchIndex,
  column: SQLiteColumn,
  userId: string,
  words: readonly string[],
  columns: readonly SQLiteColumn[] = index.columns,
): SQL {
  const table = sql.identifier(getTableName(index.table));
  return sql`SELECT ${table}.${sql.identifier(column.name)} FROM ${table} WHERE ${rowsMatching(index, userId, words, columns)}`;
}

/**
 * From this many matches, a search's page is read by walking the list's own index (the user's rows
 * in the order shown) and keeping the rows that match: with matches this dense a page is found
 * within some 25 × rows ÷ matches entries, where sorting the matches would read every one of them
 * (a lookup each). Below it the matches are few enough to read and sort.
 */
export const WALK_FROM_MATCHES = 1000;

export interface SearchOptions {
  /** The columns to search (by default every column of the index). */
  columns?: readonly SQLiteColumn[];
  /**
   * How a row matches the words, when not only by this index (`rowsMatching`): also through
   * other records, each word on its own… Its conditions must be ones an index answers (the
   * table's rowid or id among a subquery's), or the search reads all the user's rows.
   */
  matches?: (words: readonly string[]) => SQL;
  /**
   * The matches are many (`WALK_FROM_MATCHES`): compare the owner as the user indexes do, so that
   * SQLite walks the list's index in its order rather than read and sort every match.
   */
  walk?: boolean;
}

/**
 * The user's rows of an index's table, or with a search (`q`) those that hold every word typed.
 * A search of nothing but spaces is none (every row); one of nothing but signs ("%", "-") finds
 * no row. Use it in place of the owner filter: with a search, the owner is compared on each match
 * (`+` keeps SQLite off the table's user indexes), so the rows are read from the index's
 * matches, not from all the user's rows; unless `walk`.
 */
export function ownedMatching(
  index: SearchIndex,
  userId: string,
  q: string | undefined,
  {
    columns,
    matches = (words) => rowsMatching(index, userId, words, columns),
    walk = false,
  }: SearchOptions = {},
): SQL {
  if (!q?.trim()) return eq(index.table.userId, userId);
  const words = searchWords(q);
  const owner = walk ? eq(index.table.userId, userId) : sql`+${index.table.userId} = ${userId}`;
  return and(owner, words.length ? matches(words) : sql`0`)!;
}

/**
 * The words of a list's filters when they are a search and nothing else (`ignored`: what only
 * orders the list), whose matches can then be counted in the search indexes alone
 * (`countedRowids`), no row read; otherwise null.
 */
export function onlySearchWords(filters: { q?: string }, ignored: readonly string[] = []) {
  const others = Object.entries(filters).some(
    ([key, value]) => key !== "q" && !ignored.includes(key) && value !== undefined,
  );
  const words = others || !filters.q ? [] : searchWords(filters.q);
  return words.length ? words : null;
}

/**
 * How many distinct rowids the subqueries give (the matches of a search, through every path it
 * takes), as a FROM source to count: `db.select({ value: count() }).from(countedRowids(…))`.
 */
export const countedRowids = (sets: readonly SQL[]) => sql`(${sql.join([...sets], sql` UNION `)})`;
