/**
 * The events of the range as a plain list, until the calendar is drawn in the browser (or without
 * JavaScript): each event's title and time, in the zone the user signed in from.
 */
import type { CalendarEvent } from "~/domain/calendar/events";
import { describeWhen } from "~/domain/calendar/views";

/** The range listed: instants for timed events, days (`end` exclusive) for all-day ones. */
export interface ListedRange {
  timeMin: string;
  timeMax: string;
  start: string;
  end: string;
}

const within = (event: CalendarEvent, range: ListedRange) =>
  event.start.date && event.end.date
    ? event.start.date < range.end && event.end.date > range.start
    : Date.parse(event.start.dateTime!) < Date.parse(range.timeMax) &&
      Date.parse(event.end.dateTime!) > Date.parse(range.timeMin);

export function EventList(props: {
  events: CalendarEvent[];
  range: ListedRange;
  timeZone: string;
}) {
  const events = props.events.filter((event) => within(event, props.range));
  if (events.length === 0) return <p className="mb-4 text-muted">No events in this range</p>;
  return (
    <ul aria-label="Events in this range" className="mb-6 space-y-2 text-sm">
      {events.map((event) => (
        <li key={`${event.calendarId}:${event.id}`} className="rounded-xl border border-line p-3">
          <span className="block font-medium">{event.summary}</span>
          <span className="block text-muted">{describeWhen(event, props.timeZone)}</span>
        </li>
      ))}
    </ul>
  );
}
