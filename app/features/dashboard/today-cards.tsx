/**
 * The dashboard's cards, each from its module, each linking to it, with an empty state
 * that says how to fill it. They render from the dashboard's loader (dashboard.server.ts), so
 * they arrive in the HTML; with Google Calendar connected, the day's events with Google's merged
 * in stream after the page, so a slow Google holds only that list. A viewer is shown what would
 * fill a card, without the links that would add it.
 */
import { Link } from "@remix-run/react";
import {
  ArrowRight,
  CalendarDays,
  FileText,
  Filter,
  FolderKanban,
  Gavel,
  Home,
  PhoneCall,
  Search,
  Target,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { BarChart } from "~/components/bar-chart";
import { Skeleton } from "~/components/skeleton";
import { Figure } from "~/components/ui";
import {
  adjournedWithoutDate,
  saleTimeKnownNow,
  saleTypeLabel,
} from "~/domain/auctions/auction-terms";
import { formatDate, formatMoney, formatPercent, perZone } from "~/domain/format";
import {
  analysisPath,
  auctionPath,
  documentPath,
  leadPath,
  modulePath,
  projectPath,
  researchPath,
  visitRoutePath,
} from "~/domain/modules";
import { contactName, label } from "~/domain/workspace";
import type { Auction } from "~/lib/api/auctions";
import { useCanWrite, useStreamed } from "~/lib/module-data";
import { DepositDeadline, SaleTime, useNow } from "../auctions/sale-time";
import type { DashboardData } from "./dashboard.server";

type Dashboard = DashboardData["dashboard"];

function Card(props: {
  id: string;
  title: string;
  icon: LucideIcon;
  to: string;
  linkLabel: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <section
      aria-labelledby={`${props.id}-heading`}
      data-testid={`card-${props.id}`}
      className={`min-w-0 rounded-2xl border border-line bg-surface p-5 ${props.wide ? "lg:col-span-2" : ""}`}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${props.id}-heading`} className="flex items-center gap-2 font-medium">
          <Icon aria-hidden className="size-4 text-accent" /> {props.title}
        </h2>
        <Link
          to={props.to}
          className="inline-flex items-center gap-1 text-sm text-muted hover:text-accent"
        >
          {props.linkLabel} <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      </div>
      {props.children}
    </section>
  );
}

/**
 * What an empty card says: what would fill it, and where to start: a link that adds it (not for a
 * viewer), or one that only `opens` a list.
 */
function Teach(props: { children: ReactNode; to: string; action: string; opens?: boolean }) {
  const canWrite = useCanWrite();
  return (
    <div className="text-sm text-muted">
      <p>{props.children}</p>
      {(canWrite || props.opens) && (
        <Link to={props.to} className="mt-2 inline-block font-medium text-accent">
          {props.action}
        </Link>
      )}
    </div>
  );
}

const hourMinute = perZone({ hour: "numeric", minute: "2-digit" });

/** A time of the day in the user's zone (the session's), so the HTML says what the browser does. */
const timeOf = (iso: string | null, timeZone: string) =>
  iso ? hourMinute(timeZone).format(new Date(iso)) : "—";

/** The day's events (from the calendar's listing) and route stops; `date` is its ISO day. */
export function TodayCard(props: {
  data: Dashboard;
  date: string;
  events: DashboardData["events"];
  timeZone: string;
}) {
  const { date, timeZone } = props;
  const merged = useStreamed(props.events.merged, date);
  const events = merged ?? props.events.events;
  /** Google's calendars are still being read. */
  const waiting = props.events.merged !== null && merged === undefined;
  const stops = props.data.routeStops;
  return (
    <Card
      id="today"
      title="Today"
      icon={CalendarDays}
      to={modulePath("calendar", { view: "day" })}
      linkLabel="Calendar"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <div>
          <h3 className="mb-2 text-sm text-muted">Events</h3>
          {events.length === 0 && waiting && <Skeleton variant="list" compact />}
          {events.length === 0 && !waiting && (
            <Teach to={modulePath("calendar", { new: "1" })} action="Add an event">
              Nothing on your calendar today. Showings, closings and calls you add (or your Google
              calendars) show here.
            </Teach>
          )}
          {events.length > 0 && (
            <ul aria-label="Today's events" className="divide-y divide-line text-sm">
              {events.map((event) => (
                <li key={`${event.calendarId}:${event.id}`} className="flex gap-3 py-2">
                  <span className="w-16 shrink-0 text-muted tabular-nums">
                    {event.allDay ? "All day" : timeOf(event.start.dateTime ?? null, timeZone)}
                  </span>
                  <span className="min-w-0 truncate">{event.summary}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm text-muted">Route stops</h3>
          {stops.length === 0 && (
            <Teach to={visitRoutePath("new")} action="Plan a route">
              No route planned for today. Put the day's drive-bys and auctions in the best order.
            </Teach>
          )}
          {stops.map((route) => (
            <div key={route.id} className="text-sm">
              <Link to={visitRoutePath(route.id)} className="font-medium hover:text-accent">
                {route.name}
              </Link>
              <ol aria-label={`Stops of ${route.name}`} className="mt-1 space-y-1">
                {route.stops.map((stop, i) => (
                  <li key={i} className="flex gap-3">
                    <span className="w-16 shrink-0 text-muted tabular-nums">
                      {timeOf(stop.arriveAt, timeZone)}
                    </span>
                    <span className="min-w-0 truncate">
                      {i + 1}. {stop.label}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      </div>
    </Card>
  );
}

function AuctionLink({ auction }: { auction: Pick<Auction, "id" | "address" | "saleType"> }) {
  return (
    <Link to={auctionPath(auction.id)} className="block truncate font-medium hover:text-accent">
      {auction.address}{" "}
      <span className="font-normal text-muted">({saleTypeLabel(auction.saleType)})</span>
    </Link>
  );
}

/** Sales set for the next 14 days, and deposits falling due within 72 hours. */
export function AuctionsCard(props: { data: Dashboard }) {
  const now = useNow();
  const data = props.data;
  return (
    <Card
      id="auctions"
      title="Auctions in the next 14 days"
      icon={Gavel}
      to={modulePath("auction")}
      linkLabel="Auctions"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <div>
          <h3 className="mb-2 text-sm text-muted">Sales</h3>
          {data.auctions.items.length === 0 ? (
            <Teach to={auctionPath("new")} action="Track an auction">
              No sale set for the next 14 days. Track the sheriff, tax and trustee sales you watch
              to see their countdowns here.
            </Teach>
          ) : (
            <ul className="divide-y divide-line" aria-label="Sales in the next 14 days">
              {data.auctions.items.map((auction) => (
                <li key={auction.id} className="py-2 text-sm">
                  <AuctionLink auction={auction} />
                  <SaleTime
                    at={auction.currentSaleAt}
                    timeZone={auction.timeZone}
                    now={now}
                    timeKnown={saleTimeKnownNow(auction)}
                    adjourned={adjournedWithoutDate(auction)}
                    compact
                  />
                </li>
              ))}
            </ul>
          )}
          {data.auctions.total > data.auctions.items.length && (
            <Link to={modulePath("auction")} className="mt-2 inline-block text-sm text-accent">
              All {data.auctions.total} sales
            </Link>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm text-muted">Deposits due within 72 hours</h3>
          {data.deposits.length === 0 ? (
            <p className="text-sm text-muted">No deposit falls due in the next 72 hours.</p>
          ) : (
            <ul className="divide-y divide-line" aria-label="Deposits due within 72 hours">
              {data.deposits.map((auction) => (
                <li key={auction.id} className="py-2 text-sm">
                  <AuctionLink auction={auction} />
                  <DepositDeadline
                    at={auction.depositDueAt}
                    timeZone={auction.timeZone}
                    status={auction.status}
                    now={now}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}

/** Open leads whose follow-up date is today or past. */
export function FollowUpsCard(props: { data: Dashboard }) {
  const data = props.data;
  return (
    <Card
      id="follow-ups"
      title="Follow-ups due"
      icon={PhoneCall}
      to={modulePath("marketing", { tab: "leads" })}
      linkLabel="Leads"
    >
      {data.followUps.total === 0 && (
        <Teach opens to={modulePath("marketing", { tab: "leads" })} action="Open your leads">
          No follow-up due. Give each lead a next follow-up date and the ones due show here, oldest
          first.
        </Teach>
      )}
      {data.followUps.total > 0 && (
        <>
          <ul aria-label="Follow-ups due" className="divide-y divide-line text-sm">
            {data.followUps.items.map((lead) => (
              <li key={lead.id} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <Link
                    to={leadPath(lead.id)}
                    className="block truncate font-medium hover:text-accent"
                  >
                    {contactName(lead)}
                  </Link>
                  <span className="block truncate text-muted">
                    {label(lead.status)} · {lead.phone ?? lead.email ?? "no phone or e-mail"}
                  </span>
                </span>
                <span className="shrink-0 text-danger">{formatDate(lead.followUpOn)}</span>
              </li>
            ))}
          </ul>
          {data.followUps.total > data.followUps.items.length && (
            <p className="mt-2 text-sm text-muted">and {data.followUps.total - 5} more</p>
          )}
        </>
      )}
    </Card>
  );
}

/** Projects by status, with what they are worth. */
export function PipelineCard(props: { data: Dashboard }) {
  const pipeline = props.data.pipeline;
  const total = pipeline.reduce((sum, stage) => sum + stage.count, 0);
  const value = pipeline.reduce((sum, stage) => sum + stage.value, 0);
  return (
    <Card
      id="pipeline"
      title="Pipeline"
      icon={FolderKanban}
      to={modulePath("project-hub")}
      linkLabel="Projects"
    >
      {total === 0 && (
        <Teach to={projectPath("new")} action="Create a project">
          No projects yet. Each deal you work becomes a project that moves from prospecting to sold.
        </Teach>
      )}
      {total > 0 && (
        <>
          <Figure term="Value (purchase prices, else budgets)" value={formatMoney(value)} />
          <BarChart
            labels={pipeline.map((s) => label(s.status))}
            values={pipeline.map((s) => s.count)}
            format={(n) => `${n} ${n === 1 ? "project" : "projects"}`}
            summary={`Projects by status: ${pipeline.map((s) => `${label(s.status)} ${s.count}`).join(", ")}.`}
            height={180}
          />
          <ul className="mt-3 space-y-1 text-sm" aria-label="Projects by status">
            {pipeline.map((stage) => (
              <li key={stage.status} className="grid grid-cols-[1fr_2rem_6rem] gap-3">
                <span className="text-muted">{label(stage.status)}</span>
                <span className="text-right tabular-nums" data-testid={`pipeline-${stage.status}`}>
                  {stage.count}
                </span>
                <span className="text-right text-muted tabular-nums">
                  {formatMoney(stage.value)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** How many properties' primary analyses meet the buy box now, linking to them listed. */
function BuyBoxLine(props: { buyBox: Dashboard["buyBox"] }) {
  const { set, meeting } = props.buyBox;
  const canWrite = useCanWrite();
  return (
    <p className="mb-4 flex items-center gap-2 rounded-lg bg-raised px-3 py-2 text-sm">
      <Target aria-hidden className="size-4 shrink-0 text-accent" />
      {set ? (
        <Link
          to={modulePath("possible-investments", { meetsCriteria: "yes" })}
          className="font-medium hover:text-accent hover:underline"
        >
          {meeting} {meeting === 1 ? "deal meets" : "deals meet"} your buy box
        </Link>
      ) : canWrite ? (
        <span>
          No buy box yet:{" "}
          <Link
            to={analysisPath({ id: "new" })}
            className="font-medium text-accent hover:underline"
          >
            set your criteria in the analyzer
          </Link>
        </span>
      ) : (
        <span>No buy box yet.</span>
      )}
    </p>
  );
}

/** Cash flow and cap rate of the properties' primary analyses. */
export function PortfolioCard(props: { data: Dashboard }) {
  const portfolio = props.data.portfolio;
  return (
    <Card
      id="portfolio"
      title="Portfolio"
      icon={Home}
      to={modulePath("possible-investments")}
      linkLabel="Properties"
    >
      <BuyBoxLine buyBox={props.data.buyBox} />
      {portfolio.properties.length === 0 && (
        <Teach to={analysisPath({ id: "new" })} action="Analyse a deal">
          No property has a rental analysis yet. Analyse a rental or a BRRRR and mark it primary:
          its cash flow and cap rate add up here.
        </Teach>
      )}
      {portfolio.properties.length > 0 && (
        <>
          <div className="mb-3 grid grid-cols-2 gap-4">
            <div>
              <Figure
                term="Cash flow a month"
                value={formatMoney(portfolio.cashFlowMonthly, { cents: false })}
              />
            </div>
            <div>
              <Figure term="Average cap rate" value={formatPercent(portfolio.averageCapRate)} />
            </div>
          </div>
          <BarChart
            labels={portfolio.properties.map((p) => p.address)}
            values={portfolio.properties.map((p) => p.cashFlowMonthly)}
            format={(n) => formatMoney(n)}
            signed
            summary={`Monthly cash flow by property: ${portfolio.properties.map((p) => `${p.address} ${formatMoney(p.cashFlowMonthly)}`).join(", ")}.`}
            height={180}
          />
          <p className="mt-2 text-xs text-muted">
            From the primary analyses of {portfolio.count}{" "}
            {portfolio.count === 1 ? "property" : "properties"}; the cap rate is the mean of theirs.
            {portfolio.count > portfolio.properties.length &&
              ` The chart shows the ${portfolio.properties.length} changed last.`}
          </p>
        </>
      )}
    </Card>
  );
}

/** The lead funnel, overall. */
export function FunnelCard(props: { data: Dashboard }) {
  const leads = props.data.leads;
  return (
    <Card
      id="funnel"
      title="Lead funnel"
      icon={Filter}
      to={modulePath("marketing", { tab: "funnel" })}
      linkLabel="Marketing"
    >
      {leads.total === 0 && (
        <Teach to={modulePath("marketing", { tab: "leads", import: "1" })} action="Import leads">
          No leads yet. Import a list of sellers and move each along as you work it; the funnel
          shows where they stall.
        </Teach>
      )}
      {leads.total > 0 && (
        <>
          <BarChart
            horizontal
            labels={leads.funnel.steps.map((s) => label(s.stage))}
            values={leads.funnel.steps.map((s) => s.count)}
            format={(n) => `${n} ${n === 1 ? "lead" : "leads"}`}
            summary={`Lead funnel: ${leads.funnel.steps.map((s) => `${label(s.stage)} ${s.count}`).join(", ")}.`}
            height={180}
          />
          <p className="mt-2 text-sm text-muted">
            {leads.total} leads · {leads.funnel.dead} dead · under contract{" "}
            {leads.funnel.overall === null ? "—" : formatPercent(leads.funnel.overall * 100, 1)}
          </p>
        </>
      )}
    </Card>
  );
}

/** Recent research and documents. */
export function RecentCard(props: { data: Dashboard }) {
  const data = props.data;
  return (
    <Card
      id="recent"
      title="Recent research and documents"
      icon={FileText}
      to={modulePath("project-hub", { tab: "documents" })}
      linkLabel="Documents"
      wide
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 [&>*]:min-w-0">
        <div>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm text-muted">
            <Search aria-hidden className="size-3.5" /> Research
          </h3>
          {data.research.length === 0 ? (
            <Teach to={modulePath("property-research")} action="Research an address">
              No research yet. Ask about an address or a market for a report with comparables and
              risks.
            </Teach>
          ) : (
            <ul aria-label="Recent research" className="divide-y divide-line text-sm">
              {data.research.map((report) => (
                <li key={report.id} className="flex justify-between gap-3 py-2">
                  <Link
                    to={researchPath(report.id)}
                    className="min-w-0 truncate font-medium hover:text-accent"
                  >
                    {report.query}
                  </Link>
                  <span className="shrink-0 text-muted">{formatDate(report.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="mb-2 flex items-center gap-1.5 text-sm text-muted">
            <FileText aria-hidden className="size-3.5" /> Documents
          </h3>
          {data.documents.length === 0 ? (
            <Teach to={documentPath("new")} action="Write a document">
              No documents yet. Keep checklists, contracts and notes beside your deals.
            </Teach>
          ) : (
            <ul aria-label="Recent documents" className="divide-y divide-line text-sm">
              {data.documents.map((doc) => (
                <li key={doc.id} className="flex justify-between gap-3 py-2">
                  <Link
                    to={documentPath(doc.id)}
                    className="min-w-0 truncate font-medium hover:text-accent"
                  >
                    {doc.title}
                  </Link>
                  <span className="shrink-0 text-muted">{formatDate(doc.updatedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Card>
  );
}
