/**
 * The kinds of record an AI42 export holds, in the order Import Data reads them (a record's
 * references come before it): each one's field in the export document, its count in Import Data's
 * answer (the same, but for the links between projects and contacts) and its name on screen.
 */
export const RECORD_KINDS = [
  { name: "properties", result: "properties", label: "Properties" },
  { name: "contacts", result: "contacts", label: "Contacts" },
  { name: "projects", result: "projects", label: "Projects" },
  { name: "entries", result: "entries", label: "Documents" },
  { name: "projectContacts", result: "links", label: "Project contacts" },
  { name: "conversations", result: "conversations", label: "Conversations" },
  { name: "research", result: "research", label: "Research" },
  { name: "events", result: "events", label: "Calendar events" },
  { name: "projectFiles", result: "projectFiles", label: "Linked Drive files" },
  { name: "deals", result: "deals", label: "Deal analyses" },
  { name: "auctions", result: "auctions", label: "Auctions" },
  { name: "routes", result: "routes", label: "Routes" },
  { name: "campaigns", result: "campaigns", label: "Campaigns" },
  { name: "leadBots", result: "leadBots", label: "Lead bots" },
  { name: "leads", result: "leads", label: "Leads" },
] as const;

export type RecordKindName = (typeof RECORD_KINDS)[number]["name"];
export type RecordKindResult = (typeof RECORD_KINDS)[number]["result"];

/** One value per kind, keyed by `key` ("name" for the document, "result" for the answer). */
export function perKind<K extends "name" | "result", V>(
  key: K,
  value: (kind: (typeof RECORD_KINDS)[number]) => V,
) {
  return Object.fromEntries(RECORD_KINDS.map((kind) => [kind[key], value(kind)])) as Record<
    (typeof RECORD_KINDS)[number][K],
    V
  >;
}

/**
 * What one export document may hold: what Import Data takes in one request. Export Data writes a
 * bigger workspace as several documents (parts), each within these limits.
 */
export const TRANSFER_LIMITS = {
  recordsPerKind: 5000,
  bytes: 25 * 1024 * 1024,
} as const;
