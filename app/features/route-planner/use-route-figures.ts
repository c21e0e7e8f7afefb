/**
 * What the planner works out from the route as it stands, at every change: the optimiser's
 * problem, the plan of the running order and of the entered order, the path and the map's
 * markers. With a road service, its distances and times (asked once per set of points) and its
 * line (once the order settles) replace the straight-line estimate when they come.
 */
import { useMemo } from "react";
import { travelPoints } from "~/domain/routing/geo";
import { evaluateRoute, type LatLng, type TravelMatrix } from "~/domain/routing/optimize";
import type { Place } from "~/domain/routing/route";
import { mapsApi } from "~/lib/api/routes";
import { useRead } from "~/lib/use-read";
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
import type { MapMarker } from "./route-map.client";

/** Waited after the last change of order before asking for the road line. */
const LINE_DELAY_MS = 400;

export const pointOf = (place: Place) => ({ label: place.label, lat: place.lat, lng: place.lng });

export function useRouteFigures(draft: RouteDraft | null, roads: boolean) {
  const problem = useMemo(() => (draft ? problemOf(draft) : null), [draft]);
  const pointsKey = problem
    ? JSON.stringify(travelPoints(problem).map(({ lat, lng }) => ({ lat, lng })))
    : "";
  const asksRoads = roads && pointsKey !== "";
  const road = useRead(asksRoads ? [pointsKey] : null, (points) =>
    mapsApi.matrix(JSON.parse(points) as LatLng[]),
  );
  // The estimate until the road service answers for these points, and when it cannot.
  const matrix: TravelMatrix | undefined = asksRoads && !road.loading ? road.data : undefined;

  const stops = useMemo(() => (draft ? orderedStops(draft) : []), [draft]);
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

  const path = useMemo(() => (draft && plan ? routePath(draft) : []), [draft, plan]);
  const pathKey = JSON.stringify(path);
  const asksLine = roads && path.length >= 2;
  const roadLine = useRead(
    asksLine ? [pathKey] : null,
    (points) => mapsApi.line(JSON.parse(points) as LatLng[]),
    LINE_DELAY_MS,
  );
  const straight = useMemo(
    () => path.map(({ lat, lng }) => [lat, lng] as [number, number]),
    [path],
  );
  const roadsLine = asksLine && !roadLine.loading ? roadLine.data : undefined;
  const line = roadsLine && roadsLine.length > 1 ? roadsLine : straight;

  const markers = useMemo((): MapMarker[] => {
    if (!draft) return [];
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
        eta: leg ? `Arrive ${formatClock(leg.arriveAt)}` : undefined,
        late: late > 0 ? `Late by ${formatMinutes(late)}` : undefined,
      });
    });
    if (draft.endMode === "place" && draft.end)
      list.push({ id: "end", kind: "end", ...pointOf(draft.end) });
    return list;
  }, [draft, stops, plan]);

  return { problem, stops, plan, entered, matrix, path, line, markers };
}
