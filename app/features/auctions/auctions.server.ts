/**
 * Auctions' first screen, read on the server: the list's page the URL asks for or the month the
 * calendar shows, each with the Google Calendar setting under it, or an auction's page. The form
 * to add one and the guide read nothing here.
 */
import { midnightIn } from "~/domain/auctions/time-zones";
import { addDays, isIsoDay, isoDay } from "~/domain/dates";
import type { Auction, AuctionDetail } from "~/lib/api/auctions";
import type { Deal } from "~/lib/api/deals";
import type { Page } from "~/lib/api/workspace";
import { badQuery, type ModuleLoaderArgs } from "~/lib/module-loader.server";
import { monthGrid } from "./month";

/** Rows per page of the list. */
export const AUCTIONS_PAGE_SIZE = 25;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const dayAfter = (day: string) => isoDay(addDays(new Date(`${day}T00:00`), 1));

export async function loadAuctions({ url, services, today, timeZone }: ModuleLoaderArgs) {
  const params = url.searchParams;
  const auction = params.get("auction");
  // The guide and the form to add an auction read nothing (the form reads the property it starts
  // from in the browser, in the viewer's own zone).
  if (params.get("guide") === "1" || auction === "new") return { view: "form" as const };
  if (auction) return { view: "auction" as const, auction: await auctionPage(services, auction) };

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

/**
 * An auction with what its page starts from: the user's max-bid defaults and, until the bid's
 * inputs are saved, the analysis behind it. Null when the user has no such auction.
 */
async function auctionPage(services: ModuleLoaderArgs["services"], id: string) {
  const [detail, defaults] = await Promise.all([
    services.auctionDetail(id),
    services.maxBidDefaults(),
  ]);
  if (!detail) return null;
  const deal = detail.dealId && !detail.bidInputs ? await services.dealDetail(detail.dealId) : null;
  return { detail: detail as AuctionDetail, defaults, deal: deal as Deal | null };
}
