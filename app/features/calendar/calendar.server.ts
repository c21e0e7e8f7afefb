/**
 * Calendar's first screen, read on the server: the events of the range the URL names (`view`,
 * `date`) and the calendars (for the legend and the event form). AI42's own calendars and their
 * events are in the HTML; with Google Calendar connected, the Google calendars and their events
 * come as promises that Remix streams after it, so Google never holds the page back.
 */
import { midnightIn } from "~/domain/auctions/time-zones";
import { CALENDAR_VIEWS, TODAY, type CalendarView } from "~/domain/calendar/views";
import { periodOf } from "~/domain/calendar/grid";
import { addIsoDays } from "~/domain/calendar/event-terms";
import { isIsoDay } from "~/domain/dates";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

const isView = (view: string): view is CalendarView =>
  (CALENDAR_VIEWS as readonly string[]).includes(view);

export async function loadCalendar({ url, services, today, timeZone, phone }: ModuleLoaderArgs) {
  const view = url.searchParams.get("view");
  const date = url.searchParams.get("date");
  if (view !== null && !isView(view)) throw badQuery("Choose a view: month, week, day or agenda");
  if (date !== null && date !== TODAY && !isIsoDay(date))
    throw badQuery("Use a real day for the date, like 2027-03-31");
  // Without a view, the month's days: they hold the week a phone's agenda shows.
  const { start, end } = periodOf(view, date && date !== TODAY ? date : today);
  // A day more on either side: the browser lays the events out in its own zone, which may not be
  // the session's.
  const midnight = (day: string) => midnightIn(day, timeZone);
  const [{ own, google }, calendars] = await Promise.all([
    services.calendarEvents(midnight(addIsoDays(start, -1)), midnight(addIsoDays(end, 1))),
    services.calendars(),
  ]);
  return { events: own.events, google, calendars, timeZone, today, phone };
}
