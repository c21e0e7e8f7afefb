/**
 * Leads from a list or spreadsheet (CSV) or JSON: header spellings mapped to fields, each row
 * checked with the API's own rules and given the keys it is matched on for duplicates. The
 * browser's preview and the API's import both use `checkLeadRows`. Pure: no I/O.
 */
import { headerKey, readCsv, type ParsedFile } from "../csv";
import { fieldProblems, readNumbers, type RowFailure } from "../validation";
import { duplicateKeys, LeadFieldsSchema, LeadInputSchema, type LeadInput } from "./leads";

type LeadColumn = keyof LeadInput | "fullName";

const HEADER_ALIASES: Record<string, LeadColumn> = {
  firstname: "firstName",
  first: "firstName",
  givenname: "firstName",
  lastname: "lastName",
  last: "lastName",
  surname: "lastName",
  familyname: "lastName",
  name: "fullName",
  fullname: "fullName",
  ownername: "fullName",
  owner: "fullName",
  email: "email",
  emailaddress: "email",
  phone: "phone",
  phonenumber: "phone",
  mobile: "phone",
  cell: "phone",
  company: "company",
  address: "address",
  propertyaddress: "address",
  mailingaddress: "address",
  source: "source",
  leadsource: "source",
  status: "status",
  leadstatus: "status",
  score: "score",
  leadscore: "score",
  consentemail: "consentEmail",
  emailconsent: "consentEmail",
  emailoptin: "consentEmail",
  consentsms: "consentSms",
  smsconsent: "consentSms",
  smsoptin: "consentSms",
  textconsent: "consentSms",
  consentcall: "consentCall",
  callconsent: "consentCall",
  followup: "followUpOn",
  followupon: "followUpOn",
  followupdate: "followUpOn",
  nextfollowup: "followUpOn",
  dealvalue: "dealValue",
  notes: "notes",
};

const FLAGS = new Set<LeadColumn>(["consentEmail", "consentSms", "consentCall"]);
const YES = new Set(["yes", "y", "true", "1", "x", "opted in", "optin"]);
const NO = new Set(["no", "n", "false", "0", "", "opted out", "optout"]);

function cell(field: LeadColumn, raw: string): unknown {
  const text = raw.trim();
  if (FLAGS.has(field)) {
    const word = text.toLowerCase();
    // Anything else is left for the check to refuse in plain words.
    return YES.has(word) ? true : NO.has(word) ? false : text;
  }
  if (!text) return undefined;
  // "Under Contract", "under-contract" → "under_contract".
  if (field === "status") return text.toLowerCase().replace(/[\s-]+/g, "_");
  return text;
}

/** A full name column splits at its first space, unless first and last names are given too. */
function withNames(row: Record<string, unknown>) {
  const { fullName, ...rest } = row;
  if (typeof fullName === "string" && !rest.firstName && !rest.lastName) {
    const [first = "", ...others] = fullName.split(/\s+/).filter(Boolean);
    rest.firstName = first;
    rest.lastName = others.join(" ");
  }
  return rest;
}

const NAME_COLUMNS = ["fullName", "firstName", "lastName", "company"];

export function parseLeadsCsv(text: string): ParsedFile {
  const parsed = readCsv<LeadColumn>(text, {
    fieldFor: (header) => HEADER_ALIASES[headerKey(header)],
    cell,
    required: [],
    missing: "",
  });
  if (!NAME_COLUMNS.some((field) => parsed.columnOf?.[field])) {
    return {
      rows: [],
      ignoredColumns: [],
      error: "The file needs a header row naming the lead: Name, or First name and Last name.",
    };
  }
  return { ...parsed, rows: parsed.rows.map(withNames) };
}

/** Each row read as people write it and checked with the API's rules; the failures by index. */
export function checkLeadRows(rows: unknown[]) {
  const valid: { index: number; input: LeadInput; keys: string[] }[] = [];
  const failed: RowFailure[] = [];
  rows.forEach((row, index) => {
    const record = row && typeof row === "object" ? (row as Record<string, unknown>) : {};
    const parsed = LeadInputSchema.safeParse(readNumbers(LeadFieldsSchema.shape, record));
    if (parsed.success) valid.push({ index, input: parsed.data, keys: duplicateKeys(parsed.data) });
    else failed.push({ index, errors: fieldProblems(parsed.error, "row") });
  });
  return { valid, failed };
}
