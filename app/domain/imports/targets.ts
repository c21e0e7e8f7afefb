/**
 * What an import can fill, per kind of record: each target a column of a file can be mapped to,
 * with its label for the mapping step. Numbered targets (phone1, phone1Type, email1…) carry the
 * skip-traced contact columns of list providers. Pure: no I/O.
 */

export const IMPORT_KINDS = ["properties", "auctions", "leads"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** What an import run brought in: a file of one kind, or an AI42 export (Import Data). */
export const IMPORT_RUN_KINDS = [...IMPORT_KINDS, "data"] as const;
export type ImportRunKind = (typeof IMPORT_RUN_KINDS)[number];

/** How long an import run can be undone: then what it changed is no longer kept. */
export const UNDO_DAYS = 30;

/** How many numbered phone and e-mail columns an import reads (Phone 1 … Phone 10). */
export const MAX_NUMBERED = 10;
const numbered = (stem: "phone" | "email", label: string) =>
  Array.from({ length: MAX_NUMBERED }, (_, i) => [
    [`${stem}${i + 1}`, `${label} ${i + 1}`],
    [`${stem}${i + 1}Type`, `${label} ${i + 1} type`],
    // A skip-traced number on the Do Not Call registry (PropStream's "Phone 1 DNC").
    ...(stem === "phone" ? [[`phone${i + 1}Dnc`, `Phone ${i + 1} on Do Not Call`]] : []),
  ]).flat() as [string, string][];

/**
 * What a list says a person must not be reached by: flags of their own (yes/no), or one cell of
 * words ("DNC", "Litigator", "Deceased", "Do Not Mail"), as skip-tracing services write them.
 */
const CONTACT_FLAG_TARGETS: [string, string][] = [
  ["doNotContact", "Do not contact (DNC)"],
  ["litigator", "Known litigator"],
  ["deceased", "Deceased"],
  ["doNotMail", "Do not mail"],
  ["contactFlags", "Flags in words (DNC, Litigator, Deceased…)"],
];

/** The owner of a property, where lists put them (PropStream, BatchLeads, DealMachine…). */
const OWNER_TARGETS: [string, string][] = [
  ["ownerName", "Owner (full name)"],
  ["ownerFirstName", "Owner first name"],
  ["ownerLastName", "Owner last name"],
  ["owner2Name", "Second owner (full name)"],
  ["owner2FirstName", "Second owner first name"],
  ["owner2LastName", "Second owner last name"],
  ["ownerOccupied", "Owner occupied"],
  ["mailingAddress", "Mailing address"],
  ["mailingUnit", "Mailing unit"],
  ["mailingCity", "Mailing city"],
  ["mailingState", "Mailing state"],
  ["mailingZip", "Mailing ZIP"],
  ...CONTACT_FLAG_TARGETS.map(([target, label]): [string, string] => [target, `Owner: ${label}`]),
  ...numbered("phone", "Phone"),
  ...numbered("email", "E-mail"),
];

/** Target id → label shown in the mapping step's select. */
export const TARGETS: Record<ImportKind, Record<string, string>> = {
  properties: Object.fromEntries<string>([
    ["address", "Address"],
    ["unit", "Unit"],
    ["city", "City"],
    ["state", "State"],
    ["zip", "ZIP"],
    ["county", "County"],
    ["latitude", "Latitude"],
    ["longitude", "Longitude"],
    ["propertyType", "Property type"],
    ["sourcePropertyType", "Property type as listed"],
    ["beds", "Beds"],
    ["baths", "Baths (total)"],
    ["fullBaths", "Full baths"],
    ["halfBaths", "Half baths"],
    ["squareFeet", "Square feet"],
    ["lotSize", "Lot size (sq ft)"],
    ["lotSizeAcres", "Lot size (acres)"],
    ["lotSizeUnit", "Lot size unit (sqft or acres)"],
    ["yearBuilt", "Year built"],
    ["price", "Price (list price; on a sold row, the sale price)"],
    ["listPrice", "List price"],
    ["estimatedValue", "Estimated value"],
    ["arv", "ARV"],
    ["rentEstimate", "Rent estimate / month"],
    ["propertyTaxesAnnual", "Property taxes / year"],
    ["hoaMonthly", "HOA / month"],
    ["listingStatus", "Listing status (Active, Pending, Sold…)"],
    ["daysOnMarket", "Days on market"],
    ["status", "Pipeline status (AI42's: New, Analyzing…)"],
    ["lastSalePrice", "Last sale price"],
    ["lastSaleDate", "Last sale date"],
    ["estimatedEquity", "Estimated equity"],
    ["loanBalance", "Loan balance"],
    ["externalId", "MLS # / listing id"],
    ["apn", "APN / parcel number"],
    ["listingUrl", "Listing URL"],
    ["source", "Source"],
    ["notes", "Notes"],
    ...OWNER_TARGETS,
  ]),
  auctions: Object.fromEntries<string>([
    ["saleType", "Sale type"],
    ["saleAt", "Sale date (and time)"],
    ["saleTime", "Sale time"],
    ["timeZone", "Time zone"],
    ["address", "Address"],
    ["city", "City"],
    ["county", "County"],
    ["state", "State"],
    ["zip", "ZIP"],
    ["caseNumber", "Case number"],
    ["apn", "APN / parcel number"],
    ["sheriffNumber", "Sheriff's number"],
    ["plaintiff", "Plaintiff"],
    ["defendant", "Defendant"],
    ["attorney", "Plaintiff's attorney"],
    ["attorneyPhone", "Attorney's phone"],
    ["venue", "Venue"],
    ["onlineUrl", "Online auction URL"],
    ["openingBid", "Opening bid"],
    ["appraisedValue", "Appraised value"],
    ["judgmentAmount", "Judgment amount"],
    ["depositAmount", "Deposit amount"],
    ["depositPct", "Deposit %"],
    ["depositDueAt", "Deposit due"],
    ["balanceDueDays", "Balance due (days)"],
    ["buyerPremiumPct", "Buyer's premium %"],
    ["plannedBid", "Planned bid"],
    ["status", "Status"],
    ["postponedTo", "Postponed to"],
    ["winningBid", "Winning bid"],
    ["notes", "Notes"],
  ]),
  leads: Object.fromEntries<string>([
    ["fullName", "Name (full)"],
    ["firstName", "First name"],
    ["lastName", "Last name"],
    ["company", "Company"],
    ["email", "E-mail"],
    ["phone", "Phone"],
    ["address", "Property address"],
    ["city", "Property city"],
    ["state", "Property state"],
    ["zip", "Property ZIP"],
    ["mailingAddress", "Mailing address"],
    ["mailingUnit", "Mailing unit"],
    ["mailingCity", "Mailing city"],
    ["mailingState", "Mailing state"],
    ["mailingZip", "Mailing ZIP"],
    ["source", "Lead source"],
    ["status", "Lead status"],
    ["score", "Score"],
    ["consentEmail", "Consent: e-mail"],
    ["consentSms", "Consent: SMS"],
    ["consentCall", "Consent: calls"],
    ["followUpOn", "Follow-up date"],
    ["dealValue", "Deal value"],
    ["notes", "Notes"],
    ...CONTACT_FLAG_TARGETS,
    ...numbered("phone", "Phone"),
    ...numbered("email", "E-mail"),
  ]),
};

export const IGNORE = "ignore";

/** Targets that hold dollars (read as numbers; shown as money). */
export const MONEY_TARGETS: ReadonlySet<string> = new Set([
  "price",
  "listPrice",
  "estimatedValue",
  "arv",
  "rentEstimate",
  "propertyTaxesAnnual",
  "hoaMonthly",
  "lastSalePrice",
  "estimatedEquity",
  "loanBalance",
  "openingBid",
  "depositAmount",
  "plannedBid",
  "winningBid",
  "appraisedValue",
  "judgmentAmount",
  "dealValue",
]);
