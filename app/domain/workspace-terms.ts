/**
 * The workspace's vocabularies (project types, the pipeline, contact types…) and the plain rules
 * screens show them by, without the input schemas (workspace.ts): a page that only shows records
 * downloads no zod. Pure: no I/O.
 */

export const PROJECT_TYPES = [
  "fix_and_flip",
  "buy_and_hold",
  "brrrr",
  "wholesale",
  "new_construction",
  "commercial",
  "land",
  "other",
] as const;

/** The deal pipeline, in order. */
export const PROJECT_STATUSES = [
  "prospecting",
  "analyzing",
  "offer_made",
  "under_contract",
  "rehab",
  "active",
  "sold",
  "archived",
] as const;

export const CONTACT_TYPES = [
  "agent",
  "lender",
  "contractor",
  "seller",
  "buyer",
  "attorney",
  "title_company",
  "property_manager",
  "wholesaler",
  "investor",
  "lead",
  "other",
] as const;

export const ENTRY_KINDS = ["note", "contract", "checklist", "report", "other"] as const;

export const PROPERTY_STATUSES = [
  "new",
  "researching",
  "analyzing",
  "offer_made",
  "under_contract",
  "owned",
  "passed",
] as const;

export const PROPERTY_TYPES = [
  "single_family",
  "multi_family",
  "condo",
  "townhouse",
  "mobile_home",
  "land",
  "commercial",
  "other",
] as const;

/**
 * Where a listing stands on the market (Active, Pending, Sold…), as the listing site says: its own
 * field, never the investor's pipeline status.
 */
export const LISTING_STATUSES = [
  "active",
  "coming_soon",
  "contingent",
  "pending",
  "sold",
  "off_market",
  "other",
] as const;

export type ListingStatus = (typeof LISTING_STATUSES)[number];
export type ProjectType = (typeof PROJECT_TYPES)[number];
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type ContactType = (typeof CONTACT_TYPES)[number];
export type EntryKind = (typeof ENTRY_KINDS)[number];
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** How a contact is named on screen and by the agent: their name, else their company. */
export const contactName = (c: { firstName: string; lastName: string; company: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(" ") || c.company || "Unnamed";

/** "fix_and_flip" → "Fix and flip", "brrrr" → "BRRRR". */
export function label(value: string) {
  if (value === "brrrr") return "BRRRR";
  const words = value.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A contact is called something: its name or its company. */
export const isNamed = (contact: { firstName: string; lastName: string; company: string | null }) =>
  Boolean(contact.firstName || contact.lastName || contact.company);
export const UNNAMED_CONTACT = {
  error: "Give a first name, a last name or a company",
  path: ["firstName"],
};

export const MAX_IMPORT_ROWS = 1000;

/** Lower-case, single-spaced, common suffixes shortened: "12 Oak Street, Apt 4" → "12 oak st apt 4". */
export function normalizeAddress(parts: {
  address: string;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}) {
  const SUFFIXES: Record<string, string> = {
    street: "st",
    avenue: "ave",
    road: "rd",
    drive: "dr",
    boulevard: "blvd",
    lane: "ln",
    court: "ct",
    place: "pl",
    terrace: "ter",
    apartment: "apt",
    suite: "ste",
    north: "n",
    south: "s",
    east: "e",
    west: "w",
  };
  return [parts.address, parts.city, parts.state, parts.zip?.slice(0, 5)]
    .filter(Boolean)
    .join(" ")
    .toLowerCase()
    .replace(/[.,#]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => SUFFIXES[word] ?? word)
    .join(" ");
}

/** The key an imported property is matched on: its external id (APN, MLS), else its address. */
export function propertyDedupeKey(property: {
  address: string;
  externalId?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}) {
  return property.externalId
    ? `ext:${property.externalId.trim().toLowerCase()}`
    : `addr:${normalizeAddress(property)}`;
}

/** Square feet in an acre: lots are kept in square feet, shown in acres too. */
export const SQFT_PER_ACRE = 43_560;

/** "downtown, hard money" → ["downtown", "hard money"] */
export const splitTags = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
