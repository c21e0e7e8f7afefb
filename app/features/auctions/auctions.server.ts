/**
 * Auctions' list, read on the server: the list's page the URL asks for or the month the calendar
 * shows, each with the Google Calendar setting under it.
 */
import { redirect } from "@remix-run/cloudflare";
import { midnightIn } from "~/domain/auctions/time-zones";
import { addDays, isIsoDay, isoDay } from "~/domain/dates";
import { auctionPath, SALE_TYPES_GUIDE_PATH } from "~/domain/modules";
import type { Auction } from "~/lib/api/auctions";
import type { Page } from "~/lib/api/workspace";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { monthGrid } from "./month";

/** Rows per page of the list. */
export const AUCTIONS_PAGE_SIZE = 25;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const dayAfter = (day: string) => isoDay(addDays(new Date(`${day}T00:00`), 1));

/**
 * Where a link to a screen the query string once opened now lives (`?auction=<id>`,
 * `?auction=new&property=`, `?guide=1`): answered with a permanent redirect.
 */
export function movedScreen(url: URL) {
  const query = url.searchParams;
  const auction = query.get("auction");
  const property = query.get("property") ?? undefined;
  const moved = auction
    ? auctionPath(auction, auction === "new" ? { property } : undefined)
    : query.get("guide") === "1"
      ? SALE_TYPES_GUIDE_PATH
      : null;
  return moved && redirect(moved, 301);
}

/** The list's page or the calendar's month, as the route's loader reads it. */
export type AuctionsPageData = Awaited<ReturnType<typeof loadAuctions>>;

export async function loadAuctions({ url, services, today, timeZone }: ModuleLoaderArgs) {
  const params = url.searchParams;
  if (params.get("view") === "calendar") {
    const month = params.get("month") ?? today.slice(0, 7);
    if (!MONTH.test(month)) throw badQuery("Name a month like 2027-04");
    const { days } = monthGrid(month);
    // A day more on either side: the browser lays the events out in its own zone, which may not
    // be the session's.
    const timeMin = midnightIn(isoDay(addDays(new Date(`${days[0]}T00:00`), -1)), timeZone);
    const timeMax = midnightIn(dayAfter(dayAfter(days.at(-1)!)), timeZone);
    const [events, google] = await Promise.all([
      services.auctionEvents(timeMin, timeMax),
      googleCalendarSetting(services),
    ]);
    return { view: "calendar" as const, month, events, google };
  }

  // The list's filters, sort and page are the API's own query parameters, but for the days of the
  // sale range (`from`, `to`: YYYY-MM-DD, both included), read in the session's zone.
  const query: Record<string, string> = {};
  for (const [name, value] of params) if (value.trim()) query[name] = value;
  for (const name of ["from", "to"] as const) {
    const day = query[name];
    if (day === undefined) continue;
    if (!isIsoDay(day)) throw badQuery(`Give \`${name}\` as a day like 2027-04-01`);
    query[name] = midnightIn(name === "to" ? dayAfter(day) : day, timeZone);
  }
  const [result, google] = await Promise.all([
    services.listAuctions({ ...query, limit: String(AUCTIONS_PAGE_SIZE) }),
    googleCalendarSetting(services),
  ]);
  if (result.problem !== null) throw badQuery(result.problem);
  // As the API answers it: saved bid inputs were written with their defaults filled in.
  return { view: "list" as const, list: result.page as Page<Auction>, google };
}

/**
 * The Google calendar the auctions' dates are also written to: nothing to offer without a Google
 * client configured, a way to connect without a connection, else the choice (D1) and, with
 * Google Calendar connected, the user's Google calendars to choose from (Google is asked: a
 * promise streamed after the page).
 */
async function googleCalendarSetting(services: ModuleLoaderArgs["services"]) {
  const status = await services.googleStatus();
  if (!status.configured) return { state: "unavailable" as const };
  if (!status.connected) return { state: "disconnected" as const };
  const [chosen, calendars] = await Promise.all([services.auctionCalendar(), services.calendars()]);
  return { state: "ready" as const, chosen, calendars: calendars.google };
}
