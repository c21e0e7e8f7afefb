/**
 * The printed route (Print): the stops in order with their times, the totals, and the route drawn
 * as an SVG map, which prints without tiles. Hidden on screen and rendered into <body>, like the
 * deal report, so app.css's print rules leave out the rest of the app.
 */
import { createPortal } from "react-dom";
import { formatDate } from "~/domain/format";
import type { RoutePlan } from "~/domain/routing/optimize";
import { useHydrated } from "~/lib/use-hydrated";
import {
  formatClock,
  formatKm,
  formatMinutes,
  legTo,
  minutesLate,
  windowText,
  type PlacedStop,
} from "./draft";
import type { MapMarker } from "./route-map.client";
import { StaticMap } from "./static-map";

export function PrintView(props: {
  name: string;
  date: string;
  startLabel: string;
  /** "back at the start", "to Office"; null when the day ends at the last stop. */
  endLabel: string | null;
  stops: readonly PlacedStop[];
  plan: RoutePlan | null;
  /** The zone the times are shown in. */
  timeZone: string;
  figures: string;
  markers: readonly MapMarker[];
  line: readonly [number, number][];
}) {
  if (!useHydrated()) return null;
  const { plan } = props;
  return createPortal(
    <article className="print-report hidden text-[10pt] leading-snug print:block">
      <header className="mb-3 border-b border-black pb-2">
        <h2 className="text-[14pt] font-bold">{props.name}</h2>
        <p>
          {formatDate(props.date)} · from {props.startLabel}
          {props.endLabel ? `, ${props.endLabel}` : ""} · AI42
        </p>
        {plan && (
          <p>
            {formatKm(plan.totalDistanceKm)} · {formatMinutes(plan.totalMinutes)} ·{" "}
            {props.stops.length} stops{plan.late.length ? ` · ${plan.late.length} late` : ""} ·{" "}
            {props.figures}
          </p>
        )}
      </header>
      <StaticMap markers={props.markers} line={props.line} />
      <table className="mt-3 w-full border-collapse">
        <thead>
          <tr className="border-b border-black text-left">
            <th className="py-0.5 pr-2">#</th>
            <th className="py-0.5 pr-2">Stop</th>
            <th className="py-0.5 pr-2">Arrive</th>
            <th className="py-0.5 pr-2">Wait</th>
            <th className="py-0.5">Stay</th>
          </tr>
        </thead>
        <tbody>
          {props.stops.map((stop, index) => {
            const leg = legTo(plan, stop.id);
            const late = minutesLate(stop, leg);
            return (
              <tr key={stop.id} className="border-b border-gray-300 align-top">
                <td className="py-0.5 pr-2 font-semibold">{index + 1}</td>
                <td className="py-0.5 pr-2">
                  <strong>{stop.label}</strong>
                  {stop.address && stop.address !== stop.label ? <div>{stop.address}</div> : null}
                  {stop.window && <div>{windowText(stop.window, props.timeZone)}</div>}
                </td>
                <td className="py-0.5 pr-2 whitespace-nowrap">
                  {leg ? formatClock(leg.arriveAt, props.timeZone) : ""}
                  {late > 0 && <div className="font-bold">LATE by {formatMinutes(late)}</div>}
                </td>
                <td className="py-0.5 pr-2 whitespace-nowrap">
                  {leg && leg.waitMinutes >= 1 ? formatMinutes(leg.waitMinutes) : ""}
                </td>
                <td className="py-0.5 whitespace-nowrap">{formatMinutes(stop.serviceMinutes)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </article>,
    document.body,
  );
}
