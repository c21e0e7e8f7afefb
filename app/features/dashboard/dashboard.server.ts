/** The dashboard's first screen, read on the server: the workspace figures and the cards' data. */
import { isIsoDay } from "~/domain/dates";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";

export async function loadDashboard({ url, services, today, now }: ModuleLoaderArgs) {
  // `?date=` shows another day as the API's `date` does (its route stops, the follow-ups due).
  const date = url.searchParams.get("date") ?? today;
  if (!isIsoDay(date)) throw badQuery("Use a real day for the date, like 2027-03-31");
  const [stats, dashboard] = await Promise.all([
    services.pipelineStats(),
    services.dashboard({ date, now: now.toISOString() }),
  ]);
  return { date, stats, dashboard };
}
