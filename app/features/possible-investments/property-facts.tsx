/**
 * What a property page shows of the facts a list or a listing brings, each edited in place (saved
 * when the field is left): who owns it and where they get their mail, what it is worth and owes,
 * how it is listed, and its parcel. Every field an import fills is here.
 */
import { Link } from "@remix-run/react";
import { ExternalLink } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { ContactFlagBadges, ContactMethodList } from "~/components/contact-methods";
import { Badge } from "~/components/ui";
import { formatAddress, formatCount, formatMoney } from "~/domain/format";
import { modulePath } from "~/domain/modules";
import type { PropertyInput } from "~/domain/workspace";
import { contactName, label, LISTING_STATUSES, SQFT_PER_ACRE } from "~/domain/workspace-terms";
import type { PropertyDetail } from "~/lib/api/workspace";

/**
 * How a fact is typed and shown: money ("$185,000"), a count ("1,320"), a year ("1948"), a day,
 * or text.
 */
export type FactKind = "money" | "count" | "year" | "day" | "text";

/** A fact's text in its field: empty when unknown. */
export function factText(value: unknown, kind: FactKind = "count") {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" && kind !== "year")
    return kind === "money" ? formatMoney(value) : formatCount(value);
  return String(value);
}

/** A fact typed over in place: saved when the field is left (or Enter), put back on Escape. */
export function FactField(props: {
  id: string;
  label: string;
  value: string;
  multiline?: boolean;
  kind?: FactKind;
  onSave: (text: string) => Promise<string | null>;
}) {
  const [text, setText] = useState(props.value);
  const [error, setError] = useState("");
  useEffect(() => setText(props.value), [props.value]);
  const kind = props.kind ?? "count";
  const commit = async () => {
    if (text.trim() === props.value.trim()) return;
    setError((await props.onSave(text)) ?? "");
  };
  const shared = {
    id: props.id,
    value: text,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${props.id}-error` : undefined,
    onBlur: () => void commit(),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Escape") {
        setText(props.value);
        setError("");
      } else if (event.key === "Enter" && !props.multiline) {
        (event.target as HTMLElement).blur();
      }
    },
    className:
      "w-full rounded-md border border-transparent bg-transparent px-2 py-1 hover:border-line focus:border-line focus:bg-canvas",
  };
  return (
    <div className="min-w-0">
      <label htmlFor={props.id} className="block px-2 text-xs tracking-wide text-muted uppercase">
        {props.label}
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
        <p id={`${props.id}-error`} className="px-2 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Saves one fact of the property; the message to show beside it when the server refuses it. */
export type SaveFact = (
  key: keyof PropertyInput,
  text: string,
  kind: FactKind,
) => Promise<string | null>;

interface Fact {
  key: keyof PropertyInput;
  label: string;
  kind: FactKind;
}

/** One panel of facts: its title, its fields, and what more it shows. */
function FactPanel(props: {
  id: string;
  title: string;
  facts: Fact[];
  detail: PropertyDetail;
  onSave: SaveFact;
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
          <FactField
            key={fact.key}
            id={`fact-${fact.key}`}
            label={fact.label}
            kind={fact.kind}
            value={factText(props.detail[fact.key as keyof PropertyDetail], fact.kind)}
            onSave={(text) => props.onSave(fact.key, text, fact.kind)}
          />
        ))}
      </div>
    </section>
  );
}

const VALUATION: Fact[] = [
  { key: "estimatedValue", label: "Estimated value", kind: "money" },
  { key: "estimatedEquity", label: "Equity", kind: "money" },
  { key: "loanBalance", label: "Loan balance", kind: "money" },
  { key: "lastSalePrice", label: "Last sale price", kind: "money" },
  { key: "lastSaleDate", label: "Last sale date", kind: "day" },
];
const LISTING: Fact[] = [
  { key: "externalId", label: "MLS # / listing id", kind: "text" },
  { key: "daysOnMarket", label: "Days on market", kind: "count" },
  { key: "hoaMonthly", label: "HOA / month", kind: "money" },
  { key: "sourcePropertyType", label: "Type as listed", kind: "text" },
  { key: "source", label: "Source", kind: "text" },
];
const PARCEL: Fact[] = [
  { key: "apn", label: "APN", kind: "text" },
  { key: "county", label: "County", kind: "text" },
  { key: "lotSize", label: "Lot (sq ft)", kind: "count" },
  { key: "yearBuilt", label: "Year built", kind: "year" },
];

/** A choice among a few values saved as soon as it changes ("" for not known). */
function ChoiceField(props: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onSave: (value: string) => void;
}) {
  return (
    <div className="mb-2 px-2">
      <label htmlFor={props.id} className="block text-xs tracking-wide text-muted uppercase">
        {props.label}
      </label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onSave(event.target.value)}
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
export function PropertyFactPanels(props: {
  detail: PropertyDetail;
  onSave: SaveFact;
  /** Saves a value that is not typed: a choice of occupancy or listing status. */
  onChoose: (key: keyof PropertyInput, value: unknown) => void;
}) {
  const { detail, onSave, onChoose } = props;
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
            <Link
              to={modulePath("project-hub", { tab: "contacts", contact: owner.id })}
              className="font-medium text-accent hover:underline"
            >
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
          id="fact-ownerOccupied"
          label="Occupancy"
          value={detail.ownerOccupied === null ? "" : String(detail.ownerOccupied)}
          options={[
            { value: "", label: "Not known" },
            { value: "true", label: "Owner lives there" },
            { value: "false", label: "Absentee owner" },
          ]}
          onSave={(value) => onChoose("ownerOccupied", value === "" ? null : value === "true")}
        />
      </section>
      <FactPanel
        id="valuation-title"
        title="Valuation"
        facts={VALUATION}
        detail={detail}
        onSave={onSave}
      >
        {equityWorkedOut !== null && (
          <p className="mb-1 px-2 text-xs text-muted">
            Value less loans: {formatMoney(equityWorkedOut)}
          </p>
        )}
      </FactPanel>
      <FactPanel id="listing-title" title="Listing" facts={LISTING} detail={detail} onSave={onSave}>
        <ChoiceField
          id="fact-listingStatus"
          label="Listing status"
          value={detail.listingStatus ?? ""}
          options={[
            { value: "", label: "Not known" },
            ...LISTING_STATUSES.map((status) => ({ value: status, label: label(status) })),
          ]}
          onSave={(value) => onChoose("listingStatus", value || null)}
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
        <FactField
          id="fact-listingUrl"
          label="Listing URL"
          kind="text"
          value={detail.listingUrl ?? ""}
          onSave={(text) => onSave("listingUrl", text, "text")}
        />
      </FactPanel>
      <FactPanel id="parcel-title" title="Parcel" facts={PARCEL} detail={detail} onSave={onSave}>
        {detail.lotSize !== null && detail.lotSize >= SQFT_PER_ACRE / 10 && (
          <p className="mb-1 px-2 text-xs text-muted">
            Lot: {(detail.lotSize / SQFT_PER_ACRE).toFixed(2)} acres
          </p>
        )}
      </FactPanel>
    </div>
  );
}
