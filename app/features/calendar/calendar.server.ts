/**
 * Calendar's first screen, read on the server: the events of the range the URL names (`view`,
 * `date`) and the calendars (for the legend and the event form). AI42's own calendars and their
 * events are in the HTML; with Google Calendar connected, the Google calendars and their events
 * come as promises that Remix streams after it, so Google never holds the page back.
 */
import { midnightIn } from "~/domain/auctions/time-zones";
import { CALENDAR_VIEWS, TODAY, type CalendarView } from "~/domain/calendar/views";
import { addDays, isIsoDay, isoDay } from "~/domain/dates";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

const isView = (view: string): view is CalendarView =>
  (CALENDAR_VIEWS as readonly string[]).includes(view);

/**
 * The days a view of `day` covers (`end` exclusive), as the calendar lays them out: a month in
 * six whole weeks from Sunday, a week from Sunday, a day. Without a view, the month: it holds the
 * week a phone's agenda shows.
 */
function daysShown(view: CalendarView | null, day: string) {
  const date = new Date(`${day}T00:00`);
  if (view === "day") return { start: date, end: addDays(date, 1) };
  if (view === "week" || view === "agenda") {
    const start = addDays(date, -date.getDay());
    return { start, end: addDays(start, 7) };
  }
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const start = addDays(first, -first.getDay());
  return { start, end: addDays(start, 42) };
}

export async function loadCalendar({ url, services, today, timeZone }: ModuleLoaderArgs) {
  const view = url.searchParams.get("view");
  const date = url.searchParams.get("date");
  if (view !== null && !isView(view)) throw badQuery("Choose a view: month, week, day or agenda");
  if (date !== null && date !== TODAY && !isIsoDay(date))
    throw badQuery("Use a real day for the date, like 2027-03-31");
  const { start, end } = daysShown(view, date && date !== TODAY ? date : today);
  // A day more on either side: the browser lays the events out in its own zone, which may not be
  // the session's.
  const midnight = (day: Date) => midnightIn(isoDay(day), timeZone);
  const [{ own, google }, calendars] = await Promise.all([
    services.calendarEvents(midnight(addDays(start, -1)), midnight(addDays(end, 1))),
    services.calendars(),
  ]);
  /** The range itself, in the session's zone (the list shown without JavaScript). */
  const shown = {
    timeMin: midnight(start),
    timeMax: midnight(end),
    start: isoDay(start),
    end: isoDay(end),
  };
  return { events: own.events, google, calendars, timeZone, today, shown };
}
