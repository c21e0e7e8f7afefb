/**
 * One property (`?property=<id>`): its facts, edited in place (each saved when the field is left),
 * its analyses with their rules of thumb (open one, make it primary, compare up to four, start a
 * new one), and what else the workspace holds on it: projects, their contacts, research reports.
 */
import { Link } from "@remix-run/react";
import { Calculator, Gavel, GitCompare, Star } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { FactField, factText, PropertyFactPanels, type FactKind } from "./property-facts";
import { toast } from "~/lib/toast";
import { Skeleton } from "~/components/skeleton";
import { Badge, ErrorNotice } from "~/components/ui";
import { HEADLINE_METRICS, ruleChecks } from "~/domain/deals/judge";
import { formatAddress, formatDate, parseNumberLike } from "~/domain/format";
import { saleTimeKnownNow, saleTypeLabel } from "~/domain/auctions/auction-terms";
import { dayIn, saleTimeInZones } from "~/domain/auctions/time-zones";
import { modulePath } from "~/domain/modules";
import {
  contactName,
  label,
  PROPERTY_STATUSES,
  propertyInputOf,
  type PropertyInput,
} from "~/domain/workspace";
import { dealsApi, type Deal } from "~/lib/api/deals";
import { propertiesApi, ServiceError, type PropertyDetail } from "~/lib/api/workspace";
import { changedRecord, sendVersioned } from "~/lib/changed-elsewhere";
import { etagOf } from "~/domain/versions";
import { explainDeal, type MetricExplanation } from "~/domain/deals/formulas";
import { RuleBadges } from "../deals/deal-results";
import { FilesPanel } from "../files/files-panel";
import { BackLink, ExportCsvLink, toastFailure } from "../shared";

/** The figures shown (as money or a count, "$185,000", "1,320") and edited in place. */
const FACTS: { key: keyof PropertyInput; label: string; kind: FactKind }[] = [
  { key: "listPrice", label: "Price", kind: "money" },
  { key: "rentEstimate", label: "Rent / month", kind: "money" },
  { key: "arv", label: "ARV", kind: "money" },
  { key: "propertyTaxesAnnual", label: "Taxes / year", kind: "money" },
  { key: "beds", label: "Beds", kind: "count" },
  { key: "baths", label: "Baths", kind: "count" },
  { key: "squareFeet", label: "Sq ft", kind: "count" },
];

/** An analysis in the property's list: its headline figures and rules of thumb. */
function AnalysisCard(props: {
  deal: Deal;
  /** Whether its figures are the property's (flagged, or else the latest). */
  primary: boolean;
  selected: boolean;
  canSelect: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onMakePrimary: () => void;
}) {
  const { deal } = props;
  const explained = explainDeal(deal.strategy, deal.inputs as never) as Record<
    string,
    MetricExplanation
  >;
  const metrics = deal.metrics as Record<string, number | null>;
  const checks = ruleChecks(
    deal.strategy,
    deal.inputs as Parameters<typeof ruleChecks>[1],
    metrics.rentToPricePct ?? undefined,
  );
  return (
    <li className="rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex items-start gap-3">
          <input
            type="checkbox"
            aria-label={`Compare ${deal.name}`}
            checked={props.selected}
            disabled={!props.selected && !props.canSelect}
            onChange={(event) => props.onSelect(event.target.checked)}
            className="mt-1 accent-[var(--accent)]"
          />
          <div>
            <button
              type="button"
              onClick={props.onOpen}
              className="text-left font-medium hover:underline"
            >
              {deal.name}
            </button>
            <p className="text-xs text-muted">
              {label(deal.strategy)} · saved {formatDate(deal.updatedAt)}
            </p>
          </div>
        </div>
        {props.primary ? (
          <Badge tone="accent">
            <Star aria-hidden className="mr-1 size-3" /> Primary
          </Badge>
        ) : (
          <button
            type="button"
            onClick={props.onMakePrimary}
            className="text-xs text-muted hover:text-fg"
          >
            Make primary<span className="sr-only">: {deal.name}</span>
          </button>
        )}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {HEADLINE_METRICS[deal.strategy].slice(0, 4).map((name) => (
          <div key={name}>
            <dt className="text-xs text-muted">{explained[name]?.label}</dt>
            <dd className="font-semibold tabular-nums">{explained[name]?.value}</dd>
          </div>
        ))}
      </dl>
      {checks.length > 0 && (
        <div className="mt-3">
          <RuleBadges checks={checks} />
        </div>
      )}
    </li>
  );
}

export function PropertyPage(props: {
  id: string;
  onBack: () => void;
  onAnalyze: (dealId: string | null) => void;
  onCompare: (dealIds: string[]) => void;
}) {
  const [detail, setDetail] = useState<PropertyDetail | null>(null);
  const [deals, setDeals] = useState<Deal[]>([]);
  const [failure, setFailure] = useState("");
  const [selected, setSelected] = useState<string[]>([]);

  /** The facts as last sent, until the page has read them back. */
  const written = useRef<PropertyInput | null>(null);
  /** The version the facts on screen were read at: each save is made against it (If-Match). */
  const version = useRef<string>();
  /** Saves go one at a time, each against the version the one before it made. */
  const saving = useRef<Promise<unknown>>(Promise.resolve());

  const load = useCallback(async () => {
    try {
      const [property, analyses] = await Promise.all([
        propertiesApi.get(props.id),
        dealsApi.list({ propertyId: props.id, limit: 100 }),
      ]);
      written.current = null;
      version.current = property.updatedAt;
      setDetail(property);
      setDeals(analyses.items);
      setFailure("");
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  }, [props.id]);
  useEffect(() => void load(), [load]);

  if (failure) {
    return (
      <div>
        <BackLink onBack={props.onBack}>All properties</BackLink>
        <ErrorNotice message={failure} onRetry={load} />
      </div>
    );
  }
  if (!detail) return <Skeleton variant="default" />;

  /** Saves one fact; the message to show beside it when the server refuses it. */
  const saveFact = async (key: keyof PropertyInput, value: unknown) => {
    // Built on every fact saved so far, even those still on their way: a quick Tab from one
    // field to the next must not send the first one's old value back.
    const facts = { ...(written.current ?? propertyInputOf(detail)), [key]: value };
    written.current = facts;
    const save = saving.current.then(async () => {
      const saved = await sendVersioned({
        what: "property",
        version: version.current,
        send: (ifMatch) => propertiesApi.update(detail.id, facts, ifMatch),
        // Read again below: the page shows the property as it now is.
        reload: () => undefined,
      });
      await load();
      return saved;
    });
    saving.current = save.catch(() => undefined);
    try {
      if (await save) toast.success("Saved");
      return null;
    } catch (error) {
      if (error instanceof ServiceError) return error.fieldErrors[key] ?? error.failure.message;
      toastFailure(error);
      return null;
    }
  };
  /** A fact as typed: a number ("125,000"), a day, or text; empty clears it. */
  const saveTyped = async (key: keyof PropertyInput, text: string, kind: FactKind) => {
    if (!text.trim()) return saveFact(key, null);
    if (kind === "text" || kind === "day") return saveFact(key, text.trim());
    const value = parseNumberLike(text);
    return value === null ? "Type a number, like 125,000" : saveFact(key, value);
  };

  const makePrimary = async (deal: Deal) => {
    // A PUT replaces the analysis: it is sent against the version shown, so that a change made
    // elsewhere meanwhile is not undone; then the analysis as it now is is made primary.
    const primary = (shown: Deal) =>
      dealsApi.update(
        shown.id,
        {
          name: shown.name,
          strategy: shown.strategy,
          inputs: shown.inputs,
          propertyId: shown.propertyId,
          projectId: shown.projectId,
          primary: true,
        } as Parameters<typeof dealsApi.update>[1],
        etagOf(shown.updatedAt),
      );
    try {
      await primary(deal).catch((error: unknown) => {
        const current = changedRecord<Deal>(error);
        if (!current) throw error;
        return primary(current);
      });
      toast.success(`“${deal.name}” is the primary analysis`);
      await load();
    } catch (error) {
      toastFailure(error);
    }
  };

  return (
    <div>
      <BackLink onBack={props.onBack}>All properties</BackLink>
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold">{detail.address}</h2>
          <p className="text-sm text-muted">
            {formatAddress({ city: detail.city, state: detail.state, zip: detail.zip })}
            {detail.propertyType ? ` · ${label(detail.propertyType)}` : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={modulePath("auction", { auction: "new", property: detail.id })}
            className="btn-secondary"
          >
            <Gavel aria-hidden className="size-4" /> Track an auction
          </Link>
          <button type="button" onClick={() => props.onAnalyze(null)} className="btn-primary">
            <Calculator aria-hidden className="mr-1.5 size-4" /> New analysis
          </button>
        </div>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <section
          aria-labelledby="facts-title"
          className="rounded-2xl border border-line bg-surface p-4"
        >
          <h3 id="facts-title" className="mb-3 font-semibold">
            Facts
          </h3>
          <div className="mb-3 px-2">
            <label
              htmlFor="fact-status"
              className="block text-xs tracking-wide text-muted uppercase"
            >
              Status
            </label>
            <select
              id="fact-status"
              value={detail.status}
              onChange={(event) => void saveFact("status", event.target.value)}
              className="input mt-1 w-auto !py-1 text-sm"
            >
              {PROPERTY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {label(status)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid grid-cols-2 gap-2">
            {FACTS.map((fact) => (
              <FactField
                key={fact.key}
                id={`fact-${fact.key}`}
                label={fact.label}
                kind={fact.kind}
                value={factText(detail[fact.key], fact.kind)}
                onSave={(text) => saveTyped(fact.key, text, fact.kind)}
              />
            ))}
          </div>
          <div className="mt-2">
            <FactField
              id="fact-notes"
              label="Notes"
              value={detail.notes ?? ""}
              multiline
              onSave={(text) => saveFact("notes", text.trim() || null)}
            />
          </div>
        </section>

        <section aria-labelledby="analyses-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="analyses-title" className="font-semibold">
              Analyses
            </h3>
            <div className="flex flex-wrap gap-2">
              {deals.length > 0 && <ExportCsvLink list="deals" query={{ propertyId: props.id }} />}
              {deals.length > 1 && (
                <button
                  type="button"
                  disabled={selected.length < 2}
                  onClick={() => props.onCompare(selected)}
                  className="btn-secondary disabled:opacity-50"
                >
                  <GitCompare aria-hidden className="size-4" /> Compare{" "}
                  {selected.length > 1 ? selected.length : ""}
                </button>
              )}
            </div>
          </div>
          {deals.length > 1 && (
            <p className="text-xs text-muted">Tick two to four analyses to compare them.</p>
          )}
          {deals.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-line p-6 text-center">
              <p className="font-medium">No analysis yet</p>
              <p className="mt-1 text-sm text-muted">
                Run the numbers as a rental, a flip, a BRRRR or a wholesale deal: the price, rent
                and taxes you have here fill the form.
              </p>
              <button
                type="button"
                onClick={() => props.onAnalyze(null)}
                className="btn-primary mt-4"
              >
                Analyze this property
              </button>
            </div>
          ) : (
            <ul className="space-y-3">
              {deals.map((deal) => (
                <AnalysisCard
                  key={deal.id}
                  deal={deal}
                  primary={detail.primaryAnalysis?.id === deal.id}
                  selected={selected.includes(deal.id)}
                  canSelect={selected.length < 4}
                  onSelect={(on) =>
                    setSelected((ids) =>
                      on ? [...ids, deal.id] : ids.filter((id) => id !== deal.id),
                    )
                  }
                  onOpen={() => props.onAnalyze(deal.id)}
                  onMakePrimary={() => void makePrimary(deal)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <PropertyFactPanels
        detail={detail}
        onSave={saveTyped}
        onChoose={(key, value) => void saveFact(key, value)}
      />
      <FilesPanel
        ownerType="property"
        ownerId={detail.id}
        title="Photos and files"
        gallery
        className="mt-6"
      />
      <RelatedRecords detail={detail} />
    </div>
  );
}

/** One card of related records: its title, a list, or what shows there when it is empty. */
function RelatedList<T extends { id: string }>(props: {
  id: string;
  title: string;
  items: readonly T[];
  empty: ReactNode;
  item: (record: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={props.id} className="rounded-2xl border border-line bg-surface p-4">
      <h3 id={props.id} className="mb-2 font-semibold">
        {props.title}
      </h3>
      {props.items.length === 0 ? (
        <p className="text-sm text-muted">{props.empty}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {props.items.map((record) => (
            <li key={record.id}>{props.item(record)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The projects on this property, the people on them, research reports grounded in it, and the
 * auctions it is up at.
 */
function RelatedRecords(props: { detail: PropertyDetail }) {
  const { projects, contacts, research, auctions } = props.detail;
  return (
    <div className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-4">
      <RelatedList
        id="related-projects"
        title="Projects"
        items={projects}
        empty="No project is linked to this property."
        item={(project) => (
          <>
            <Link
              to={modulePath("project-hub", { project: project.id })}
              className="hover:underline"
            >
              {project.name}
            </Link>{" "}
            <span className="text-muted">· {label(project.status)}</span>
          </>
        )}
      />
      <RelatedList
        id="related-contacts"
        title="Contacts"
        items={contacts}
        empty="Its owner and the people on its projects show here."
        item={(contact) => (
          <>
            <Link
              to={modulePath("project-hub", { tab: "contacts", contact: contact.id })}
              className="hover:underline"
            >
              {contactName(contact)}
            </Link>{" "}
            <span className="text-muted">
              · {contact.id === props.detail.owner?.id ? "Owner" : label(contact.type)}
            </span>
          </>
        )}
      />
      <RelatedList
        id="related-research"
        title="Research"
        items={research}
        empty={
          <>
            Reports from{" "}
            <Link to={modulePath("property-research")} className="underline">
              Property Research
            </Link>{" "}
            that draw on this property show here.
          </>
        }
        item={(report) => (
          <>
            <Link to={modulePath("property-research")} className="hover:underline">
              {report.query}
            </Link>{" "}
            <span className="text-muted">· {formatDate(report.createdAt)}</span>
          </>
        )}
      />
      <RelatedList
        id="related-auctions"
        title="Auctions"
        items={auctions}
        empty="Sales of this property you track show here."
        item={(auction) => (
          <>
            <Link to={modulePath("auction", { auction: auction.id })} className="hover:underline">
              {saleTypeLabel(auction.saleType)}
            </Link>{" "}
            <span className="text-muted">
              ·{" "}
              {saleTimeKnownNow(auction)
                ? saleTimeInZones(auction.currentSaleAt, auction.timeZone).viewer
                : dayIn(auction.currentSaleAt, auction.timeZone)}{" "}
              · {label(auction.status)}
            </span>
          </>
        )}
      />
    </div>
  );
}
