/**
 * One property (`/possible-investments/<id>`), as its route's loader read it: its facts, edited in
 * place (each saved when the field is left; without JavaScript, all at once with Save facts), its
 * analyses with their rules of thumb (open one, make it primary, compare up to four, start a new
 * one), and what else the workspace holds on it: projects, their contacts, research reports. A
 * viewer reads and compares it all, and changes none of it.
 */
import { Form, Link, useActionData, useFetcher } from "@remix-run/react";
import { Calculator, Gavel, GitCompare, Star } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { ChoiceField, PropertyFact, PropertyFactPanels, type FactsForm } from "./property-facts";
import { toast } from "~/lib/toast";
import { assigneeChoices } from "~/components/assignee";
import type { AssignableMember as Member } from "~/domain/assignees";
import { Badge } from "~/components/ui";
import { HEADLINE_METRICS, MAX_COMPARED, ruleChecks } from "~/domain/deals/judge";
import { formatAddress, formatDate } from "~/domain/format";
import { saleTimeKnownNow, saleTypeLabel } from "~/domain/auctions/auction-terms";
import { dayIn, saleTimeInZones } from "~/domain/auctions/time-zones";
import {
  analysisPath,
  auctionPath,
  comparePath,
  contactPath,
  modulePath,
  projectPath,
} from "~/domain/modules";
import { MAIN_FACTS, NOTES_FACT } from "~/domain/property-facts";
import { contactName, label, PROPERTY_STATUSES } from "~/domain/workspace";
import type { Deal } from "~/lib/api/deals";
import { MESSAGES } from "~/lib/api/messages";
import type { PropertyDetail } from "~/lib/api/workspace";
import { useCanWrite } from "~/lib/module-data";
import { useHydrated } from "~/lib/use-hydrated";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import type { RecordHistory } from "~/lib/record-history";
import { explainDeal, type MetricExplanation } from "~/domain/deals/formulas";
import { RuleBadges } from "../deals/deal-results";
import { FilesPanel, type RecordFiles } from "../files/files-panel";
import { BackLink, ExportCsvLink } from "../shared";
import { usePropertyChanges, type PropertyActionData } from "./property-action";

/** The id of the form every fact of the page is sent with, without JavaScript. */
const FACTS_FORM = "property-facts";

const STATUS_OPTIONS = PROPERTY_STATUSES.map((status) => ({ value: status, label: label(status) }));

/**
 * Makes an analysis its property's primary: a form posted to the page's action (without
 * JavaScript too), which makes it so as the analysis now is.
 */
function MakePrimary({ deal }: { deal: Deal }) {
  const fetcher = useFetcher<PropertyActionData>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer) return;
    if ("primary" in answer) toast.success(`“${answer.primary.name}” is the primary analysis`);
    else if ("message" in answer) toast.error(answer.message);
  }, [answer]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="primary" />
      <input type="hidden" name="analysis" value={deal.id} />
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="text-xs text-muted hover:text-fg"
      >
        Make primary<span className="sr-only">: {deal.name}</span>
      </button>
    </fetcher.Form>
  );
}

/** An analysis in the property's list: its headline figures and rules of thumb. */
function AnalysisCard(props: {
  deal: Deal;
  /** Whether its figures are the property's (flagged, or else the latest). */
  primary: boolean;
  selected: boolean;
  canSelect: boolean;
  onSelect: (selected: boolean) => void;
  /** Offered "Make primary" (not to a viewer). */
  canMakePrimary: boolean;
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
            <Link to={analysisPath(deal)} className="text-left font-medium hover:underline">
              {deal.name}
            </Link>
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
          props.canMakePrimary && <MakePrimary deal={deal} />
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
  property: PropertyDetail;
  analyses: Deal[];
  files: RecordFiles;
  members: Member[];
  history: RecordHistory;
}) {
  const { property: detail, analyses: deals } = props;
  const assignees = assigneeChoices(props.members, detail.assignee);
  const [selected, setSelected] = useState<string[]>([]);
  const hydrated = useHydrated();
  const canWrite = useCanWrite();
  const changes = usePropertyChanges(detail);
  // Without JavaScript the page itself was posted: what was refused comes back with it.
  const posted = useActionData<PropertyActionData>();
  const refused = posted && "fieldErrors" in posted ? posted : null;
  /** Why the last change was not saved, when not for a field of the page. */
  const notice =
    posted && "conflict" in posted
      ? `${MESSAGES.changedElsewhere("property")} meanwhile, so nothing was saved: here it is as it now is.`
      : (changes.refusal ?? refused?.message);
  const facts: FactsForm = {
    form: FACTS_FORM,
    errors: { ...refused?.fieldErrors, ...changes.fieldErrors },
    onChange: changes.change,
    sending: changes.sending,
    readOnly: !canWrite,
  };

  return (
    <div>
      <BackLink to={modulePath("possible-investments")}>All properties</BackLink>
      <Form method="post" id={FACTS_FORM} hidden>
        <input type="hidden" name="intent" value="facts" />
        <input type="hidden" name="version" value={detail.updatedAt} />
      </Form>
      {notice && (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm"
        >
          {notice}
        </p>
      )}
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold">{detail.address}</h2>
          <p className="text-sm text-muted">
            {formatAddress({ city: detail.city, state: detail.state, zip: detail.zip })}
            {detail.propertyType ? ` · ${label(detail.propertyType)}` : ""}
          </p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            <Link to={auctionPath("new", { property: detail.id })} className="btn-secondary">
              <Gavel aria-hidden className="size-4" /> Track an auction
            </Link>
            <Link to={analysisPath({ id: "new", propertyId: detail.id })} className="btn-primary">
              <Calculator aria-hidden className="mr-1.5 size-4" /> New analysis
            </Link>
          </div>
        )}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <section
          aria-labelledby="facts-title"
          className="rounded-2xl border border-line bg-surface p-4"
        >
          <h3 id="facts-title" className="mb-3 font-semibold">
            Facts
          </h3>
          <ChoiceField
            name="status"
            label="Status"
            value={detail.status}
            options={STATUS_OPTIONS}
            facts={facts}
            className="mb-3 px-2"
          />
          {assignees && (
            <ChoiceField
              name="assigneeId"
              label="Assignee"
              value={detail.assigneeId ?? ""}
              options={assignees}
              facts={facts}
              className="mb-3 px-2"
            />
          )}
          <div className="grid grid-cols-2 gap-2">
            {MAIN_FACTS.map((fact) => (
              <PropertyFact key={fact.key} fact={fact} detail={detail} facts={facts} />
            ))}
          </div>
          <div className="mt-2">
            <PropertyFact fact={NOTES_FACT} detail={detail} facts={facts} multiline />
          </div>
          {!hydrated && canWrite && (
            // Without JavaScript each field is not saved as it is left: the form sends them all.
            <button type="submit" form={FACTS_FORM} className="btn-primary mt-3">
              Save facts
            </button>
          )}
        </section>

        <section aria-labelledby="analyses-title" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="analyses-title" className="font-semibold">
              Analyses
            </h3>
            <div className="flex flex-wrap gap-2">
              {deals.length > 0 && <ExportCsvLink list="deals" query={{ propertyId: detail.id }} />}
              {deals.length > 1 &&
                (selected.length < 2 ? (
                  <button type="button" disabled className="btn-secondary disabled:opacity-50">
                    <GitCompare aria-hidden className="size-4" /> Compare
                  </button>
                ) : (
                  <Link to={comparePath(selected, detail.id)} className="btn-secondary">
                    <GitCompare aria-hidden className="size-4" /> Compare {selected.length}
                  </Link>
                ))}
            </div>
          </div>
          {deals.length > 1 && (
            <p className="text-xs text-muted">Tick two to four analyses to compare them.</p>
          )}
          {deals.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-line p-6 text-center">
              <p className="font-medium">No analysis yet</p>
              {canWrite && (
                <>
                  <p className="mt-1 text-sm text-muted">
                    Run the numbers as a rental, a flip, a BRRRR or a wholesale deal: the price,
                    rent and taxes you have here fill the form.
                  </p>
                  <Link
                    to={analysisPath({ id: "new", propertyId: detail.id })}
                    className="btn-primary mt-4 inline-block"
                  >
                    Analyze this property
                  </Link>
                </>
              )}
            </div>
          ) : (
            <ul className="space-y-3">
              {deals.map((deal) => (
                <AnalysisCard
                  key={deal.id}
                  deal={deal}
                  primary={detail.primaryAnalysis?.id === deal.id}
                  selected={selected.includes(deal.id)}
                  canSelect={selected.length < MAX_COMPARED}
                  canMakePrimary={canWrite}
                  onSelect={(on) =>
                    setSelected((ids) =>
                      on ? [...ids, deal.id] : ids.filter((id) => id !== deal.id),
                    )
                  }
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <PropertyFactPanels detail={detail} facts={facts} />
      <FilesPanel
        ownerType="property"
        ownerId={detail.id}
        files={props.files}
        title="Photos and files"
        gallery
        className="mt-6"
      />
      <RelatedRecords detail={detail} />
      <HistoryPanel history={props.history} className="mt-6" />
      <DeleteRecord
        summary="Delete this property…"
        consequence={<>“{detail.address}” will be deleted; projects linked to it are unlinked.</>}
        confirmLabel="Delete property"
        version={detail.updatedAt}
        back={modulePath("possible-investments")}
        className="mt-6"
      />
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
            <Link to={projectPath(project.id)} className="hover:underline">
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
            <Link to={contactPath(contact.id)} className="hover:underline">
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
            <Link to={auctionPath(auction.id)} className="hover:underline">
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
