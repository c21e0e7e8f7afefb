/**
 * A person's phones and e-mails as a skip-traced list gives them (every one, with its kind and a
 * phone's Do Not Call flag) and what they must not be reached by (do not contact, litigator,
 * deceased, do not mail): shown on a lead's card, a contact's page and a property's owner, and
 * edited in the lead and contact forms.
 */
import { Plus, X } from "lucide-react";
import {
  CONTACT_FLAG_LABELS,
  CONTACT_FLAGS,
  type ContactFlag,
  listedEmails,
  listedPhones,
  type Listed,
} from "~/domain/contact-methods";
import { CheckboxField, FieldError } from "./form";
import { Badge } from "./ui";

/** The flags set on a person, as badges; nothing when none is. */
export function ContactFlagBadges(props: { person: Partial<Record<ContactFlag, boolean>> }) {
  const set = CONTACT_FLAGS.filter((flag) => props.person[flag]);
  return set.map((flag) => (
    <Badge key={flag} tone="danger">
      {CONTACT_FLAG_LABELS[flag]}
    </Badge>
  ));
}

/** Every phone and e-mail, each a link, with its kind and a phone's Do Not Call flag. */
export function ContactMethodList(props: {
  person: { phone: string | null; email: string | null; phones: Listed[]; emails: Listed[] };
  className?: string;
}) {
  const phones = listedPhones(props.person);
  const emails = listedEmails(props.person);
  if (!phones.length && !emails.length) return null;
  return (
    <ul
      className={`flex flex-wrap gap-x-4 gap-y-0.5 text-sm ${props.className ?? ""}`}
      aria-label="Phones and e-mails"
    >
      {phones.map((phone, i) => (
        <li key={`p${i}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <a href={`tel:${phone.value}`} className="text-accent tabular-nums hover:underline">
            {phone.value}
          </a>
          {phone.type && <span className="text-xs text-muted">{phone.type}</span>}
          {phone.dnc && <Badge tone="danger">DNC</Badge>}
        </li>
      ))}
      {emails.map((email, i) => (
        <li key={`e${i}`} className="flex min-w-0 flex-wrap items-center gap-x-2">
          <a
            href={`mailto:${email.value}`}
            className="max-w-full min-w-0 truncate text-accent hover:underline"
            title={email.value}
          >
            {email.value}
          </a>
          {email.type && <span className="text-xs text-muted">{email.type}</span>}
        </li>
      ))}
    </ul>
  );
}

/** The text a form keeps a list in (its values are text): JSON of the rows. */
export const methodsText = (list: Listed[]) => JSON.stringify(list);
/** The rows back, without the empty ones; a phone's Do Not Call flag only when set. */
export function methodsOf(text: string): Listed[] {
  const rows = JSON.parse(text || "[]") as Listed[];
  return rows
    .filter((row) => row.value.trim())
    .map(({ value, type, dnc }) => ({
      value: value.trim(),
      type: type?.trim() || null,
      ...(dnc ? { dnc: true } : {}),
    }));
}

type Person = Record<ContactFlag, boolean> & {
  phone: string | null;
  email: string | null;
  phones: Listed[];
  emails: Listed[];
};

/** A person's phones, e-mails and flags as a form's text fields. */
export const personFields = (person?: Person) => ({
  phones: methodsText(person ? listedPhones(person) : []),
  emails: methodsText(person ? listedEmails(person) : []),
  ...(Object.fromEntries(
    CONTACT_FLAGS.map((flag) => [flag, String(person?.[flag] ?? false)]),
  ) as Record<ContactFlag, string>),
});

/** The form's phones, e-mails and flags as the API takes them: the first of each also alone. */
export function personInput(values: ReturnType<typeof personFields>) {
  const phones = methodsOf(values.phones);
  const emails = methodsOf(values.emails);
  return {
    phones,
    emails,
    phone: phones[0]?.value ?? "",
    email: emails[0]?.value ?? "",
    ...Object.fromEntries(CONTACT_FLAGS.map((flag) => [flag, values[flag] === "true"])),
  };
}

const KINDS = {
  phone: { label: "Phone", input: "tel", kinds: ["Mobile", "Landline", "VoIP", "Work"] },
  email: { label: "E-mail", input: "email", kinds: ["Personal", "Work"] },
} as const;

/**
 * A person's phones (or e-mails) as rows: the number, its kind, and for a phone whether it is on
 * the Do Not Call registry; the first is the one calls and messages use. Kept as text in the form.
 */
export function MethodsField(props: {
  kind: "phone" | "email";
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { label, input, kinds } = KINDS[props.kind];
  const rows: Listed[] = JSON.parse(props.value || "[]");
  const shown = rows.length ? rows : [{ value: "", type: null }];
  const set = (next: Listed[]) => props.onChange(methodsText(next));
  const update = (index: number, change: Partial<Listed>) =>
    set(shown.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const listId = `${props.id}-kinds`;
  return (
    <fieldset
      className="space-y-2"
      aria-describedby={props.error ? `${props.id}-error` : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">
        {label === "Phone" ? "Phones" : "E-mails"}
        <span className="ml-1 font-normal text-muted">(optional; the first is used)</span>
      </legend>
      <datalist id={listId}>
        {kinds.map((kind) => (
          <option key={kind} value={kind} />
        ))}
      </datalist>
      {shown.map((row, i) => {
        const rowId = `${props.id}-${i}`;
        return (
          <div key={i} className="flex flex-wrap items-center gap-2">
            <label htmlFor={rowId} className="sr-only">
              {i === 0 ? label : `${label} ${i + 1}`}
            </label>
            <input
              id={rowId}
              type={input}
              value={row.value}
              onChange={(event) => update(i, { value: event.target.value })}
              aria-invalid={props.error && !looksRight(props.kind, row.value) ? true : undefined}
              autoComplete="off"
              className="input min-w-0 flex-[2_1_10rem]"
              placeholder={i === 0 ? label : `${label} ${i + 1}`}
            />
            <input
              aria-label={`Kind of ${props.kind === "phone" ? "number" : "address"} ${i + 1}`}
              list={listId}
              value={row.type ?? ""}
              onChange={(event) => update(i, { type: event.target.value || null })}
              className="input w-28 flex-[1_1_6rem]"
              placeholder="Kind"
            />
            {props.kind === "phone" && (
              <label className="flex items-center gap-1.5 text-xs text-muted">
                <input
                  type="checkbox"
                  aria-label={`Number ${i + 1} on Do Not Call`}
                  checked={Boolean(row.dnc)}
                  onChange={(event) => update(i, { dnc: event.target.checked || undefined })}
                  className="size-4 accent-[var(--accent)]"
                />
                On Do Not Call
              </label>
            )}
            {shown.length > 1 && (
              <button
                type="button"
                aria-label={`Remove ${props.kind === "phone" ? "number" : "address"} ${i + 1}`}
                onClick={() => set(shown.filter((_, j) => j !== i))}
                className="grid size-8 place-items-center rounded-lg text-muted hover:bg-raised hover:text-danger"
              >
                <X aria-hidden className="size-4" />
              </button>
            )}
          </div>
        );
      })}
      {shown.length < 10 && (
        <button
          type="button"
          onClick={() => set([...shown, { value: "", type: null }])}
          className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
        >
          <Plus aria-hidden className="size-4" /> Add{" "}
          {props.kind === "phone" ? "a phone" : "an e-mail"}
        </button>
      )}
      <FieldError id={props.id} error={props.error} />
    </fieldset>
  );
}

const looksRight = (kind: "phone" | "email", value: string) =>
  !value.trim() ||
  (kind === "email"
    ? /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())
    : value.replace(/\D/g, "").length >= 7);

/** The do-not-reach flags as checkboxes, bound to the form's fields of the same names. */
export function ContactFlagsFields(props: {
  field: (name: ContactFlag) => { id: string; value: string; onChange: (value: string) => void };
}) {
  return (
    <fieldset className="rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-medium">Don't reach them</legend>
      <div className="flex flex-wrap gap-5">
        {CONTACT_FLAGS.map((flag) => (
          <CheckboxField key={flag} {...props.field(flag)} label={CONTACT_FLAG_LABELS[flag]} />
        ))}
      </div>
      <p className="mt-2 text-xs text-muted">
        Follow-up sequences skip anyone on Do Not Call, a litigator or deceased; a mail house's
        export skips the deceased, litigators and do-not-mail.
      </p>
    </fieldset>
  );
}
