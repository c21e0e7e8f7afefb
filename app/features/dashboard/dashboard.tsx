import { Link } from "@remix-run/react";
import { ArrowRight, Rocket } from "lucide-react";
import { PageHeader } from "~/components/page-header";
import { EmptyState, Figure } from "~/components/ui";
import { documentPath, modulePath, projectPath } from "~/domain/modules";
import { workspaceFigures, type WorkspaceFigure } from "~/domain/workspace-figures";
import { useAuth } from "~/lib/auth";
import { useCanWrite } from "~/lib/module-data";
import { moduleOf, SIDEBAR_MODULES } from "~/modules";
import type { DashboardData } from "./dashboard.server";
import {
  AuctionsCard,
  FollowUpsCard,
  FunnelCard,
  PipelineCard,
  PortfolioCard,
  RecentCard,
  TodayCard,
} from "./today-cards";

const MODULE = moduleOf("home");

/** Renders from its route's loader (dashboard.server.ts): the HTML arrives with the figures. */
export function DashboardPage({ loaded }: { loaded: DashboardData }) {
  const { user } = useAuth();
  const greeting = user?.first_name ? `Welcome, ${user.first_name}` : "Welcome";
  return (
    <div>
      <PageHeader icon={MODULE.icon} title={greeting} description={MODULE.description} />
      <Overview {...loaded} />
      <section aria-labelledby="modules-heading" className="mt-10">
        <h2
          id="modules-heading"
          className="mb-4 text-sm font-medium tracking-wide text-muted uppercase"
        >
          Your workspace
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {SIDEBAR_MODULES.filter((m) => m.id !== MODULE.id).map((m) => (
            <li key={m.id}>
              <Link
                to={modulePath(m.id)}
                className="group flex h-full flex-col rounded-2xl border border-line bg-surface p-5 transition hover:border-accent/60 hover:bg-raised"
              >
                <span className="flex items-center gap-3">
                  <m.icon aria-hidden className="size-5 text-accent" />
                  <span className="font-medium">{m.title}</span>
                  <ArrowRight
                    aria-hidden
                    className="ml-auto size-4 text-muted transition group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-2 text-sm text-muted">{m.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The workspace figures (or how to start an empty one; to a viewer, who adds nothing, only that it
 * is empty) and the cards.
 */
function Overview({ date, timeZone, stats, dashboard, events }: DashboardData) {
  const empty = stats.projects + stats.contacts + stats.documents + stats.properties === 0;
  const canWrite = useCanWrite();
  return (
    <>
      {empty && !canWrite && (
        <EmptyState icon={Rocket} title="This workspace is empty">
          Its figures appear here once its members add projects, properties and documents.
        </EmptyState>
      )}
      {empty && canWrite && (
        <EmptyState
          icon={Rocket}
          title="Your workspace is empty"
          action={
            <div className="flex flex-wrap justify-center gap-3">
              <Link to={projectPath("new")} className="btn-primary">
                Create a project
              </Link>
              <Link
                to={modulePath("possible-investments", { import: "1" })}
                className="btn-secondary"
              >
                Import properties
              </Link>
              <Link to={documentPath("new")} className="btn-secondary">
                Write a document
              </Link>
            </div>
          }
        >
          Start with the deal you are working on now: create a project, bring in the properties you
          are weighing, and keep your notes next to them. Your figures appear here.
        </EmptyState>
      )}
      {!empty && (
        <ul aria-label="Workspace figures" className="grid gap-4 sm:grid-cols-3 xl:grid-cols-6">
          {workspaceFigures(stats).map((figure) => (
            <FigureCard key={figure.term} {...figure} />
          ))}
        </ul>
      )}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <TodayCard data={dashboard} date={date} events={events} timeZone={timeZone} />
        <FollowUpsCard data={dashboard} />
        <div className="lg:col-span-2">
          <AuctionsCard data={dashboard} />
        </div>
        <PipelineCard data={dashboard} />
        <PortfolioCard data={dashboard} />
        <FunnelCard data={dashboard} />
        <RecentCard data={dashboard} />
      </div>
    </>
  );
}

/** A headline figure, opening its module when it has one. */
function FigureCard(props: WorkspaceFigure) {
  const body = (
    <>
      <Figure term={props.term} value={props.value} large />
      {props.note && <span className="mt-1 block text-xs text-muted">{props.note}</span>}
    </>
  );
  const className = "block h-full rounded-2xl border border-line bg-surface p-4";
  return (
    <li>
      {props.to ? (
        <Link to={props.to} className={`${className} hover:border-accent/60`}>
          {body}
        </Link>
      ) : (
        <div className={className}>{body}</div>
      )}
    </li>
  );
}
