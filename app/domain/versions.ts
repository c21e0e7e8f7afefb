/**
 * A record's version is its `updatedAt`, and its ETag is that instant in quotes: a strong
 * validator a client can also make from a record it holds from a list. A change sent with
 * `If-Match` is made only if the record is still at one of the versions named (RFC 9110 §13.1.1).
 */

/** The ETag of a record at this version: `"2026-05-04T09:30:00.000Z"`. */
export const etagOf = (updatedAt: string | Date) =>
  `"${typeof updatedAt === "string" ? updatedAt : updatedAt.toISOString()}"`;

/** More entity tags than anyone sends; beyond these a list is cut (D1 binds 100 parameters). */
export const MAX_IF_MATCH_TAGS = 20;

/**
 * The versions an If-Match header accepts: undefined when there is none or it is `*` (any version:
 * the change is unconditional), else the strong entity tags it lists. Weak ones (`W/"…"`) never
 * match, as RFC 9110 says for If-Match; a header naming none accepts no version.
 */
export function versionsOf(ifMatch: string | null | undefined): string[] | undefined {
  const header = ifMatch?.trim();
  if (!header || header === "*") return undefined;
  return [...header.matchAll(/(W\/)?"([^"]*)"/g)]
    .filter(([, weak]) => !weak)
    .map(([, , version]) => version!)
    .slice(0, MAX_IF_MATCH_TAGS);
}
