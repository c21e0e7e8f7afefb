/**
 * The spec's "time matrix" beside the chat: the week ahead at a glance, from the merged calendar
 * (AI42's events, project closings and the user's Google calendars). Clicking it opens /calendar.
 */
import { Link } from "@remix-run/react";
import { MESSAGES } from "~/lib/api/messages";
import { CalendarRange } from "lucide-react";
import { useEffect, useState } from "react";
import { addDays, byDay, isoDay, weekAhead } from "~/domain/dates";
import { modulePath } from "~/domain/modules";
import { calendarApi, type CalendarEvent } from "~/lib/api/google";

const weekday = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" }).format(new Date(day));
const dayOfMonth = (day: string) => Number(day.slice(8, 10));
/** The local day an event starts on: an all-day event's date, or a timed event's local day. */
const startDay = (event: CalendarEvent) =>
  event.start.date ?? (event.start.dateTime ? isoDay(new Date(event.start.dateTime)) : null);

export function TimeMatrix(props: { className?: string }) {
  const [days, setDays] = useState<string[] | null>(null);
  const [events, setEvents] = useState<CalendarEvent[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const today = new Date();
    setDays(weekAhead(today));
    calendarApi
      .events({
        // From this local midnight to the seventh.
        timeMin: addDays(today, 0).toISOString(),
        timeMax: addDays(today, 7).toISOString(),
        maxResults: 200,
      })
      .then((listing) => setEvents(listing.events))
      .catch(() => setFailed(true));
  }, []);

  const columns = days && events ? byDay(days, events, startDay) : null;
  const count = events?.length ?? 0;

  return (
    <Link
      to={modulePath("calendar")}
      data-testid="time-matrix"
      className={`block rounded-2xl border border-line bg-surface p-4 transition hover:border-accent/60 ${props.className ?? ""}`}
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <CalendarRange aria-hidden className="size-4 text-accent" />
          Week ahead<span className="sr-only">: open the calendar</span>
        </h2>
        <span className="text-xs text-muted">
          {failed
            ? MESSAGES.fetchWeekAhead
            : columns
              ? `${count} event${count === 1 ? "" : "s"}`
              : "Loading..."}
        </span>
      </div>
      <ol className="divide-y divide-line/60">
        {(columns ?? (days ?? []).map((day) => ({ day, items: [] as CalendarEvent[] }))).map(
          ({ day, items }, index) => (
            <li key={day} className="flex items-start gap-3 py-1.5">
              <span
                className={`w-16 shrink-0 text-xs whitespace-nowrap ${index === 0 ? "font-semibold text-accent" : "text-muted"}`}
              >
                {index === 0 ? "Today" : weekday(day)} {dayOfMonth(day)}
              </span>
              <span className="flex min-w-0 flex-1 flex-wrap gap-1">
                {items.map((event) => (
                  <span
                    key={`${event.calendarId}:${event.id}`}
                    title={event.summary}
                    className="max-w-full truncate rounded bg-accent/20 px-1.5 text-xs leading-5"
                  >
                    {event.summary}
                  </span>
                ))}
              </span>
            </li>
          ),
        )}
      </ol>
      {columns && count === 0 && (
        <p className="mt-3 text-xs text-muted">
          Nothing this week. Add events in the calendar, or target close dates on your projects.
        </p>
      )}
    </Link>
  );
}
