/**
 * The dashboard's first screen, read on the server: the workspace figures, the cards' data and
 * the day's events (AI42's own in the HTML; with Google Calendar connected, the whole day's list
 * with Google's events merged in streams after it).
 */
import { midnightIn } from "~/domain/auctions/time-zones";
import { addIsoDays } from "~/domain/calendar/events";
import { isIsoDay } from "~/domain/dates";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

/** The dashboard as its route's loader reads it. */
export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;

export async function loadDashboard({ url, services, today, timeZone, now }: ModuleLoaderArgs) {
  // `?date=` shows another day as the API's `date` does (its route stops, the follow-ups due).
  const date = url.searchParams.get("date") ?? today;
  if (!isIsoDay(date)) throw badQuery("Use a real day for the date, like 2027-03-31");
  const [stats, dashboard, events] = await Promise.all([
    services.pipelineStats(),
    services.dashboard({ date, now: now.toISOString() }),
    services.eventsInOrder(midnightIn(date, timeZone), midnightIn(addIsoDays(date, 1), timeZone)),
  ]);
  return { date, timeZone, stats, dashboard, events };
}
