/**
 * A file's rows as leads: the person (or company) with every phone and e-mail a skip-traced
 * list gives, the property they may sell as the lead's address, their mailing address, and the
 * lead's own fields (source, status, consent, follow-up) read as people write them. Each row is
 * checked with the API's rules and given the keys it is matched on (e-mails and phones, else
 * name and address). Pure: no I/O.
 */
import { emailKey, LeadInputSchema, phoneKey, type LeadInput } from "../marketing/leads";
import { normalizeAddress } from "../workspace";
import type { ColumnMapping } from "./mapping";
import { cellsByTarget, contactFlagsOf, numbered, rowProblem } from "./properties";
import type { SourceFormat } from "./sources";
import type { RowProblem, Table } from "./table";
import {
  isOrganisation,
  readDay,
  readFlag,
  readNumber,
  splitName,
  type Conventions,
  statusWord,
} from "./values";

export type LeadValues = Partial<LeadInput>;

export interface LeadRow {
  row: number;
  lead: LeadValues;
  /** What the row is matched on: e-mails and phones, else name and address. */
  keys: string[];
  label: string;
}

/** Every key a lead is known by: each e-mail and phone, else its name at its address. */
export function leadKeys(lead: {
  firstName?: string;
  lastName?: string;
  company?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  phones?: { value: string }[];
  emails?: { value: string }[];
}) {
  const keys = new Set<string>();
  for (const email of [lead.email, ...(lead.emails ?? []).map((e) => e.value)]) {
    const key = emailKey(email);
    if (key) keys.add(`email:${key}`);
  }
  for (const phone of [lead.phone, ...(lead.phones ?? []).map((p) => p.value)]) {
    const key = phoneKey(phone);
    if (key) keys.add(`phone:${key}`);
  }
  if (!keys.size) {
    const name = [lead.firstName, lead.lastName, lead.company].filter(Boolean).join(" ");
    keys.add(
      `name:${name.toLowerCase().replace(/\s+/g, " ")}|${normalizeAddress({ address: lead.address ?? "" })}`,
    );
  }
  return [...keys];
}

const FLAGS = ["consentEmail", "consentSms", "consentCall"] as const;

/** Each record of the table as a lead, or the problem that keeps it out. */
export function readLeadRows(
  table: Table,
  columns: readonly ColumnMapping[],
  source: Pick<SourceFormat, "name"> | null,
  conventions: Conventions,
) {
  const headerOf = new Map(columns.map((column) => [column.target, column.header]));
  const name = (target: string) => headerOf.get(target) ?? target;
  const rows: LeadRow[] = [];
  const problems: RowProblem[] = [];
  for (const { row, cells } of cellsByTarget(table, columns)) {
    const fail = (target: string, message: string) =>
      problems.push(rowProblem(row, name(target), message));
    const last = cells.lastName ?? "";
    const person =
      cells.firstName || (last && !isOrganisation(last))
        ? { firstName: cells.firstName ?? "", lastName: last, company: null }
        : splitName(cells.fullName ?? last);
    const phones = numbered(cells, "phone");
    const emails = numbered(cells, "email");
    if (cells.phone && !phones.some((p) => phoneKey(p.value) === phoneKey(cells.phone))) {
      phones.unshift({ value: cells.phone, type: null });
    }
    if (cells.email && !emails.some((e) => emailKey(e.value) === emailKey(cells.email))) {
      emails.unshift({ value: cells.email, type: null });
    }
    const score = cells.score === undefined ? undefined : readNumber(cells.score, conventions);
    if (score === null) {
      fail("score", `“${cells.score}” is not a number`);
      continue;
    }
    const dealValue =
      cells.dealValue === undefined ? undefined : readNumber(cells.dealValue, conventions);
    if (dealValue === null) {
      fail("dealValue", `“${cells.dealValue}” is not a number`);
      continue;
    }
    const followUpOn =
      cells.followUpOn === undefined ? undefined : readDay(cells.followUpOn, conventions);
    if (followUpOn === null) {
      fail("followUpOn", `“${cells.followUpOn}” is not a date`);
      continue;
    }
    const flags: Partial<Record<(typeof FLAGS)[number], boolean>> = {};
    const badFlag = FLAGS.find(
      (flag) => cells[flag] !== undefined && readFlag(cells[flag]!) === null,
    );
    if (badFlag) {
      fail(badFlag, `“${cells[badFlag]}” is neither yes nor no`);
      continue;
    }
    for (const flag of FLAGS) if (cells[flag] !== undefined) flags[flag] = readFlag(cells[flag]!)!;
    const said = contactFlagsOf(cells);
    if ("unreadable" in said) {
      fail(said.unreadable, `“${cells[said.unreadable]}” is neither yes nor no`);
      continue;
    }
    const place = [cells.city, [cells.state, cells.zip].filter(Boolean).join(" ")]
      .filter(Boolean)
      .join(", ");
    const address = cells.address ? [cells.address, place].filter(Boolean).join(", ") : undefined;
    const mailing = [
      cells.mailingAddress,
      cells.mailingUnit && `#${cells.mailingUnit.replace(/^#/, "")}`,
    ]
      .filter(Boolean)
      .join(" ");
    const candidate: Record<string, unknown> = {
      ...person,
      email: emails[0]?.value,
      phone: phones[0]?.value,
      phones,
      emails,
      address,
      mailingAddress: mailing || undefined,
      mailingCity: cells.mailingCity,
      mailingState: cells.mailingState,
      mailingZip: cells.mailingZip,
      source: cells.source ?? source?.name.replace(/ (export|list|scrape).*$/i, ""),
      status: cells.status && statusWord(cells.status),
      score,
      followUpOn,
      dealValue,
      notes: cells.notes,
      ...flags,
      // Only the flags the row sets: an unflagged row never clears a flag.
      ...said.flags,
    };
    const given = Object.fromEntries(
      Object.entries(candidate).filter(
        ([, value]) =>
          value !== undefined &&
          value !== "" &&
          value !== null &&
          !(Array.isArray(value) && !value.length),
      ),
    );
    const parsed = LeadInputSchema.safeParse(given);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const [field, index] = issue.path;
      const target =
        (field === "phones" || field === "emails") && typeof index === "number"
          ? `${field === "phones" ? "phone" : "email"}${index + 1}`
          : field === "firstName"
            ? (["fullName", "firstName", "lastName"].find((t) => headerOf.has(t)) ?? "firstName")
            : String(field);
      fail(target, issue.message);
      continue;
    }
    const lead = Object.fromEntries(
      Object.keys(given).map((key) => [key, parsed.data[key as keyof LeadInput]]),
    ) as LeadValues;
    rows.push({
      row,
      lead,
      keys: leadKeys(parsed.data),
      label: [person.firstName, person.lastName, person.company].filter(Boolean).join(" "),
    });
  }
  return { rows, problems };
}
