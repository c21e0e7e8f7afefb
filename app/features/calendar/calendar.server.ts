/**
 * Calendar's page on the server. Its loader reads the events of the range the URL names (`view`,
 * `date`) and the calendars (for the legend and the event form): AI42's own calendars and their
 * events are in the HTML; with Google Calendar connected, the Google calendars and their events
 * come as promises that Remix streams after it, so Google never holds the page back. Its action
 * creates, changes and deletes an event, each checked with the API's own schema (in the services),
 * an event of AI42's calendar against the version the page showed.
 */
import { midnightIn } from "~/domain/auctions/time-zones";
import { CALENDAR_VIEWS, TODAY, type CalendarView } from "~/domain/calendar/views";
import { periodOf } from "~/domain/calendar/grid";
import { addIsoDays } from "~/domain/calendar/event-terms";
import type { CalendarEvent } from "~/domain/calendar/events";
import { isIsoDay } from "~/domain/dates";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { jsonBody, refusedForm, refusedPartAnswer, textIn } from "~/lib/record-action.server";

const isView = (view: string): view is CalendarView =>
  (CALENDAR_VIEWS as readonly string[]).includes(view);

/** The calendar as its route's loader reads it. */
export type CalendarPageData = Awaited<ReturnType<typeof loadCalendar>>;

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

/** What the calendar's action answers the page: the event as it is now, or the one deleted. */
export type CalendarActionAnswer =
  { saved: CalendarEvent } | { deleted: { id: string; calendarId: string } };

/**
 * A change of the calendar, as JSON (its times are read in the browser's zone, as the API's
 * clients send them): `intent` "create" (`input`, the event as `POST /api/calendar/events` reads
 * it), "update" (event `id`, `input`) or "delete" (event `id` of `calendarId`); a change of an
 * event of AI42's calendar is made against its `version` (Google's events have none here).
 */
export async function actOnCalendar({ services }: ModuleLoaderArgs, request: Request) {
  const body = await jsonBody(request);
  if (!body)
    return refusedForm("Changing the calendar needs JavaScript: its times are read in your zone");
  const { intent, id, input } = body;
  const version = textIn(body, "version");
  if (intent === "create") {
    const { done, refused } = await services.createEvent(input);
    if (refused) return refusedPartAnswer(refused);
    return { saved: done } satisfies CalendarActionAnswer;
  }
  if (typeof id !== "string" || !id) return refusedForm("Name the event to change");
  if (intent === "update") {
    const { done, refused } = await services.updateEvent(id, input, version);
    if (refused) return refusedPartAnswer(refused);
    return { saved: done } satisfies CalendarActionAnswer;
  }
  if (intent === "delete") {
    const calendarId = typeof body.calendarId === "string" ? body.calendarId : undefined;
    const { done, refused } = await services.deleteEvent(id, calendarId, version);
    if (refused) return refusedPartAnswer(refused);
    return { deleted: done } satisfies CalendarActionAnswer;
  }
  return refusedForm(`There is no change “${String(intent)}” of an event`);
}
