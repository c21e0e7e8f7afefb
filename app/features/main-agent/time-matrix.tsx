/**
 * The spec's "time matrix" beside the chat: the week ahead at a glance, from the merged calendar
 * (AI42's events, project closings and the user's Google calendars), as the page's loader read it
 * (main-agent.server.ts). Clicking it opens /calendar.
 */
import { Link } from "@remix-run/react";
import { CalendarRange } from "lucide-react";
import { byDay } from "~/domain/dates";
import { modulePath } from "~/domain/modules";
import { todayIn } from "~/domain/today";
import type { CalendarEvent } from "~/lib/api/google";
import { useStreamed } from "~/lib/module-data";
import type { MainAgentData } from "./main-agent.server";

const weekday = (day: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" }).format(new Date(day));
const dayOfMonth = (day: string) => Number(day.slice(8, 10));

/** The week's days, events and zone. */
export function TimeMatrix(props: { week: MainAgentData["week"]; className?: string }) {
  const { week } = props;
  const merged = useStreamed(week.merged, week.days[0]);
  const events = merged ?? week.events;
  /** Google's calendars are still being read. */
  const waiting = Boolean(week.merged) && merged === undefined;
  /** The day an event starts on where the user is: an all-day event's date, or a timed one's. */
  const startDay = (event: CalendarEvent) =>
    event.start.date ??
    (event.start.dateTime ? todayIn(week.timeZone, new Date(event.start.dateTime)) : null);
  const columns = byDay(week.days, events, startDay);
  const count = events.length;

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
          {waiting ? "Loading..." : `${count} event${count === 1 ? "" : "s"}`}
        </span>
      </div>
      <ol className="divide-y divide-line/60">
        {columns.map(({ day, items }, index) => (
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
        ))}
      </ol>
      {!waiting && count === 0 && (
        <p className="mt-3 text-xs text-muted">
          Nothing this week. Add events in the calendar, or target close dates on your projects.
        </p>
      )}
    </Link>
  );
}
