/**
 * A saved route as it was saved: its day, its stops in the order they run and its figures. The
 * page arrives with it (visit-route.server.ts), so it reads without JavaScript; once the
 * browser has started, the planner takes its place and works the figures out again.
 */
import { formatDate } from "~/domain/format";
import type { SavedRoute } from "~/lib/api/routes";
import { estimateText } from "./draft";
import { RouteTotals } from "./route-totals";

export function SavedRouteSummary({ route }: { route: SavedRoute }) {
  const stops = new Map(route.stops.map((stop) => [stop.id, stop]));
  return (
    <section aria-label="Saved route" className="space-y-4">
      <p className="text-sm text-muted">{formatDate(route.date)}</p>
      {route.order.length > 0 && (
        <RouteTotals
          plan={route.plan}
          entered={null}
          stops={route.stops}
          figures={
            route.planSource === "roads" ? "Road distances and driving times" : estimateText(route)
          }
        />
      )}
      <ol
        aria-label="Stops in the order they run"
        className="divide-y divide-line rounded-2xl border border-line bg-surface"
      >
        {route.order.map((id, index) => {
          const stop = stops.get(id);
          return (
            stop && (
              <li key={id} className="flex gap-3 p-3 text-sm">
                <span className="font-semibold tabular-nums">{index + 1}.</span>
                <span className="min-w-0">
                  <span className="block font-medium break-words">{stop.label}</span>
                  {stop.address && <span className="block text-muted">{stop.address}</span>}
                </span>
              </li>
            )
          );
        })}
      </ol>
    </section>
  );
}
