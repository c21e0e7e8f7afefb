/**
 * How a person may be reached, and must not be: their phones and e-mails as lists give them, and
 * the flags a list (or the investor) raises. Apart from workspace-terms.ts, which every page loads:
 * only the screens and imports that show or read them download this. Pure: no I/O.
 */

/**
 * What a list (or the investor) says a person must not be reached by: any outreach (on a Do Not
 * Call list, a known TCPA litigator, deceased) or letters (do not mail). Sequences skip the first
 * three; a mail house's export skips all but do-not-contact (a phone rule).
 */
export const CONTACT_FLAGS = ["doNotContact", "litigator", "deceased", "doNotMail"] as const;
export type ContactFlag = (typeof CONTACT_FLAGS)[number];

/** Each flag as a badge says it. */
export const CONTACT_FLAG_LABELS: Record<ContactFlag, string> = {
  doNotContact: "Do not contact",
  litigator: "Litigator",
  deceased: "Deceased",
  doNotMail: "Do not mail",
};

/** A phone or e-mail as a list gives it: its kind, and for a phone whether it is on Do Not Call. */
export interface Listed {
  value: string;
  type: string | null;
  dnc?: boolean;
}

/**
 * Every phone of a person: the list an import or the form wrote, else the one phone a record made
 * elsewhere keeps alone.
 */
export const listedPhones = (person: { phone: string | null; phones: Listed[] }): Listed[] =>
  withLone(person.phone, person.phones, (value) => value.replace(/\D/g, ""));

/** Every e-mail of a person, as listedPhones. */
export const listedEmails = (person: { email: string | null; emails: Listed[] }): Listed[] =>
  withLone(person.email, person.emails, (value) => value.trim().toLowerCase());

/** The list, led by the lone value when the list lacks it (edited apart from it, as screens once did). */
const withLone = (lone: string | null, list: Listed[], key: (value: string) => string) =>
  lone && !list.some((item) => key(item.value) === key(lone))
    ? [{ value: lone, type: null }, ...list]
    : list;
