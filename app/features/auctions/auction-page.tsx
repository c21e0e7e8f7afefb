/**
 * An auction's page (/auction/<id>): when the sale is (in the viewer's zone and where the sale is)
 * and how long until it, the money and deadlines, the max-bid calculator, the status history, and
 * the records around it (property, analysis, project and its documents, contacts). Edit,
 * postpone, change the status and save the bid through the page's action; delete behind a
 * confirmation. A viewer reads it all and works the max bid out, and changes nothing.
 */
import { Link } from "@remix-run/react";
import { CalendarClock, ExternalLink, FileText, Gavel, History, Link2, Pencil } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { DeleteRecord } from "~/components/delete-record";
import { HistoryPanel } from "~/components/history-panel";
import type { RecordHistory } from "~/lib/record-history";
import { toast } from "~/lib/toast";
import { Badge, Figure, Modal } from "~/components/ui";
import type { AuctionInput } from "~/domain/auctions/auction";
import {
  adjournedWithoutDate,
  saleTimeKnownNow,
  saleTypeLabel,
} from "~/domain/auctions/auction-terms";
import type { MaxBidDefaults } from "~/domain/auctions/max-bid";
import { saleTimeInZones } from "~/domain/auctions/time-zones";
import {
  formatAddress,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
} from "~/domain/format";
import {
  analysisPath,
  documentPath,
  modulePath,
  projectPath,
  propertyPath,
} from "~/domain/modules";
import { label } from "~/domain/workspace";
import type { AuctionDetail, AuctionHistoryEntry } from "~/lib/api/auctions";
import type { Deal } from "~/lib/api/deals";
import { MESSAGES } from "~/lib/api/messages";
import { useCanWrite } from "~/lib/module-data";
import { useVersionedAction } from "~/lib/use-action-call";
import { FilesPanel, type RecordFiles } from "../files/files-panel";
import { BackLink, toastFailure } from "../shared";
import { auctionInputOf } from "./auction-checks";
import type { AssignableMember as Member } from "~/domain/assignees";
import type { AuctionActionAnswer } from "./auction.server";
import { auctionFormValues, WINNING_STATUSES } from "./auction-fields";
import { AuctionForm } from "./auction-form";
import { MaxBidCalculator } from "./max-bid-calculator";
import { announceSaved } from "./notices";
import { DepositDeadline, SaleTime, STATUS_TONE, useNow } from "./sale-time";
import { StatusDialog, type StatusChange } from "./status-dialog";

/** The deposit as the auction states it: "$10,000", or "10% of the bid ($12,500 on your plan)". */
function depositText(detail: AuctionDetail) {
  if (detail.depositPct === null) return formatMoney(detail.depositAmount);
  const due = detail.depositDue === null ? "" : ` (${formatMoney(detail.depositDue)} on your plan)`;
  return `${formatPercent(detail.depositPct)} of the bid${due}`;
}

/** One status of the history, postponements with the date the sale moved to. */
function HistoryEntry(props: { entry: AuctionHistoryEntry; timeZone: string; first: boolean }) {
  const { entry } = props;
  return (
    <li className="relative pb-4 pl-6 last:pb-0">
      <span
        aria-hidden
        className="absolute top-1.5 left-0 size-2.5 rounded-full border-2 border-accent bg-surface"
      />
      <p className="font-medium">
        {props.first ? `Added as ${label(entry.status).toLowerCase()}` : label(entry.status)}
        {entry.postponedTo && (
          <span className="font-normal">
            {" "}
            to {saleTimeInZones(entry.postponedTo, props.timeZone).viewer}
          </span>
        )}
      </p>
      <p className="text-xs text-muted">{formatDateTime(entry.changedAt)}</p>
    </li>
  );
}

/** A card of the page: a heading with its icon, then its content. */
function Card(props: { id: string; title: string; icon: typeof Gavel; children: ReactNode }) {
  const Icon = props.icon;
  return (
    <section aria-labelledby={props.id} className="rounded-2xl border border-line bg-surface p-4">
      <h3 id={props.id} className="mb-3 flex items-center gap-2 font-semibold">
        <Icon aria-hidden className="size-4 text-accent" /> {props.title}
      </h3>
      {props.children}
    </section>
  );
}

/** A term and its value, left out when there is no value. */
function Row(props: { term: string; children: ReactNode }) {
  if (props.children === null || props.children === undefined || props.children === "") return null;
  return (
    <>
      <dt className="text-muted">{props.term}</dt>
      <dd className="min-w-0 break-words">{props.children}</dd>
    </>
  );
}

/**
 * The page as its route's loader read it (auction.server.ts): the auction, the user's max-bid
 * defaults, its files and the analysis behind the bid arrive in the HTML, and each change is read
 * again through Remix.
 */
export function AuctionPage(props: {
  detail: AuctionDetail;
  /** The user's own defaults; null: none kept yet (the calculator's). */
  defaults: MaxBidDefaults | null;
  deal: Deal | null;
  files: RecordFiles;
  members: Member[];
  history: RecordHistory;
}) {
  const { detail, deal } = props;
  const now = useNow();
  const canWrite = useCanWrite();
  const [editing, setEditing] = useState(false);
  const [change, setChange] = useState<StatusChange | null>(null);
  // The defaults just kept, until the page is read again.
  const [kept, setKept] = useState<MaxBidDefaults | null>(null);
  const send = useVersionedAction<AuctionActionAnswer>("auction", MESSAGES.updateAuction);

  const property = detail.links.property;
  const defaults = kept ?? props.defaults;
  const sources = useMemo(() => ({ property, deal, defaults }), [property, deal, defaults]);

  /** Saves against the version shown; reloaded after a 412, the page shows the auction as it is. */
  const save = async (input: AuctionInput, what: string) => {
    const answer = await send({ intent: "update", version: detail.updatedAt, input });
    if (answer && "saved" in answer) announceSaved(answer.calendar, what);
  };

  const { links } = detail;
  const place = [
    detail.county && `${detail.county} County`,
    formatAddress({ city: detail.city, state: detail.state, zip: detail.zip }),
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <article>
      <BackLink to={modulePath("auction")}>All auctions</BackLink>
      <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold break-words">{detail.address}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
            <Badge tone={STATUS_TONE[detail.status]}>{label(detail.status)}</Badge>
            {saleTypeLabel(detail.saleType)}
            {place && <span>· {place}</span>}
          </p>
        </div>
        {canWrite && (
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => setEditing(true)} className="btn-secondary">
              <Pencil aria-hidden className="size-4" /> Edit
            </button>
            <button type="button" onClick={() => setChange("postpone")} className="btn-secondary">
              <CalendarClock aria-hidden className="size-4" /> Postpone
            </button>
            <button type="button" onClick={() => setChange("status")} className="btn-secondary">
              <Gavel aria-hidden className="size-4" /> Change status
            </button>
          </div>
        )}
      </header>

      <div className="mb-6 grid grid-cols-2 gap-4 rounded-2xl border border-line bg-surface p-5 lg:grid-cols-4">
        <div className="col-span-2" data-testid="sale-time">
          <Figure
            term={detail.postponedTo ? "Sale, as postponed" : "Sale"}
            value={
              <SaleTime
                at={detail.currentSaleAt}
                timeZone={detail.timeZone}
                now={now}
                timeKnown={saleTimeKnownNow(detail)}
                adjourned={adjournedWithoutDate(detail)}
              />
            }
          />
        </div>
        <div className="col-span-2">
          <Figure
            term="Deposit deadline"
            value={
              <DepositDeadline
                at={detail.depositDueAt}
                timeZone={detail.timeZone}
                status={detail.status}
                now={now}
              />
            }
          />
        </div>
        {(
          [
            ["Opening bid", formatMoney(detail.openingBid)],
            ["Deposit", depositText(detail)],
            ["Planned bid", formatMoney(detail.plannedBid)],
            ["Buyer's premium", formatPercent(detail.buyerPremiumPct)],
            [
              "Balance due",
              detail.balanceDueDays === null ? "—" : `${detail.balanceDueDays} days after the sale`,
            ],
            ...(WINNING_STATUSES.includes(detail.status)
              ? [["Winning bid", formatMoney(detail.winningBid)] as const]
              : []),
          ] as const
        ).map(([term, value]) => (
          <div key={term}>
            <Figure term={term} value={value} />
          </div>
        ))}
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)]">
        <MaxBidCalculator
          key={detail.updatedAt}
          auction={detail}
          sources={sources}
          keeps={canWrite}
          onSave={(bidInputs, plannedBid) =>
            save(
              { ...auctionInputOf(detail), bidInputs, plannedBid } as AuctionInput,
              "Bid saved",
            ).catch(toastFailure)
          }
          onKeepDefaults={(defaults) =>
            send({ intent: "keep-defaults", defaults })
              .then((answer) => {
                if (!answer || !("kept" in answer)) return;
                setKept(answer.kept);
                toast.success("Kept as your defaults for every auction");
              })
              .catch(toastFailure)
          }
        />
        <div className="space-y-6">
          <Card id="auction-history" title="Status history" icon={History}>
            <ol aria-label="Status history" className="border-l border-line pl-0 text-sm">
              {detail.history.map((entry, index) => (
                <HistoryEntry
                  key={`${entry.changedAt}-${index}`}
                  entry={entry}
                  timeZone={detail.timeZone}
                  first={index === 0}
                />
              ))}
            </ol>
          </Card>
          <Card id="auction-links" title="Linked records" icon={Link2}>
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              <Row term="Property">
                {links.property ? (
                  <Link
                    to={propertyPath(links.property.id)}
                    className="text-accent hover:underline"
                  >
                    {formatAddress(links.property)}
                  </Link>
                ) : (
                  "None"
                )}
              </Row>
              <Row term="Analysis">
                {links.deal && (
                  <Link to={analysisPath(links.deal)} className="text-accent hover:underline">
                    {links.deal.name}
                  </Link>
                )}
              </Row>
              <Row term="Project">
                {links.project && (
                  <Link to={projectPath(links.project.id)} className="text-accent hover:underline">
                    {links.project.name}
                  </Link>
                )}
              </Row>
              <Row term="Attorney or trustee">
                {links.attorney && (
                  <Link
                    to={modulePath("project-hub", { tab: "contacts" })}
                    className="text-accent hover:underline"
                  >
                    {links.attorney.name}
                  </Link>
                )}
              </Row>
              <Row term="Auctioneer">
                {links.auctioneer && (
                  <Link
                    to={modulePath("project-hub", { tab: "contacts" })}
                    className="text-accent hover:underline"
                  >
                    {links.auctioneer.name}
                  </Link>
                )}
              </Row>
            </dl>
            {links.project && (
              <>
                <h4 className="mt-4 mb-1 flex items-center gap-2 text-sm font-medium">
                  <FileText aria-hidden className="size-4 text-muted" /> Documents of the project
                </h4>
                {links.documents.length === 0 ? (
                  <p className="text-sm text-muted">No documents in the Project Hub yet.</p>
                ) : (
                  <ul className="space-y-1 text-sm">
                    {links.documents.map((doc) => (
                      <li key={doc.id}>
                        <Link
                          to={documentPath(doc.id)}
                          className="hover:text-accent hover:underline"
                        >
                          {doc.title}
                        </Link>{" "}
                        <span className="text-xs text-muted">
                          · {label(doc.kind)} · {formatDate(doc.updatedAt)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </Card>
          <Card id="auction-details" title="Details" icon={Gavel}>
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              <Row term="Case number">{detail.caseNumber}</Row>
              <Row term="APN">{detail.apn}</Row>
              <Row term="Venue">{detail.venue}</Row>
              <Row term="Online sale">
                {detail.onlineUrl && (
                  <a
                    href={detail.onlineUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-accent hover:underline"
                  >
                    Open the sale page <ExternalLink aria-hidden className="size-3.5" />
                  </a>
                )}
              </Row>
              <Row term="Time zone">{detail.timeZone.replace(/_/g, " ")}</Row>
              <Row term="First set for">
                {detail.postponedTo && saleTimeInZones(detail.saleAt, detail.timeZone).viewer}
              </Row>
            </dl>
            {detail.notes && <p className="mt-3 text-sm whitespace-pre-wrap">{detail.notes}</p>}
          </Card>
        </div>
      </div>
      <FilesPanel ownerType="auction" ownerId={detail.id} files={props.files} className="mt-6" />
      <HistoryPanel history={props.history} className="mt-6" />

      <DeleteRecord
        summary="Delete this auction…"
        consequence={
          <>The auction at “{detail.address}” will be deleted, with its dates on your calendars.</>
        }
        confirmLabel="Delete auction"
        version={detail.updatedAt}
        back={modulePath("auction")}
        className="mt-6"
      />

      <Modal open={editing} title="Edit auction" onClose={() => setEditing(false)} wide>
        <AuctionForm
          initial={auctionFormValues(detail)}
          bidInputs={detail.bidInputs}
          existing
          members={props.members}
          assignee={detail.assignee}
          onSave={(input) => save(input, "Auction saved")}
          onDone={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      </Modal>
      <StatusDialog
        auction={detail}
        change={change}
        onSave={(input) =>
          save(
            input,
            input.status === "postponed" && change === "postpone"
              ? "Sale postponed"
              : `Marked as ${label(input.status).toLowerCase()}`,
          )
        }
        onClose={() => setChange(null)}
      />
    </article>
  );
}
