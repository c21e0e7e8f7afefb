/**
 * What a property page shows of the facts a list or a listing brings, each edited in place (saved
 * when the field is left; without JavaScript, with the facts' form): who owns it and where they
 * get their mail, what it is worth and owes, how it is listed, and its parcel. Every field an
 * import fills is here. To a viewer the fields are read-only.
 */
import { Link } from "@remix-run/react";
import { ExternalLink } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { ContactFlagBadges, ContactMethodList } from "~/components/contact-methods";
import { Badge } from "~/components/ui";
import { formatAddress, formatMoney } from "~/domain/format";
import { contactPath } from "~/domain/modules";
import {
  choiceText,
  factText,
  LISTING_FACTS,
  LISTING_URL_FACT,
  PARCEL_FACTS,
  VALUATION_FACTS,
  type Fact,
} from "~/domain/property-facts";
import type { PropertyInput } from "~/domain/workspace";
import { contactName, label, LISTING_STATUSES, SQFT_PER_ACRE } from "~/domain/workspace-terms";
import type { PropertyDetail } from "~/lib/api/workspace";

/**
 * A fact typed over in place: with JavaScript saved when the field is left (or Enter), put back on
 * Escape; without, sent with the facts' form (`form`, the id of the page's form) by its button.
 */
export function FactField(props: {
  fact: Fact;
  value: string;
  form: string;
  multiline?: boolean;
  /** What the last save was refused for, from the server. */
  error?: string;
  readOnly?: boolean;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(props.value);
  useEffect(() => setText(props.value), [props.value]);
  const { key, kind } = props.fact;
  const id = `fact-${key}`;
  const { error } = props;
  const commit = () => {
    if (text.trim() !== props.value.trim()) props.onSave(text);
  };
  const shared = {
    id,
    name: key,
    form: props.form,
    value: text,
    readOnly: props.readOnly,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    onBlur: commit,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Escape") {
        setText(props.value);
      } else if (event.key === "Enter" && !props.multiline) {
        (event.target as HTMLElement).blur();
      }
    },
    className:
      "w-full rounded-md border border-transparent bg-transparent px-2 py-1 hover:border-line focus:border-line focus:bg-canvas",
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block px-2 text-xs tracking-wide text-muted uppercase">
        {props.fact.label}
      </label>
      {props.multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => setText(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={kind === "day" ? "date" : "text"}
          inputMode={
            kind === "money" || kind === "count" || kind === "year" ? "decimal" : undefined
          }
          onChange={(event) => setText(event.target.value)}
          className={`${shared.className} ${kind === "text" ? "" : "font-medium tabular-nums"}`}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="px-2 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a panel of facts needs from the page: its form, the refusals, and where changes go. */
export interface FactsForm {
  /** The id of the page's facts form, which the fields are sent with. */
  form: string;
  /** What the last save was refused for, by fact. */
  errors: Record<string, string>;
  /** Saves facts as typed (or a choice's value), by key. */
  onChange: (fields: Record<string, string>) => void;
  /** The facts on their way to be saved (a choice shows as chosen meanwhile). */
  sending?: FormData;
  /** The person may not change them (a viewer): shown, not edited. */
  readOnly: boolean;
}

/** A typed fact of the property, with its refusal, saved through the page's form. */
export function PropertyFact(props: {
  fact: Fact;
  detail: PropertyInput;
  facts: FactsForm;
  multiline?: boolean;
}) {
  const { fact, facts } = props;
  return (
    <FactField
      fact={fact}
      form={facts.form}
      multiline={props.multiline}
      value={factText(props.detail[fact.key], fact.kind)}
      error={facts.errors[fact.key]}
      readOnly={facts.readOnly}
      onSave={(text) => facts.onChange({ [fact.key]: text })}
    />
  );
}

/** One panel of facts: its title, its fields, and what more it shows. */
function FactPanel(props: {
  id: string;
  title: string;
  facts: Fact[];
  detail: PropertyDetail;
  form: FactsForm;
  children?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.id}
      className="min-w-0 rounded-2xl border border-line bg-surface p-4"
    >
      <h3 id={props.id} className="mb-2 font-semibold">
        {props.title}
      </h3>
      {props.children}
      <div className="grid grid-cols-2 gap-2">
        {props.facts.map((fact) => (
          <PropertyFact key={fact.key} fact={fact} detail={props.detail} facts={props.form} />
        ))}
      </div>
    </section>
  );
}

const OCCUPANCY_OPTIONS = [
  { value: "", label: "Not known" },
  { value: "true", label: "Owner lives there" },
  { value: "false", label: "Absentee owner" },
];
const LISTING_OPTIONS = [
  { value: "", label: "Not known" },
  ...LISTING_STATUSES.map((status) => ({ value: status, label: label(status) })),
];

/**
 * A choice among a few values ("" for not known): with JavaScript saved as soon as it changes,
 * without sent with the facts' form.
 */
export function ChoiceField(props: {
  name: keyof PropertyInput;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  facts: FactsForm;
  className?: string;
}) {
  const id = `fact-${props.name}`;
  const sending = props.facts.sending?.get(props.name);
  return (
    <div className={props.className ?? "mb-2 px-2"}>
      <label htmlFor={id} className="block text-xs tracking-wide text-muted uppercase">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        form={props.facts.form}
        value={typeof sending === "string" ? sending : props.value}
        disabled={props.facts.readOnly}
        onChange={(event) => props.facts.onChange({ [props.name]: event.target.value })}
        className="input mt-1 w-auto max-w-full !py-1 text-sm"
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The owner (a contact: their page, flags, mailing address and every phone and e-mail), whether
 * they live there, what the property is worth and owes, its listing, and its parcel.
 */
export function PropertyFactPanels(props: { detail: PropertyDetail; facts: FactsForm }) {
  const { detail, facts } = props;
  const owner = detail.owner;
  const mailing =
    owner &&
    formatAddress({
      address: owner.mailingAddress,
      city: owner.mailingCity,
      state: owner.mailingState,
      zip: owner.mailingZip,
    });
  const equityWorkedOut =
    detail.estimatedEquity === null && detail.estimatedValue !== null && detail.loanBalance !== null
      ? detail.estimatedValue - detail.loanBalance
      : null;
  return (
    <div className="mt-6 grid items-start gap-4 md:grid-cols-2 2xl:grid-cols-4">
      <section
        aria-labelledby="owner-title"
        className="min-w-0 rounded-2xl border border-line bg-surface p-4"
      >
        <h3 id="owner-title" className="mb-2 font-semibold">
          Owner &amp; ownership
        </h3>
        {owner ? (
          <div className="mb-3 space-y-1.5 px-2 text-sm" data-testid="property-owner">
            <Link to={contactPath(owner.id)} className="font-medium text-accent hover:underline">
              {contactName(owner)}
            </Link>
            <div className="flex flex-wrap gap-1.5">
              {detail.ownerOccupied === false && <Badge tone="accent">Absentee owner</Badge>}
              <ContactFlagBadges person={owner} />
            </div>
            {mailing && (
              <p>
                <span className="text-xs tracking-wide text-muted uppercase">Mailing address</span>
                <span className="block">{mailing}</span>
              </p>
            )}
            <ContactMethodList person={owner} />
          </div>
        ) : (
          <p className="mb-3 px-2 text-sm text-muted">
            No owner on file. A PropStream, BatchLeads or DealMachine list brings the owner, their
            mailing address and phones.
          </p>
        )}
        <ChoiceField
          name="ownerOccupied"
          label="Occupancy"
          value={choiceText(detail.ownerOccupied)}
          options={OCCUPANCY_OPTIONS}
          facts={facts}
        />
      </section>
      <FactPanel
        id="valuation-title"
        title="Valuation"
        facts={VALUATION_FACTS}
        detail={detail}
        form={facts}
      >
        {equityWorkedOut !== null && (
          <p className="mb-1 px-2 text-xs text-muted">
            Value less loans: {formatMoney(equityWorkedOut)}
          </p>
        )}
      </FactPanel>
      <FactPanel
        id="listing-title"
        title="Listing"
        facts={LISTING_FACTS}
        detail={detail}
        form={facts}
      >
        <ChoiceField
          name="listingStatus"
          label="Listing status"
          value={choiceText(detail.listingStatus)}
          options={LISTING_OPTIONS}
          facts={facts}
        />
        {detail.listingUrl && (
          <a
            href={detail.listingUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="mb-2 inline-flex items-center gap-1 px-2 text-sm text-accent hover:underline"
          >
            Open the listing <ExternalLink aria-hidden className="size-3.5" />
          </a>
        )}
        <PropertyFact fact={LISTING_URL_FACT} detail={detail} facts={facts} />
      </FactPanel>
      <FactPanel id="parcel-title" title="Parcel" facts={PARCEL_FACTS} detail={detail} form={facts}>
        {detail.lotSize !== null && detail.lotSize >= SQFT_PER_ACRE / 10 && (
          <p className="mb-1 px-2 text-xs text-muted">
            Lot: {(detail.lotSize / SQFT_PER_ACRE).toFixed(2)} acres
          </p>
        )}
      </FactPanel>
    </div>
  );
}
