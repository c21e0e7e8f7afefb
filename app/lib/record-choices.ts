/**
 * The records a form links to, as the record picker asks for them: the kinds it links, how many
 * matches it shows, and the resource route that answers (app/routes/records.$kind.ts). Named
 * /records, a first segment no module has, so no workspace page is ever behind it.
 */
import { MESSAGES } from "./api/messages";

/** What the picker links, each searched by its list's `q` on the server. */
export const PICKED_KINDS = ["property", "project", "contact", "analysis"] as const;
export type PickedKind = (typeof PICKED_KINDS)[number];

/** How many matches the list shows; with more, it says to type on. */
export const PICKER_MATCHES = 20;

/** A record as the picker offers it. */
export interface RecordOption {
  id: string;
  label: string;
}

/** The first matches (PICKER_MATCHES at most) for the words typed, and how many match in all. */
export interface RecordMatches {
  items: RecordOption[];
  total: number;
}

/** The words a failed search is said with, as the kind's list says them elsewhere. */
export const SEARCH_FAILED: Record<PickedKind, string> = {
  property: MESSAGES.fetchProperties,
  project: MESSAGES.fetchProjects,
  contact: MESSAGES.fetchContacts,
  analysis: MESSAGES.fetchDeals,
};

/**
 * `/records/<kind>` with its query: `q` (and the list's own filters: an analysis's `propertyId`)
 * for the matches, or `id` for one record's name.
 */
export function recordsPath(kind: PickedKind, query: Record<string, string>) {
  const search = String(
    new URLSearchParams(Object.entries(query).filter(([, value]) => value !== "")),
  );
  return `/records/${kind}${search ? `?${search}` : ""}`;
}
