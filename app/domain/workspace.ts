/**
 * The workspace's records (projects, contacts, documents, properties): their vocabularies and
 * input rules, shared by the API (validation, OpenAPI) and the browser (forms, import preview).
 * Pure: no I/O.
 */
import { z } from "zod";
import { DaySchema } from "./date-bounds";
// Plain-language messages for every schema below (see validation.ts).
import "./validation";

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

/**
 * An optional field that is always present after parsing, as null when not given, so that
 * writing a parsed input replaces every field (PUT semantics) rather than leaving old values.
 */
export const optional = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => (value === undefined || value === "" ? null : value));
export const text = (max: number) => z.string().trim().max(max);
/** A text that must be given: the same message whether it is missing or blank; its length limit is said as such. */
export const requiredText = (max: number, message: string) =>
  z
    .string({
      error: (issue) =>
        issue.code === "invalid_type" || issue.code === "too_small" ? message : undefined,
    })
    .trim()
    .min(1)
    .max(max);
export const optionalText = (max: number) => optional(text(max));
export const money = optional(z.number().finite().min(0).max(1e12));
export const isoDate = optional(DaySchema);
export const tags = z.array(text(40).min(1)).max(20).default([]);
export const id = z.string().min(1).max(64);

export const ProjectInputSchema = z.object({
  name: requiredText(200, "Give the project a name"),
  type: z.enum(PROJECT_TYPES).default("other"),
  status: z.enum(PROJECT_STATUSES).default("prospecting"),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(50),
  zip: optionalText(20),
  description: optionalText(5000),
  budget: money,
  purchasePrice: money,
  targetCloseDate: isoDate,
  propertyId: optional(id),
});

/** A phone number or e-mail address beyond the first, with its kind ("Mobile", "Landline"). */
const numberedContact = <T extends z.ZodType>(value: T) =>
  z
    .array(z.object({ value, type: optionalText(40) }))
    .max(10)
    .default([]);

/** A contact's own fields; a lead (app/domain/marketing/leads.ts) adds its own to them. */
export const ContactFieldsSchema = z.object({
  firstName: text(100).default(""),
  lastName: text(100).default(""),
  email: optional(
    z.union([z.email({ error: "Enter a valid e-mail address" }).max(254), z.literal("")]),
  ),
  phone: optionalText(40),
  company: optionalText(200),
  /** Where to visit them (a Route Planner stop). */
  address: optionalText(300),
  /** Where to write to them (an absentee owner's mailing address, for a mail house). */
  mailingAddress: optionalText(300),
  mailingCity: optionalText(100),
  mailingState: optionalText(50),
  mailingZip: optionalText(20),
  /** Every number and address a list gave (skip tracing), the first of each also in phone/email. */
  phones: numberedContact(text(40).min(1)),
  emails: numberedContact(z.email({ error: "Enter a valid e-mail address" }).max(254)),
  type: z.enum(CONTACT_TYPES).default("other"),
  notes: optionalText(5000),
  tags,
});

/** A contact is called something: its name or its company. */
export const isNamed = (contact: { firstName: string; lastName: string; company: string | null }) =>
  Boolean(contact.firstName || contact.lastName || contact.company);
export const UNNAMED_CONTACT = {
  error: "Give a first name, a last name or a company",
  path: ["firstName"],
};

export const ContactInputSchema = ContactFieldsSchema.refine(isNamed, UNNAMED_CONTACT);

export const EntryInputSchema = z.object({
  title: requiredText(200, "Give the document a title"),
  kind: z.enum(ENTRY_KINDS).default("note"),
  content: z.string().max(100_000).default(""),
  tags,
  projectId: optional(id),
});

const count = (max: number) => optional(z.number().finite().min(0).max(max));

export const PropertyInputSchema = z.object({
  address: requiredText(200, "Address is required"),
  city: optionalText(100),
  state: optionalText(50),
  zip: optionalText(20),
  latitude: optional(z.number().min(-90).max(90)),
  longitude: optional(z.number().min(-180).max(180)),
  propertyType: optional(z.enum(PROPERTY_TYPES)),
  beds: count(100),
  baths: count(100),
  squareFeet: count(10_000_000),
  lotSize: count(1e9),
  yearBuilt: optional(z.number().int().min(1600).max(2100)),
  listPrice: money,
  estimatedValue: money,
  arv: money,
  rentEstimate: money,
  propertyTaxesAnnual: money,
  hoaMonthly: money,
  county: optionalText(100),
  /** The source's own words for the type ("Condo/Co-op"), kept beside AI42's. */
  sourcePropertyType: optionalText(100),
  listingStatus: optional(z.enum(LISTING_STATUSES)),
  lastSalePrice: money,
  lastSaleDate: isoDate,
  estimatedEquity: optional(z.number().finite().min(-1e12).max(1e12)),
  loanBalance: money,
  apn: optionalText(100),
  listingUrl: optional(
    z.url({ protocol: /^https?$/, error: "Use the listing's web address (https://…)" }).max(2000),
  ),
  ownerOccupied: optional(z.boolean()),
  /** The owner, a contact (with their mailing address and phones). */
  ownerContactId: optional(id),
  status: z.enum(PROPERTY_STATUSES).default("new"),
  source: optionalText(100),
  externalId: optionalText(100),
  notes: optionalText(5000),
});

/** A Google Drive file linked to a project: shown in the project, opened in Drive. */
export const ProjectFileInputSchema = z.object({
  driveFileId: requiredText(200, "Which Drive file?"),
  name: requiredText(500, "Give the file a name"),
  mimeType: optionalText(200),
  webViewLink: z
    .url({ protocol: /^https?$/, error: "Use the file's web address (https://…)" })
    .max(2000),
  iconLink: optional(z.url({ protocol: /^https?$/ }).max(2000)),
});

export type ProjectInput = z.infer<typeof ProjectInputSchema>;
export type ProjectFileInput = z.infer<typeof ProjectFileInputSchema>;
export type ContactInput = z.infer<typeof ContactInputSchema>;
export type NumberedContact = ContactInput["phones"][number];
export type EntryInput = z.infer<typeof EntryInputSchema>;
export type PropertyInput = z.infer<typeof PropertyInputSchema>;

/**
 * A property record's own fields, as a write sends them back (a PUT replaces every field): what
 * the server works out or links (ids, dates, analyses, projects…) left out.
 */
export const propertyInputOf = (property: PropertyInput): PropertyInput =>
  Object.fromEntries(
    Object.keys(PropertyInputSchema.shape).map((key) => [
      key,
      property[key as keyof PropertyInput],
    ]),
  ) as PropertyInput;

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
export function propertyDedupeKey(
  property: Partial<Pick<PropertyInput, "externalId" | "city" | "state" | "zip">> & {
    address: string;
  },
) {
  return property.externalId
    ? `ext:${property.externalId.trim().toLowerCase()}`
    : `addr:${normalizeAddress(property)}`;
}
