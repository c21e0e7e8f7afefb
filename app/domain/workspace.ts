/**
 * The workspace's records (projects, contacts, documents, properties): their vocabularies and
 * input rules, shared by the API (validation, OpenAPI) and the browser (forms, import preview).
 * Pure: no I/O.
 */
import { z } from "zod";
import { assigneeIdField } from "./assignee-input";
import { DaySchema } from "./date-schemas";
// Plain-language messages for every schema below (see validation.ts).
import {
  CONTACT_TYPES,
  ENTRY_KINDS,
  isNamed,
  LISTING_STATUSES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  UNNAMED_CONTACT,
} from "./workspace-terms";

export * from "./workspace-terms";
export * from "./contact-methods";

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
  assigneeId: assigneeIdField,
});

/**
 * Every phone number or e-mail address of a person, with its kind ("Mobile", "Landline") and, for
 * a phone a skip-trace found on the Do Not Call registry, `dnc`.
 */
const numberedContact = <T extends z.ZodType>(value: T) =>
  z
    .array(z.object({ value, type: optionalText(40), dnc: z.boolean().optional() }))
    .max(10)
    .default([]);

const contactFlag = z.boolean().default(false);

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
  doNotContact: contactFlag,
  litigator: contactFlag,
  deceased: contactFlag,
  doNotMail: contactFlag,
  notes: optionalText(5000),
  tags,
});

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
  daysOnMarket: optional(z.number().int().min(0).max(100_000)),
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
  assigneeId: assigneeIdField,
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

/**
 * A person's first phone and e-mail also on their own, as calls, messages and lists read them:
 * a client that sends only the lists still gives the person a phone and an e-mail.
 */
export const withFirstListed = <
  T extends Pick<ContactInput, "phone" | "email" | "phones" | "emails">,
>(
  input: T,
): T => ({
  ...input,
  phone: input.phone ?? input.phones[0]?.value ?? null,
  email: input.email ?? input.emails[0]?.value ?? null,
});
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
