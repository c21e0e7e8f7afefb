import { Link } from "@remix-run/react";
import { ExternalLink, FolderKanban, Gavel } from "lucide-react";
import type { CalendarEvent } from "~/domain/calendar/events";
import { describeWhen } from "~/domain/calendar/views";
import { auctionPath, projectPath } from "~/domain/modules";
import { label } from "~/domain/workspace";

/**
 * An event that cannot be changed here: a project's closing (its date is the project's target
 * close date), an auction's sale or deposit deadline (its auction's), or an event of a read-only
 * Google calendar.
 */
export function EventDetails(props: { event: CalendarEvent; calendarName: string }) {
  const { event } = props;
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-[6rem_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="text-muted">When</dt>
        <dd>{describeWhen(event)}</dd>
        <dt className="text-muted">Kind</dt>
        <dd>{label(event.kind)}</dd>
        <dt className="text-muted">Calendar</dt>
        <dd>{props.calendarName}</dd>
        {event.location && (
          <>
            <dt className="text-muted">Location</dt>
            <dd>{event.location}</dd>
          </>
        )}
      </dl>
      {event.description && <p className="whitespace-pre-wrap text-muted">{event.description}</p>}
      {event.source === "project" ? (
        <>
          <p className="text-muted">
            A closing comes from its project's target close date: change the date on the project.
          </p>
          {event.projectId && (
            <Link to={projectPath(event.projectId)} className="btn-primary">
              <FolderKanban aria-hidden className="mr-1.5 size-4" /> Open the project
            </Link>
          )}
        </>
      ) : event.source === "auction" ? (
        <>
          <p className="text-muted">
            A sale time or deposit deadline comes from its auction: change it on the auction.
          </p>
          {event.auctionId && (
            <Link to={auctionPath(event.auctionId)} className="btn-primary">
              <Gavel aria-hidden className="mr-1.5 size-4" /> Open auction
            </Link>
          )}
        </>
      ) : (
        <p className="text-muted">This calendar is read-only.</p>
      )}
      <GoogleEventLink event={event} />
    </div>
  );
}

/** "Open in Google Calendar", for an event of a Google calendar. */
export function GoogleEventLink(props: { event: CalendarEvent }) {
  return props.event.htmlLink ? (
    <a
      href={props.event.htmlLink}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm text-accent hover:underline"
    >
      Open in Google Calendar <ExternalLink aria-hidden className="size-3.5" />
    </a>
  ) : null;
}
