/**
 * What the planner works out from the route as it stands, at every change: the optimiser's
 * problem, the plan of the running order and of the entered order, the path and the map's
 * markers. With a road service, its distances and times (asked once per set of points) and its
 * line (once the order settles) replace the straight-line estimate when they come, each read from
 * the planner's road route (/route-planner/roads) by a fetcher.
 */
import { useMemo } from "react";
import { travelPoints } from "~/domain/routing/geo";
import { evaluateRoute, type TravelMatrix } from "~/domain/routing/optimize";
import type { Place } from "~/domain/routing/route";
import { useResourceRead } from "~/lib/use-resource-read";
import type { loader } from "~/routes/route-planner.roads";
import {
  formatClock,
  formatMinutes,
  legTo,
  minutesLate,
  orderedStops,
  problemOf,
  routePath,
  type RouteDraft,
} from "./draft";
import { roadsPath } from "./planner-reads";
import type { MapMarker } from "./route-map.client";

/** Waited after the last change of order before asking for the road line. */
const LINE_DELAY_MS = 400;

export const pointOf = (place: Place) => ({ label: place.label, lat: place.lat, lng: place.lng });

export function useRouteFigures(draft: RouteDraft, roads: boolean) {
  const problem = useMemo(() => problemOf(draft), [draft]);
  const asksRoads = roads && problem !== null;
  const road = useResourceRead<typeof loader>(
    asksRoads ? roadsPath("matrix", travelPoints(problem)) : null,
  );
  // The estimate until the road service answers for these points, and when it cannot.
  const matrix: TravelMatrix | undefined =
    asksRoads && !road.loading && road.answer && "matrix" in road.answer
      ? road.answer.matrix
      : undefined;

  const stops = useMemo(() => orderedStops(draft), [draft]);
  const plan = useMemo(
    () =>
      problem
        ? evaluateRoute(
            problem,
            stops.map((stop) => stop.id),
            { matrix },
          )
        : null,
    [problem, stops, matrix],
  );
  const entered = useMemo(
    () =>
      problem
        ? evaluateRoute(
            problem,
            problem.stops.map((stop) => stop.id),
            { matrix },
          )
        : null,
    [problem, matrix],
  );

  const path = useMemo(() => (plan ? routePath(draft) : []), [draft, plan]);
  const asksLine = roads && path.length >= 2;
  const roadLine = useResourceRead<typeof loader>(
    asksLine ? roadsPath("line", path) : null,
    LINE_DELAY_MS,
  );
  const straight = useMemo(
    () => path.map(({ lat, lng }) => [lat, lng] as [number, number]),
    [path],
  );
  const roadsLine =
    asksLine && !roadLine.loading && roadLine.answer && "line" in roadLine.answer
      ? roadLine.answer.line
      : undefined;
  const line = roadsLine && roadsLine.length > 1 ? roadsLine : straight;

  const markers = useMemo((): MapMarker[] => {
    const list: MapMarker[] = [];
    if (draft.start) list.push({ id: "start", kind: "start", ...pointOf(draft.start) });
    stops.forEach((stop, index) => {
      const leg = legTo(plan, stop.id);
      const late = minutesLate(stop, leg);
      list.push({
        id: stop.id,
        kind: "stop",
        number: index + 1,
        label: stop.label,
        lat: stop.lat,
        lng: stop.lng,
        eta: leg ? `Arrive ${formatClock(leg.arriveAt, draft.timeZone)}` : undefined,
        late: late > 0 ? `Late by ${formatMinutes(late)}` : undefined,
      });
    });
    if (draft.endMode === "place" && draft.end)
      list.push({ id: "end", kind: "end", ...pointOf(draft.end) });
    return list;
  }, [draft, stops, plan]);

  return { problem, stops, plan, entered, matrix, path, line, markers };
}
