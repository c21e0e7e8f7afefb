/**
 * The auctions by month: each sale at the time it is now set for, and each deposit deadline, as
 * the merged calendar lists them (calendar "auctions" of `/api/calendar/events`). A month grid from
 * 640 px, the month's days with events as a list on a phone; each event opens its auction. A
 * plainer grid than the Calendar screen's: nothing here is dragged or made, and the Auctions
 * screen stays light.
 */
import { Link } from "@remix-run/react";
import { Banknote, ChevronLeft, ChevronRight, Gavel } from "lucide-react";
import { useMemo } from "react";
import type { CalendarEvent } from "~/domain/calendar/events";
import { KIND_COLORS } from "~/domain/calendar/views";
import { byDay, isoDay } from "~/domain/dates";
import { auctionEventId } from "~/domain/auctions/calendar";
import { onFirstUse } from "~/domain/format";
import { auctionPath, modulePath } from "~/domain/modules";
import { useHydrated } from "~/lib/use-hydrated";
import { monthGrid, shiftMonth } from "./month";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const time = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" }),
);
const dayTitle = onFirstUse(
  () => new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric" }),
);
/** The calendar's colour for auctions, as the Calendar screen shows them. */
const SWATCH = KIND_COLORS.auction.swatch;

const isDeposit = (event: CalendarEvent) =>
  event.id === auctionEventId("deposit", event.auctionId ?? "");
/** When the event is about: the sale's start, or the deposit deadline (where its event ends). */
const timeOf = (event: CalendarEvent) =>
  (isDeposit(event) ? event.end.dateTime : event.start.dateTime) ?? event.start.date ?? "";

/** One event: its kind's icon, its time, its title; a link to its auction. */
function EventLink(props: { event: CalendarEvent }) {
  const { event } = props;
  const Icon = isDeposit(event) ? Banknote : Gavel;
  const content = (
    <>
      <Icon aria-hidden className="mt-0.5 size-3.5 shrink-0" style={{ color: SWATCH }} />
      <span className="min-w-0">
        <span className="font-semibold tabular-nums">{time().format(new Date(timeOf(event)))}</span>{" "}
        {event.summary}
      </span>
    </>
  );
  return (
    <Link
      to={event.auctionId ? auctionPath(event.auctionId) : modulePath("auction")}
      className="flex items-start gap-1 rounded-md border-l-4 bg-raised px-1.5 py-1 text-left text-xs break-words hover:underline"
      style={{ borderColor: SWATCH }}
    >
      {content}
    </Link>
  );
}

/** The month renders from the list's loader (auctions.server.ts), which reads the month the URL names. */
export function AuctionCalendar(props: {
  month: string;
  events: CalendarEvent[];
  onMonth: (month: string) => void;
}) {
  const { events } = props;
  const grid = useMemo(() => monthGrid(props.month), [props.month]);
  // The viewer's today, once in the browser: the server's may be another day.
  const today = useHydrated() ? isoDay(new Date()) : "";
  const days = useMemo(
    () => byDay(grid.days, events, (event) => isoDay(new Date(timeOf(event)))),
    [grid, events],
  );
  const inMonth = (day: string) => day.startsWith(props.month);
  const busyDays = days.filter(({ day, items }) => inMonth(day) && items.length > 0);

  return (
    <section aria-labelledby="auction-month">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="auction-month" className="text-lg font-semibold">
          {grid.title}
        </h2>
        <div className="flex items-center gap-2">
          <button
            type="button"
            onClick={() => props.onMonth(shiftMonth(props.month, -1))}
            aria-label="Previous month"
            className="grid size-9 place-items-center rounded-lg border border-line hover:bg-raised"
          >
            <ChevronLeft aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            onClick={() => props.onMonth(isoDay(new Date()).slice(0, 7))}
            className="btn-secondary"
          >
            This month
          </button>
          <button
            type="button"
            onClick={() => props.onMonth(shiftMonth(props.month, 1))}
            aria-label="Next month"
            className="grid size-9 place-items-center rounded-lg border border-line hover:bg-raised"
          >
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </div>
      </div>
      {busyDays.length === 0 && (
        <p role="status" className="mb-4 text-sm text-muted">
          No sales or deposit deadlines in {grid.title}.
        </p>
      )}

      <table className="hidden w-full table-fixed border-collapse overflow-hidden rounded-2xl border border-line bg-surface text-sm sm:table">
        <caption className="sr-only">Auction sales and deposit deadlines in {grid.title}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th
                key={weekday}
                scope="col"
                className="border-b border-line py-2 text-xs font-medium text-muted"
              >
                {weekday}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: days.length / 7 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map(({ day, items }) => (
                <td key={day} data-date={day} className="h-24 border border-line p-1 align-top">
                  <span
                    className={`mb-1 inline-grid min-w-6 place-items-center rounded-full px-1 text-xs ${day === today ? "bg-accent font-semibold text-accent-fg" : inMonth(day) ? "" : "text-muted"}`}
                  >
                    {Number(day.slice(8))}
                  </span>
                  <ul className="space-y-1">
                    {items.map((event) => (
                      <li key={event.id}>
                        <EventLink event={event} />
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>

      <ol aria-label={`Days with auctions in ${grid.title}`} className="space-y-3 sm:hidden">
        {busyDays.map(({ day, items }) => (
          <li key={day} data-date={day} className="rounded-2xl border border-line bg-surface p-3">
            <h3 className="mb-2 text-sm font-medium">
              {dayTitle().format(new Date(`${day}T00:00`))}
            </h3>
            <ul className="space-y-1.5">
              {items.map((event) => (
                <li key={event.id}>
                  <EventLink event={event} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
